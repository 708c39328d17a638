import { type DocumentResponse, definedUploadFieldsSchema, ErrorKey, type uploadDefinedSchema } from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../lib/db-errors.js";
import { findCommunityFor } from "../communities/communities.repository.js";
import type { UploadPlan } from "../files/accept-upload.js";
import { filePolicy } from "../files/files.policy.js";
import { findFileAccess, setFileObsolete } from "../files/files.repository.js";
import { storeUpload } from "../files/files.service.js";
import type { ReceivedFile } from "../files/receive-upload.js";
import { type DefinitionPlace, definitionPolicy, type UploadTarget } from "./definitions.policy.js";
import { type DefinitionRecord, findDefinition, standingIn } from "./definitions.repository.js";
import { insertDocument } from "./documents.repository.js";
import { documentResponse } from "./documents.service.js";

/** An upload for `definition` as the policy sees it: the definition, the caller's standing and the community. */
export function uploadTarget(
  definition: DefinitionRecord,
  standing: Omit<DefinitionPlace, "colegioId">,
  community: UploadTarget["community"],
): UploadTarget {
  return {
    colegioId: definition.colegioId,
    origin: definition.requirementOrigin,
    assocfinca: definition.assocfinca,
    community,
    ...standing,
  };
}

/** Where an upload for `definition` goes, checked: the community for bound definitions, or none. */
async function uploadPlace(db: Db, actor: Actor, definition: DefinitionRecord | undefined, idFinca?: number) {
  if (!definition) throw notFound();
  const [standing, community] = await Promise.all([
    standingIn(db, actor, definition.colegioId),
    definition.assocfinca && idFinca !== undefined ? findCommunityFor(db, actor, idFinca) : Promise.resolve(null),
  ]);
  const target = uploadTarget(definition, standing, community ?? null);
  if (definition.assocfinca && idFinca === undefined) {
    // Only a caller that uploads for this definition in its colegio learns that it needs a community;
    // anyone else gets the same 403 as for any other definition it has no business with.
    requireAccess(definitionPolicy, actor, "upload", { ...target, assocfinca: false });
    if (definition.erased) throw notFound();
    throw new AppError(400, ErrorKey.fincaRequired);
  }
  if (definition.assocfinca && !community) throw notFound();
  requireAccess(definitionPolicy, actor, "upload", target);
  if (definition.erased || community?.erased) throw notFound();
  return community ? community.id : null;
}

/** The form fields of an upload, validated like a JSON body (400 with the field's message). */
export function parseFields<T extends z.ZodTypeAny>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message;
  throw new AppError(400, message?.includes(".") ? message : ErrorKey.invalidInput);
}

/**
 * Checks an upload's form fields, which arrive before the file: the definition, the place and the
 * caller's right to upload there, so a refused upload is answered before its bytes are stored.
 */
async function prepareDefinedUpload(db: Db, actor: Actor, rawFields: Record<string, string>) {
  const fields = parseFields(definedUploadFieldsSchema, rawFields);
  const definition = await findDefinition(db, fields.id_definition);
  const communityId = await uploadPlace(db, actor, definition, fields.id_finca);
  return { definition: definition!, communityId, obsolete: fields.obsolete ?? null };
}
type PreparedUpload = Awaited<ReturnType<typeof prepareDefinedUpload>>;

/**
 * POST /companies/documents/upload-defined-file: the file becomes the company's document for the
 * definition (for the community, when the definition is bound to communities), recorded in `tx` with the
 * answer read there too (so an idempotency receipt can keep it). A single-file definition keeps only the
 * newest.
 */
async function uploadDefinedFile(tx: Db, actor: Actor, prepared: PreparedUpload, upload: ReceivedFile) {
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
  requireAccess(filePolicy, actor, "attach", file);
  if (file.deleted) throw notFound();
  if (file.document || file.template) throw new AppError(409, ErrorKey.fileAlreadyAttached);
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
