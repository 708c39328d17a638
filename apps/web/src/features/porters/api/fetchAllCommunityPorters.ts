import type { PorterRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Every porter of a community, unpaged (porteros/fincas/byfinca). */
async function fetchAllCommunityPorters(communityId: number): Promise<PorterRow[]> {
  const answer = await api.get<{ data: PorterRow[] }>(`/porteros/fincas/byfinca/${communityId}`);
  return answer.data;
}

export const allCommunityPortersQuery = (communityId: number) =>
  queryOptions({
    queryKey: [queryKeys.communityPorters, "all", communityId] as const,
    queryFn: () => fetchAllCommunityPorters(communityId),
  });
