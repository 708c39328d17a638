import { api } from "../../../app/api";

/** Deletes a definition together with every document uploaded for it and its templates (soft delete). */
export async function deleteDefinition(id: number): Promise<void> {
  await api.post(`/document-require-definitions/delete/${id}`);
}
