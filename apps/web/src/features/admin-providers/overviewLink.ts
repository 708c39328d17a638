/** The compliance overview's list (spec 02 §2 'Other routes': /admin-fincas/proveedor/{id?}). */
export const OVERVIEW_LIST = "/admin-fincas/proveedor";

/** One provider's communities in the overview: the list's path plus the provider's id. */
export const overviewProviderPath = (providerId: number): string => `${OVERVIEW_LIST}/${providerId}`;

/** What the list hands to a provider's page: the list's page to return to and the provider's name. */
export interface OverviewLinkState {
  page: number;
  name: string;
}

/** The page asked for in the address (?page=N): a positive integer, 1 otherwise. */
export function pageOfQuery(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The link state, when it is one (a reload or a typed address has none). */
export function readOverviewState(state: unknown): OverviewLinkState | null {
  if (typeof state !== "object" || state === null) return null;
  const { page, name } = state as Partial<OverviewLinkState>;
  if (typeof page !== "number" || !Number.isSafeInteger(page) || page < 1 || typeof name !== "string") return null;
  return { page, name };
}

/** Where 'Volver' leads: the list at the page the provider was opened from. */
export function overviewListPath(page: number): string {
  return page > 1 ? `${OVERVIEW_LIST}?page=${page}` : OVERVIEW_LIST;
}

/** What the route's id means: the list (none, or -1), a provider (a positive integer), or nothing valid. */
export function overviewTarget(id: string | undefined): { kind: "list" } | { kind: "provider"; id: number } | null {
  if (id === undefined || id === "-1") return { kind: "list" };
  const n = Number(id);
  return /^\d+$/.test(id) && Number.isSafeInteger(n) && n > 0 ? { kind: "provider", id: n } : null;
}
