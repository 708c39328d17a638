import { ErrorKey, IDEMPOTENCY_KEY_FIELD, idempotencyKeySchema } from "@coordina/domain";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import type { FileStore } from "./file-store.js";
import { claimReceipt, findReceipt, type StoredReceipt, saveReceipt } from "./receipts.repository.js";
import { type ReceivedFile, receiveUpload } from "./receive-upload.js";

/** What one upload route does with the fields and the file it receives. */
export interface UploadPlan<P, T extends { result: true }> {
  /** Checks the fields (they come before the file) and the caller's right: throws to refuse before storing. */
  prepare(fields: Record<string, string>): Promise<P>;
  /** Writes the upload's records in the transaction `tx` and answers the body sent back. */
  record(tx: Db, prepared: P, file: ReceivedFile): Promise<T>;
}

/** The request an idempotency key was first used for: the route, the colegio and the form fields. */
function fingerprintOf(route: string, actor: Actor, fields: Record<string, string>) {
  const rest = Object.entries(fields)
    .filter(([name]) => name !== IDEMPOTENCY_KEY_FIELD)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([route, actor.colegioId, rest]);
}

/** The first answer again; a key sent before with another request is refused (409), not answered wrongly. */
function replayOf<T>(receipt: StoredReceipt | undefined, fingerprint: string): T {
  if (!receipt || receipt.request !== fingerprint) throw new AppError(409, ErrorKey.uploadKeyReused);
  return receipt.body as T;
}

/**
 * An upload route, from the multipart body to the answer, once per idempotency key.
 *
 * The form may carry `idempotencyKey` (before the file). Its receipt (`upload_receipts`, per user and key)
 * is written in the same transaction as the upload's records, so it exists exactly when they do:
 * - a retry that finds it committed answers the same body (200) before storing anything; the file is read
 *   and thrown away;
 * - two requests with one key at the same moment both reach the transaction; the first to insert the
 *   receipt holds its primary key, the second waits there until the first ends and, when it committed,
 *   stores nothing and answers its receipt (when it failed, the second goes on as the upload);
 * - a failed upload leaves no receipt: its retry is a new attempt.
 * The file's bytes are filed before the transaction and settled after it (see LocalFileStore).
 */
export async function acceptUpload<P, T extends { result: true }>(
  request: FastifyRequest,
  store: FileStore,
  db: Db,
  actor: Actor,
  plan: UploadPlan<P, T>,
): Promise<T> {
  const route = request.routeOptions.url ?? request.url;
  let key: string | undefined;
  let fingerprint = "";
  let replay: StoredReceipt | undefined;
  let prepared: P | undefined;
  const upload = await receiveUpload(request, store, async (fields) => {
    const rawKey = fields[IDEMPOTENCY_KEY_FIELD];
    if (rawKey !== undefined) {
      const parsed = idempotencyKeySchema.safeParse(rawKey);
      if (!parsed.success) throw new AppError(400, ErrorKey.invalidInput);
      key = parsed.data;
    }
    fingerprint = fingerprintOf(route, actor, fields);
    if (key) {
      replay = await findReceipt(db, actor.userId, key);
      if (replay) return "skip";
    }
    prepared = await plan.prepare(fields);
    return "store";
  });
  if (replay) return replayOf<T>(replay, fingerprint);
  // receiveUpload fails without a file, and a file always starts after `prepare` succeeded.
  const file = upload.file!;
  try {
    const outcome = await db.transaction(
      async (tx): Promise<{ recorded: T } | { replay: StoredReceipt | undefined }> => {
        if (key && !(await claimReceipt(tx, actor.userId, key))) {
          return { replay: await findReceipt(tx, actor.userId, key) };
        }
        const body = await plan.record(tx, prepared as P, file);
        if (key) await saveReceipt(tx, actor.userId, key, { request: fingerprint, body });
        return { recorded: body };
      },
    );
    if ("recorded" in outcome) {
      await file.settle();
      return outcome.recorded;
    }
    return replayOf<T>(outcome.replay, fingerprint);
  } catch (error) {
    // The claim waits for a concurrent holder of the key; should the clash still surface as an error, the
    // holder has committed by now.
    if (key && isUniqueViolation(error, "upload_receipts_user_id_key_pk"))
      return replayOf<T>(await findReceipt(db, actor.userId, key), fingerprint);
    throw error;
  } finally {
    await file.discard();
  }
}
