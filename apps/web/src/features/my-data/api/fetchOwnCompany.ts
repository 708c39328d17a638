import type { CompanyDetail } from "@coordina/domain";
import { api } from "../../../app/api";

/** The caller's company. */
export async function fetchOwnCompany(): Promise<CompanyDetail> {
  const answer = await api.get<{ data: CompanyDetail }>("/companies/users/company");
  return answer.data;
}
