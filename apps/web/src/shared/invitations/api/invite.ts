import { InviteAction, type InviteRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/**
 * An invitation: the manager of a new company of the given level (the company exists once they accept), or
 * a colleague into the caller's own company (e-mail only).
 */
export type Invitation =
  | { kind: "company"; email: string; name: string; type: number }
  | { kind: "colleague"; email: string };

function bodyOf(invitation: Invitation): InviteRequest {
  if (invitation.kind === "colleague") return { action: InviteAction.createCompanyUser, email: invitation.email };
  return {
    action: InviteAction.createCompany,
    email: invitation.email,
    usertype: invitation.type,
    id_user_invited: -1,
    company: { name: invitation.name, type: invitation.type },
  };
}

/** Sends an invitation; answers its id. */
async function invite(invitation: Invitation): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/companies/invite", bodyOf(invitation));
  return answer.data;
}

/** Sends an invitation; the lists that show it (invitations, and the users or companies invited) reload. */
export const useInvite = () =>
  useRefreshingMutation(invite, (invitation) => [
    queryKeys.invitations,
    invitation.kind === "colleague" ? queryKeys.users : queryKeys.companyList,
  ]);
