import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { isReadingListOf, queryKeys, showsCommunityFigures } from "../../../app/queryKeys";

/**
 * Queries whose figures an upload, edit, erase or validation changes: every list of definitions with
 * documents (the administrator's communities side by side too), the colegio's pending validation and its
 * documents' summary, the caller's own documents and their summary, the administrator's communities (uploaded
 * counts) and,
 * when the change was made in a community, that community's panel and its reading lists (what there is to
 * read there, and a porter's uploads there); without a community, every reading list.
 */
export function showsDocuments(key: QueryKey, communityId?: number): boolean {
  const [name] = key;
  if (name === queryKeys.definedDocuments || name === queryKeys.pendingValidation) return true;
  if (name === queryKeys.colegioDocumentsSummary || name === queryKeys.expiringSoon) return true;
  if (name === queryKeys.communitiesDefined) return true;
  // 'Leído por N de M': a new or erased document changes what there is to read.
  if (name === queryKeys.readRequirements) return true;
  if (name === queryKeys.providerPending) return true;
  if (name === queryKeys.companyDocuments || name === queryKeys.documentSummary) return true;
  return isReadingListOf(key, communityId) || showsCommunityFigures(key, communityId);
}

/** Reloads what shows documents after a change (and waits for it). */
export function refreshDocuments(queryClient: QueryClient, communityId?: number): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => showsDocuments(query.queryKey, communityId) });
}

/** refreshDocuments for a change made outside a mutation hook (the upload area's uploads). */
export function useRefreshDocuments(communityId?: number): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshDocuments(queryClient, communityId), [queryClient, communityId]);
}
