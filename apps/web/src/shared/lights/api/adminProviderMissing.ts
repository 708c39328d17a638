import type { AdminProviderMissing } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * What a provider still lacks over the calling administrator's communities it serves, as its overview row
 * counts it (companies/admin-fincas/providers/missing). Read again each time a light's words open.
 */
export const adminProviderMissingQuery = (providerId: number) =>
  queryOptions({
    queryKey: queryKeys.adminProviderMissing(providerId),
    queryFn: async () =>
      (
        await api.post<{ data: AdminProviderMissing }>("/companies/admin-fincas/providers/missing", {
          id_gremio: providerId,
        })
      ).data,
    staleTime: 0,
  });
