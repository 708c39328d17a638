import type { MasterColegiosPage, MasterIndexRequest } from "@coordina/domain";
import { api } from "../../../app/api";

export type MasterColegioSort = "name" | "cif" | "email" | "region";

/** A page of the colegios the master created (GET companies/master/index). */
export function fetchMasterColegios(request: {
  page: number;
  limit: number;
  filter: string;
  sortBy?: MasterColegioSort | undefined;
  sortDesc?: "ASC" | "DESC" | undefined;
}): Promise<MasterColegiosPage> {
  const query = {
    page: request.page,
    limit: request.limit,
    filter: request.filter,
    sortBy: request.sortBy,
    sortDesc: request.sortDesc,
  } satisfies MasterIndexRequest;
  return api.get<MasterColegiosPage>("/companies/master/index", query);
}
