import type { ImportRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
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

/**
 * The page asked for; while it loads, the page before it of the same rows stays (dimmed by the table), but
 * never the rows of the other filter ('Ver solo errores'): those show nothing until the answer is in.
 */
export function importRowsQuery(request: ImportRowsRequest) {
  return queryOptions({
    queryKey: ["import-rows", request.runId, request] as const,
    queryFn: () => fetchImportRows(request),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before?.runId === request.runId && before.onlyProblems === request.onlyProblems ? previous : undefined;
    },
  });
}
