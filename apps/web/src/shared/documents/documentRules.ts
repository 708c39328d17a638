import { type DefinitionDocuments, type DocumentRow, ValidationKey } from "@coordina/domain";

type Definition = DefinitionDocuments["definition"];

/** The tags of a definition's box, in the order they are shown (keys under document-boxes.tags). */
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

/**
 * The document whose expiry dialog opens by itself for this user (issue 21: reloading cannot escape it): the
 * first one of these boxes that still owes its date (the server's `needs_expiry`, from its definition as it is
 * now), that the user's company may edit and that this user uploaded. One at a time: the next one opens once
 * it is saved. Others who see such a document see it flagged ('Falta la fecha de caducidad').
 */
export function owedExpiry(items: readonly DefinitionDocuments[], userId: number | undefined): DocumentRow | null {
  for (const { documents } of items)
    for (const document of documents)
      if (document.needs_expiry && document.can_edit && document.user_origin === userId) return document;
  return null;
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
