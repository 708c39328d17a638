import type { MasterInviteRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** Invites the manager of a new colegio (it exists once they accept); answers the invitation's id. */
async function inviteColegio(request: MasterInviteRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/master/invite", request);
  return answer.data;
}

/** Invites a colegio; the master's colegios reload. */
export const useInviteColegio = () => useRefreshingMutation(inviteColegio, [queryKeys.masterColegios]);
