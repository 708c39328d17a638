import type { QueryKey } from "@tanstack/react-query";
import { isReadingListOf, queryKeys, showsCommunityFigures } from "../../app/queryKeys";

/**
 * Queries a read mark in a community changes: its reading lists ([reading, what, community, …]), the
 * community's panel (the menu's '!' badge) and the administrator's communities list (its read figures).
 */
export function showsReading(key: QueryKey, communityId: number): boolean {
  if (key[0] === queryKeys.reading) return isReadingListOf(key, communityId);
  // a read mark takes an item off the provider's 'Tareas pendientes'
  if (key[0] === queryKeys.providerPending) return true;
  return showsCommunityFigures(key, communityId);
}
