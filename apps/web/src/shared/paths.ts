/*
 * The app's addresses that more than one feature links to (spec 02 §2 'Start pages by role', 'Routes of
 * the community panel', 'Other routes'), written once. The route table (app/router.tsx) declares them.
 */

/** The administrator's and provider's communities list. */
export const COMMUNITIES_LIST = "/comunidades/index";

/** The community panel; its views are children of `${PANEL_BASE}/{id}`. */
export const PANEL_BASE = "/comunidades/comunidad";

/** A community's panel, on one of its views ('porteros', 'proveedores/12'…) or on its start. */
export const communityPanelPath = (communityId: number, view?: string): string =>
  `${PANEL_BASE}/${communityId}${view ? `/${view}` : ""}`;

/** The porters of a community, in its panel. */
export const communityPortersPath = (communityId: number): string => communityPanelPath(communityId, "porteros");

/** The doormen summary: `${PORTER_SUMMARY_BASE}/-1` is the list, `${PORTER_SUMMARY_BASE}/{id}` a porter's communities. */
export const PORTER_SUMMARY_BASE = "/admin-fincas/porteros";

/** The porter's own communities, its start page. */
export const OWN_COMMUNITIES = "/porteros/comunidades/main";

const withTab = (path: string, tab?: string | null): string =>
  tab ? `${path}?${new URLSearchParams({ tab }).toString()}` : path;

/** A community's porter panel; with `tab`, on that tab (its ?tab=). */
export const porterPanelPath = (communityId: number, tab?: string | null): string =>
  withTab(`/porteros/comunidades/${communityId}`, tab);

/** '¿Quién viene hoy?' of a community; `tab` is the panel's tab to go back to. */
export const arrivalsPath = (communityId: number, tab?: string | null): string =>
  withTab(`/porteros/comunidades/${communityId}/llegadas`, tab);

/**
 * Where a company uploads a document for a definition: a general one once for all on its 'Documentos
 * generales' (the provider's /provdoc, the administrator's /documents/mandatory, every group shown, since
 * they open on one group and the document may be of another), a per-community one in that community's
 * upload view. A porter uploads in its community's panel.
 */
export function uploadPlacePath(party: "provider" | "administrator" | "portero", fincaId: number | null): string {
  if (party === "portero") return fincaId === null ? OWN_COMMUNITIES : porterPanelPath(fincaId);
  if (fincaId !== null) return communityPanelPath(fincaId, "upload");
  return party === "provider" ? "/provdoc?group=ALL" : "/documents/mandatory?group=ALL";
}
