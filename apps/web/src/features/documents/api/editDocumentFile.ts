import type { FileEditRequest, FileRow } from "@coordina/domain";
import { api } from "../../../app/api";

/** Saves a document's file name and expiry (null: it never expires); documents.expiry-required when it must have one. */
export async function editDocumentFile(fileId: number, request: FileEditRequest): Promise<FileRow> {
  const answer = await api.post<{ file: FileRow }>(`/file-manager/fileupload/edit/${fileId}`, request);
  return answer.file;
}
