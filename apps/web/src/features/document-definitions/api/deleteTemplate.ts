import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** Deletes a template of a definition. */
async function deleteTemplate(id: number): Promise<void> {
  await api.post(`/plantillas-docs/delete/${id}`);
}

/** Deletes a template of `definitionId`: its templates and the definitions (their counts) reload, whatever the answer. */
export function useDeleteTemplate(definitionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSettled: () => refreshTemplates(queryClient, definitionId),
  });
}

/** After a template was added or deleted: the definition's templates, and the definitions' counts. */
export function refreshTemplates(queryClient: ReturnType<typeof useQueryClient>, definitionId: number): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.templates(definitionId) });
  void queryClient.invalidateQueries({ queryKey: [queryKeys.definitions] });
}
