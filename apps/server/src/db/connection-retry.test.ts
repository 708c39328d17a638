import { once } from "node:events";
import { DrizzleQueryError, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, onPostgres } from "../../test/helpers.js";
import { isConnectionFailure } from "../lib/db-errors.js";
import {
  connectionRetries,
  type Database,
  isReadOnlyStatement,
  openPostgres,
  queryRows,
  queryRowsPrepared,
  RetryingPool,
} from "./client.js";

/*
 * A PostgreSQL connection can be cut under a query (a restart, a failover, pg_terminate_backend, the
 * network). A plain read is then run once more on another connection, unseen by the caller; a write, a
 * statement inside a transaction, and a read whose retry fails too reject with the connection error, which
 * the error handler answers 503 (plugins/database-errors.test.ts).
 */

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code, severity: "FATAL" });
const wrapped = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

describe("connection failures", () => {
  const failures: [string, unknown][] = [
    ["a connection ended under a query", new Error("Connection terminated unexpectedly")],
    ["a connection ended by the client", new Error("Connection terminated")],
    ["a connect timeout", new Error("Connection terminated due to connection timeout")],
    ["a client already broken", new Error("Client has encountered a connection error and is not queryable")],
    ["a client already closed", new Error("Client was closed and is not queryable")],
    ["a pool that is shutting down", new Error("Cannot use a pool after calling end on the pool")],
    ["a pool checkout timeout", new Error("timeout exceeded when trying to connect")],
    ...["ECONNRESET", "EPIPE", "ECONNREFUSED", "ETIMEDOUT", "ENOTFOUND"].map((code): [string, unknown] => [
      code,
      Object.assign(new Error(`read ${code}`), { code }),
    ]),
    ["57P01 admin shutdown (pg_terminate_backend)", pgError("57P01")],
    ["57P02 crash shutdown", pgError("57P02")],
    ["57P03 cannot connect now", pgError("57P03")],
    ["08006 connection failure", pgError("08006")],
    ["08001 unable to connect", pgError("08001")],
    ["53300 too many connections", pgError("53300")],
    ["one behind Drizzle's wrapper", wrapped(new Error("Connection terminated unexpectedly"))],
    ["a SQLSTATE behind Drizzle's wrapper", wrapped(pgError("57P01"))],
    [
      "an AggregateError of one refusal per address",
      new AggregateError([Object.assign(new Error("connect"), { code: "ECONNREFUSED" })]),
    ],
  ];
  it.each(failures)("%s is one", (_name, err) => {
    expect(isConnectionFailure(err)).toBe(true);
  });

  const others: [string, unknown][] = [
    ["a unique violation", wrapped(pgError("23505"))],
    ["a data exception", wrapped(pgError("22P02"))],
    ["a cancelled statement (the connection lives on)", wrapped(pgError("57014"))],
    ["a serialization failure", wrapped(pgError("40001"))],
    ["a syntax error", wrapped(pgError("42601"))],
    ["an application error", new Error("detalle interno")],
    ["a message that merely mentions a connection", new Error("the Connection terminated unexpectedly")],
    ["nothing", undefined],
  ];
  it.each(others)("%s is not one", (_name, err) => {
    expect(isConnectionFailure(err)).toBe(false);
  });
});

describe("read-only statements (retried once after a connection failure)", () => {
  it.each([
    'select "id", "user_id" from "sessions" where "sessions"."token_hash" = $1 limit $2',
    "  select count(*) from companies",
    "(select 1) union all (select 2)",
    'with "x" as (select 1 as n) select n from "x"',
    'SELECT "updated_at", "created_at" FROM "assigned_settings"',
    "select exists (select 1 from read_marks where document_id = $1)",
  ])("%s", (text) => {
    expect(isReadOnlyStatement(text)).toBe(true);
  });

  it.each([
    'insert into "sessions" ("user_id") values ($1)',
    'update "assigned_settings" set "value" = $1',
    "delete from link_tokens where id = $1",
    "select id from companies where id = $1 for update",
    "select id from companies where id = $1 for no key update",
    "select id from companies where id = $1 for share",
    "select id from companies where id = $1 for key share",
    "with fresh as (insert into cache values (1) on conflict (k) do update set v = excluded.v returning v) select v from fresh",
    "with gone as (delete from t returning id) select count(*) from gone",
    "select * into copy_of_t from t",
    "select nextval('companies_id_seq')",
    "select setval('companies_id_seq', 5)",
    "select pg_advisory_xact_lock($1)",
    "select pg_try_advisory_lock($1)",
    "select compliance_bump(array[1])",
    "select pg_notify('c', 'x')",
    "set local statement_timeout = 0",
    "begin",
    "merge into t using s on t.id = s.id when matched then delete",
    "-- a comment first\nselect 1",
  ])("%s is not one", (text) => {
    expect(isReadOnlyStatement(text)).toBe(false);
  });
});

describe("a database that cannot be reached", () => {
  it("fails a read after one retry, with a connection error", async () => {
    // Port 1 on the loopback refuses at once: no PostgreSQL server is needed.
    const unreachable = await openPostgres("postgresql://postgres@127.0.0.1:1/none", 1);
    try {
      const error = await queryRows(unreachable.db, sql`select 1`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isConnectionFailure(error)).toBe(true);
      expect(connectionRetries(unreachable.db)).toEqual({ retried: 1, recovered: 0 });
      const write = await queryRows(unreachable.db, sql`insert into t values (1)`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isConnectionFailure(write)).toBe(true);
      expect(connectionRetries(unreachable.db)).toEqual({ retried: 1, recovered: 0 });
    } finally {
      await unreachable.close();
    }
  });
});

describe.runIf(onPostgres)("statements whose connection is cut (PostgreSQL)", () => {
  let database: Database;
  let url: string;
  /** the database under test, opened again with a pool of 2 (and its own counters) */
  let cut: Database;
  let admin: pg.Client;
  let holder: pg.Client | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const target = new URL(process.env.DATABASE_URL!);
    target.pathname = `/${row!.name}`;
    url = target.toString();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("create table probe (n int); insert into probe values (1)");
    await admin.query("create table probe_cache (k int primary key, v int)");
    cut = await openPostgres(url, 2);
  });
  afterEach(async () => {
    await holder?.end();
    holder = undefined;
  });
  afterAll(async () => {
    await cut?.close();
    await admin?.end();
    await database?.close();
  });

  /** Another session holds an exclusive lock on `table`: every statement on it waits, in flight. */
  async function lock(table: string) {
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query(`begin; lock table ${table} in access exclusive mode`);
    return async () => {
      await holder!.query("commit");
    };
  }

  /** The backend of a statement waiting for that lock (other than those in `seen`), once it waits. */
  function waiter(seen: number[] = []): Promise<number> {
    return vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and not (pid = any($1::int[]))`,
          [seen],
        );
        if (!rows[0]) throw new Error("no statement waits for the lock");
        return rows[0].pid;
      },
      { timeout: 20_000, interval: 10 },
    );
  }

  const terminate = (pid: number) => admin.query("select pg_terminate_backend($1)", [pid]);

  it("runs a read again on another connection, and the caller gets its rows", async () => {
    const before = connectionRetries(cut.db);
    const release = await lock("probe");
    const read = queryRows<{ pid: number; n: number }>(cut.db, sql`select pg_backend_pid() as pid, n from probe`);
    const first = await waiter();
    await terminate(first);
    // The retry waits for the same lock, on another backend.
    const second = await waiter([first]);
    await release();
    expect(await read).toEqual([{ pid: second, n: 1 }]);
    expect(second).not.toBe(first);
    expect(connectionRetries(cut.db)).toEqual({ retried: before.retried + 1, recovered: before.recovered + 1 });
  });

  it("runs a hot list read with its cache upsert again (queryRowsPrepared): it may run twice", async () => {
    const before = connectionRetries(cut.db);
    const release = await lock("probe_cache");
    const read = queryRowsPrepared<{ v: number }>(
      cut.db,
      sql`with fresh as (insert into probe_cache values (1, ${42}::int)
                         on conflict (k) do update set v = excluded.v returning v)
          select v from fresh`,
    );
    await terminate(await waiter());
    await release();
    expect(await read).toEqual([{ v: 42 }]);
    expect((await admin.query("select k, v from probe_cache")).rows).toEqual([{ k: 1, v: 42 }]);
    expect(connectionRetries(cut.db)).toEqual({ retried: before.retried + 1, recovered: before.recovered + 1 });
  });

  it("never runs a write again: it fails with the connection error, and did not happen", async () => {
    const before = connectionRetries(cut.db);
    const release = await lock("probe");
    const write = queryRows(cut.db, sql`update probe set n = n + 1 returning n`).then(
      () => undefined,
      (e: unknown) => e,
    );
    await terminate(await waiter());
    const error = await write;
    await release();
    expect(isConnectionFailure(error)).toBe(true);
    expect((await admin.query("select n from probe")).rows).toEqual([{ n: 1 }]);
    expect(connectionRetries(cut.db)).toEqual(before);
  });

  it("never runs a statement of a transaction again, nor lets its dead connection end the process", async () => {
    const before = connectionRetries(cut.db);
    const pool = (cut.db as unknown as { $client: RetryingPool }).$client;
    const outcome = await cut.db
      .transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // Cut while the transaction's connection is idle: node-postgres emits 'error' on the checked-out
        // client, which nobody listens to but the pool's own listener.
        const removed = once(pool, "remove");
        await terminate(row!.pid);
        await removed;
        await queryRows(tx, sql`select 1`);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isConnectionFailure(outcome)).toBe(true);
    expect(connectionRetries(cut.db)).toEqual(before);
    // The pool has its 2 slots: two statements at once on fresh connections.
    const pids = await Promise.all(
      [1, 2].map(() => queryRows<{ pid: number }>(cut.db, sql`select pg_backend_pid() as pid`)),
    );
    expect(pids).toHaveLength(2);
  });

  it("frees the slot of a checked-out client whose connection died, even when it is never released", async () => {
    const pool = new RetryingPool({ connectionString: url, max: 1 }, isReadOnlyStatement);
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      // (events.once would reject on the 'error' the client emits first)
      const ended = new Promise((resolve) => client.once("end", resolve));
      await terminate(rows[0]!.pid);
      await ended;
      expect(pool.totalCount).toBe(0);
      // Its only slot serves the next statement (a leaked slot would leave it waiting for ever)...
      const { rows: next } = (await pool.query("select pg_backend_pid() as pid")) as pg.QueryResult<{ pid: number }>;
      expect(next[0]!.pid).not.toBe(rows[0]!.pid);
      // ...and the holder's late release changes nothing.
      expect(() => client.release()).not.toThrow();
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
