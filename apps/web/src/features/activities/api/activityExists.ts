import type { ActivityExistsResponse, ActivityNameRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Whether the colegio already has an activity of that name (case does not matter). */
export async function activityExists(name: string): Promise<boolean> {
  const body: ActivityNameRequest = { name };
  const answer = await api.post<ActivityExistsResponse>("/companies/activities/exists", body);
  return answer.exists;
}
