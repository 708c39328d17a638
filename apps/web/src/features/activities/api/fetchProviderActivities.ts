import type { ProviderActivitiesIndexRequest, ProviderActivitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the colegio's active providers with their activities, optionally of one activity only. */
export function fetchProviderActivities(request: ProviderActivitiesIndexRequest): Promise<ProviderActivitiesPage> {
  return api.post<ProviderActivitiesPage>("/companies/admin-fincas/providersActivities", request);
}
