import type { ImportRow } from "@coordina/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { RESULT_ROWS_PER_PAGE } from "../importRules";

export interface ImportRowsPage {
  data: ImportRow[];
  count: number;
}

export interface ImportRowsRequest {
  runId: number;
  page: number;
  /** only the rows with a problem (`invalid` or `failed`) */
  onlyProblems: boolean;
  /** the run's status and progress: the rows are read again when they change */
  version: string;
}

/** A page of a run's results, in sheet order (10 a page). */
async function fetchImportRows({ runId, page, onlyProblems }: ImportRowsRequest): Promise<ImportRowsPage> {
  return api.get<ImportRowsPage>(`/imports/runs/${runId}/rows`, {
    page,
    limit: RESULT_ROWS_PER_PAGE,
    only: onlyProblems ? "problems" : "all",
  });
}

export function importRowsQuery(request: ImportRowsRequest) {
  return queryOptions({
    queryKey: ["import-rows", request.runId, request],
    queryFn: () => fetchImportRows(request),
    placeholderData: keepPreviousData,
  });
}
