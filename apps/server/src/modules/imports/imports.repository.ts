import type { ImportKind, ImportMessage, ImportOutcome, ImportRow, ImportRun, ImportStatus } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { importRuns } from "../../db/schema/index.js";
import { fetchPage, type PageRequest } from "../../lib/paging.js";
import { jsonRecords } from "./sql-values.sql.js";

/**
 * A run whose runner has not touched it for this long is answered as `interrupted`: the server stopped
 * during the import. The runner touches it at every batch, each well under this.
 */
export const INTERRUPTED_AFTER_SECONDS = 60;

/** Rows per INSERT when a run's rows are stored. */
const INSERT_CHUNK = 1_000;

export interface NewRun {
  kind: ImportKind;
  companyId: number;
  colegioId: number;
  communityId: number | null;
  userId: number;
  fileName: string;
  /** `endErrors` when validation refused rows (nothing is imported), `importing` otherwise */
  status: "importing" | "endErrors" | "endCorrect";
  total: number;
}

export async function insertRun(db: DbOrTx, run: NewRun): Promise<number> {
  const [row] = await db
    .insert(importRuns)
    .values({ ...run, finishedAt: run.status === "importing" ? null : sql`now()` })
    .returning({ id: importRuns.id });
  return row!.id;
}

export interface StoredRow {
  row: number;
  values: Record<string, string>;
  outcome: ImportOutcome | null;
  message: ImportMessage | null;
}

/** Stores a run's rows, a thousand per statement. */
export async function insertRunRows(db: DbOrTx, runId: number, rows: readonly StoredRow[]) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await db.execute(
      sql`insert into import_run_rows (run_id, row, values, outcome, message)
          select ${runId}, x.row, x.values, x.outcome, x.message
          from jsonb_to_recordset(${jsonRecords(chunk)}) as x(row int, values jsonb, outcome text, message jsonb)`,
    );
  }
}

/** The run as the API answers it, with its company (who may read it) and where it writes. */
export type RunRecord = ImportRun & { company_id: number; colegio_id: number; user_id: number };

/**
 * One run with its counts by outcome, in one statement. A run still `importing` whose heartbeat is older
 * than INTERRUPTED_AFTER_SECONDS is `interrupted`.
 */
export async function findRun(db: DbOrTx, id: number): Promise<RunRecord | undefined> {
  const [row] = await queryTyped(
    db,
    sql`select r.id, r.kind, r.company_id, r.colegio_id, r.user_id, r.community_id, r.file_name, r.total,
               r.created_at, r.finished_at,
               case when r.status = 'importing'
                         and r.updated_at < now() - make_interval(secs => ${INTERRUPTED_AFTER_SECONDS})
                    then 'interrupted' else r.status end as status,
               n.done, n.created, n.included, n.linked, n.already, n.invalid, n.failed
        from import_runs r
        cross join lateral (
          select count(x.outcome) as done,
                 count(*) filter (where x.outcome = 'created') as created,
                 count(*) filter (where x.outcome = 'included') as included,
                 count(*) filter (where x.outcome = 'linked') as linked,
                 count(*) filter (where x.outcome = 'already') as already,
                 count(*) filter (where x.outcome = 'invalid') as invalid,
                 count(*) filter (where x.outcome = 'failed') as failed
          from import_run_rows x where x.run_id = r.id) n
        where r.id = ${id}`,
    {
      id: col.int,
      kind: col.as<ImportKind>(),
      company_id: col.int,
      colegio_id: col.int,
      user_id: col.int,
      community_id: col.intOrNull,
      file_name: col.text,
      total: col.int,
      created_at: col.iso,
      finished_at: col.isoOrNull,
      status: col.as<ImportStatus>(),
      done: col.int,
      created: col.int,
      included: col.int,
      linked: col.int,
      already: col.int,
      invalid: col.int,
      failed: col.int,
    },
  );
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    file_name: row.file_name,
    id_finca: row.community_id,
    total: row.total,
    done: row.done,
    counts: {
      created: row.created,
      included: row.included,
      linked: row.linked,
      already: row.already,
      invalid: row.invalid,
      failed: row.failed,
    },
    created_at: row.created_at,
    finished_at: row.finished_at,
    company_id: row.company_id,
    colegio_id: row.colegio_id,
    user_id: row.user_id,
  };
}

const readRow = rowReader({
  row: col.int,
  values: col.as<Record<string, string>>(),
  outcome: col.as<ImportOutcome | null>(),
  message: col.as<ImportMessage | null>(),
});

/** A page of a run's rows in sheet order; `problems`: only the `invalid` and `failed` ones. */
export function pageRunRows(db: DbOrTx, runId: number, q: PageRequest & { only: "all" | "problems" }) {
  return fetchPage<ImportRow>(
    db,
    q,
    {
      select: sql`row, values, outcome, message`,
      from: sql`import_run_rows`,
      where:
        q.only === "problems" ? sql`run_id = ${runId} and outcome in ('invalid', 'failed')` : sql`run_id = ${runId}`,
      orderBy: sql`row`,
    },
    readRow,
  );
}

/** Every row of a run in sheet order (the error file holds them all). */
export async function allRunRows(db: DbOrTx, runId: number): Promise<ImportRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select row, values, outcome, message from import_run_rows where run_id = ${runId} order by row`,
  );
  return rows.map(readRow);
}

/** The outcomes of some rows, in one statement, and the run's heartbeat. */
export async function writeOutcomes(
  db: DbOrTx,
  runId: number,
  results: readonly { row: number; outcome: ImportOutcome; message: ImportMessage }[],
) {
  if (results.length === 0) return;
  await db.execute(
    sql`update import_run_rows r set outcome = x.outcome, message = x.message
        from jsonb_to_recordset(${jsonRecords(results)}) as x(row int, outcome text, message jsonb)
        where r.run_id = ${runId} and r.row = x.row`,
  );
  await db.execute(sql`update import_runs set updated_at = now() where id = ${runId}`);
}

/** The run is over: `endErrors` when a row failed, `endCorrect` otherwise. */
export async function finishRun(db: DbOrTx, runId: number) {
  await db.execute(
    sql`update import_runs
        set status = case when exists (select 1 from import_run_rows x where x.run_id = ${runId} and x.outcome = 'failed')
                          then 'endErrors' else 'endCorrect' end,
            finished_at = now(), updated_at = now()
        where id = ${runId} and status = 'importing'`,
  );
}
