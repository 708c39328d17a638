import {
  ErrorKey,
  type FileRow,
  type fileEditSchema,
  fileUploadFieldsSchema,
  MAX_FILE_SIZE_BYTES,
  MAX_UPLOAD_COMMUNITIES,
  PDF_MIME,
  type TemplateRow,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { insertTemplate } from "../documents/definitions.repository.js";
import { editableDefinition } from "../documents/definitions.service.js";
import type { UploadPlan } from "./accept-upload.js";
import { type FileAction, filePolicy } from "./files.policy.js";
import {
  type FileAccess,
  findFileAccess,
  insertFile,
  insertFiles,
  unvalidateDocumentOfFile,
  updateFile,
} from "./files.repository.js";
import type { ReceivedFile } from "./receive-upload.js";

/** The multipart limits: one file, a few small fields; one byte over the maximum is enough to refuse. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_FILE_SIZE_BYTES + 1,
  files: 1,
  fields: 10,
  // The longest field is upload-defined-file-many's list of communities: MAX_UPLOAD_COMMUNITIES ids of up to
  // ten digits and their commas.
  fieldSize: MAX_UPLOAD_COMMUNITIES * 11,
  parts: 12,
} as const;

/**
 * Files the staged upload into the store and records it, inside the caller's transaction. The blob is in
 * place before its record exists; the caller settles the staged file once the transaction is over
 * (acceptUpload), so no record ever points to missing bytes (see LocalFileStore).
 */
export async function storeUpload(
  tx: Db,
  actor: Actor,
  upload: ReceivedFile,
  obsolete?: string | null,
): Promise<FileRow> {
  await upload.commit();
  return insertFile(tx, {
    sha256: upload.sha256,
    size: upload.size,
    name: upload.name,
    ftype: PDF_MIME,
    obsolete: obsolete ?? null,
    ownerUserId: actor.userId,
    ownerCompanyId: actor.companyId,
  });
}

/** storeUpload for `count` documents of one upload: the bytes filed once, one file row for each. */
export async function storeUploadMany(
  tx: Db,
  actor: Actor,
  upload: ReceivedFile,
  obsolete: string | null,
  count: number,
): Promise<FileRow[]> {
  await upload.commit();
  return insertFiles(
    tx,
    {
      sha256: upload.sha256,
      size: upload.size,
      name: upload.name,
      ftype: PDF_MIME,
      obsolete,
      ownerUserId: actor.userId,
      ownerCompanyId: actor.companyId,
    },
    count,
  );
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
      await editableDefinition(db, actor, definitionId);
      return { definitionId };
    },
    async record(tx, { definitionId }, upload) {
      const file = await storeUpload(tx, actor, upload);
      if (definitionId === undefined) return { result: true, file };
      return { result: true, file, template: await insertTemplate(tx, definitionId, file.id) };
    },
  };
}

/** A file the caller may `action`: 404 missing, 403 not its business, then 404 when gone. */
export async function accessibleFile(db: Db, actor: Actor, id: number, action: FileAction): Promise<FileAccess> {
  const access = await findFileAccess(db, actor, { fileId: id });
  if (!access) throw notFound();
  requireAccess(filePolicy, actor, action, access);
  if (access.gone) throw notFound();
  return access;
}

/**
 * POST /file-manager/fileupload/edit/{id}: name, expiry and description. A document whose definition
 * demands an expiry cannot be left without one ('Fecha de caducidad obligatoria').
 */
export async function editFile(db: Db, actor: Actor, id: number, input: z.output<typeof fileEditSchema>) {
  const access = await accessibleFile(db, actor, id, "edit");
  const current = access.file.obsolete;
  const obsolete = input.obsolete === undefined ? current : input.obsolete;
  if (access.document?.obsoletable && !obsolete) throw new AppError(400, ErrorKey.expiryRequired);
  // A validated document whose expiry changes is no longer what the colegio checked: pending again.
  const expiryChanged = input.obsolete !== undefined && input.obsolete !== current;
  const file = await db.transaction(async (tx) => {
    const saved = await updateFile(tx, id, {
      name: input.name,
      obsolete: input.obsolete,
      description: input.description,
    });
    if (saved && expiryChanged && access.document) await unvalidateDocumentOfFile(tx, id);
    return saved;
  });
  if (!file) throw notFound();
  return file;
}
