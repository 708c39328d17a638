import { InviteAction, type InviteRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Invites a colleague into the caller's own company. */
export async function inviteColleague(email: string): Promise<{ id: number }> {
  const body: InviteRequest = { action: InviteAction.createCompanyUser, email };
  const answer = await api.post<{ data: { id: number } }>("/companies/companies/invite", body);
  return answer.data;
}
