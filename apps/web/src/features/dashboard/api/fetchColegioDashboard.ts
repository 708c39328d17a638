import type { ColegioDashboard } from "@coordina/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, colegioId } from "../../../app/api";

/** POST companies/dashboard/colegio: the colegio's figures (the lists' lights, expiries, validations, trend). */
export async function fetchColegioDashboard(): Promise<ColegioDashboard> {
  const answer = await api.post<{ data: ColegioDashboard }>("/companies/dashboard/colegio", {});
  return answer.data;
}

/** Per colegio: another colegio chosen is another dashboard. */
export const colegioDashboardQuery = () =>
  queryOptions({ queryKey: ["dashboard", "colegio", colegioId() ?? null], queryFn: fetchColegioDashboard });

export function useColegioDashboard() {
  return useQuery(colegioDashboardQuery());
}
