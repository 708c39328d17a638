import type { CompanyDefinedResponse, FincaDocumentsRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * A provider's definitions in one community, each with its documents there and, for the colegio, whether
 * it may switch their validation; without `id_gremio` those of every party of the community
 * (companies/providers/documents_fincas, the getcompanydefined shape).
 */
function fetchFincaDocuments(request: FincaDocumentsRequest): Promise<CompanyDefinedResponse> {
  return api.post<CompanyDefinedResponse>("/companies/providers/documents_fincas", request);
}

// Under the defined-documents key: a validation switched in the boxes reloads it like every other list.
export const fincaDocumentsQuery = (request: FincaDocumentsRequest) =>
  queryOptions({
    queryKey: [queryKeys.definedDocuments, "documents_fincas", request] as const,
    queryFn: () => fetchFincaDocuments(request),
  });
