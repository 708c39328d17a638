import { setImmediate as nextTurn } from "node:timers/promises";
import { ErrorKey } from "@coordina/domain";
import type { FastifyBaseLogger } from "fastify";
import { isConnectionFailure } from "../../lib/db-errors.js";
import type { AccountsContext } from "../accounts/context.js";
import type { ImportKindHandler, ImportScope, RowResult } from "./import-kind.js";
import { finishRun, writeOutcomes } from "./imports.repository.js";

/**
 * Rows per transaction unless the server's IMPORT_BATCH_ROWS says otherwise (the same default): small
 * enough that a batch takes a second or so, far below the heartbeat's limit.
 */
export const BATCH_SIZE = 250;

/** A validated row waiting to be imported. */
export interface PendingRow<Plan> {
  row: number;
  values: Record<string, string>;
  plan: Plan;
}

const INSERT_FAILED: RowResult = { outcome: "failed", message: { key: ErrorKey.importRowInsertFailed, params: {} } };

/**
 * Imports a run's validated rows in sheet order, a batch per transaction: the kind writes the batch, the
 * batch's outcomes and the run's heartbeat are written with it, all committed together or not at all, so
 * a server that dies mid-import leaves whole batches (no company without its membership, no mail without
 * its company) and rows still without outcome, which the same file imported again completes. A batch
 * that throws is rolled back and its rows are tried one at a time, so one refused row fails alone. Then
 * the run ends: `endErrors` if a row failed, `endCorrect` otherwise.
 *
 * A lost database connection ends the run where it is (it shows as interrupted): nothing is marked failed
 * that could not be tried.
 */
export async function runImport<Plan>(
  ctx: AccountsContext,
  log: FastifyBaseLogger,
  runId: number,
  handler: ImportKindHandler<Plan>,
  scope: ImportScope,
  rows: readonly PendingRow<Plan>[],
  batchSize = BATCH_SIZE,
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    try {
      await applyAndRecord(ctx, runId, handler, scope, batch);
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      log.warn(
        { runId, kind: handler.kind, rows: `${batch[0]!.row}-${batch.at(-1)!.row}`, cause: describe(err) },
        "import batch refused; its rows are tried one at a time",
      );
      for (const one of batch) {
        try {
          await applyAndRecord(ctx, runId, handler, scope, [one]);
        } catch (rowError) {
          if (isConnectionFailure(rowError)) throw rowError;
          // Only the row number and the database's code: the row's values are personal data.
          log.warn({ runId, kind: handler.kind, row: one.row, cause: describe(rowError) }, "import row refused");
          await writeOutcomes(ctx.db, runId, [{ row: one.row, ...INSERT_FAILED }]);
        }
      }
    }
    ctx.mailer.nudge();
    // What the batch committed may change who may do what (a colegio joined whose conditions its users
    // have not accepted): the server's kept sessions are asked again (SessionCache).
    ctx.background.committed();
    // PGlite answers in this thread, settling its promises without a turn of the event loop: without
    // this, the other requests (the page following the run's progress) wait for the whole import.
    await nextTurn();
  }
  await finishRun(ctx.db, runId);
}

async function applyAndRecord<Plan>(
  ctx: AccountsContext,
  runId: number,
  handler: ImportKindHandler<Plan>,
  scope: ImportScope,
  batch: readonly PendingRow<Plan>[],
) {
  await ctx.db.transaction(async (tx) => {
    const results = await handler.apply(tx, ctx, scope, batch);
    if (results.length !== batch.length)
      throw new Error(`import ${handler.kind}: ${results.length} results for ${batch.length} rows`);
    await writeOutcomes(
      tx,
      runId,
      batch.map((one, index) => ({ row: one.row, ...results[index]! })),
    );
  });
}

/** What went wrong, without the values involved: the SQLSTATE and constraint, or the error's class. */
function describe(err: unknown): Record<string, string> {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return typeof constraint === "string" ? { code, constraint } : { code };
    current = cause;
  }
  return { error: err instanceof Error ? err.name : typeof err };
}
