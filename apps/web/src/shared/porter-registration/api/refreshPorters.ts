import type { QueryClient } from "@tanstack/react-query";
import { queryKeys, showsCommunityFigures } from "../../../app/queryKeys";

/**
 * After a porter joined or left a community: its porters, the doormen summary and what shows the community's
 * figures (the panel, whose 'Añadir Portero' button depends on the porters count; the communities list).
 * Resolves once they have reloaded, so a mutation that returns it lets go of its button only then.
 */
export function refreshPorters(queryClient: QueryClient, communityId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [queryKeys.communityPorters] }),
    queryClient.invalidateQueries({ queryKey: [queryKeys.porterSummary] }),
    queryClient.invalidateQueries({ predicate: (query) => showsCommunityFigures(query.queryKey, communityId) }),
  ]);
}
