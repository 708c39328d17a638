import type { CommunityUpdateRequest } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Saves a community's name, tax id and contact data (spec 02 §3 'Company edit'). */
async function updateCommunity(request: CommunityUpdateRequest): Promise<void> {
  await api.post("/companies/fincas/update", request);
}

/** Saves a community; its panel and both communities lists reload before the form is told. */
export function useUpdateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunity,
    onSuccess: (_, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.community(Number(request.id)) }),
        queryClient.invalidateQueries({ queryKey: [queryKeys.communities] }),
        queryClient.invalidateQueries({ queryKey: [queryKeys.providerCommunities] }),
      ]),
  });
}
