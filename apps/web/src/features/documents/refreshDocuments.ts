import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "../../app/queryKeys";

/**
 * Queries whose figures an upload, edit, erase or validation changes: every list of definitions with
 * documents, the colegio's pending validation, the administrator's communities (uploaded counts) and,
 * when the change was made in a community, that community's panel.
 */
export function showsDocuments(key: QueryKey, communityId?: number): boolean {
  const [name, id] = key;
  if (name === queryKeys.definedDocuments || name === queryKeys.pendingValidation) return true;
  if (name === queryKeys.communities) return true;
  if (communityId === undefined) return false;
  const [community] = queryKeys.community(communityId);
  return name === community && key.length > 1 && String(id) === String(communityId);
}

/** Reloads what shows documents after a change (TanStack Query invalidation). */
export function useRefreshDocuments(communityId?: number): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ predicate: (query) => showsDocuments(query.queryKey, communityId) }),
    [queryClient, communityId],
  );
}
