import type { MissingDuty } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * What one provider still lacks in one community (companies/providers/missing_in_finca, docs/compliance.md
 * rule 11), for its administrator, its colegio or the provider itself. Read again each time a light's
 * words open, so they follow uploads and reads done since.
 */
export const providerMissingQuery = (communityId: number, providerId: number) =>
  queryOptions({
    queryKey: queryKeys.providerMissing(communityId, providerId),
    queryFn: async () => {
      const answer = await api.post<{ data: MissingDuty[] }>("/companies/providers/missing_in_finca", {
        id_finca: communityId,
        id_gremio: providerId,
      });
      return answer.data;
    },
    staleTime: 0,
  });
