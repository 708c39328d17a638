import {
  type CompanyDefinedResponse,
  type companyDefinedRequestSchema,
  type DefinitionDocuments,
  type DocumentResponse,
  definedUploadFieldsSchema,
  ErrorKey,
  partyOfRole,
  Role,
  type TemplateRow,
  type uploadDefinedSchema,
  type validateDocumentSchema,
} from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, queryRows } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../lib/db-errors.js";
import { findCommunityFor } from "../communities/communities.repository.js";
import { communityFor } from "../communities/communities.service.js";
import type { UploadPlan } from "../files/accept-upload.js";
import { findFileAccess, setFileObsolete } from "../files/files.repository.js";
import { type Access, documentFacts, isGone, storeUpload } from "../files/files.service.js";
import type { ReceivedFile } from "../files/receive-upload.js";
import {
  type DefinitionRecord,
  definitionColumns,
  definitionOut,
  findDefinition,
  groupCondition,
  originIncludes,
  standingIn,
  templatesOf,
  toDefinition,
} from "./definitions.repository.js";
import { documentPolicy, type UploadTarget } from "./documents.policy.js";
import {
  companyDocuments,
  companyInColegio,
  type DocumentRecord,
  documentsWhere,
  eraseDocument,
  insertDocument,
  pagePendingValidation,
  setValidated,
} from "./documents.repository.js";

function withRights(actor: Actor, colegioId: number, doc: DocumentRecord) {
  return { ...doc, can_edit: documentPolicy.mayEdit(actor, { uploaderCompanyId: doc.company_id, colegioId }) };
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
      .map((d) => withRights(actor, colegioId, d)),
    templates: templates.filter((t) => t.id_document_require_definition === definition.id),
    can_upload: canUpload(definition),
    can_validate: definition.validateColegioRequired && documentPolicy.mayValidate(actor, { colegioId }),
  }));
}

/**
 * companies/documents/getcompanydefined: the definitions that apply to a company, each with the documents
 * it uploaded for it. The caller's own company, in a community (`id_finca`: what it uploads there) or in
 * general (its documents that count everywhere); the colegio names the company (`id_company`).
 */
export async function companyDefined(
  db: Db,
  actor: Actor,
  q: z.output<typeof companyDefinedRequestSchema>,
): Promise<Omit<CompanyDefinedResponse, "result">> {
  const community = q.id_finca ? await communityFor(db, actor, q.id_finca, "mayView") : null;

  let company: { id: number; name: string; type: number };
  let colegioId: number;
  if (actor.role === Role.colegio) {
    if (!q.id_company) throw new AppError(400, ErrorKey.invalidInput);
    colegioId = actor.companyId;
    const found = await companyInColegio(db, q.id_company, colegioId);
    if (!found) throw notFound();
    if (!found.inColegio) throw forbidden();
    company = found;
  } else {
    if (q.id_company !== undefined && q.id_company !== actor.companyId) throw forbidden();
    const chosen = community?.colegioId ?? actor.colegioId;
    if (chosen === null) throw new AppError(400, ErrorKey.colegioRequired);
    colegioId = chosen;
    const found = await companyInColegio(db, actor.companyId, colegioId);
    if (!found) throw notFound();
    company = found;
  }
  const standing = await standingIn(db, actor, colegioId);
  if (!documentPolicy.mayReadDefinitions(actor, colegioId, standing)) throw forbidden();

  // A company uploads as the party of its type (its users' role).
  const party = partyOfRole(company.type);
  if (!party) return { company: { id: company.id, name: company.name }, data: [] };
  const definitions = (
    await queryRows<Record<string, unknown>>(
      db,
      sql`select ${definitionColumns} from document_definitions def
          where def.colegio_id = ${colegioId} and def.erased = false and ${originIncludes(party)}
            and ${groupCondition(q.group)} ${community ? sql`` : sql`and def.assocfinca = false`}
          order by lower(def.name), def.id`,
    )
  ).map(toDefinition);
  const ids = definitions.map((d) => d.id);
  const [documents, templates] = await Promise.all([
    companyDocuments(db, company.id, ids, community?.id ?? null),
    templatesOf(db, ids),
  ]);

  const own = actor.role !== Role.colegio;
  return {
    company: { id: company.id, name: company.name },
    data: groupByDefinition(actor, colegioId, definitions, documents, templates, (definition) => {
      const target: UploadTarget = {
        colegioId,
        origin: definition.requirementOrigin,
        assocfinca: definition.assocfinca,
        community: community
          ? { colegioId: community.colegioId, adminCompanyId: community.adminCompanyId, rel: community.rel }
          : null,
        ...standing,
      };
      return own && documentPolicy.mayUpload(actor, target);
    }),
  };
}

/** Where an upload for `definition` goes, checked: the community for bound definitions, or none. */
async function uploadPlace(db: Db, actor: Actor, definition: DefinitionRecord | undefined, idFinca?: number) {
  if (!definition) throw notFound();
  const [standing, community] = await Promise.all([
    standingIn(db, actor, definition.colegioId),
    definition.assocfinca && idFinca !== undefined ? findCommunityFor(db, actor, idFinca) : Promise.resolve(null),
  ]);
  const target: UploadTarget = {
    colegioId: definition.colegioId,
    origin: definition.requirementOrigin,
    assocfinca: definition.assocfinca,
    community: community ?? null,
    ...standing,
  };
  if (definition.assocfinca && idFinca === undefined) {
    // Only a caller that uploads for this definition in its colegio learns that it needs a community;
    // anyone else gets the same 403 as for any other definition it has no business with.
    if (!documentPolicy.mayUpload(actor, { ...target, assocfinca: false })) throw forbidden();
    if (definition.erased) throw notFound();
    throw new AppError(400, ErrorKey.fincaRequired);
  }
  if (definition.assocfinca && !community) throw notFound();
  if (!documentPolicy.mayUpload(actor, target)) throw forbidden();
  if (definition.erased || community?.erased) throw notFound();
  return community ? community.id : null;
}

async function documentResponse(db: Db, actor: Actor, definition: DefinitionRecord, id: number) {
  const [doc] = await documentsWhere(db, sql`d.id = ${id}`);
  if (!doc) throw notFound();
  return {
    data: withRights(actor, definition.colegioId, doc),
    needs_expiry: doc.needs_expiry,
  } satisfies Omit<DocumentResponse, "result">;
}

/** The form fields of an upload, validated like a JSON body (400 with the field's message). */
function parseFields<T extends z.ZodTypeAny>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message;
  throw new AppError(400, message?.includes(".") ? message : ErrorKey.invalidInput);
}

/**
 * Checks an upload's form fields, which arrive before the file: the definition, the place and the
 * caller's right to upload there, so a refused upload is answered before its bytes are stored.
 */
export async function prepareDefinedUpload(db: Db, actor: Actor, rawFields: Record<string, string>) {
  const fields = parseFields(definedUploadFieldsSchema, rawFields);
  const definition = await findDefinition(db, fields.id_definition);
  const communityId = await uploadPlace(db, actor, definition, fields.id_finca);
  return { definition: definition!, communityId, obsolete: fields.obsolete ?? null };
}
export type PreparedUpload = Awaited<ReturnType<typeof prepareDefinedUpload>>;

/**
 * POST /companies/documents/upload-defined-file: the file becomes the company's document for the
 * definition (for the community, when the definition is bound to communities), recorded in `tx` with the
 * answer read there too (so an idempotency receipt can keep it). A single-file definition keeps only the
 * newest.
 */
export async function uploadDefinedFile(tx: Db, actor: Actor, prepared: PreparedUpload, upload: ReceivedFile) {
  const { definition, communityId, obsolete } = prepared;
  const file = await storeUpload(tx, actor, upload, obsolete);
  const id = await insertDocument(tx, {
    definitionId: definition.id,
    companyId: actor.companyId,
    communityId,
    fileId: file.id,
    userId: actor.userId,
    replace: definition.oneonly,
  });
  return { result: true as const, ...(await documentResponse(tx, actor, definition, id)) };
}

/** The upload route's steps (acceptUpload): fields and rights before the file, then the records. */
export function definedUploadPlan(db: Db, actor: Actor): UploadPlan<PreparedUpload, DocumentResponse> {
  return {
    prepare: (fields) => prepareDefinedUpload(db, actor, fields),
    record: (tx, prepared, upload) => uploadDefinedFile(tx, actor, prepared, upload),
  };
}

/**
 * POST companies/documents/uploaddefined: a file the company uploaded before becomes the document. The
 * sweep may remove the same loose file at the same moment (a day after its upload): then this either
 * attaches it first (the sweep sees the document and keeps the file) or finds it gone, 404, never a
 * document without its file.
 */
export async function attachDefinedFile(db: Db, actor: Actor, q: z.output<typeof uploadDefinedSchema>) {
  const file = await findFileAccess(db, actor, { fileId: q.fileupload_id });
  if (!file) throw notFound();
  if (Number(file.owner_company_id) !== actor.companyId) throw forbidden();
  if (file.deleted === true) throw notFound();
  if (file.doc_id != null || file.template_id != null) throw new AppError(409, ErrorKey.fileAlreadyAttached);
  const definition = await findDefinition(db, q.id_definition);
  const communityId = await uploadPlace(db, actor, definition, q.id_finca);
  const def = definition!;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (q.obsolete) await setFileObsolete(tx, q.fileupload_id, q.obsolete);
      return insertDocument(tx, {
        definitionId: def.id,
        companyId: actor.companyId,
        communityId,
        fileId: q.fileupload_id,
        userId: actor.userId,
        replace: def.oneonly,
      });
    });
  } catch (error) {
    // The same file attached twice at once: the second finds it taken.
    if (isUniqueViolation(error)) throw new AppError(409, ErrorKey.fileAlreadyAttached);
    // The sweep removed the loose file first (the document's reference to it fails).
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  return documentResponse(db, actor, def, id);
}

/** A document the caller may act on with `may`; 404 missing, 403 not its business, then 404 deleted. */
async function documentFor(db: Db, actor: Actor, id: number, may: (a: Access) => boolean, allowErased = false) {
  const access = await findFileAccess(db, actor, { documentId: id });
  if (!access || access.doc_id == null) throw notFound();
  if (!may(access)) throw forbidden();
  if (isGone(access) && !(allowErased && access.doc_erased === true && access.def_erased !== true)) throw notFound();
  return access;
}

/** GET companies/documents/getcompanyuploaded/{id}. */
export async function getUploadedDocument(db: Db, actor: Actor, id: number) {
  const access = await documentFor(db, actor, id, (a) => documentPolicy.mayView(actor, documentFacts(a)));
  const definition = await findDefinition(db, Number(access.def_id));
  return documentResponse(db, actor, definition!, id);
}

/** POST companies/documents/erasecompanydefined/{id}: soft delete, by the uploader's company. */
export async function eraseUploadedDocument(db: Db, actor: Actor, id: number) {
  const access = await documentFor(db, actor, id, (a) => documentPolicy.mayEdit(actor, documentFacts(a)), true);
  if (access.doc_erased === true || !(await eraseDocument(db, id))) {
    throw new AppError(409, ErrorKey.documentAlreadyErased);
  }
}

/** POST companies/documents/validatedocument: the colegio switches pending ↔ validated. */
export async function validateDocument(db: Db, actor: Actor, q: z.output<typeof validateDocumentSchema>) {
  const access = await documentFor(db, actor, q.id_document, (a) =>
    documentPolicy.mayValidate(actor, documentFacts(a)),
  );
  if (access.def_validate_required !== true) throw new AppError(409, ErrorKey.validationNotRequired);
  await setValidated(db, q.id_document, q.valid, actor.userId);
  return { id: q.id_document, validated: q.valid };
}

/** POST companies/documents/pending-validation: the colegio's documents waiting for it. */
export function pendingValidation(db: Db, actor: Actor, q: { page: number; limit: number; filter: string }) {
  if (actor.role !== Role.colegio) throw forbidden();
  return pagePendingValidation(db, actor.companyId, q);
}
