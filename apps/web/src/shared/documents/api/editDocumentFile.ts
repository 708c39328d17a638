import type { FileEditRequest, FileRow } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshDocuments } from "./refreshDocuments";

/** Saves a document's file name and expiry (null: it never expires); documents.expiry-required when it must have one. */
async function editDocumentFile({ fileId, ...request }: FileEditRequest & { fileId: number }): Promise<FileRow> {
  const answer = await api.post<{ file: FileRow }>(`/file-manager/fileupload/edit/${fileId}`, request);
  return answer.file;
}

/** Saves a document's name and expiry; what shows documents reloads. */
export function useEditDocumentFile(communityId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDocumentFile,
    onSuccess: () => void refreshDocuments(queryClient, communityId),
  });
}
