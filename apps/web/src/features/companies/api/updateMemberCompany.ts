import type { ColegioUpdateRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/**
 * The colegio edits a member company (type and activities always; cif, name and e-mail only when
 * changed). `email_notified`: the manager's e-mail changed and the user was told.
 */
async function updateMemberCompany(request: ColegioUpdateRequest): Promise<{ email_notified: boolean }> {
  const answer = await api.post<{ email_notified?: boolean }>("/companies/colegio/update", request);
  return { email_notified: answer.email_notified === true };
}

/** Saves a member company; the company lists reload (the editor reads the company afresh each time). */
export const useUpdateMemberCompany = () => useRefreshingMutation(updateMemberCompany, [queryKeys.companyList]);
