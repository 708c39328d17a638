import { type ListReturnState, listPageAt } from "../../shared/list-return/listReturn";

export { detailTarget as overviewTarget, pageOfQuery, readReturnState } from "../../shared/list-return/listReturn";

/** The compliance overview's list (spec 02 §2 'Other routes': /admin-fincas/proveedor/{id?}). */
export const OVERVIEW_LIST = "/admin-fincas/proveedor";

/** One provider's communities in the overview: the list's path plus the provider's id. */
export const overviewProviderPath = (providerId: number): string => `${OVERVIEW_LIST}/${providerId}`;

/** What the list hands to a provider's page: the list's page to return to and the provider's name. */
export type OverviewLinkState = ListReturnState;

/** Where 'Volver' leads: the list at the page the provider was opened from. */
export const overviewListPath = (page: number): string => listPageAt(OVERVIEW_LIST, page);
