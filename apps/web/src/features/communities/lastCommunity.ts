import { STORAGE_KEYS } from "../../app/storageKeys";
import { COMMUNITIES_LIST, PANEL_BASE } from "../../shared/paths";

/** The community the panel opened last in this tab (spec 02 §2: the panel's paths without an id). */
const LAST_COMMUNITY_KEY = STORAGE_KEYS.lastCommunity;

export const lastCommunity = {
  get(): number | null {
    const id = Number(sessionStorage.getItem(LAST_COMMUNITY_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set(id: number) {
    sessionStorage.setItem(LAST_COMMUNITY_KEY, String(id));
  },
  /** Forgets `id` if it is the one remembered (it could not be opened). */
  forget(id: number) {
    if (sessionStorage.getItem(LAST_COMMUNITY_KEY) === String(id)) sessionStorage.removeItem(LAST_COMMUNITY_KEY);
  },
};

/**
 * Where a panel path without an id leads: the same view of the community opened last, query included
 * (/comunidades/comunidad/porteros/portero?email=… → /comunidades/comunidad/7/porteros/portero?email=…);
 * with none remembered, the communities list.
 */
export function panelRedirectTarget(pathname: string, search: string, lastId: number | null): string {
  if (lastId === null || !(pathname === PANEL_BASE || pathname.startsWith(`${PANEL_BASE}/`))) return COMMUNITIES_LIST;
  const child = pathname.slice(PANEL_BASE.length + 1).replace(/\/+$/, "");
  return `${PANEL_BASE}/${lastId}${child ? `/${child}` : ""}${search}`;
}
