import type { CompanyDocumentsPage, CompanyDocumentsRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the documents the caller's company uploaded in the chosen colegio, with the filters' choices. */
export function fetchCompanyDocuments(request: CompanyDocumentsRequest): Promise<CompanyDocumentsPage> {
  return api.post<CompanyDocumentsPage>("/companies/documents", request);
}
