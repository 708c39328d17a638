import {
  type definitionInputSchema,
  type definitionsIndexSchema,
  ErrorKey,
  type templatesListSchema,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { colegioScope } from "../companies/companies.policy.js";
import { definitionPolicy } from "./definitions.policy.js";
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

type DefinitionInput = z.output<typeof definitionInputSchema>;

/** The colegio whose definitions the caller reads, checked: 403 when it has no business there. */
async function readableColegio(db: Db, actor: Actor, colegioId = colegioScope(actor)) {
  const standing = await standingIn(db, actor, colegioId);
  requireAccess(definitionPolicy, actor, "read", { colegioId, ...standing });
  return colegioId;
}

/** A definition of the caller's colegio that the caller may change; 404 when missing or deleted. */
export async function editableDefinition(db: Db, actor: Actor, id: number) {
  const definition = await findDefinition(db, id);
  if (!definition) throw notFound();
  requireAccess(definitionPolicy, actor, "edit", definition);
  if (definition.erased) throw notFound();
  return definition;
}

/** document-require-definitions/index: one tab and group of the colegio's definitions. */
export async function listDefinitions(db: Db, actor: Actor, q: z.output<typeof definitionsIndexSchema>) {
  const colegioId = await readableColegio(db, actor);
  const abilities = definitionPolicy.abilities(actor, { colegioId });
  // Only whoever edits the definitions counts every company's documents; a member, its own.
  const page = await pageDefinitions(db, colegioId, abilities.docsAllowedToEdit ? undefined : actor.companyId, q);
  return { ...page, ...abilities };
}

export async function createDefinition(db: Db, actor: Actor, input: DefinitionInput) {
  requireAccess(definitionPolicy, actor, "edit", { colegioId: actor.companyId });
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
  requireAccess(definitionPolicy, actor, "edit", template);
  if (template.erased) throw notFound();
  await eraseTemplate(db, id);
}
