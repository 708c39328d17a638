import type { CommunityDocumentRow, CommunityDocumentsResponse } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Where a reading view's documents come from (spec 02 §2 'Document viewing for a community', §6 'Reading lists'). */
export type ReadingSource = "administrator" | "providers";

const SOURCE_PATH: Record<ReadingSource, string> = {
  administrator: "/companies/providers/documents_of_finca_by_administrator",
  // The spec's path, misspelt as it is (02 §7).
  providers: "/companies/providers/documets_of_finca_by_providers",
};

/**
 * The current documents the caller may read in a community, with its read marks: from the community's
 * administrator, or from its providers (for a provider, the other providers'; for the administrator, its
 * providers'; for a porter, what its providers give porters).
 */
async function fetchCommunityDocuments(source: ReadingSource, idFinca: number): Promise<CommunityDocumentRow[]> {
  const answer = await api.post<CommunityDocumentsResponse>(SOURCE_PATH[source], { id_finca: idFinca });
  return answer.data;
}

export const communityDocumentsQuery = (source: ReadingSource, idFinca: number) =>
  queryOptions({
    queryKey: [queryKeys.reading, source, idFinca] as const,
    queryFn: () => fetchCommunityDocuments(source, idFinca),
  });
