import type { CompanyTypesResponse } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";

type CompanyTypeOption = CompanyTypesResponse["usertypes"][number];

/** The company levels the caller may create, in policy order (the first is preselected). */
async function fetchCompanyTypes(): Promise<CompanyTypeOption[]> {
  const answer = await api.get<CompanyTypesResponse>("/companies/companies/types");
  return answer.usertypes ?? [];
}

export const companyTypesQuery = queryOptions({
  queryKey: ["companies", "types"],
  queryFn: fetchCompanyTypes,
  staleTime: 300_000,
});
