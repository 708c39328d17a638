import type { AdminProvidersIndexRequest, AdminProvidersPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the compliance overview: the providers of the caller's communities with their figures (10 a page). */
export function fetchAdminProviders(request: AdminProvidersIndexRequest): Promise<AdminProvidersPage> {
  return api.post<AdminProvidersPage>("/companies/admin-fincas/providers", request);
}
