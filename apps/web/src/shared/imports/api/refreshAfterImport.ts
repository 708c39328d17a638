import type { ImportKind } from "@coordina/domain";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys, showsCommunityFigures } from "../../../app/queryKeys";

/** The lists an import of each kind adds rows to or changes the figures of. */
const LISTS: Record<ImportKind, readonly string[]> = {
  administrators: [queryKeys.companyList],
  providers: [queryKeys.companyList, queryKeys.providerPicker],
  communities: [queryKeys.communities],
  pairs: [queryKeys.communityProviders, queryKeys.providerPicker, queryKeys.companyList],
  "community-providers": [queryKeys.communityProviders, queryKeys.providerPicker, queryKeys.companyList],
};

/**
 * Reloads the lists an import changed (once it has stopped, or when the modal closes while it goes on),
 * so that the new rows show: the companies, communities or providers, and the communities' figures (with
 * the panel of the community a `community-providers` import went into).
 */
export function refreshAfterImport(queryClient: QueryClient, kind: ImportKind, idFinca?: number) {
  for (const name of LISTS[kind]) void queryClient.invalidateQueries({ queryKey: [name] });
  if (kind !== "administrators" && kind !== "providers")
    void queryClient.invalidateQueries({ predicate: (query) => showsCommunityFigures(query.queryKey, idFinca) });
}
