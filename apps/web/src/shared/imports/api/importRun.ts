import type { ImportRun } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../app/api";
import { PROGRESS_POLL_MS } from "../importRules";

/** One import's run: its status, progress (done of total) and counts. */
async function fetchImportRun(id: number): Promise<ImportRun> {
  const answer = await api.get<{ result: true; data: ImportRun }>(`/imports/runs/${id}`);
  return answer.data;
}

/** The run is no longer asked for once the server refused to answer it (4xx: not found, session ended). */
function refused(error: unknown): boolean {
  return error instanceof ApiError && !error.unexpected;
}

/**
 * The run, starting from what the upload answered, asked again every 500 ms while it is importing
 * (the server goes on in the background) and no more once it has stopped; a lost answer (network, 5xx)
 * is asked again, a refused one is not.
 */
export function importRunQuery(started: ImportRun) {
  return queryOptions({
    queryKey: ["import-run", started.id],
    queryFn: () => fetchImportRun(started.id),
    initialData: started,
    // What the upload answered is fresh: a stopped run is not asked again, a running one at the interval.
    initialDataUpdatedAt: Date.now(),
    staleTime: PROGRESS_POLL_MS,
    refetchInterval: (query) =>
      query.state.data?.status === "importing" && !refused(query.state.error) ? PROGRESS_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}
