/*
 * A summary list whose page is kept in the address (`?page=N`) and whose rows open a detail at the list's
 * path plus an id: the detail's 'Volver' leads back to the page it came from (spec 02 §2: the doormen
 * summary, the administrator's compliance overview).
 */

/** What a list hands to a detail it opens: the list's page to return to and the row's name. */
export interface ListReturnState {
  page: number;
  name: string;
}

/** The page asked for in the address: a positive integer, 1 otherwise. */
export function pageOfQuery(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The link state, when it is one (a reload or a typed address has none). */
export function readReturnState(state: unknown): ListReturnState | null {
  if (typeof state !== "object" || state === null) return null;
  const { page, name } = state as Partial<ListReturnState>;
  if (typeof page !== "number" || typeof name !== "string") return null;
  return { page, name };
}

/** The list at a page: the page is in the address from the second one. */
export function listPageAt(list: string, page: number): string {
  return page > 1 ? `${list}?page=${page}` : list;
}

/** What a route's id means: the list (none, or -1), one row's detail (a positive integer), or nothing valid. */
export function detailTarget(id: string | undefined): { kind: "list" } | { kind: "detail"; id: number } | null {
  if (id === undefined || id === "-1") return { kind: "list" };
  const n = Number(id);
  return /^\d+$/.test(id) && Number.isSafeInteger(n) && n > 0 ? { kind: "detail", id: n } : null;
}
