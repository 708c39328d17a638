import { type CommunityDocumentRow, FEATURE } from "@coordina/domain";
import { porterPanelPath } from "../../shared/paths";
import { pendingReadCount } from "../../shared/reading/documentGroups";

/** The five tabs of a community's porter panel (spec 02 §2 'Porter's own view'), in their order. */
export const PORTER_TABS = ["documentos", "proveedores", "calendario", "lopd", "subir"] as const;
export type PorterTab = (typeof PORTER_TABS)[number];
/** The tabs that list documents to read. */
export type ReadingTab = Extract<PorterTab, "documentos" | "proveedores" | "lopd">;

/** The tabs a porter sees: 'LOPD' only with the feature lopd, as the administrator's LOPD entry. */
export function porterTabs(features: readonly string[]): readonly PorterTab[] {
  return features.includes(FEATURE.lopd) ? PORTER_TABS : PORTER_TABS.filter((tab) => tab !== "lopd");
}

/** The tab of the address's `?tab=` among those shown; the documents from the administrator otherwise. */
export function tabOf(value: string | null, tabs: readonly PorterTab[] = PORTER_TABS): PorterTab {
  return (tabs as readonly string[]).includes(value ?? "") ? (value as PorterTab) : "documentos";
}

/** The tab as the address names it: none for the first one. */
export const tabParam = (tab: PorterTab): PorterTab | undefined => (tab === "documentos" ? undefined : tab);

/** A community's porter panel, on a tab (the first one without ?tab). */
export function panelPath(communityId: number, tab?: PorterTab): string {
  return porterPanelPath(communityId, tab && tabParam(tab));
}

const LOPD = "LOPD";

/**
 * The providers' documents of a tab: 'LOPD' those of the LOPD group, 'Proveedores' the rest (spec 02 §2:
 * the LOPD tab is provider origin, group LOPD), or all of them when the LOPD tab is not shown (nothing the
 * porter must read is out of reach).
 */
export function providerDocumentsOf(
  rows: readonly CommunityDocumentRow[],
  tab: "proveedores" | "lopd",
  lopdTab = true,
): CommunityDocumentRow[] {
  if (!lopdTab) return tab === "proveedores" ? [...rows] : [];
  return rows.filter((row) => (row.group === LOPD) === (tab === "lopd"));
}

/** A tab's '!': a document it lists must be read and is not yet (the provider's is_pending_read rule). */
export function hasPendingRead(rows: readonly CommunityDocumentRow[]): boolean {
  return pendingReadCount(rows) > 0;
}
