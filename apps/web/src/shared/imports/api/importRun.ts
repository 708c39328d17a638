import type { ImportRun } from "@coordina/domain";
import { queryOptions, skipToken } from "@tanstack/react-query";
import { ApiError, api } from "../../../app/api";
import { POLL_BACKOFF_MAX_MS, PROGRESS_POLL_MS } from "../importRules";

/** One import's run: its status, progress (done of total) and counts. */
async function fetchImportRun(id: number): Promise<ImportRun> {
  const answer = await api.get<{ result: true; data: ImportRun }>(`/imports/runs/${id}`);
  return answer.data;
}

/** Answers after which the run is no longer asked for: the session ended, not allowed, or no such run. */
const LOST_FOR_GOOD = new Set([401, 403, 404]);

/**
 * The server will not answer for this run again (401, 403, 404). Anything else (no connection, 5xx, 429,
 * 408…) is a passing failure: the run is asked again.
 */
export function lostForGood(error: unknown): boolean {
  return error instanceof ApiError && LOST_FOR_GOOD.has(error.status);
}

/** How long to wait before asking again after `failures` failed answers in a row: ½ s, 1 s, 2 s, 4 s, then every 5 s. */
export function pollBackoff(failures: number): number {
  return Math.min(PROGRESS_POLL_MS * 2 ** failures, POLL_BACKOFF_MAX_MS);
}

/**
 * The run the upload started (none: nothing asked), starting from what the upload answered and asked
 * again every 500 ms while it is importing (the server goes on in the background), no more once it has
 * stopped. A passing failure is asked again with a growing wait, for as long as it lasts; an answer that
 * will not change (lostForGood) ends the following with that error.
 */
export function importRunQuery(started: ImportRun | null) {
  return queryOptions({
    queryKey: ["import-run", started?.id ?? null],
    queryFn: started ? () => fetchImportRun(started.id) : skipToken,
    initialData: started ?? undefined,
    // What the upload answered is fresh: only the interval asks again, and only while it imports.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.status === "importing" && query.state.status !== "error" ? PROGRESS_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: (_failures, error) => !lostForGood(error),
    retryDelay: (failures) => pollBackoff(failures),
  });
}
