import type { InclusionRequestInput } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** 'Enviar' on 'Solicitar inclusión': asks a colegio to include the caller's company. */
async function requestInclusion(request: InclusionRequestInput): Promise<{ id: number }> {
  return (await api.post<{ data: { id: number } }>("/inclusion/requests", request)).data;
}

export const useRequestInclusion = () => useRefreshingMutation(requestInclusion, [queryKeys.inclusionRequests]);

/** 'Retirar': withdraws an open request. */
async function withdrawInclusion(id: number): Promise<void> {
  await api.post(`/inclusion/requests/${id}/withdraw`);
}

export const useWithdrawInclusion = () =>
  useRefreshingMutation(withdrawInclusion, [queryKeys.inclusionRequests], "settled");
