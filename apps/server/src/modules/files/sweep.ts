import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { FileStore } from "./file-store.js";
import { deleteLooseFiles, lockLooseFiles, referencedHashes } from "./files.repository.js";
import { purgeReceipts } from "./receipts.repository.js";

const HOUR = 60 * 60 * 1000;

/** How old things must be before the sweep takes them. */
export interface SweepSettings {
  /** a file uploaded without a definition and never attached (a "loose" file) */
  looseFileAgeMs: number;
  /** a blob no record names; younger ones may belong to an upload about to record it */
  orphanGraceMs: number;
  /** a staged file nobody has written for this long was left by a crash or a dead upload */
  stagingGraceMs: number;
  /** a blob another sweep set aside this long ago and did not settle (that sweep died) */
  asideGraceMs: number;
  /** upload receipts (idempotency keys); not shorter than looseFileAgeMs, or a retry could name a removed file */
  receiptAgeMs: number;
}

export const SWEEP_DEFAULTS: SweepSettings = {
  looseFileAgeMs: 24 * HOUR,
  orphanGraceMs: HOUR,
  stagingGraceMs: HOUR,
  asideGraceMs: 10 * 60 * 1000,
  receiptAgeMs: 24 * HOUR,
};
const SWEEP_INTERVAL_MS = 6 * HOUR;
const LOOSE_BATCH = 500;

export interface SweepReport {
  receipts: number;
  looseFiles: number;
  blobs: number;
  restored: number;
  stagingRemoved: number;
  stagingRecovered: number;
}

export interface SweepHooks {
  /** a batch of loose files is locked and about to be removed (tests hold it there) */
  afterLock?(ids: number[]): Promise<void>;
  /** a blob was set aside (S2) and is about to be checked again (S3) */
  afterSetAside?(sha256: string): Promise<void>;
}

/**
 * Collects what uploads leave behind: upload receipts past their age, loose files never attached (their
 * rows and short-lived links, then their blobs), blobs no record names (uploads whose record failed or
 * never committed) and what crashes left in staging. Safe while uploads and attaches run, and with any
 * number of instances sweeping one database: rows are taken under row locks (an attach either wins or
 * finds the file gone, 404), blobs through the protocol described on LocalFileStore.
 */
export async function sweepFiles(
  db: Db,
  store: FileStore,
  settings: SweepSettings = SWEEP_DEFAULTS,
  options: { hooks?: SweepHooks; signal?: AbortSignal } = {},
): Promise<SweepReport> {
  const { hooks, signal } = options;
  const report: SweepReport = {
    receipts: 0,
    looseFiles: 0,
    blobs: 0,
    restored: 0,
    stagingRemoved: 0,
    stagingRecovered: 0,
  };
  // Receipts first: one of a loose file goes with it (both are as old as their upload's transaction).
  report.receipts = await purgeReceipts(db, settings.receiptAgeMs);

  const looseBlobs = new Set<string>();
  let afterId = 0;
  while (!signal?.aborted) {
    const { locked, removed } = await db.transaction(async (tx) => {
      const ids = await lockLooseFiles(tx, settings.looseFileAgeMs, afterId, LOOSE_BATCH);
      if (ids.length === 0) return { locked: ids, removed: [] };
      await hooks?.afterLock?.(ids);
      return { locked: ids, removed: await deleteLooseFiles(tx, ids) };
    });
    report.looseFiles += removed.length;
    for (const file of removed) looseBlobs.add(file.sha256);
    if (locked.length < LOOSE_BATCH) break;
    afterId = locked[locked.length - 1]!;
  }

  if (!store.sweep || signal?.aborted) return report;
  const common = {
    referenced: (hashes: string[]) => referencedHashes(db, hashes),
    orphanGraceMs: settings.orphanGraceMs,
    stagingGraceMs: settings.stagingGraceMs,
    asideGraceMs: settings.asideGraceMs,
    ...(hooks?.afterSetAside ? { hooks: { afterSetAside: hooks.afterSetAside } } : {}),
    ...(signal ? { signal } : {}),
  };
  // The removed loose files' blobs go now, whatever their age; then every blob no record names.
  for (const part of [{ only: [...looseBlobs] }, {}]) {
    if (signal?.aborted) break;
    const done = await store.sweep({ ...common, ...part });
    report.blobs += done.removed.length;
    report.restored += done.restored;
    report.stagingRemoved += done.stagingRemoved;
    report.stagingRecovered += done.stagingRecovered;
  }
  return report;
}

/**
 * Runs the sweep in the background at start-up and then every `intervalMs`: never two at once, never a
 * failure that reaches the process (logged instead), what it removed logged at info. `stop` ends the
 * timer and waits for a sweep still running (it stops between steps).
 */
export function scheduleSweeps(
  db: Db,
  store: FileStore,
  log: FastifyBaseLogger,
  settings: SweepSettings = SWEEP_DEFAULTS,
  intervalMs = SWEEP_INTERVAL_MS,
) {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (running || stopping.signal.aborted) return;
    running = sweepFiles(db, store, settings, { signal: stopping.signal })
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) log.info({ sweep: report }, "files sweep");
      })
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) log.error({ err: error }, "files sweep failed");
      })
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      timer = setInterval(run, intervalMs);
      timer.unref();
      // In the background: start-up does not wait for it.
      setImmediate(run).unref();
    },
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
