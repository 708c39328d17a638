import type { IncludeCompanyRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** 'Aceptar' on the NIF form: a company already registered joins the colegio. */
async function includeCompany(request: IncludeCompanyRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/registry/insertCompanyOnColegio", request);
  return answer.data;
}

/** Includes a registered company in the colegio; the company lists reload. */
export const useIncludeCompany = () => useRefreshingMutation(includeCompany, [queryKeys.companyList]);
