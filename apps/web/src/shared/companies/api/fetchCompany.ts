import type { CompanyView } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** One company with its manager and its activities in the current colegio (the caller's own, or a member). */
async function fetchCompany(id: number): Promise<CompanyView> {
  const answer = await api.get<{ company: CompanyView }>(`/companies/companies/view/${id}`);
  return answer.company;
}

export const companyQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.company(id), queryFn: () => fetchCompany(id), enabled: id > 0 });
