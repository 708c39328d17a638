import type { ArrivalProviderRow, ArrivalProvidersResponse } from "@coordina/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * The community's live providers whose name or CIF contains `filter`, each with its light there and what
 * it lacks (porteros/llegadas/proveedores, issue 19 'Arrival check').
 */
async function fetchArrivalProviders(communityId: number, filter: string): Promise<ArrivalProviderRow[]> {
  const answer = await api.post<ArrivalProvidersResponse>("/porteros/llegadas/proveedores", {
    id_finca: communityId,
    filter,
  });
  return answer.data;
}

export const arrivalProvidersQuery = (communityId: number, filter: string) =>
  queryOptions({
    queryKey: [queryKeys.arrivalProviders, communityId, filter] as const,
    queryFn: () => fetchArrivalProviders(communityId, filter),
    placeholderData: keepPreviousData,
  });
