import { api } from "../../../app/api";

/** Erases an uploaded document (soft delete: what was read or validated stays on record). */
export async function eraseDocument(documentId: number): Promise<void> {
  await api.post(`/companies/documents/erasecompanydefined/${documentId}`);
}
