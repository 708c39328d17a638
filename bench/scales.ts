import { todayInSpain } from "@coordina/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openPostgres, queryRows } from "../apps/server/src/db/client.js";
import { seedDemo } from "../apps/server/src/db/seed/demo.js";
import {
  communityFiguresOver,
  companyFiguresOf,
  providerFiguresOf,
} from "../apps/server/src/modules/compliance/figures-cache.repository.js";
import {
  warmCommunities,
  warmProviders,
  warmupTargets,
} from "../apps/server/src/modules/compliance/figures-warmup.repository.js";
import { generate } from "./generate.js";

/**
 * Issue 24, item 3: the caches' read-compute-store statements at 1/10, 1/3 and the full bench colegio, with
 * the statistics the load left (the caches analyzed while empty, as after a restore or a new colegio) and
 * after a fresh ANALYZE, autovacuum as the server has it. Each world is generated in a database of its own,
 * its caches filled as the warm-up fills them but without its ANALYZE; then each statement is timed as a
 * list's request sends it (prepared, generic plan), one after another on one connection: a page of providers'
 * figures (10), one community's providers' rows, and an administrator's 20 communities' sums. A hit must
 * never compute: every p99 is expected well under STATEMENT_P99_MS.
 */
/** The fractions of the bench colegio measured (BENCH_SCALES, e.g. "10,3,1"). */
const SCALES = (process.env.BENCH_SCALES ?? "10,3,1").split(",").map(Number);
const RUNS = 200;
const STATEMENT_P99_MS = 5;

export async function measureScales(serverUrl: string): Promise<{ what: string; value: string }[]> {
  const rows: { what: string; value: string }[] = [];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const autovacuum = (await admin.query<{ autovacuum: string }>("show autovacuum")).rows[0]?.autovacuum;
    for (const share of SCALES) {
      const name = `coordina_bench_scale_${share}_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openPostgres(url.toString(), 1);
      try {
        await database.migrate();
        await seedDemo(database.db);
        const providers = Math.round(5000 / share);
        await generate(database.db, providers, Math.round(1000 / share));
        const sample = await fill(database);
        const timed = (label: string) => timeStatements(database, sample, label);
        const before = await timed("sin ANALYZE tras llenar las cachés");
        await database.db.execute(sql`analyze`);
        const after = await timed("con ANALYZE");
        rows.push({
          what: `cachés a escala 1/${share} (${providers.toLocaleString("es-ES")} proveedores; autovacuum ${autovacuum}): p50/p99 en ms, ${RUNS} veces cada una`,
          value: `${before}; ${after}`,
        });
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
  return rows;
}

interface Sample {
  colegioId: number;
  today: string;
  providers: number[];
  community: number;
  communities: number[];
}

/** The caches of the bench colegio filled as the warm-up fills them (without its ANALYZE); what to time. */
async function fill(database: Database): Promise<Sample> {
  const today = todayInSpain();
  const [colegio] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from companies where type = 10 order by id limit 1`,
  );
  const colegioId = Number(colegio!.id);
  const { providers, communities } = await warmupTargets(database.db, colegioId);
  for (let i = 0; i < providers.length; i += 200)
    await warmProviders(database.db, colegioId, providers.slice(i, i + 200), today);
  for (let i = 0; i < communities.length; i += 200)
    await warmCommunities(database.db, communities.slice(i, i + 200), today);
  const administered = await queryRows<{ id: number }>(
    database.db,
    sql`select f.id from communities f join users u on u.company_id = f.admin_company_id
        where u.email = 'administrador@bench.test' and not f.erased order by f.id`,
  );
  const ids = administered.map((r) => Number(r.id));
  return { colegioId, today, providers: providers.slice(0, 10), community: ids[0]!, communities: ids };
}

async function timeStatements(database: Database, s: Sample, label: string): Promise<string> {
  const statements: [string, () => Promise<unknown>][] = [
    ["10 proveedores", () => companyFiguresOf(database.db, s.colegioId, s.providers, s.today)],
    ["una comunidad", () => providerFiguresOf(database.db, [s.community], s.today)],
    [
      `${s.communities.length} comunidades`,
      () => communityFiguresOver(database.db, sql`select unnest(${`{${s.communities.join(",")}}`}::int[])`, s.today),
    ],
  ];
  const parts: string[] = [];
  let met = true;
  for (const [what, run] of statements) {
    // Planned on its first run (the server's connections keep the plan): not timed.
    await run();
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    const p99 = ms[Math.floor(0.99 * (ms.length - 1))]!;
    met &&= p99 < STATEMENT_P99_MS;
    parts.push(`${what} ${ms[Math.floor(ms.length / 2)]!.toFixed(2)}/${p99.toFixed(2)}`);
  }
  return `${label}: ${parts.join(", ")} ${met ? "✓" : "✗"}`;
}
