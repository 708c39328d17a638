import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Queries that show figures of a community whose providers changed: the panel's community (its providers
 * count; ["community", id]) and every page of the administrator's communities list (["communities", …],
 * with its providers column). The keys are the communities feature's, matched by name: features do not
 * import each other.
 */
export function showsCommunity(key: QueryKey, communityId: number): boolean {
  if (key[0] === "communities") return true;
  return key[0] === "community" && key.length > 1 && String(key[1]) === String(communityId);
}

/** After a provider joined or left a community: reload what shows the community's figures. */
export function refreshCommunity(queryClient: QueryClient, communityId: number): void {
  void queryClient.invalidateQueries({ predicate: (query) => showsCommunity(query.queryKey, communityId) });
}
