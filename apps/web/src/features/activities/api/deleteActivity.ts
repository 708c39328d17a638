import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** Deletes an activity of the colegio; its providers no longer have it. */
async function deleteActivity(id: number): Promise<void> {
  await api.post(`/companies/activities/delete/${id}`);
}

/** Deletes an activity; the activities reload, whatever the answer. */
export const useDeleteActivity = () => useRefreshingMutation(deleteActivity, [queryKeys.activities], "settled");
