import { Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTypedPrepared } from "../../db/rows.js";
import { intArray } from "../../lib/sql-list.js";
import {
  activeProviders,
  communityFiguresOver,
  companyFiguresOver,
  pendingWorkCte,
} from "./figures-cache.repository.js";

/** The live colegios, by id. */
export async function liveColegioIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryTypedPrepared(
    db,
    sql`select c.id from companies c where c.type = ${Role.colegio} and c.erased = false order by c.id`,
    { id: col.int },
  );
  return rows.map((r) => r.id);
}

/**
 * What the warm-up fills for a colegio: its active providers (activeProviders: those whose figures the
 * providers list and the dashboard show) and its live communities, by id.
 */
export async function warmupTargets(db: DbOrTx, colegioId: number) {
  const [providers, communities] = await Promise.all([
    queryTypedPrepared(db, sql`select p.company_id as id from (${activeProviders(colegioId)}) p order by 1`, {
      id: col.int,
    }),
    queryTypedPrepared(
      db,
      sql`select f.id from communities f where f.colegio_id = ${colegioId} and f.erased = false order by f.id`,
      { id: col.int },
    ),
  ]);
  return { providers: providers.map((r) => r.id), communities: communities.map((r) => r.id) };
}

/**
 * Fills some providers' figures of `today` in a colegio and whether each has work left, as the providers
 * list, its 'Ver solo docs pendientes' and the dashboard store them (the same statements: a row already
 * valid is read, not computed).
 */
export async function warmProviders(db: DbOrTx, colegioId: number, ids: readonly number[], today: string) {
  await companyFiguresOver(db, colegioId, sql`select unnest(${intArray(ids)})`, today);
  await queryTypedPrepared(
    db,
    sql`with ${pendingWorkCte(colegioId, sql`select unnest(${intArray(ids)})`, today)}
        select count(*) as n from pending_work`,
    { n: col.int },
  );
}

/** Fills some communities' figures of `today` and their providers' rows, as the communities lists do. */
export async function warmCommunities(db: DbOrTx, ids: readonly number[], today: string) {
  await communityFiguresOver(db, sql`select unnest(${intArray(ids)})`, today);
}

/** The figures caches, which the warm-up fills: their statistics after it (analyzeFigureCaches). */
export const FIGURE_CACHES = [
  "company_figures_cache",
  "pending_work_cache",
  "provider_figures_cache",
  "community_figures_cache",
] as const;

/**
 * Refreshes the planner's statistics of the caches the warm-up has just filled. Autovacuum may be off (it
 * is on this project's machines) or late: a cache analyzed while empty makes the planner sort every
 * provider's row where it should walk an index and stop after the page (measured: the providers summary
 * by communities 130 req/s before, 461 after, on the bench colegio).
 */
export async function analyzeFigureCaches(db: DbOrTx) {
  await db.execute(sql.raw(`analyze ${FIGURE_CACHES.join(", ")}`));
}
