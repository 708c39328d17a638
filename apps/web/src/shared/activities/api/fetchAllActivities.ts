import type { Activity } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Every activity of the current colegio, by name (the provider filter, and the company editor's picker). */
async function fetchAllActivities(): Promise<Activity[]> {
  const answer = await api.post<{ data: Activity[] }>("/companies/activities/all");
  return answer.data ?? [];
}

export const allActivitiesQuery = queryOptions({
  queryKey: queryKeys.allActivities,
  queryFn: fetchAllActivities,
  staleTime: 30_000,
});
