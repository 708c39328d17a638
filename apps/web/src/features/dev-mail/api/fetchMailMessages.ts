import type { OutboxRow } from "@coordina/domain";
import { api } from "../../../app/api";

/** The development outbox, newest first (404 when the viewer is off). */
export async function fetchMailMessages(): Promise<OutboxRow[]> {
  const answer = await api.get<{ data: OutboxRow[] }>("/dev/mail/messages");
  return answer.data ?? [];
}
