import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshDocuments } from "./refreshDocuments";

/** Erases an uploaded document (soft delete: what was read or validated stays on record). */
async function eraseDocument(documentId: number): Promise<void> {
  await api.post(`/companies/documents/erasecompanydefined/${documentId}`);
}

/** Erases a document; what shows documents reloads, whatever the answer. */
export function useEraseDocument(communityId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseDocument,
    onSettled: () => void refreshDocuments(queryClient, communityId),
  });
}
