import { PORTER_SUMMARY_BASE } from "../../shared/paths";

/** The doormen summary's list (/admin-fincas/porteros/-1). */
export const SUMMARY_LIST = `${PORTER_SUMMARY_BASE}/-1`;

/** One porter's communities in the summary (/admin-fincas/porteros/{id}). */
export const summaryPorterPath = (porterId: number): string => `${PORTER_SUMMARY_BASE}/${porterId}`;

/** What the list hands to a porter's page: the list's page to return to and the porter's name. */
export interface SummaryLinkState {
  page: number;
  name: string;
}

/** The summary page asked for: a positive integer, 1 otherwise. */
export function pageOfQuery(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The link state, when it is one (a reload or a typed address has none). */
export function readSummaryState(state: unknown): SummaryLinkState | null {
  if (typeof state !== "object" || state === null) return null;
  const { page, name } = state as Partial<SummaryLinkState>;
  if (typeof page !== "number" || typeof name !== "string") return null;
  return { page, name };
}

/** Where 'Volver' leads: the list at the page the porter was opened from. */
export function summaryListPath(page: number): string {
  return page > 1 ? `${SUMMARY_LIST}?page=${page}` : SUMMARY_LIST;
}

/** What the route's id means: the list (-1 or none), a porter (a positive integer), or nothing valid. */
export function summaryTarget(id: string | undefined): { kind: "list" } | { kind: "porter"; id: number } | null {
  if (id === undefined || id === "-1") return { kind: "list" };
  const n = Number(id);
  return /^\d+$/.test(id) && Number.isSafeInteger(n) && n > 0 ? { kind: "porter", id: n } : null;
}
