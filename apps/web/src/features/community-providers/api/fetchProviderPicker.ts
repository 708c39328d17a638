import type { ProviderActivitiesIndexRequest, ProviderActivitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * A page of the colegio's providers for the picker; with `id_finca` each row says in `in_finca` whether
 * the provider already serves that community.
 */
export function fetchProviderPicker(request: ProviderActivitiesIndexRequest): Promise<ProviderActivitiesPage> {
  return api.post<ProviderActivitiesPage>("/companies/admin-fincas/providersActivities", request);
}
