import type { CommunityView, CommunityViewResponse } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * One community as its viewer may see it (companies/fincas/view): name, tax id and administrator, with
 * contact data, `editable` and the menu flags for the community panel. Asked only for a real id.
 */
async function fetchCommunity(id: number): Promise<CommunityView> {
  const answer = await api.get<CommunityViewResponse>(`/companies/fincas/view/${id}`);
  return answer.finca;
}

export const communityQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.community(id), queryFn: () => fetchCommunity(id), enabled: id > 0 });
