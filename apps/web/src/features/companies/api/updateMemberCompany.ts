import type { ColegioUpdateRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * The colegio edits a member company (type and activities always; cif, name and e-mail only when
 * changed). `email_notified`: the manager's e-mail changed and the user was told.
 */
export async function updateMemberCompany(request: ColegioUpdateRequest): Promise<{ email_notified: boolean }> {
  const answer = await api.post<{ email_notified?: boolean }>("/companies/colegio/update", request);
  return { email_notified: answer.email_notified === true };
}
