import type { CompanyRegistrationRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/**
 * The colegio registers a new company and its manager (NIF form or full form); the manager receives a
 * link to choose a password.
 */
async function registerCompany(request: CompanyRegistrationRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/registry/register", request);
  return answer.data;
}

/** Registers a company; the company lists reload. */
export const useRegisterCompany = () => useRefreshingMutation(registerCompany, [queryKeys.companyList]);
