import {
  type definitionInputSchema,
  type definitionsIndexSchema,
  ErrorKey,
  type templatesListSchema,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { colegioScope } from "../companies/companies.policy.js";
import {
  definitionCounts,
  definitionOut,
  eraseDefinition,
  eraseTemplate,
  findDefinition,
  findTemplate,
  insertDefinition,
  pageDefinitions,
  standingIn,
  templatesOf,
  updateDefinition,
} from "./definitions.repository.js";
import { documentPolicy } from "./documents.policy.js";

type DefinitionInput = z.output<typeof definitionInputSchema>;

/** The colegio whose definitions the caller reads, checked: 403 when it has no business there. */
async function readableColegio(db: Db, actor: Actor, colegioId = colegioScope(actor)) {
  const standing = await standingIn(db, actor, colegioId);
  if (!documentPolicy.mayReadDefinitions(actor, colegioId, standing)) throw forbidden();
  return colegioId;
}

/** A definition of the caller's colegio that the caller may change; 404 when missing or deleted. */
async function editableDefinition(db: Db, actor: Actor, id: number) {
  const definition = await findDefinition(db, id);
  if (!definition) throw notFound();
  if (!documentPolicy.mayEditDefinitions(actor, definition.colegioId)) throw forbidden();
  if (definition.erased) throw notFound();
  return definition;
}

/** document-require-definitions/index: one tab and group of the colegio's definitions. */
export async function listDefinitions(db: Db, actor: Actor, q: z.output<typeof definitionsIndexSchema>) {
  const colegioId = await readableColegio(db, actor);
  const docsAllowedToEdit = documentPolicy.mayEditDefinitions(actor, colegioId);
  const page = await pageDefinitions(db, colegioId, docsAllowedToEdit ? undefined : actor.companyId, q);
  return { ...page, docsAllowedToEdit };
}

export async function createDefinition(db: Db, actor: Actor, input: DefinitionInput) {
  if (!documentPolicy.mayEditDefinitions(actor, actor.companyId)) throw forbidden();
  // A new definition is never read-required at its origin nor editable by the colegio later (spec 02 §3).
  const created = await insertDefinition(db, actor.companyId, { ...input, origin_read_required: false });
  return { ...definitionOut(created), templates_count: 0, documents_count: 0 };
}

/**
 * Changes a definition. Who uploads it and whether it is per community cannot change once documents were
 * uploaded for it: those documents would silently stop showing where their uploaders look for them.
 */
export async function editDefinition(db: Db, actor: Actor, id: number, input: DefinitionInput) {
  const current = await editableDefinition(db, actor, id);
  const counts = await definitionCounts(db, id);
  const reshaped = input.requirement_origin !== current.requirementOrigin || input.assocfinca !== current.assocfinca;
  if (reshaped && counts.documents_count > 0) throw new AppError(409, ErrorKey.definitionInUse);
  const updated = await updateDefinition(db, id, current.colegioId, input);
  if (!updated) throw notFound();
  return { ...definitionOut(updated), ...counts };
}

/** Deletes the definition and, softly, every document and template uploaded for it. */
export async function deleteDefinition(db: Db, actor: Actor, id: number) {
  const current = await editableDefinition(db, actor, id);
  if (!(await eraseDefinition(db, id, current.colegioId))) throw notFound();
}

/** plantillas-docs/list: the templates of a definition the caller may read. */
export async function listTemplates(db: Db, actor: Actor, q: z.output<typeof templatesListSchema>) {
  const definition = await findDefinition(db, q.id_document_require_definition);
  if (!definition) throw notFound();
  await readableColegio(db, actor, definition.colegioId);
  if (definition.erased) throw notFound();
  return templatesOf(db, [definition.id]);
}

export async function deleteTemplate(db: Db, actor: Actor, id: number) {
  const template = await findTemplate(db, id);
  if (!template) throw notFound();
  if (!documentPolicy.mayEditDefinitions(actor, template.colegioId)) throw forbidden();
  if (template.erased) throw notFound();
  await eraseTemplate(db, id);
}
