import type { IdBody } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/**
 * Activates a deactivated company again, or deactivates it (nothing is deleted): a colegio, by the master
 * (its staff can no longer log in), or a member company in the caller's colegio.
 */
async function setCompanyActive({ id, active }: { id: number; active: boolean }): Promise<void> {
  const body: IdBody = { id };
  await api.post(`/companies/companies/${active ? "activate" : "deactivate"}`, body);
}

/** Activates or deactivates a company; the lists of companies reload, whatever the answer. */
export const useSetCompanyActive = () =>
  useRefreshingMutation(setCompanyActive, [queryKeys.companyList, queryKeys.masterColegios], "settled");
