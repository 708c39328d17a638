import type { ColegioInclusionRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** The open requests of providers to join the colegio ('Solicitudes de inclusión'). */
export const colegioInclusionRequestsQuery = () =>
  queryOptions({
    queryKey: [queryKeys.colegioInclusionRequests] as const,
    queryFn: async () => (await api.get<{ data: ColegioInclusionRequest[] }>("/inclusion/colegio/requests")).data,
  });

/** 'Incluir' (the provider becomes a member, as with the NIF form) or 'Rechazar'; both mail the provider. */
async function decideInclusion({ id, include }: { id: number; include: boolean }): Promise<void> {
  await api.post(`/inclusion/colegio/requests/${id}/${include ? "include" : "decline"}`);
}

/** The requests reload whatever the answer (another user may have decided it); the list too once included. */
export const useDecideInclusion = () =>
  useRefreshingMutation(decideInclusion, [queryKeys.colegioInclusionRequests, queryKeys.companyList], "settled");
