import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Soft-deletes a community (its erased flag); one already erased answers company.fincas.already-erased. */
async function deleteCommunity(id: number): Promise<void> {
  await api.post(`/companies/fincas/delete/${id}`);
}

/** Deletes a community: its panel is forgotten; the communities list reloads, whatever the answer. */
export function useDeleteCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommunity,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: queryKeys.community(id) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [queryKeys.communities] }),
  });
}
