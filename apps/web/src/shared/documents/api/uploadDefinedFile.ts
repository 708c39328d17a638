import type { DocumentResponse } from "@coordina/domain";

/** The multipart endpoint of a document for a definition: fields id_definition and, in a community, id_finca. */
export const UPLOAD_DEFINED_FILE = "/companies/documents/upload-defined-file";

/** The upload area's fields for a definition, in a community or not. */
export function definedUploadFields(definitionId: number, fincaId?: number): Record<string, number> {
  return fincaId === undefined ? { id_definition: definitionId } : { id_definition: definitionId, id_finca: fincaId };
}

/** The answer of an upload, when it is one (the upload area hands over whatever the server sent). */
export function asDocumentResponse(answer: unknown): DocumentResponse | null {
  if (!answer || typeof answer !== "object") return null;
  const { data, needs_expiry } = answer as Partial<DocumentResponse>;
  if (!data || typeof data !== "object" || typeof data.id !== "number" || !data.fileupload) return null;
  return { result: true, data, needs_expiry: needs_expiry === true };
}
