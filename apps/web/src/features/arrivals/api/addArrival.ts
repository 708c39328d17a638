import type { ArrivalRow } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The porter records that a provider has come to work in the community (porteros/llegadas/add). */
async function addArrival(communityId: number, providerId: number): Promise<ArrivalRow> {
  const answer = await api.post<{ data: ArrivalRow }>("/porteros/llegadas/add", {
    id_finca: communityId,
    id_provider: providerId,
  });
  return answer.data;
}

/**
 * 'Ha llegado': records the arrival; the community's arrival list (its 'Última llegada') and its recorded
 * arrivals reload, whatever the answer, before the button lets go.
 */
export function useAddArrival(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: number) => addArrival(communityId, providerId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryKeys.arrivalProviders, communityId] }),
        queryClient.invalidateQueries({ queryKey: [queryKeys.arrivals] }),
      ]),
  });
}
