import {
  ErrorKey,
  IMPORT_HEADERS,
  type ImportKind,
  type ImportRun,
  type importRowsQuerySchema,
} from "@coordina/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { consumeRate, type RateLimit } from "../../lib/rate-limit.js";
import { SheetError } from "../../lib/sheets/read-sheet.js";
import { readImportSheetInWorker } from "../../lib/sheets/read-sheet-worker.js";
import type { AccountsContext } from "../accounts/context.js";
import type { ImportKindHandler, ImportScope } from "./import-kind.js";
import { type PendingRow, runImport } from "./import-runner.js";
import { importPolicy } from "./imports.policy.js";
import { findRun, insertRun, insertRunRows, pageRunRows, type RunRecord } from "./imports.repository.js";
import { IMPORT_HANDLERS } from "./kinds/index.js";
import { type ReceivedSheet, receiveSheet } from "./receive-sheet.js";

/**
 * Imports a user may start in an hour. A file is one act of the user, however many companies it
 * registers: imports do not count against the hand form's invitations per user (invitePerUser), whose
 * limit is there against someone mailing strangers one by one; this one keeps a caller from loading the
 * server with file after file.
 */
export const IMPORT_RATE: RateLimit = { max: 30, windowSeconds: 3600 };

const notFound = () => new AppError(404, ErrorKey.importNotFound);

/** The run as the API answers it (without whose it is). */
function publicRun(run: RunRecord): ImportRun {
  const { company_id: _company, colegio_id: _colegio, user_id: _user, ...rest } = run;
  return rest;
}

/**
 * 'Importar' (issue 20): the caller may import this kind there (before the file is read at all), the
 * file is read and every row validated, and the run is stored with all its rows. When no row is wrong,
 * the rows are imported in the background after the answer (the page follows GET /imports/runs/{id});
 * otherwise the run ends there (`endErrors`) and nothing of the file is written.
 */
export async function startImport(
  ctx: AccountsContext,
  log: FastifyBaseLogger,
  actor: Actor,
  kind: ImportKind,
  query: { id_finca?: number | undefined },
  request: FastifyRequest,
): Promise<ImportRun> {
  requireAccess(importPolicy, actor, "start", { kind });
  // id_finca names the community of a community-providers import, and nothing else.
  if ((kind === "community-providers") !== (query.id_finca !== undefined))
    throw new AppError(400, ErrorKey.invalidInput);
  const handler = IMPORT_HANDLERS[kind];
  const scope = await handler.scopeFor(ctx.db, actor, query);
  await consumeRate(ctx.db, `import:user:${actor.userId}`, IMPORT_RATE);
  const file = await receiveSheet(request);
  const { runId, pending } = await prepareImport(ctx.db, kind, handler, scope, file);
  const run = await findRun(ctx.db, runId);
  const batchRows = request.server.config.importBatchRows;
  if (pending)
    ctx.background.run(`import ${runId}`, () => runImport(ctx, log, runId, handler, scope, pending, batchRows));
  return publicRun(run!);
}

/**
 * The sheet's rows, or the 400 that says what is wrong with the file as a whole. Read in a worker thread:
 * SheetJS parses synchronously, and the other requests go on meanwhile.
 */
async function readRows(file: Buffer, kind: ImportKind) {
  try {
    return await readImportSheetInWorker(file, IMPORT_HEADERS[kind]);
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    throw new AppError(error.key === ErrorKey.importTooLarge ? 413 : 400, error.key, error.params);
  }
}

/**
 * Reads and validates the file and stores the run with every row (one transaction): the rows validation
 * refused are `invalid`, the others wait. Answers the rows to import, or null when there is nothing to
 * import (a wrong row, or none at all). The file's bytes go to the reading thread: `file.data` is empty
 * afterwards.
 */
export async function prepareImport<Plan>(
  db: Db,
  kind: ImportKind,
  handler: ImportKindHandler<Plan>,
  scope: ImportScope,
  file: ReceivedSheet,
): Promise<{ runId: number; pending: PendingRow<Plan>[] | null }> {
  // Text PostgreSQL stores (no NUL, no lone surrogate: readImportSheet's cellText), with the cells' types.
  const rows = await readRows(file.data, kind);
  const checks = new Map((await handler.validate(db, scope, rows)).map((check) => [check.row, check]));
  const checked = rows.map((r) => {
    const check = checks.get(r.row);
    if (!check) throw new Error(`import ${kind}: row ${r.row} was not validated`);
    return { ...r, check };
  });
  const invalid = checked.some(({ check }) => "error" in check);
  const runId = await db.transaction(async (tx) => {
    const id = await insertRun(tx, {
      kind,
      companyId: scope.companyId,
      colegioId: scope.colegioId,
      communityId: scope.communityId,
      userId: scope.userId,
      fileName: file.name,
      status: invalid ? "endErrors" : "importing",
      total: rows.length,
    });
    await insertRunRows(
      tx,
      id,
      checked.map(({ row, values, check }) =>
        "error" in check
          ? { row, values, outcome: "invalid" as const, message: check.error }
          : { row, values, outcome: null, message: null },
      ),
    );
    return id;
  });
  // readImportSheet refuses a sheet without rows (import.empty), so a valid run always has some.
  if (invalid) return { runId, pending: null };
  return {
    runId,
    pending: checked.map(({ row, values, check }) => ({ row, values, plan: (check as { plan: Plan }).plan })),
  };
}

/** A run the caller's company made; anybody else is told there is none. */
export async function runFor(db: Db, actor: Actor, id: number): Promise<RunRecord> {
  const run = await findRun(db, id);
  if (!run) throw notFound();
  requireAccess(importPolicy, actor, "read", { companyId: run.company_id }, notFound);
  return run;
}

export async function readRun(db: Db, actor: Actor, id: number): Promise<ImportRun> {
  return publicRun(await runFor(db, actor, id));
}

/** The results table: a page of the run's rows in sheet order. */
export async function readRunRows(db: Db, actor: Actor, id: number, q: z.output<typeof importRowsQuerySchema>) {
  const run = await runFor(db, actor, id);
  return pageRunRows(db, run.id, q);
}
