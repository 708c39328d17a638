import type { DocumentsManyResponse } from "@coordina/domain";

/** The multipart endpoint of one PDF for many communities (issue 23). */
export const UPLOAD_DEFINED_FILE_MANY = "/companies/documents/upload-defined-file-many";

/**
 * The communities an upload goes to: some named, or every one of the administrator's but those unticked after
 * 'Elegir todas' (`except`).
 */
export type ManyTarget = { kind: "some"; ids: ReadonlySet<number> } | { kind: "all"; except: ReadonlySet<number> };

const idList = (ids: ReadonlySet<number>) => [...ids].sort((a, b) => a - b).join(",");

/**
 * The upload area's fields: the definition, the communities (ids joined by commas, or all but the exceptions)
 * and the expiry.
 */
export function manyUploadFields(
  definitionId: number,
  target: ManyTarget,
  obsolete: string | null,
): Record<string, string | number> {
  const where: Record<string, string> =
    target.kind === "some"
      ? { id_fincas: idList(target.ids) }
      : { all_fincas: "true", ...(target.except.size > 0 ? { except_fincas: idList(target.except) } : {}) };
  return { id_definition: definitionId, ...where, ...(obsolete ? { obsolete } : {}) };
}

/** The target once a community is ticked (`on`) or unticked: with 'all', its exceptions change. */
export function toggleTarget(target: ManyTarget, id: number, on: boolean): ManyTarget {
  const ids = new Set(target.kind === "all" ? target.except : target.ids);
  if (on === (target.kind === "some")) ids.add(id);
  else ids.delete(id);
  return target.kind === "all" ? { kind: "all", except: ids } : { kind: "some", ids };
}

/** The target with the communities of a page ticked too. */
export function withPage(target: ManyTarget, pageIds: readonly number[]): ManyTarget {
  return pageIds.reduce((next, id) => toggleTarget(next, id, true), target);
}

/** How many documents an upload's answer says were written, when it is one. */
export function writtenCount(answer: unknown): number {
  const data = (answer as Partial<DocumentsManyResponse> | null)?.data;
  return Array.isArray(data) ? data.length : 0;
}
