import {
  type DefinitionDocuments,
  type DocumentResponse,
  ErrorKey,
  type ExpiringSoonSortKey,
  type PendingValidationSortKey,
  type TemplateRow,
  todayInSpain,
  type validateDocumentSchema,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import type { SortedPage } from "../../lib/paging.js";
import { findFileAccess } from "../files/files.repository.js";
import { type DefinitionRecord, definitionOut, findDefinition } from "./definitions.repository.js";
import { type DocumentAction, documentPolicy } from "./documents.policy.js";
import {
  colegioDocumentFigures,
  type DocumentRecord,
  documentById,
  eraseDocument,
  pageExpiringSoon,
  pagePendingValidation,
  setValidated,
} from "./documents.repository.js";

/** A document row with what the caller may do with it. */
export function withAbilities(actor: Actor, colegioId: number, doc: DocumentRecord) {
  return { ...doc, ...documentPolicy.abilities(actor, { uploaderCompanyId: doc.company_id, colegioId }) };
}

/**
 * Documents grouped by definition, as getcompanydefined answers them: each of the colegio's `definitions`
 * (in their order) with its documents and templates (in theirs) and what the caller may do there.
 * `canUpload` tells whether the caller uploads for a definition in this view.
 */
export function groupByDefinition(
  actor: Actor,
  colegioId: number,
  definitions: DefinitionRecord[],
  documents: DocumentRecord[],
  templates: TemplateRow[],
  canUpload: (definition: DefinitionRecord) => boolean,
): DefinitionDocuments[] {
  return definitions.map((definition) => ({
    definition: definitionOut(definition),
    documents: documents
      .filter((d) => d.id_document_require_definition === definition.id)
      .map((d) => withAbilities(actor, colegioId, d)),
    templates: templates.filter((t) => t.id_document_require_definition === definition.id),
    can_upload: canUpload(definition),
    can_validate: definition.validateColegioRequired && documentPolicy.can(actor, "validate", { colegioId }),
  }));
}

/** A document as its own answer: with the caller's abilities and whether it still lacks its expiry date. */
export async function documentResponse(db: Db, actor: Actor, definition: DefinitionRecord, id: number) {
  const doc = await documentById(db, id);
  if (!doc) throw notFound();
  return {
    data: withAbilities(actor, definition.colegioId, doc),
    needs_expiry: doc.needs_expiry,
  } satisfies Omit<DocumentResponse, "result">;
}

/**
 * A document the caller may `action`: 404 missing, 403 not its business, then 404 when it or its file is
 * gone (`allowErased`: except an erased document of a live definition, so erasing twice is told apart).
 */
async function documentFor(db: Db, actor: Actor, id: number, action: DocumentAction, allowErased = false) {
  const access = await findFileAccess(db, actor, { documentId: id });
  const document = access?.document;
  if (!access || !document) throw notFound();
  requireAccess(documentPolicy, actor, action, document.facts);
  if (access.gone && !(allowErased && document.erased && !access.definitionErased)) throw notFound();
  return document;
}

/** GET companies/documents/getcompanyuploaded/{id}. */
export async function getUploadedDocument(db: Db, actor: Actor, id: number) {
  const document = await documentFor(db, actor, id, "view");
  const definition = await findDefinition(db, document.definitionId);
  return documentResponse(db, actor, definition!, id);
}

/** POST companies/documents/erasecompanydefined/{id}: soft delete, by the uploader's company. */
export async function eraseUploadedDocument(db: Db, actor: Actor, id: number) {
  const document = await documentFor(db, actor, id, "edit", true);
  if (document.erased || !(await eraseDocument(db, id))) {
    throw new AppError(409, ErrorKey.documentAlreadyErased);
  }
}

/** POST companies/documents/validatedocument: the colegio switches pending ↔ validated. */
export async function validateDocument(db: Db, actor: Actor, q: z.output<typeof validateDocumentSchema>) {
  const document = await documentFor(db, actor, q.id_document, "validate");
  if (!document.validateRequired) throw new AppError(409, ErrorKey.validationNotRequired);
  await setValidated(db, q.id_document, q.valid, actor.userId);
  return { id: q.id_document, validated: q.valid };
}

/** POST companies/documents/pending-validation: the colegio's documents waiting for it. */
export function pendingValidation(db: Db, actor: Actor, q: SortedPage<PendingValidationSortKey>) {
  requireAccess(documentPolicy, actor, "reviewCompanies", undefined);
  return pagePendingValidation(db, actor.companyId, q);
}

/**
 * POST companies/documents/colegio-summary ('Resumen de documentos'): the colegio's live definitions, each with
 * its documents expiring within 30 days and those waiting for its validation, and the sums (the dashboard's).
 */
export async function colegioDocumentsSummary(db: Db, actor: Actor) {
  requireAccess(documentPolicy, actor, "reviewCompanies", undefined);
  const today = todayInSpain();
  return { today, ...(await colegioDocumentFigures(db, actor.companyId, today)) };
}

/** POST companies/documents/expiring-soon: the colegio's documents that expire within 30 days, a page. */
export function expiringSoon(
  db: Db,
  actor: Actor,
  q: SortedPage<ExpiringSoonSortKey> & { id_definition?: number | undefined },
) {
  requireAccess(documentPolicy, actor, "reviewCompanies", undefined);
  return pageExpiringSoon(db, actor.companyId, { ...q, definitionId: q.id_definition });
}
