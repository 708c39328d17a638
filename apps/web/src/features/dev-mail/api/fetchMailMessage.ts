import type { OutboxMessage } from "@coordina/domain";
import { api } from "../../../app/api";

export async function fetchMailMessage(id: number): Promise<OutboxMessage> {
  const answer = await api.get<{ data: OutboxMessage }>(`/dev/mail/messages/${id}`);
  return answer.data;
}
