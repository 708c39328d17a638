import { api } from "../../../app/api";

/** Deletes an activity of the colegio; its providers no longer have it. */
export async function deleteActivity(id: number): Promise<void> {
  await api.post(`/companies/activities/delete/${id}`);
}
