import type {
  CommunityDocumentRow,
  CommunityDocumentsResponse,
  CompanyDefinedResponse,
  FincaProviderRequest,
  MarkReadRequest,
} from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import type { ReadingSource } from "../logic";
import { READING_KEY } from "../readingQueries";

const SOURCE_PATH: Record<ReadingSource, string> = {
  administrator: "/companies/providers/documents_of_finca_by_administrator",
  // The spec's path, misspelt as it is (02 §7).
  providers: "/companies/providers/documets_of_finca_by_providers",
};

/**
 * The current documents the caller may read in a community, with its read marks: from the community's
 * administrator, or from its providers (for a provider, the other providers'; for the administrator, its
 * providers').
 */
export async function fetchCommunityDocuments(source: ReadingSource, idFinca: number): Promise<CommunityDocumentRow[]> {
  const answer = await api.post<CommunityDocumentsResponse>(SOURCE_PATH[source], { id_finca: idFinca });
  return answer.data;
}

export const communityDocumentsQuery = (source: ReadingSource, idFinca: number) =>
  queryOptions({
    queryKey: [READING_KEY, source, idFinca] as const,
    queryFn: () => fetchCommunityDocuments(source, idFinca),
  });

/** The caller's company marks a document read in a community (spec 02 §3 'Mark-as-read payload'). */
export async function markRead(request: Omit<MarkReadRequest, "readed">): Promise<number> {
  const answer = await api.post<{ read_identifier: number }>("/companies/providers/mark_read", {
    readed: true,
    ...request,
  });
  return answer.read_identifier;
}

/** What a provider may read in a community, with its marks (the administrator's view of the provider). */
export async function fetchReadByProvider(request: FincaProviderRequest): Promise<CommunityDocumentRow[]> {
  const answer = await api.post<CommunityDocumentsResponse>("/companies/providers/read_by_provider", request);
  return answer.data;
}

export const readByProviderQuery = (idFinca: number, idGremio: number) =>
  queryOptions({
    queryKey: [READING_KEY, "read-by-provider", idFinca, idGremio] as const,
    queryFn: () => fetchReadByProvider({ id_finca: idFinca, id_gremio: idGremio }),
  });

/** The definitions a provider uploads in a community, each with its documents there. */
export function fetchProviderUploads(request: FincaProviderRequest): Promise<CompanyDefinedResponse> {
  return api.post<CompanyDefinedResponse>("/companies/providers/document_uploaded_by_provider_finca", request);
}

export const providerUploadsQuery = (idFinca: number, idGremio: number) =>
  queryOptions({
    queryKey: [READING_KEY, "uploaded-by-provider", idFinca, idGremio] as const,
    queryFn: () => fetchProviderUploads({ id_finca: idFinca, id_gremio: idGremio }),
  });
