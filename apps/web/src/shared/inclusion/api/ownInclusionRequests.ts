import type { InclusionColegio, OwnInclusionRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The calling provider's open requests to join a colegio. */
export const ownInclusionRequestsQuery = () =>
  queryOptions({
    queryKey: [queryKeys.inclusionRequests, "own"] as const,
    queryFn: async () => (await api.get<{ data: OwnInclusionRequest[] }>("/inclusion/requests")).data,
  });

/** The active colegios the calling provider may ask to include it (those it does not belong to). */
export const inclusionColegiosQuery = () =>
  queryOptions({
    queryKey: [queryKeys.inclusionRequests, "colegios"] as const,
    queryFn: async () => (await api.get<{ data: InclusionColegio[] }>("/inclusion/colegios")).data,
  });
