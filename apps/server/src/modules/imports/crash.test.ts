import path from "node:path";
import { IMPORT_HEADERS, type ImportRun } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { killHard, serverData, startServer } from "../../../test/child-server.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../../test/helpers.js";
import { XLSX_TYPE } from "../../../test/imports.js";
import { type Database, openPglite, openPostgres, queryRows } from "../../db/client.js";
import { writeSheet } from "../../lib/sheets/write-sheet.js";
import { textArray } from "./sql-values.sql.js";

/**
 * kill -9 during an import (issue 20): the real server (as `npm start` runs it, demo mode, 20 rows per
 * transaction; PostgreSQL when DATABASE_URL is set, else PGlite in its data dir) imports 3,000 providers
 * as the demo colegio and is killed once the first batches are in. Its database then holds whole batches
 * only: every company the import created has its manager, owner, membership, registration link and one
 * mail, and nothing exists of the rows without an outcome. A new server on the same data imports the
 * same file again: it ends well, the rows already done say so, and no company is mailed twice.
 */
const ROWS = 3_000;
const BATCH = 20;
/** killed once this many rows are done (a few batches; the import has 3,000 rows, a few seconds' work) */
const KILL_AFTER = 5 * BATCH;
/** the demo colegio's activities (db/seed/demo.ts) */
const ACTIVITIES = ["Limpieza", "Jardinería", "Fontanería", "Electricidad", "Pintura", "Ascensores"];
const SEPARATORS = [", ", ";", " | ", "*"];

let data: Awaited<ReturnType<typeof serverData>>;
beforeAll(async () => {
  data = await serverData();
});
afterAll(async () => data?.remove());

/** Row i of the file (sheet row i + 2): distinct name, tax id and e-mail; one to three activities. */
const cifOf = (i: number) => `B7${String(i).padStart(7, "0")}`;
const emailOf = (i: number) => `caida${i}@proveedores-caida.test`;
function providersFile(): Buffer {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const count = 1 + (i % 3);
    const activities = Array.from({ length: count }, (_, k) => ACTIVITIES[(i + k) % ACTIVITIES.length]!);
    return [
      `Proveedor Caído ${i}`,
      cifOf(i),
      emailOf(i),
      `6${String(i).padStart(8, "0")}`,
      activities.join(SEPARATORS[i % SEPARATORS.length]!),
    ];
  });
  return writeSheet(IMPORT_HEADERS.providers, rows);
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/companies/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.colegio, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function startImport(base: string, token: string, file: Buffer): Promise<ImportRun> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)], { type: XLSX_TYPE }), "proveedores.xlsx");
  const res = await fetch(`${base}/imports/providers`, {
    method: "POST",
    headers: { authentication: `Bearer ${token}` },
    body: form,
  });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { data: ImportRun }).data;
}

async function readRun(base: string, token: string, id: number): Promise<ImportRun> {
  const res = await fetch(`${base}/imports/runs/${id}`, { headers: { authentication: `Bearer ${token}` } });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { data: ImportRun }).data;
}

/** Polls the run (every few ms, up to `limitMs`) until `until` holds: the run as last read. */
async function pollRun(base: string, token: string, id: number, until: (run: ImportRun) => boolean, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const run = await readRun(base, token, id);
    if (until(run)) return run;
    if (Date.now() > deadline)
      throw new Error(`run ${id} still ${run.status} (${run.done}/${run.total}) after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The dead (or stopped) server's database, opened as the next start would (PGlite's lock file may remain). */
function openData(): Promise<Database> {
  return data.databaseUrl ? openPostgres(data.databaseUrl, 2) : openPglite(path.join(data.dataDir, "db"));
}

interface CompanyState {
  cif_norm: string;
  owner_email: string | null;
  owner_company_id: number | null;
  memberships: number;
  tokens: number;
  mails: number;
  activities: number;
}

/** Every company with one of these tax ids, with what hangs off it. */
async function companiesOf(database: Database, colegioId: number, cifs: string[]) {
  return queryRows<CompanyState>(
    database.db,
    sql`select c.cif_norm, u.email as owner_email, c.owner_company_id,
               (select count(*)::int from colegio_members m where m.company_id = c.id and m.colegio_id = ${colegioId}) as memberships,
               (select count(*)::int from link_tokens t where t.user_id = u.id and t.action = 'registry') as tokens,
               (select count(*)::int from mail_outbox o where o.kind = 'registry' and o.to_address = u.email) as mails,
               (select count(*)::int from company_activities a where a.company_id = c.id) as activities
        from companies c left join users u on u.id = c.owner_user_id and u.company_id = c.id
        where c.cif_norm = any(${textArray(cifs)})
        order by c.cif_norm`,
  );
}

/**
 * The companies (of rows 0, 1, 2… of the file, in order) missing anything a registration by the import
 * gives: the row's e-mail as manager, the colegio as owner, one membership, one link, one mail, and the
 * row's activities.
 */
const notWhole = (companies: readonly CompanyState[], colegioId: number) =>
  companies.filter(
    (c, i) =>
      c.cif_norm !== cifOf(i) ||
      c.owner_email !== emailOf(i) ||
      c.owner_company_id !== colegioId ||
      c.memberships !== 1 ||
      c.tokens !== 1 ||
      c.mails !== 1 ||
      c.activities !== 1 + (i % 3),
  );

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(database.db, query))[0]!.n);

it("after kill -9 mid-import, whole batches are written, and the same file imported again completes it without mailing anyone twice", async () => {
  const file = providersFile();
  const cifs = Array.from({ length: ROWS }, (_, i) => cifOf(i));
  const emails = Array.from({ length: ROWS }, (_, i) => emailOf(i));

  const first = await startServer(data, { IMPORT_BATCH_ROWS: String(BATCH) });
  let seen: ImportRun;
  let runId: number;
  try {
    const token = await signIn(first.base);
    const started = await startImport(first.base, token, file);
    expect([started.status, started.total, started.done]).toEqual(["importing", ROWS, 0]);
    runId = started.id;
    seen = await pollRun(
      first.base,
      token,
      runId,
      (run) => run.done >= KILL_AFTER || run.status !== "importing",
      60_000,
    );
  } finally {
    await killHard(first.child);
  }
  // Killed in the middle, or the test proves nothing: the run must have been importing with rows to go.
  if (seen.status !== "importing" || seen.done >= ROWS)
    throw new Error(`the import ended (${seen.status}, ${seen.done}/${ROWS}) before the kill: make it longer`);

  const colegioEmail = DEMO_ACCOUNTS.colegio;
  let doneBefore: number;
  {
    const database = await openData();
    try {
      const [colegio] = await queryRows<{ company_id: number }>(
        database.db,
        sql`select company_id from users where email = ${colegioEmail}`,
      );
      const colegioId = colegio!.company_id;
      const outcomes = await queryRows<{ row: number; outcome: string | null }>(
        database.db,
        sql`select row, outcome from import_run_rows where run_id = ${runId} order by row`,
      );
      expect(outcomes).toHaveLength(ROWS);
      const done = outcomes.filter((r) => r.outcome !== null);
      doneBefore = done.length;
      // Whole batches, in sheet order: the first rows have an outcome (each `created`), the others none.
      expect(doneBefore).toBeGreaterThanOrEqual(Math.max(seen.done, KILL_AFTER));
      expect(doneBefore).toBeLessThan(ROWS);
      expect(doneBefore % BATCH).toBe(0);
      expect(done.map((r) => r.row)).toEqual(Array.from({ length: doneBefore }, (_, i) => i + 2));
      expect(new Set(done.map((r) => r.outcome))).toEqual(new Set(["created"]));

      // Every company the import created is whole: manager, owner, membership, link, one mail, activities.
      const created = await companiesOf(database, colegioId, cifs.slice(0, doneBefore));
      expect(created).toHaveLength(doneBefore);
      expect(notWhole(created, colegioId)).toEqual([]);

      // Nothing of the rows without an outcome: no company, no user, no mail.
      const untouchedCifs = cifs.slice(doneBefore);
      const untouchedEmails = emails.slice(doneBefore);
      expect(await companiesOf(database, colegioId, untouchedCifs)).toEqual([]);
      expect(
        await count(
          database,
          sql`select count(*)::int as n from users where email = any(${textArray(untouchedEmails)})`,
        ),
      ).toBe(0);
      expect(
        await count(
          database,
          sql`select count(*)::int as n from mail_outbox where to_address = any(${textArray(untouchedEmails)})`,
        ),
      ).toBe(0);
    } finally {
      await database.close();
    }
  }

  // A new server on the same data; the same file again.
  const second = await startServer(data, { IMPORT_BATCH_ROWS: String(BATCH) });
  let again: ImportRun;
  try {
    const token = await signIn(second.base);
    const started = await startImport(second.base, token, file);
    expect([started.status, started.total]).toEqual(["importing", ROWS]);
    again = await pollRun(second.base, token, started.id, (run) => run.status !== "importing", 150_000);
  } finally {
    await second.stop();
  }
  expect(again.status).toBe("endCorrect");
  expect(again.done).toBe(ROWS);
  expect(again.counts).toEqual({
    created: ROWS - doneBefore,
    included: 0,
    linked: 0,
    already: doneBefore,
    invalid: 0,
    failed: 0,
  });

  const database = await openData();
  try {
    const [colegio] = await queryRows<{ company_id: number }>(
      database.db,
      sql`select company_id from users where email = ${colegioEmail}`,
    );
    const colegioId = colegio!.company_id;
    // the rows the first run did report `already`, the others `created`, in sheet order
    const outcomes = await queryRows<{ row: number; outcome: string | null }>(
      database.db,
      sql`select row, outcome from import_run_rows where run_id = ${again.id} order by row`,
    );
    expect(outcomes.map((r) => r.outcome)).toEqual(
      Array.from({ length: ROWS }, (_, i) => (i < doneBefore ? "already" : "created")),
    );
    // Every row's company is there, whole, in the colegio, mailed once.
    const companies = await companiesOf(database, colegioId, cifs);
    expect(companies).toHaveLength(ROWS);
    expect(notWhole(companies, colegioId)).toEqual([]);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from mail_outbox where kind = 'registry' and to_address = any(${textArray(emails)})`,
      ),
    ).toBe(ROWS);
  } finally {
    await database.close();
  }
}, 180_000);
