import type { DefinitionDocuments, DocumentRow } from "@coordina/domain";

/** The uploader of the documents `documentRow` makes (the session's user in the tests that upload). */
export const UPLOADER = 5;

/** A mandatory provider definition whose documents must carry an expiry date (obsoletable). */
export function expiringDefinition(id: number, name: string): DefinitionDocuments["definition"] {
  return {
    id,
    name,
    requirement_origin: 5,
    requirement_dest: 0,
    origin_read_required: false,
    dest_read_required: false,
    assocfinca: false,
    oneonly: false,
    mandatory: true,
    obsoletable: true,
    validate_colegio_required: false,
    id_company: 1,
    editable_colegio: false,
    group: null,
  };
}

/**
 * A document of definition `definitionId` uploaded by UPLOADER, with the expiry `obsolete` (none: it owes
 * its date, needs_expiry), as getcompanydefined lists it.
 */
export function documentRow(
  id: number,
  name: string,
  definitionId: number,
  obsolete: string | null = null,
  over: Partial<DocumentRow> = {},
): DocumentRow {
  return {
    id,
    id_document_require_definition: definitionId,
    company_id: 2,
    company_name: "Ascensores Levante S.L.",
    id_finca: null,
    fileupload_id: 100 + id,
    fileupload: {
      id: 100 + id,
      name,
      description: "",
      size: 2048,
      ftype: "application/pdf",
      obsolete,
      created: "2026-11-02T10:00:00.000Z",
    },
    user_origin: UPLOADER,
    validated: false,
    expired: false,
    needs_expiry: obsolete === null,
    can_edit: true,
    ...over,
  };
}
