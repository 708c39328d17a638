import { detailTarget, type ListReturnState, listPageAt } from "../../shared/list-return/listReturn";
import { PORTER_SUMMARY_BASE } from "../../shared/paths";

export { pageOfQuery, readReturnState as readSummaryState } from "../../shared/list-return/listReturn";

/** The doormen summary's list (/admin-fincas/porteros/-1). */
export const SUMMARY_LIST = `${PORTER_SUMMARY_BASE}/-1`;

/** One porter's communities in the summary (/admin-fincas/porteros/{id}). */
export const summaryPorterPath = (porterId: number): string => `${PORTER_SUMMARY_BASE}/${porterId}`;

/** What the list hands to a porter's page: the list's page to return to and the porter's name. */
export type SummaryLinkState = ListReturnState;

/** Where 'Volver' leads: the list at the page the porter was opened from. */
export const summaryListPath = (page: number): string => listPageAt(SUMMARY_LIST, page);

/** What the route's id means: the list (-1 or none), a porter (a positive integer), or nothing valid. */
export function summaryTarget(id: string | undefined): { kind: "list" } | { kind: "porter"; id: number } | null {
  const target = detailTarget(id);
  return target?.kind === "detail" ? { kind: "porter", id: target.id } : target;
}
