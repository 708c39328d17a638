import type { CommunityAddRequest, CommunityRegistrationRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** The simple add form: name and tax id; a tax id in use answers company.fincas.cif-taken. */
async function addCommunity(request: CommunityAddRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/fincas/add", request);
  return answer.data;
}

/** The full add form: the community with its contact data (spec 02 §3 'Community registration payload'). */
async function registerCommunity(request: CommunityRegistrationRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/fincas/register", request);
  return answer.data;
}

/** Adds a community by the simple form (name and tax id) or the full one; the communities list reloads. */
export const useAddCommunity = () =>
  useRefreshingMutation(
    (request: { simple: CommunityAddRequest } | { full: CommunityRegistrationRequest }) =>
      "simple" in request ? addCommunity(request.simple) : registerCommunity(request.full),
    [queryKeys.communities],
  );
