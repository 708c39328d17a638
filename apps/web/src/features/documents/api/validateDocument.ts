import { api } from "../../../app/api";

/** The colegio marks a document validated or pending again; saved at once (spec 02 §4 'Document validity'). */
export async function validateDocument(
  documentId: number,
  valid: boolean,
): Promise<{ id: number; validated: boolean }> {
  const answer = await api.post<{ data: { id: number; validated: boolean } }>("/companies/documents/validatedocument", {
    valid,
    id_document: documentId,
  });
  return answer.data;
}
