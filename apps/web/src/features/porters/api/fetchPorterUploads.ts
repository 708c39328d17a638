import type { CompanyDefinedResponse, PorterFincaRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The definitions a porter uploads for a community, each with the porter's documents there. */
function fetchPorterUploads(request: PorterFincaRequest): Promise<CompanyDefinedResponse> {
  return api.post<CompanyDefinedResponse>("/porteros/documents/documentUploadedByFinca", request);
}

// Under the reading key of the community, as a provider's uploads there: a change to the documents there
// (refreshDocuments) reloads it, and so does a read mark there.
export const porterUploadsQuery = (communityId: number, porterId: number) =>
  queryOptions({
    queryKey: [queryKeys.reading, "uploaded-by-porter", communityId, porterId] as const,
    queryFn: () => fetchPorterUploads({ id_finca: communityId, id_portero: porterId }),
  });
