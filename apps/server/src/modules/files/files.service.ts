import { createHmac } from "node:crypto";
import {
  ErrorKey,
  type FileRow,
  type fileEditSchema,
  fileUploadFieldsSchema,
  MAX_FILE_SIZE_BYTES,
  PDF_MIME,
  type TemplateRow,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { onSessionEnd } from "../../lib/session-end.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { findDefinition, insertTemplate } from "../documents/definitions.repository.js";
import { documentPolicy } from "../documents/documents.policy.js";
import type { UploadPlan } from "./accept-upload.js";
import type { FileStore } from "./file-store.js";
import {
  findFileAccess,
  insertFile,
  insertLink,
  resolveLink,
  setSessionFileKey,
  toFileRow,
  unvalidateDocumentOfFile,
  updateFile,
} from "./files.repository.js";
import type { ReceivedFile } from "./receive-upload.js";

/** The cookie of a session's file key: one per session, so two sessions in one browser do not clash. */
export function fileKeyCookieName(key: string): string {
  return `${FILE_KEY_COOKIE}_${hashToken(key).slice(0, 10)}`;
}

/** How long a view or download link works. */
export const FILE_LINK_TTL_MS = 10 * 60 * 1000;
/** The cookie that binds links to the browser of the session that asked for them. */
export const FILE_KEY_COOKIE = "coordina_files";

/** The multipart limits: one file, a few small fields; one byte over the maximum is enough to refuse. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_FILE_SIZE_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 1000,
  parts: 12,
} as const;

/**
 * Files the staged upload into the store and records it, inside the caller's transaction. The blob is in
 * place before its record exists; the caller settles the staged file once the transaction is over
 * (acceptUpload), so no record ever points to missing bytes (see LocalFileStore).
 */
export async function storeUpload(
  db: Db,
  actor: Actor,
  upload: ReceivedFile,
  obsolete?: string | null,
): Promise<FileRow> {
  await upload.commit();
  return insertFile(db, {
    sha256: upload.sha256,
    size: upload.size,
    name: upload.name,
    ftype: PDF_MIME,
    obsolete: obsolete ?? null,
    ownerUserId: actor.userId,
    ownerCompanyId: actor.companyId,
  });
}

/**
 * `fileupload/upload` (and `plantillas-docs/add`, which needs the definition): with `docDefinitionId` the
 * file becomes a template of that definition (the colegio that defines it may); without, a file of the
 * caller's company attached to nothing yet (a "loose" file, attached later by `uploaddefined`, swept
 * after a day otherwise). The definition and the caller's right are checked before the file is stored.
 */
export function fileUploadPlan(
  db: Db,
  actor: Actor,
  options: { definitionRequired: boolean },
): UploadPlan<{ definitionId: number | undefined }, { result: true; file: FileRow; template?: TemplateRow }> {
  return {
    async prepare(fields) {
      const parsed = fileUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new AppError(400, ErrorKey.invalidInput);
      const definitionId = parsed.data.docDefinitionId;
      if (definitionId === undefined) {
        if (options.definitionRequired) throw new AppError(400, ErrorKey.invalidInput);
        return { definitionId };
      }
      const definition = await findDefinition(db, definitionId);
      if (!definition) throw notFound();
      if (!documentPolicy.mayEditDefinitions(actor, definition.colegioId)) throw forbidden();
      if (definition.erased) throw notFound();
      return { definitionId };
    },
    async record(tx, { definitionId }, upload) {
      const file = await storeUpload(tx, actor, upload);
      if (definitionId === undefined) return { result: true, file };
      return { result: true, file, template: await insertTemplate(tx, definitionId, file.id) };
    },
  };
}

export type Access = NonNullable<Awaited<ReturnType<typeof findFileAccess>>>;

/** The document facts of a file that holds a document. */
export function documentFacts(a: Access) {
  return {
    uploaderCompanyId: Number(a.doc_company_id),
    colegioId: Number(a.def_colegio_id),
    dest: Number(a.def_dest),
    member: a.member === true,
    shares: a.shares === true,
  };
}

function isDocument(a: Access) {
  return a.doc_id !== null && a.doc_id !== undefined;
}
function isTemplate(a: Access) {
  return a.template_id !== null && a.template_id !== undefined;
}

/** May the caller see this file: a document's by the document policy, a template by the definitions' readers. */
function mayView(actor: Actor, a: Access): boolean {
  if (isDocument(a)) return documentPolicy.mayView(actor, documentFacts(a));
  if (isTemplate(a)) {
    const standing = { member: a.member === true, porterInColegio: a.porter_in_colegio === true };
    return documentPolicy.mayReadDefinitions(actor, Number(a.def_colegio_id), standing);
  }
  // A file not attached to anything yet belongs to its company.
  return Number(a.owner_company_id) === actor.companyId;
}

function mayEdit(actor: Actor, a: Access): boolean {
  if (isDocument(a)) return documentPolicy.mayEdit(actor, documentFacts(a));
  if (isTemplate(a)) return documentPolicy.mayEditDefinitions(actor, Number(a.def_colegio_id));
  return Number(a.owner_company_id) === actor.companyId;
}

/** Gone for everybody: the file, its document, its template or its definition was deleted. */
export function isGone(a: Access): boolean {
  return a.deleted === true || a.doc_erased === true || a.template_erased === true || a.def_erased === true;
}

async function accessibleFile(db: Db, actor: Actor, id: number, may: (actor: Actor, a: Access) => boolean) {
  const access = await findFileAccess(db, actor, { fileId: id });
  if (!access) throw notFound();
  if (!may(actor, access)) throw forbidden();
  if (isGone(access)) throw notFound();
  return access;
}

/**
 * POST /file-manager/fileupload/edit/{id}: name, expiry and description. A document whose definition
 * demands an expiry cannot be left without one ('Fecha de caducidad obligatoria').
 */
export async function editFile(db: Db, actor: Actor, id: number, input: z.output<typeof fileEditSchema>) {
  const access = await accessibleFile(db, actor, id, mayEdit);
  const obsolete = input.obsolete === undefined ? (access.file_obsolete as string | null) : input.obsolete;
  if (isDocument(access) && access.def_obsoletable === true && !obsolete) {
    throw new AppError(400, ErrorKey.expiryRequired);
  }
  // A validated document whose expiry changes is no longer what the colegio checked: pending again.
  const expiryChanged = input.obsolete !== undefined && input.obsolete !== (access.file_obsolete ?? null);
  const file = await db.transaction(async (tx) => {
    const saved = await updateFile(tx, id, {
      name: input.name,
      obsolete: input.obsolete,
      description: input.description,
    });
    if (saved && expiryChanged && isDocument(access)) await unvalidateDocumentOfFile(tx, id);
    return saved;
  });
  if (!file) throw notFound();
  return file;
}

/**
 * The session's file key: derived from its bearer token, which only the session's holder knows, so it
 * is the same on every retrieve of the session (two at once cannot leave the browser with a key the
 * server no longer has) and useless once the session ends.
 */
export function sessionFileKeyOf(bearerToken: string): string {
  return createHmac("sha256", bearerToken).update("coordina-file-links").digest("base64url");
}

/**
 * GET /file-manager/fileload/retrieve/{id}: the file's data and a short-lived link to view and to
 * download it. The link works only in the browser of this session: it needs the session's file key,
 * sent back as an HttpOnly cookie (named per session) when the browser does not hold it yet (`cookieKeys`).
 */
export async function retrieveFile(db: Db, actor: Actor, id: number, cookieKeys: string[]) {
  const access = await accessibleFile(db, actor, id, mayView);
  const key = sessionFileKeyOf(actor.token);
  const keyHash = hashToken(key);
  await setSessionFileKey(db, actor.sessionId, keyHash);
  const token = newToken();
  const expiresAt = new Date(Date.now() + FILE_LINK_TTL_MS);
  try {
    await insertLink(db, { tokenHash: hashToken(token), fileId: id, sessionId: actor.sessionId, expiresAt });
  } catch (error) {
    // A loose file removed by the sweep since it was read above.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  return {
    links: { file: toFileRow(access), view: `/s/${token}`, download: `/d/${token}`, expires: expiresAt.toISOString() },
    newKey: cookieKeys.includes(key) ? undefined : key,
  };
}

type LinkedFile = NonNullable<Awaited<ReturnType<typeof resolveLink>>>;

/**
 * Links resolved in the last seconds, by token and key hash. A PDF viewer asks for the same link many
 * times (ranges, reloads), so each is checked in SQL at most once per `LINK_CACHE_MS`; logging out
 * forgets the session's links at once (a session-end listener), another instance within that time.
 */
const LINK_CACHE_MS = 5000;
const LINK_CACHE_MAX = 10_000;
const linkCache = new Map<string, { file: LinkedFile; until: number }>();

/** The stored file behind a link, for the browser that holds its session's key; undefined for anyone else. */
export async function openLink(db: Db, token: string, cookieKeys: string[]) {
  if (cookieKeys.length === 0 || cookieKeys.length > 20 || token.length > 100) return undefined;
  const keyHashes = cookieKeys.map(hashToken).sort();
  const key = `${hashToken(token)} ${keyHashes.join(" ")}`;
  const now = Date.now();
  const hit = linkCache.get(key);
  if (hit && hit.until > now) return hit.file;
  linkCache.delete(key);
  const file = await resolveLink(db, hashToken(token), keyHashes);
  if (!file) return undefined;
  if (linkCache.size >= LINK_CACHE_MAX) linkCache.delete(linkCache.keys().next().value as string);
  const expires = file.expires_at instanceof Date ? file.expires_at.getTime() : Date.parse(String(file.expires_at));
  linkCache.set(key, { file, until: Math.min(now + LINK_CACHE_MS, expires) });
  return file;
}

/** Forgets the cached links of a session at logout. */
onSessionEnd((sessionId) => {
  for (const [key, entry] of linkCache) if (entry.file.session_id === sessionId) linkCache.delete(key);
});

export type { FileStore };
