import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** Cancels an open invitation: its link stops working. */
async function cancelInvitation(id: number): Promise<void> {
  await api.post(`/companies/invitations/cancel/${id}`);
}

/** Cancels an invitation; the invitations reload, whatever the answer. */
export const useCancelInvitation = () => useRefreshingMutation(cancelInvitation, [queryKeys.invitations], "settled");
