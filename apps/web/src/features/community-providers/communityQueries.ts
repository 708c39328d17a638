import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { queryKeys } from "../../app/queryKeys";

/**
 * Queries that show figures of a community whose providers changed: the panel's community (its providers
 * count) and every page of the administrator's communities list (its providers column).
 */
export function showsCommunity(key: QueryKey, communityId: number): boolean {
  if (key[0] === queryKeys.communities) return true;
  const [name, id] = queryKeys.community(communityId);
  return key[0] === name && key.length > 1 && String(key[1]) === String(id);
}

/** After a provider joined or left a community: reload what shows the community's figures. */
export function refreshCommunity(queryClient: QueryClient, communityId: number): void {
  void queryClient.invalidateQueries({ predicate: (query) => showsCommunity(query.queryKey, communityId) });
}
