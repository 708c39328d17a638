import type { CommunityDocumentRow, CommunityDocumentsResponse, PorterFincaRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * The current documents the community's administrator gives its porters, with the porter's read marks
 * (spec 02 §7 porteros/documents/adminforportero {id_portero, id_finca}).
 */
async function fetchAdministratorDocuments(request: PorterFincaRequest): Promise<CommunityDocumentRow[]> {
  const answer = await api.post<CommunityDocumentsResponse>("/porteros/documents/adminforportero", request);
  return answer.data;
}

/** Keyed as a reading list of the community, so a read mark reloads it (shared/reading/readingQueries). */
export const administratorDocumentsQuery = (porterId: number, communityId: number) =>
  queryOptions({
    queryKey: [queryKeys.reading, "porter-administrator", communityId, porterId] as const,
    queryFn: () => fetchAdministratorDocuments({ id_portero: porterId, id_finca: communityId }),
  });
