import type { DocumentSummary } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The caller's company's upload duties in the chosen colegio, by definition, and how many are in each state. */
function fetchDocumentSummary(): Promise<DocumentSummary> {
  return api.post<DocumentSummary>("/companies/documents/summary", {});
}

/** 'Resumen de documentos' of the chosen colegio (an upload, edit or erase refreshes it: refreshDocuments). */
export const documentSummaryQuery = (colegioId: number) =>
  queryOptions({ queryKey: [queryKeys.documentSummary, colegioId], queryFn: fetchDocumentSummary });
