import type { Activity, ActivityNameRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Adds an activity to the colegio; 409 activities.exists when it is already there. */
export async function addActivity(name: string): Promise<Activity> {
  const body: ActivityNameRequest = { name };
  const answer = await api.post<{ data: Activity }>("/companies/activities/add", body);
  return answer.data;
}
