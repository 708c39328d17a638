import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshDocuments } from "./refreshDocuments";

/** The colegio marks a document validated or pending again; saved at once (spec 02 §4 'Document validity'). */
async function validateDocument({
  id,
  valid,
}: {
  id: number;
  valid: boolean;
}): Promise<{ id: number; validated: boolean }> {
  const answer = await api.post<{ data: { id: number; validated: boolean } }>("/companies/documents/validatedocument", {
    valid,
    id_document: id,
  });
  return answer.data;
}

/** Switches a document's validation; once saved, what shows documents reloads before the switch lets go. */
export function useValidateDocument(communityId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateDocument,
    onSuccess: () => refreshDocuments(queryClient, communityId),
  });
}
