import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { fillPlaceholders, is, Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { isConnectionFailure } from "../lib/db-errors.js";
import * as schema from "./schema/index.js";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened with `db.transaction`. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What every repository function takes: the database, or a transaction on it. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: DbOrTx;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = new URL("../../drizzle", import.meta.url).pathname;

/** PGlite in `dataDir` (or in memory when undefined). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

type Rows = pg.QueryResult;
type QueryCallback = (err: Error | undefined, result: Rows) => void;
type QueryConfig = string | { text: string; submit?: unknown };
/** pg-pool's `query` as it behaves: a text or a config object, optional values, a callback. */
const poolQuery = pg.Pool.prototype.query as unknown as (
  this: pg.Pool,
  config: QueryConfig,
  values: unknown,
  callback: QueryCallback,
) => void;
const ignore = () => {};

/**
 * Whether a statement, sent again on another connection after its connection died, can change nothing:
 * a plain read. It starts with `select` or `with` and names nothing that writes or takes a lock — no
 * insert/update/delete/merge (a data-modifying CTE, `on conflict do update`), no `for update/share`, no
 * `select … into`, no sequence, advisory-lock or other side-effect function, no *_bump function (the
 * compliance versions). Conservative: a read that merely mentions such a word is not retried (it answers
 * 503 instead), and parameters are never part of the text. Asked only after a connection failure.
 */
const READ_START = /^\s*\(*\s*(?:select|with)\b/i;
const WRITES =
  /\b(?:insert|update|delete|merge|truncate|into|copy|for\s+(?:key\s+)?share|nextval|setval|currval|lastval|pg_(?:try_)?advisory\w*|pg_notify|set_config|pg_terminate_backend|pg_cancel_backend|lo_\w+|dblink\w*|\w+_bump)\b/i;
export function isReadOnlyStatement(text: string): boolean {
  return READ_START.test(text) && !WRITES.test(text);
}

/**
 * A node-postgres pool that survives connections cut under it (a PostgreSQL restart or failover,
 * pg_terminate_backend, the network):
 * - `query` (every statement outside a transaction: Drizzle's queries and prepared statements, db.execute)
 *   runs a statement that `retrySafe` accepts once more, on another connection of the pool, when its
 *   connection failed (isConnectionFailure); anything else, and a retry that fails too, rejects with the
 *   connection error, which the error handler answers 503. Nothing is classified, copied or allocated
 *   beyond what pg-pool's own promise costs unless the statement failed: a success takes one promise
 *   and two closures where pg-pool's promise form took more.
 * - A client checked out for a transaction (`connect`, Drizzle's db.transaction) is never retried
 *   statement by statement. When its connection dies while checked out, the socket error is swallowed
 *   (node-postgres would otherwise emit an unhandled 'error' and end the process) and the client goes
 *   back to the pool as broken, so its slot is freed even when the holder never releases it (Drizzle
 *   does not when its `begin` fails); the holder's own release afterwards does nothing. Its next
 *   statement fails with a connection error.
 * `retried` and `recovered` count the retries and those that succeeded (for operators and tests).
 */
export class RetryingPool extends pg.Pool {
  retried = 0;
  recovered = 0;
  private readonly retrySafe: (text: string) => boolean;

  constructor(config: pg.PoolConfig, retrySafe: (text: string) => boolean) {
    super(config);
    this.retrySafe = retrySafe;
    // An idle client that loses its connection: the pool drops it; this keeps the process alive.
    this.on("error", ignore);
    this.on("connect", (client) => {
      client.on("error", ignore);
      client.once("end", () => releaseBroken(client));
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool#query's overloads, passed through unchanged
  override query(config: any, values?: any, callback?: any): any {
    if (callback !== undefined || typeof values === "function" || typeof config?.submit === "function") {
      return super.query(config, values, callback);
    }
    return new Promise<Rows>((resolve, reject) => {
      poolQuery.call(this, config, values, (err, result) => {
        if (err) this.retryOrReject(err, config, values, resolve, reject);
        else resolve(result);
      });
    });
  }

  private retryOrReject(
    err: Error,
    config: QueryConfig,
    values: unknown,
    resolve: (rows: Rows) => void,
    reject: (err: Error) => void,
  ) {
    const text = typeof config === "string" ? config : config.text;
    if (!isConnectionFailure(err) || typeof text !== "string" || !this.retrySafe(text)) return reject(err);
    this.retried++;
    // The failed client has left the pool (pg-pool drops a client released with an error). Retrying after
    // the I/O already received lets the pool also drop the idle connections cut at the same moment.
    setImmediate(() => {
      const again: QueryCallback = (second, result) => {
        if (second) return reject(second);
        this.recovered++;
        resolve(result);
      };
      poolQuery.call(this, config, values, again);
    });
  }
}

/**
 * A client whose connection ended, given back to the pool as broken if it is still checked out (pg-pool
 * then removes it and frees its slot), with `release` made harmless for the holder that calls it later.
 * When the client was not checked out, its `release` is the one of its last checkout, already called,
 * and pg-pool refuses a second call: the pool has let the client go already.
 */
function releaseBroken(client: pg.PoolClient) {
  const release = client.release;
  if (typeof release !== "function") return;
  client.release = ignore;
  try {
    release(new Error("Connection terminated"));
  } catch {
    /* already released */
  }
}

/**
 * Each server pool's companion for queryRowsPrepared: connections that always use a statement's generic
 * plan. PostgreSQL would otherwise go on planning a statement for its values at every run whenever the
 * generic plan's estimate looks dearer than the custom ones (measured: 1–4 ms of planning per statement,
 * more than the execution, on the compliance lists); the statements sent there are chosen because their
 * best plan does not depend on the values. Queries with a search pattern stay on the main pool, planned
 * for their values.
 */
const genericPlanPools = new WeakMap<pg.Pool, RetryingPool>();

/**
 * PostgreSQL through node-postgres: a pool of `max` connections for every query, retrying a plain read
 * once when its connection is cut (RetryingPool, isReadOnlyStatement), and its generic-plan companion for
 * queryRowsPrepared, whose every statement may be retried (see there).
 */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  // JIT compiling costs more (77–167 ms measured) than the short list queries it would speed up.
  const pool = new RetryingPool({ connectionString: url, max, options: "-c jit=off" }, isReadOnlyStatement);
  const generic = new RetryingPool(
    { connectionString: url, max, options: "-c jit=off -c plan_cache_mode=force_generic_plan" },
    () => true,
  );
  genericPlanPools.set(pool, generic);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder }),
    close: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
}

/**
 * The reads retried after a connection failure on a PostgreSQL database (both pools), and how many of
 * them then succeeded; zeros on PGlite, which has no connections.
 */
export function connectionRetries(db: DbOrTx): { retried: number; recovered: number } {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof RetryingPool)) return { retried: 0, recovered: 0 };
  const generic = genericPlanPools.get(pool);
  return {
    retried: pool.retried + (generic?.retried ?? 0),
    recovered: pool.recovered + (generic?.recovered ?? 0),
  };
}

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer with `{rows}`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Statement name of each prepared text, hashed once per process instead of on every request. */
const statementNames = new Map<string, string>();

/**
 * queryRows for a hot read whose best plan does not depend on its parameters' values (a list page
 * without a search pattern): on a PostgreSQL server it runs as a named prepared statement on the
 * generic-plan pool, planned once per connection instead of on every request. Inside a transaction, and
 * on PGlite, it is queryRows.
 *
 * On the generic-plan pool, a statement whose connection is cut is run once more on another connection,
 * whatever it says: only statements that may run twice belong there. Today they are list reads and the
 * compliance caches' read-compute-store statements (figures-cache.repository.ts), whose only write is an
 * upsert of values computed from the versions read in the same snapshot, keyed by (colegio or community,
 * company, day, version): run again, it stores the same row or one of a newer version, and a row of an
 * older version is never used.
 *
 * A `write` (the calendar's insert) runs as a named statement on the main pool instead: planned as
 * PostgreSQL chooses, once it has seen it run, and never run again after a cut (it is no plain read:
 * isReadOnlyStatement).
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL, options: { write?: boolean } = {}): Promise<T[]> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows(db, query);
  const client = options.write ? pool : (genericPlanPools.get(pool) ?? pool);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name: statementName(text), text, values: params as unknown[] });
  return result.rows as T[];
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash("sha1").update(text).digest("base64url").slice(0, 27)}`;
    // The texts come from the code (a search pattern is never part of them), so the map stays small.
    statementNames.set(text, name);
  }
  return name;
}

/** A statement's values by name, and what its SQL is built with: a placeholder of each, or the value itself. */
export type StatementValues = Record<string, unknown>;
export type Slots<V extends StatementValues> = { readonly [K in keyof V]: SQLWrapper };
/** A value SQL is built with, or the slot (queryRowsBuiltOnce) it is filled from at each run. */
export type Slotted<T> = T | SQLWrapper;

function slotsOf<V extends StatementValues>(values: V, slot: (name: string) => SQLWrapper): Slots<V> {
  return Object.fromEntries(Object.keys(values).map((name) => [name, slot(name)])) as { [K in keyof V]: SQLWrapper };
}

/**
 * Slots that hold their values: a queryRowsBuiltOnce build made for one run of queryRows, planned for its
 * values (a search pattern, whose best plan depends on it).
 */
export function slotsHolding<V extends StatementValues>(values: V): Slots<V> {
  return slotsOf(values, (name) => sql`${values[name]}`);
}

interface Built {
  text: string;
  params: unknown[];
}
/** The SQL of each queryRowsBuiltOnce key, with its placeholders. */
const builtStatements = new Map<string, Built>();
/** Under the test runner every run builds its statement again and compares it with the kept one. */
const checkBuiltStatements = process.env.VITEST !== undefined;

/** A build as the check compares it: its text, and its parameters with each placeholder by its name. */
const shapeOf = ({ text, params }: Built) =>
  JSON.stringify([text, params.map((p) => (is(p, Placeholder) ? { slot: p.name } : p))]);

/**
 * The statement of `key`, built the first time. Under the test runner it is built again on every run, on
 * PGlite too, and must come out the same, text and parameters: a key that misses a choice of its build gives
 * two texts, and a value the build took from outside its slots gives two parameters (in production the first
 * caller's value would be sent to everyone).
 */
function builtOnce<V extends StatementValues>(key: string, values: V, build: (slots: Slots<V>) => SQL): Built {
  const kept = builtStatements.get(key);
  if (kept !== undefined && !checkBuiltStatements) return kept;
  const { sql: text, params } = dialect.sqlToQuery(build(slotsOf(values, sql.placeholder)));
  const fresh = { text, params };
  if (kept === undefined) {
    builtStatements.set(key, fresh);
    return fresh;
  }
  if (shapeOf(kept) !== shapeOf(fresh)) {
    throw new Error(
      `the statement '${key}' was built two ways: its key misses a choice of its build, or the build took a value that is not one of its slots`,
    );
  }
  return kept;
}

/**
 * queryRowsPrepared for a hot statement whose SQL would otherwise be built anew by Drizzle on every request
 * (measured on the calendar's month: a sixth of the server's CPU per request): `build` makes it from `slots`,
 * one SQL value per name of `values`, and must take every value that changes from them. On a PostgreSQL
 * server it is built once per `key`, with placeholders, and each run fills them from `values`; in a
 * transaction and on PGlite it is built with the values, as queryRowsPrepared does.
 *
 * `key` names the statement (its module first) and every choice `build` makes in code (a side, a null), so
 * it must be the same exactly when the text is (checked under the test runner: builtOnce).
 */
export async function queryRowsBuiltOnce<T, V extends StatementValues>(
  db: DbOrTx,
  key: string,
  values: V,
  build: (slots: Slots<V>) => SQL,
  options: { write?: boolean } = {},
): Promise<T[]> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    if (checkBuiltStatements) builtOnce(key, values, build);
    return queryRows(db, build(slotsHolding(values)));
  }
  const client = options.write ? pool : (genericPlanPools.get(pool) ?? pool);
  const built = builtOnce(key, values, build);
  const result = await client.query({
    name: statementName(built.text),
    text: built.text,
    values: fillPlaceholders(built.params, values),
  });
  return result.rows as T[];
}
