import { InviteAction, type InviteRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Invites the manager of a new company of the given level (the company exists once they accept). */
export async function inviteCompany(input: { email: string; name: string; type: number }): Promise<{ id: number }> {
  const body: InviteRequest = {
    action: InviteAction.createCompany,
    email: input.email,
    usertype: input.type,
    id_user_invited: -1,
    company: { name: input.name, type: input.type },
  };
  const answer = await api.post<{ data: { id: number } }>("/companies/companies/invite", body);
  return answer.data;
}
