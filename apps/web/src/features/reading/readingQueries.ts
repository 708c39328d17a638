import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { queryKeys } from "../../app/queryKeys";

/** First part of every reading query's key: [READING_KEY, what, community, …]. */
export const READING_KEY = "reading";

/**
 * Queries a read mark in a community changes: its reading lists, the community's panel (the menu's '!'
 * badge) and the administrator's communities list (its read figures).
 */
export function showsReading(key: QueryKey, communityId: number): boolean {
  const [name, , id] = key;
  if (name === READING_KEY) return String(id) === String(communityId);
  if (name === queryKeys.communities) return true;
  const [community] = queryKeys.community(communityId);
  return name === community && key.length > 1 && String(key[1]) === String(communityId);
}

/** After a read mark: reloads what shows it (and waits for it). */
export function refreshReading(queryClient: QueryClient, communityId: number): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => showsReading(query.queryKey, communityId) });
}
