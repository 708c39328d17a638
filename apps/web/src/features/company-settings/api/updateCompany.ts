import type { CompanyUpdateRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Saves a company's own data (name, CIF and contact data; a colegio's region). */
export async function updateCompany(request: CompanyUpdateRequest): Promise<void> {
  await api.post("/companies/companies/update", request);
}
