import type { ActivitiesIndexRequest, ActivitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the colegio's activities, each with the number of its providers that offer it. */
export function fetchActivities(request: ActivitiesIndexRequest): Promise<ActivitiesPage> {
  return api.post<ActivitiesPage>("/companies/activities/index", request);
}
