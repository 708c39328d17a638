import type { ImportKind } from "@coordina/domain";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
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
 * The queries an import of `kind` changed: its lists (companies, communities or providers) and, for the
 * kinds that touch communities, the communities' figures (with the panel of the community a
 * `community-providers` import went into).
 */
export function changedByImport(key: QueryKey, kind: ImportKind, idFinca?: number): boolean {
  if (typeof key[0] === "string" && LISTS[kind].includes(key[0])) return true;
  return kind !== "administrators" && kind !== "providers" && showsCommunityFigures(key, idFinca);
}

/** Reloads, in one invalidation, what an import changed, so that the new rows show (once, when the run stops). */
export function refreshAfterImport(queryClient: QueryClient, kind: ImportKind, idFinca?: number) {
  void queryClient.invalidateQueries({ predicate: (query) => changedByImport(query.queryKey, kind, idFinca) });
}
