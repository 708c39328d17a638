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
