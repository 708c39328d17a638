import {
  Role,
  type readRequirementsIndexSchema,
  type readRequirementViewQuerySchema,
  todayInSpain,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/app-error.js";
import { colegioScope } from "../companies/companies.policy.js";
import { standingIn } from "../documents/definitions.repository.js";
import { editableDefinition, editDefinition } from "../documents/definitions.service.js";
import { readRequirementPolicy } from "./read-requirements.policy.js";
import {
  findReadDefinition,
  pageReadRequirementDocuments,
  pageReadRequirements,
  readRequirementReaders,
} from "./read-requirements.repository.js";
import type { ReadScope } from "./read-requirements.sql.js";

/** The colegio's read requirements the caller may read, checked (403 with no data otherwise), and its scope. */
async function readableIn(db: Db, actor: Actor, colegioId: number) {
  const { member } = await standingIn(db, actor, colegioId);
  requireAccess(readRequirementPolicy, actor, "read", { colegioId, member });
  const scope: ReadScope =
    actor.role === Role.colegio ? { kind: "colegio" } : { kind: "administrator", companyId: actor.companyId };
  return { scope, ...readRequirementPolicy.abilities(actor, { colegioId }) };
}

/** document-read-requirements/index: the colegio's definitions whose destination must read them. */
export async function listReadRequirements(db: Db, actor: Actor, q: z.output<typeof readRequirementsIndexSchema>) {
  const colegioId = colegioScope(actor);
  const { scope, docsAllowedToEdit } = await readableIn(db, actor, colegioId);
  const page = await pageReadRequirements(db, colegioId, scope, todayInSpain(), q);
  return { data: page.data, count: page.count, docsAllowedToEdit };
}

/**
 * document-read-requirements/view/{id}: the read requirement, a page of its current documents (an
 * administrator's: those that count in its communities) with "Leído por N de M" and their `count`, and
 * with `document` that document alone and who must read it.
 */
export async function viewReadRequirement(
  db: Db,
  actor: Actor,
  id: number,
  q: z.output<typeof readRequirementViewQuerySchema>,
) {
  const definition = await findReadDefinition(db, id);
  if (!definition) throw notFound();
  const { scope, docsAllowedToEdit } = await readableIn(db, actor, definition.colegioId);
  if (definition.erased || !definition.dest_read_required) throw notFound();
  const today = todayInSpain();
  // With `document`, that document alone (404 unless it is one of the caller's) instead of a page.
  const documents =
    q.document === undefined
      ? await pageReadRequirementDocuments(db, id, scope, today, { page: q.page, limit: q.limit })
      : await pageReadRequirementDocuments(db, id, scope, today, { page: 1, limit: 1 }, q.document);
  let readers: Awaited<ReturnType<typeof readRequirementReaders>> | undefined;
  if (q.document !== undefined) {
    if (documents.data.length === 0) throw notFound();
    readers = await readRequirementReaders(db, id, scope, today, q.document);
  }
  const { id: defId, name, requirement_origin, requirement_dest, assocfinca, group, dest_read_required } = definition;
  return {
    data: {
      definition: { id: defId, name, requirement_origin, requirement_dest, assocfinca, group, dest_read_required },
      documents: documents.data,
      ...(readers ? { readers } : {}),
    },
    count: documents.count,
    docsAllowedToEdit,
  };
}

/**
 * document-read-requirements/add and delete/{id}: whether the destination must read the definition's
 * documents, changed through the definitions' own edit (policy, the definition's one update, whose
 * trigger moves every cached figure: docs/compliance.md rule 6). Read marks stay (rule 7).
 */
export async function setReadRequired(db: Db, actor: Actor, id: number, required: boolean) {
  const d = await editableDefinition(db, actor, id);
  await editDefinition(db, actor, id, {
    name: d.name,
    requirement_origin: d.requirementOrigin,
    requirement_dest: d.requirementDest,
    origin_read_required: d.originReadRequired,
    dest_read_required: required,
    assocfinca: d.assocfinca,
    oneonly: d.oneonly,
    mandatory: d.mandatory,
    obsoletable: d.obsoletable,
    validate_colegio_required: d.validateColegioRequired,
    group: d.group,
  });
}
