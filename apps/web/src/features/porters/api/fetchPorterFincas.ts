import type { PorterFincasResponse } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The caller's communities a porter works in, with its figures in each (porteros/portero/fincas). */
function fetchPorterFincas(porterId: number): Promise<PorterFincasResponse> {
  return api.post<PorterFincasResponse>("/porteros/portero/fincas", { id_portero: porterId });
}

export const porterFincasQuery = (porterId: number) =>
  queryOptions({
    queryKey: [queryKeys.porterSummary, "fincas", porterId] as const,
    queryFn: () => fetchPorterFincas(porterId),
  });
