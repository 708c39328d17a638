import type { DocumentsManyResponse } from "@coordina/domain";

/** The multipart endpoint of one PDF for many communities (issue 23). */
export const UPLOAD_DEFINED_FILE_MANY = "/companies/documents/upload-defined-file-many";

/** The communities an upload goes to: some named, or every one of the administrator's. */
export type ManyTarget = { kind: "some"; ids: ReadonlySet<number> } | { kind: "all" };

/** The upload area's fields: the definition, the communities (ids joined by commas, or all) and the expiry. */
export function manyUploadFields(
  definitionId: number,
  target: ManyTarget,
  obsolete: string | null,
): Record<string, string | number> {
  const where: Record<string, string> =
    target.kind === "all" ? { all_fincas: "true" } : { id_fincas: [...target.ids].sort((a, b) => a - b).join(",") };
  return { id_definition: definitionId, ...where, ...(obsolete ? { obsolete } : {}) };
}

/** How many documents an upload's answer says were written, when it is one. */
export function writtenCount(answer: unknown): number {
  const data = (answer as Partial<DocumentsManyResponse> | null)?.data;
  return Array.isArray(data) ? data.length : 0;
}
