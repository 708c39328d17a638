import type { EmailChangeConfirmResponse } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * Confirms a change of login e-mail with the link's token (users/email-change/confirm, public: the token
 * alone decides). Answers the new login e-mail; every session of that user has ended.
 */
export async function confirmEmailChange(shakey: string): Promise<string> {
  const answer = await api.post<EmailChangeConfirmResponse>("/companies/users/email-change/confirm", { shakey });
  return answer.data.email;
}
