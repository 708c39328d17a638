import type { ProviderActivitiesIndexRequest, ProviderActivitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** First part of the query key of every page of the provider picker. */
export const PROVIDER_PICKER_KEY = "provider-picker";

/**
 * A page of the colegio's providers for the picker; with `id_finca` each row says in `in_finca` whether
 * the provider already serves that community.
 */
export function fetchProviderPicker(request: ProviderActivitiesIndexRequest): Promise<ProviderActivitiesPage> {
  return api.post<ProviderActivitiesPage>("/companies/admin-fincas/providersActivities", request);
}
