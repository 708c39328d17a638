import { MAX_PAGE_LIMIT, PAGE_SIZE, START_PAGE } from "@coordina/domain";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** An integer from the address, clamped to [min, max]; `fallback` when it is missing or not a number. */
export function intParam(raw: string | null, min: number, max: number, fallback: number): number {
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/**
 * The paging of a company list kept in the address (spec 01 §2): `currentPage`, `rows` and, for
 * providers, `docsRead=1` ('Ver solo docs pendientes'). Changes replace the address instead of adding
 * history, so a reload keeps the page and going back leaves the list instead of stepping through pages.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = intParam(params.get("currentPage"), START_PAGE, 1_000_000, START_PAGE);
  const rows = intParam(params.get("rows"), 1, MAX_PAGE_LIMIT, PAGE_SIZE.companyLists);
  const docsRead = params.get("docsRead") === "1";

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (next: number) => {
      if (next === page) return;
      update({ currentPage: String(next), rows: String(rows) });
    },
    [update, page, rows],
  );
  const setDocsRead = useCallback(
    (on: boolean) => update({ docsRead: on ? "1" : null, currentPage: String(START_PAGE), rows: String(rows) }),
    [update, rows],
  );

  return { page, rows, docsRead, setPage, setDocsRead };
}
