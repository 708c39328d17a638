import type { CompanyDefinedResponse, FincaProviderRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The definitions a provider uploads in a community, each with its documents there. */
function fetchProviderUploads(request: FincaProviderRequest): Promise<CompanyDefinedResponse> {
  return api.post<CompanyDefinedResponse>("/companies/providers/document_uploaded_by_provider_finca", request);
}

export const providerUploadsQuery = (idFinca: number, idGremio: number) =>
  queryOptions({
    queryKey: [queryKeys.reading, "uploaded-by-provider", idFinca, idGremio] as const,
    queryFn: () => fetchProviderUploads({ id_finca: idFinca, id_gremio: idGremio }),
  });
