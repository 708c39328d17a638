import type { PorterRegisterRequest } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { refreshPorters } from "./refreshPorters";

/** Invites someone without an account to sign up as the community's porter; answers the invitation's id. */
async function invitePorter(request: PorterRegisterRequest): Promise<number> {
  const answer = await api.post<{ invitation: number }>("/porteros/registry/invite", request);
  return answer.invitation;
}

/**
 * Sends the invitation; the invitations list shows it, and the community reloads as after an add (spec 02 §4:
 * 'on success … the community reloaded').
 */
export function useInvitePorter(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => invitePorter({ email, id_finca: communityId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryKeys.invitations] }),
        refreshPorters(queryClient, communityId),
      ]),
  });
}
