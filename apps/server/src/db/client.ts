import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
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

/**
 * Each server pool's companion for queryRowsPrepared: connections that always use a statement's generic
 * plan. PostgreSQL would otherwise go on planning a statement for its values at every run whenever the
 * generic plan's estimate looks dearer than the custom ones (measured: 1–4 ms of planning per statement,
 * more than the execution, on the compliance lists); the statements sent there are chosen because their
 * best plan does not depend on the values. Queries with a search pattern stay on the main pool, planned
 * for their values.
 */
const genericPlanPools = new WeakMap<pg.Pool, pg.Pool>();

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // JIT compiling costs more (77–167 ms measured) than the short list queries it would speed up.
  const pool = new pg.Pool({ connectionString: url, max, options: "-c jit=off" });
  const generic = new pg.Pool({
    connectionString: url,
    max,
    options: "-c jit=off -c plan_cache_mode=force_generic_plan",
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  generic.on("error", () => {});
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

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer with `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
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
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows(db, query);
  const client = genericPlanPools.get(pool) ?? pool;
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash("sha1").update(text).digest("base64url").slice(0, 27)}`;
    // The texts come from the code (a search pattern is never part of them), so the map stays small.
    statementNames.set(text, name);
  }
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
