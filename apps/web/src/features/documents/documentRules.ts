import {
  DEFAULT_MANDATORY_GROUP,
  type DefinitionDocuments,
  type DocumentRow,
  GROUP_FILTERS,
  type GroupFilter,
  Role,
  ValidationKey,
} from "@coordina/domain";

type Definition = DefinitionDocuments["definition"];

/** The tags of a definition's box, in the order they are shown (keys under documents-page.tags). */
export function definitionTags(definition: Definition): string[] {
  const tags: [boolean, string][] = [
    [definition.mandatory, "mandatory"],
    [definition.obsoletable, "obsoletable"],
    [definition.oneonly, "oneonly"],
    [definition.validate_colegio_required, "validation"],
    [definition.dest_read_required, "read"],
    [definition.assocfinca, "assocfinca"],
  ];
  return tags.filter(([on]) => on).map(([, key]) => key);
}

/**
 * The expiry rule of the edit dialog (spec 02 §2 'Document edit form', §4): a definition that is
 * obsoletable forces an expiry date, and while the stored document has none (just uploaded) the dialog
 * cannot be dismissed until it is saved with one.
 */
export function expiryRule(
  obsoletable: boolean,
  storedExpiry: string | null,
): { required: boolean; dismissable: boolean } {
  return { required: obsoletable, dismissable: !obsoletable || Boolean(storedExpiry) };
}

export interface DocumentForm {
  name: string;
  /** YYYY-MM-DD or null */
  obsolete: string | null;
}

/** The problems of the edit form, as i18n keys; saving is allowed when there is none. */
export function documentFormProblems(
  form: DocumentForm,
  expiryRequired: boolean,
): { name?: string; obsolete?: string } {
  const problems: { name?: string; obsolete?: string } = {};
  const name = form.name.trim();
  if (name === "" || name.length > 200) problems.name = ValidationKey.fileName;
  if (expiryRequired && !form.obsolete) problems.obsolete = "documents.expiry-required";
  return problems;
}

/** An obsoletable document without an expiry date still owes it (its uploader is told so). */
export function missesExpiry(definition: Definition, document: DocumentRow): boolean {
  return definition.obsoletable && !document.fileupload.obsolete;
}

/** After an upload: the document joins the queue of expiry dialogs when the answer says it needs one. */
export function queueForExpiry(
  queue: readonly DocumentRow[],
  document: DocumentRow,
  needsExpiry: boolean,
): DocumentRow[] {
  if (!needsExpiry || queue.some((d) => d.id === document.id)) return [...queue];
  return [...queue, document];
}

/** The title of a community's upload screen by the uploader's role (spec 02 §2). */
export function uploadTitleKey(role: number): string {
  if (role === Role.administrador) return "documents-page.upload-title.administrator";
  if (role === Role.portero) return "documents-page.upload-title.portero";
  return "documents-page.upload-title.provider";
}

/** The general documents screens: '/provdoc' (Docs generales) opens on CAF, the others on LOPD (spec 02 §9). */
export function defaultGroupFor(pathname: string): GroupFilter {
  return pathname.replace(/\/+$/, "") === "/provdoc" ? "CAF" : DEFAULT_MANDATORY_GROUP;
}

/** The group of the address's `?group=`, or the screen's default. */
export function groupOf(value: string | null, pathname: string): GroupFilter {
  return (GROUP_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as GroupFilter)
    : defaultGroupFor(pathname);
}

/** The general documents screen's title by path (keys under documents-page.mandatory.title). */
export function mandatoryTitleKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/provdoc") return "documents-page.mandatory.title.provdoc";
  if (path === "/lopd") return "documents-page.mandatory.title.lopd";
  return "documents-page.mandatory.title.mandatory";
}
