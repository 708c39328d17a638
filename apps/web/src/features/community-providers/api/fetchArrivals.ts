import { type ArrivalsPage, PAGE_SIZE } from "@coordina/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** A page of the arrivals of a provider in a community that its porters recorded, newest first. */
function fetchArrivals(idFinca: number, idProvider: number, page: number): Promise<ArrivalsPage> {
  return api.post<ArrivalsPage>("/porteros/llegadas/index", {
    id_finca: idFinca,
    id_provider: idProvider,
    page,
    limit: PAGE_SIZE.arrivals,
    sortBy: "arrived_at",
    sortDesc: "DESC",
  });
}

export const arrivalsQuery = (idFinca: number, idProvider: number, page: number) =>
  queryOptions({
    queryKey: [queryKeys.arrivals, { idFinca, idProvider, page }] as const,
    queryFn: () => fetchArrivals(idFinca, idProvider, page),
    placeholderData: keepPreviousData,
  });
