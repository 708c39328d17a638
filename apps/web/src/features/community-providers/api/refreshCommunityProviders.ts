import type { QueryClient } from "@tanstack/react-query";
import { queryKeys, showsCommunityFigures } from "../../../app/queryKeys";

/**
 * After a provider joined or left a community: its providers, and what shows the community's figures (the
 * panel's providers count, the administrator's communities list).
 */
export function refreshCommunityProviders(queryClient: QueryClient, communityId: number): void {
  void queryClient.invalidateQueries({ queryKey: [queryKeys.communityProviders] });
  void queryClient.invalidateQueries({ predicate: (query) => showsCommunityFigures(query.queryKey, communityId) });
}
