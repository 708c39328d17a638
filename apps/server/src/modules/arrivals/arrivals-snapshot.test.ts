import { type ArrivalProviderRow, Requirement } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  onPostgres,
  type TestContext,
  waitForLockWait,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";

/**
 * The door's figures and its list of what is missing come from one snapshot (issue 19 review): a read
 * mark committed while the door is being read shows in both or in neither, never as green figures with
 * the read still listed as missing, nor the other way round. PostgreSQL only: PGlite runs one statement
 * at a time. The door's read of the missing duties (which reads `files`, where the figures do not) is held
 * behind a lock until the mark is committed.
 */
let ctx: TestContext;
let w: DocumentsWorld;
let normasId: number;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const definition = await define(ctx, w.t.colegio, {
    name: "Normas de la comunidad",
    requirement_origin: Requirement.administrator,
    requirement_dest: Requirement.provider,
    dest_read_required: true,
  });
  normasId = (await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: definition.id }, "normas.pdf")).id;
});
afterAll(async () => ctx?.close());

async function p1AtTheDoor(pending?: Promise<Awaited<ReturnType<typeof call>>>) {
  const res = await (pending ?? call(ctx.app, "POST", "/porteros/llegadas/proveedores", doorRequest()));
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data as ArrivalProviderRow[]).find((r) => r.provider_id === w.P1.id);
  expect(row).toBeDefined();
  return row!;
}
const doorRequest = () => ({ token: w.t.portero, body: { id_finca: w.C1.id } });
/** The reads the row's figures owe, and those its list says are missing: the same when consistent. */
const readsOwed = (row: ArrivalProviderRow) => ({
  figures: row.read_must - row.read_count,
  listed: row.missing.filter((m) => m.kind === "read").length,
});

/** Waits until every other statement on this database is waiting for a lock (none still running). */
async function onlyLockWaitersRunning(holder: number) {
  await vi.waitFor(
    async () => {
      const [busy] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and pid <> ${holder}
              and wait_event_type is distinct from 'Lock'`,
      );
      if (busy!.n !== 0) throw new Error("a statement is still running");
    },
    { timeout: 20_000, interval: 1 },
  );
}

it.runIf(onPostgres)(
  "shows a read committed meanwhile in both the figures and the missing list, or in neither",
  async () => {
    // Warm: the figures of the door are those of the cache, where they are cached.
    const before = await p1AtTheDoor();
    expect(readsOwed(before)).toEqual({ figures: 1, listed: 1 });

    const pool = (db() as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    let during: ArrivalProviderRow;
    try {
      await other.query("begin");
      await other.query("lock table files in access exclusive mode");
      const holder = Number((await other.query("select pg_backend_pid() as pid")).rows[0].pid);
      const pending = call(ctx.app, "POST", "/porteros/llegadas/proveedores", doorRequest());
      await waitForLockWait(db());
      await onlyLockWaitersRunning(holder);
      await other.query(
        `insert into read_marks (document_id, community_id, reader_company_id, user_id)
       select $1, $2, $3, id from users where email = $4`,
        [normasId, w.C1.id, w.P1.id, DEMO_ACCOUNTS.gremio],
      );
      await other.query("commit");
      during = await p1AtTheDoor(pending);
    } finally {
      other.release();
    }
    expect(readsOwed(during)).toEqual({ figures: 1, listed: 1 });
    expect(readsOwed(await p1AtTheDoor())).toEqual({ figures: 0, listed: 0 });
  },
);
