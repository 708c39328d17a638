import type { Activity } from "@coordina/domain";
import { api } from "../../../app/api";

/** Every activity of the current colegio, by name (the provider filter, and the company editor's picker). */
export async function fetchAllActivities(): Promise<Activity[]> {
  const answer = await api.post<{ data: Activity[] }>("/companies/activities/all");
  return answer.data ?? [];
}
