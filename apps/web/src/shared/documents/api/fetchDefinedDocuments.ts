import type { CompanyDefinedRequest, CompanyDefinedResponse } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * The definitions that apply to the caller (or, for the colegio, to `id_company`), each with the documents
 * uploaded for it, its templates and what the caller may do: in a community (`id_finca`) or the general
 * documents of a group (spec 02 §2 'Upload screen for a community', 'Mandatory documents').
 */
function fetchDefinedDocuments(request: CompanyDefinedRequest): Promise<CompanyDefinedResponse> {
  return api.post<CompanyDefinedResponse>("/companies/documents/getcompanydefined", request);
}

export const definedDocumentsQuery = (request: CompanyDefinedRequest) =>
  queryOptions({
    queryKey: [queryKeys.definedDocuments, request],
    queryFn: () => fetchDefinedDocuments(request),
  });
