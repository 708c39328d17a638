import type { CompaniesIndexRequest, CompaniesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the colegio's member companies of one type (15 administrators, 20 providers). */
export function fetchCompanies(request: CompaniesIndexRequest): Promise<CompaniesPage> {
  return api.post<CompaniesPage>("/companies/companies/index", request);
}
