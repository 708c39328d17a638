import type { AdminProviderFincasIndexRequest, AdminProviderFincasPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of one provider's communities among the caller's, with its figures in each (10 a page). */
export function fetchAdminProviderFincas(
  providerId: number,
  request: AdminProviderFincasIndexRequest,
): Promise<AdminProviderFincasPage> {
  return api.post<AdminProviderFincasPage>(`/companies/admin-fincas/provider_fincas/${providerId}`, request);
}
