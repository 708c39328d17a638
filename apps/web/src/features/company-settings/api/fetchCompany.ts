import type { CompanyView } from "@coordina/domain";
import { api } from "../../../app/api";

/** One company with its manager (the caller's own, here). */
export async function fetchCompany(id: number): Promise<CompanyView> {
  const answer = await api.get<{ company: CompanyView }>(`/companies/companies/view/${id}`);
  return answer.company;
}
