import type { CommunityMissing } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** What the providers of a community still lack there (companies/fincas/missing). Read again each time a light's words open. */
export const communityMissingQuery = (communityId: number) =>
  queryOptions({
    queryKey: queryKeys.communityMissing(communityId),
    queryFn: async () =>
      (await api.post<{ data: CommunityMissing }>("/companies/fincas/missing", { id_finca: communityId })).data,
    staleTime: 0,
  });
