import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** Sends an open or expired invitation again, with a new link. */
async function resendInvitation(id: number): Promise<void> {
  await api.post(`/companies/invitations/resend/${id}`);
}

/** Resends an invitation; the invitations reload, whatever the answer. */
export const useResendInvitation = () => useRefreshingMutation(resendInvitation, [queryKeys.invitations], "settled");
