import type { CommunityDocumentRow, CommunityDocumentsResponse, FincaProviderRequest } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** What a provider may read in a community, with its marks (the administrator's view of the provider). */
async function fetchReadByProvider(request: FincaProviderRequest): Promise<CommunityDocumentRow[]> {
  const answer = await api.post<CommunityDocumentsResponse>("/companies/providers/read_by_provider", request);
  return answer.data;
}

// Under the reading key: a read mark in the community reloads it like every other reading list.
export const readByProviderQuery = (idFinca: number, idGremio: number) =>
  queryOptions({
    queryKey: [queryKeys.reading, "read-by-provider", idFinca, idGremio] as const,
    queryFn: () => fetchReadByProvider({ id_finca: idFinca, id_gremio: idGremio }),
  });
