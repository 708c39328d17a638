import type { CommunityDocumentRow, CommunityDocumentsResponse, PorterFincaRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** What a porter must read in a community, with its read marks (the administrator's view of the porter). */
async function fetchPorterReads(request: PorterFincaRequest): Promise<CommunityDocumentRow[]> {
  const answer = await api.post<CommunityDocumentsResponse>("/porteros/documents/readByFinca", request);
  return answer.data;
}

export const porterReadsQuery = (communityId: number, porterId: number) =>
  queryOptions({
    queryKey: [queryKeys.reading, "read-by-porter", communityId, porterId] as const,
    queryFn: () => fetchPorterReads({ id_finca: communityId, id_portero: porterId }),
  });
