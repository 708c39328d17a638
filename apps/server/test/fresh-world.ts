import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { queryRows } from "../src/db/client.js";
import type { TestContext } from "./helpers.js";
import type { TestSmtp } from "./smtp.js";

/*
 * A test file builds its world once (beforeAll: the app, the demo seed, its companies, logins), and each
 * test gets that world as it was built, whatever the tests before it wrote: the world's rows are copied
 * aside once, and put back after every test. Putting back a few hundred rows takes milliseconds, far less
 * than building the world again (logins hash passwords); the sessions come back with them, so the
 * tokens taken in beforeAll stay good. What lives outside the database is the test's own business: files
 * in the store stay (tests count what they add), and the test SMTP server's mailbox is emptied.
 */

type World = Pick<TestContext, "app" | "database"> & { smtp?: TestSmtp };

/** A saved world: the schema its rows were copied into, and the tables copied with the columns put back. */
interface Snapshot {
  schema: string;
  tables: { name: string; columns: string }[];
}

/**
 * Every table of the app's schema (the migrations' bookkeeping lives in another schema), with its columns
 * but the generated ones (PostgreSQL computes those again as the rows go back).
 */
async function appTables(world: World): Promise<Snapshot["tables"]> {
  return queryRows<{ name: string; columns: string }>(
    world.database.db,
    sql`select t.tablename as name,
          (select string_agg(format('%I', c.column_name), ', ' order by c.ordinal_position)
           from information_schema.columns c
           where c.table_schema = 'public' and c.table_name = t.tablename and c.is_generated = 'NEVER') as columns
        from pg_tables t where t.schemaname = 'public' order by t.tablename`,
  );
}

/** Copies every row of the world into `schema`. */
async function saveWorld(world: World, schema: string): Promise<Snapshot> {
  const db = world.database.db;
  await settle(world);
  const tables = await appTables(world);
  await db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
  await db.execute(sql.raw(`create schema ${schema}`));
  for (const { name } of tables) {
    await db.execute(sql.raw(`create table ${schema}."${name}" as table public."${name}"`));
  }
  return { schema, tables };
}

/**
 * Puts the saved rows back, in one transaction with triggers and foreign-key checks off
 * (session_replication_role = replica): the rows are the same ones they checked when the world was built.
 * Sequences go on from where they are, so ids handed out by a test are never handed out again.
 */
async function restoreWorld(world: World, { schema, tables }: Snapshot): Promise<void> {
  await settle(world);
  const ctes = (verb: (table: Snapshot["tables"][number]) => string) =>
    `with ${tables.map((table, i) => `s${i} as (${verb(table)})`).join(", ")} select 1`;
  await world.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(ctes(({ name }) => `delete from public."${name}"`)));
    await tx.execute(
      sql.raw(
        ctes(
          ({ name, columns }) => `insert into public."${name}" (${columns}) select ${columns} from ${schema}."${name}"`,
        ),
      ),
    );
  });
  if (world.smtp) world.smtp.messages.length = 0;
}

/**
 * Waits until nothing the last test started still runs: work left in the background, and, when mail goes
 * out by SMTP, every message due in the outbox sent (so that none reaches the next test's mailbox).
 */
async function settle(world: World) {
  await world.app.background.idle();
  if (!world.app.config.smtpUrl) return;
  await vi.waitFor(async () => {
    const [due] = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from mail_outbox
          where status = 'sending' or (status = 'pending' and next_attempt_at <= now())`,
    );
    expect(due!.n, "messages still to send").toBe(0);
  }, 10_000);
}

/** The worlds saved by the enclosing suites, innermost last. */
const saved: Snapshot[] = [];

/**
 * Gives each test of the suite (the file, or the describe this is called in) the world `world()` holds
 * once the suite's beforeAll hooks registered before this call have run. In a describe inside a file
 * that already calls it, the describe's world is the file's plus what its own beforeAll added; once the
 * describe is done, the file's world comes back for the tests after it.
 */
export function freshWorldForEachTest(world: () => World) {
  let mine: Snapshot | undefined;
  beforeAll(async () => {
    mine = await saveWorld(world(), `world_snapshot_${saved.length}`);
    saved.push(mine);
  });
  afterEach(async () => {
    // Only the innermost suite's world is put back.
    if (mine && saved.at(-1) === mine) await restoreWorld(world(), mine);
  });
  afterAll(async () => {
    if (saved.at(-1) === mine) saved.pop();
    const outer = saved.at(-1);
    if (outer) await restoreWorld(world(), outer);
  });
}
