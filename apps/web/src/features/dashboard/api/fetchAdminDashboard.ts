import type { AdminDashboard } from "@coordina/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, colegioId } from "../../../app/api";

/** POST companies/dashboard/administrador: its communities by light and what expires soon in them. */
export async function fetchAdminDashboard(): Promise<AdminDashboard> {
  const answer = await api.post<{ data: AdminDashboard }>("/companies/dashboard/administrador", {});
  return answer.data;
}

/** Per colegio chosen (none: every colegio the administrator works in). */
export const adminDashboardQuery = () =>
  queryOptions({ queryKey: ["dashboard", "administrador", colegioId() ?? null], queryFn: fetchAdminDashboard });

export function useAdminDashboard() {
  return useQuery(adminDashboardQuery());
}
