import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshCommunityProviders } from "./refreshCommunityProviders";

/** Takes a provider out of a community; `linkId` is the row's `id` (the link, not the provider). */
async function removeCommunityProvider(linkId: number): Promise<void> {
  await api.post(`/companies-providers/delete/${linkId}`);
}

/** Takes a provider out of `communityId`; its providers and figures reload, whatever the answer. */
export function useRemoveCommunityProvider(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCommunityProvider,
    onSettled: () => refreshCommunityProviders(queryClient, communityId),
  });
}
