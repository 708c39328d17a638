import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";

/** Requires (add) or stops requiring (delete) that the destination read a definition's documents. */
async function setReadRequirement({ id, required }: { id: number; required: boolean }): Promise<void> {
  if (required) await api.post("/document-read-requirements/add", { id_definition: id });
  else await api.post(`/document-read-requirements/delete/${id}`);
}

/**
 * Adds or deletes a read requirement. Every figure of reads moves with it (the definitions, the
 * communities' and providers' lights, the pending reads), so every query reloads, whatever the answer.
 */
export function useSetReadRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReadRequirement,
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
