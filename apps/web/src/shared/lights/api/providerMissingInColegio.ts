import type { ProviderMissingInColegio } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * What one of the colegio's providers still lacks over the colegio's communities it serves, and what waits
 * for validation (companies/providers/missing). Read again each time a light's words open.
 */
export const providerMissingInColegioQuery = (providerId: number) =>
  queryOptions({
    queryKey: queryKeys.providerMissingInColegio(providerId),
    queryFn: async () =>
      (
        await api.post<{ data: ProviderMissingInColegio }>("/companies/providers/missing", {
          id_gremio: providerId,
        })
      ).data,
    staleTime: 0,
  });
