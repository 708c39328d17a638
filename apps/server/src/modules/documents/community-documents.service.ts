import {
  type CommunitiesDefinedResponse,
  type communitiesDefinedRequestSchema,
  communityCellOf,
  type DocumentsManyResponse,
  definedUploadManyFieldsSchema,
  ErrorKey,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { findCommunitiesFor, ownCommunityIds, pageOwnCommunities } from "../communities/communities.repository.js";
import type { UploadPlan } from "../files/accept-upload.js";
import { storeUploadMany } from "../files/files.service.js";
import type { ReceivedFile } from "../files/receive-upload.js";
import { definitionPolicy } from "./definitions.policy.js";
import {
  type DefinitionRecord,
  definitionOut,
  definitionsUploadedByParty,
  findDefinition,
  standingIn,
} from "./definitions.repository.js";
import { documentPolicy } from "./documents.policy.js";
import { companyDocumentsIn, documentsWhereIds, insertDocuments } from "./documents.repository.js";
import { withAbilities } from "./documents.service.js";
import { parseFields, uploadTarget } from "./upload-document.service.js";

/** The administrator's chosen colegio (400 with none: definitions and communities are a colegio's). */
function chosenColegio(actor: Actor): number {
  requireAccess(documentPolicy, actor, "ownCommunities", undefined);
  if (actor.colegioId === null) throw new AppError(400, ErrorKey.colegioRequired);
  return actor.colegioId;
}

/**
 * POST companies/documents/communities-defined (/gcomunidades): a page of the administrator's live communities
 * of the chosen colegio, each with what it holds for every live per-community definition of the colegio whose
 * origin includes administrators (the columns). Three queries however long the page: the definitions, the page
 * of communities, and the administrator's documents in the page's communities.
 */
export async function communitiesDefined(
  db: Db,
  actor: Actor,
  q: z.output<typeof communitiesDefinedRequestSchema>,
): Promise<CommunitiesDefinedResponse> {
  const colegioId = chosenColegio(actor);
  const standing = await standingIn(db, actor, colegioId);
  requireAccess(definitionPolicy, actor, "read", { colegioId, ...standing });
  const [definitions, page] = await Promise.all([
    definitionsUploadedByParty(db, colegioId, "administrator", "ALL", true).then((all) =>
      all.filter((d) => d.assocfinca),
    ),
    pageOwnCommunities(db, colegioId, actor.companyId, q),
  ]);
  const documents = await companyDocumentsIn(
    db,
    actor.companyId,
    definitions.map((d) => d.id),
    page.data.map((c) => c.id),
  );
  return {
    result: true,
    definitions: definitions.map(definitionOut),
    data: page.data.map((community) => ({
      ...community,
      cells: definitions.map((definition) => {
        const held = documents
          .filter((d) => d.id_finca === community.id && d.id_document_require_definition === definition.id)
          .map((d) => withAbilities(actor, colegioId, d));
        return communityCellOf(definition.id, held);
      }),
    })),
    count: page.count,
    pagination: page.pagination,
  };
}

/**
 * Checks a multi-community upload's fields before its file arrives: a per-community definition the caller
 * uploads (404 unknown or deleted; 400 a general one, which is uploaded once with upload-defined-file), its
 * expiry when the definition demands one, and every community named (or all the caller's but those it
 * unticked; 400 when that leaves none), each by the upload rule of the definitions' policy (404 unknown or
 * deleted, 403 not the caller's): one refused community refuses the whole upload before anything is stored.
 */
async function prepareManyUpload(db: Db, actor: Actor, rawFields: Record<string, string>) {
  const colegioId = chosenColegio(actor);
  const fields = parseFields(definedUploadManyFieldsSchema, rawFields);
  const definition = await findDefinition(db, fields.id_definition);
  if (!definition) throw notFound();
  const standing = await standingIn(db, actor, definition.colegioId);
  // Who may not upload for the definition at all learns nothing more of it.
  requireAccess(definitionPolicy, actor, "upload", uploadTarget({ ...definition, assocfinca: false }, standing, null));
  if (definition.erased) throw notFound();
  if (!definition.assocfinca || definition.colegioId !== colegioId) throw new AppError(400, ErrorKey.invalidInput);
  if (definition.obsoletable && !fields.obsolete) throw new AppError(400, ErrorKey.expiryRequired);
  const except = new Set(fields.except_fincas);
  const ids =
    fields.id_fincas ?? (await ownCommunityIds(db, colegioId, actor.companyId)).filter((id) => !except.has(id));
  if (ids.length === 0) throw new AppError(400, ErrorKey.invalidInput);
  const found = new Map((await findCommunitiesFor(db, actor, ids)).map((c) => [c.id, c]));
  for (const id of ids) {
    const community = found.get(id);
    if (!community) throw notFound();
    requireAccess(definitionPolicy, actor, "upload", uploadTarget(definition, standing, community));
    if (community.erased) throw notFound();
  }
  return { definition, communityIds: ids, obsolete: fields.obsolete ?? null };
}
type PreparedMany = { definition: DefinitionRecord; communityIds: number[]; obsolete: string | null };

/**
 * POST companies/documents/upload-defined-file-many: one PDF becomes the administrator's document for the
 * definition in every community chosen, in one transaction (the upload route's): the bytes filed once, one
 * file row each (one insert), one document each (one insert; a single-file definition replaces the live one
 * in each community, as a single upload does).
 */
async function recordManyUpload(tx: Db, actor: Actor, prepared: PreparedMany, upload: ReceivedFile) {
  const { definition, communityIds, obsolete } = prepared;
  const files = await storeUploadMany(tx, actor, upload, obsolete, communityIds.length);
  const ids = await insertDocuments(tx, {
    definitionId: definition.id,
    companyId: actor.companyId,
    communityIds,
    fileIds: files.map((f) => f.id),
    userId: actor.userId,
    replace: definition.oneonly,
  });
  const documents = await documentsWhereIds(tx, ids);
  const byId = new Map(documents.map((d) => [d.id, d]));
  return {
    result: true as const,
    data: ids.map((id) => withAbilities(actor, definition.colegioId, byId.get(id)!)),
  };
}

/** The multi-community upload's steps (acceptUpload): fields and rights before the file, then the records. */
export function definedUploadManyPlan(db: Db, actor: Actor): UploadPlan<PreparedMany, DocumentsManyResponse> {
  return {
    prepare: (fields) => prepareManyUpload(db, actor, fields),
    record: (tx, prepared, upload) => recordManyUpload(tx, actor, prepared, upload),
  };
}
