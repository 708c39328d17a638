import type { ColegioDocumentsSummary, ExpiringSoonRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api, colegioId } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import type { Paging } from "../../../ui/usePagedList";

export type { ColegioDocumentsSummary, ExpiringSoonRow };

/** POST companies/documents/colegio-summary: the colegio's definitions with their expiring and waiting documents. */
export async function fetchColegioSummary(): Promise<ColegioDocumentsSummary> {
  const answer = await api.post<{ data: ColegioDocumentsSummary }>("/companies/documents/colegio-summary", {});
  return answer.data;
}

export const colegioSummaryQuery = () =>
  queryOptions({ queryKey: [queryKeys.colegioDocumentsSummary, colegioId() ?? null], queryFn: fetchColegioSummary });

export interface ExpiringSoonPage {
  result: true;
  data: ExpiringSoonRow[];
  count: number;
}

/** POST companies/documents/expiring-soon: a page of the colegio's documents expiring within 30 days. */
export function fetchExpiringSoon(
  { page, limit, filter, sortBy, sortDesc }: Paging<"obsolete">,
  definitionId: number | null,
): Promise<ExpiringSoonPage> {
  return api.post<ExpiringSoonPage>("/companies/documents/expiring-soon", {
    page,
    limit,
    filter,
    ...(sortBy ? { sortBy, sortDesc } : {}),
    ...(definitionId === null ? {} : { id_definition: definitionId }),
  });
}
