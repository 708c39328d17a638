import type { CompanyView } from "@coordina/domain";
import { api } from "../../../app/api";

/** One company with its manager and its activities in the current colegio. */
export async function fetchCompany(id: number): Promise<CompanyView> {
  const answer = await api.get<{ company: CompanyView }>(`/companies/companies/view/${id}`);
  return answer.company;
}
