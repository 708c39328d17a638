import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Deletes a definition together with every document uploaded for it and its templates (soft delete). */
async function deleteDefinition(id: number): Promise<void> {
  await api.post(`/document-require-definitions/delete/${id}`);
}

/** Deletes a definition: its templates are forgotten; the definitions reload, whatever the answer. */
export function useDeleteDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDefinition,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: queryKeys.templates(id) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [queryKeys.definitions] }),
  });
}
