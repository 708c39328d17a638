import { Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTypedPrepared } from "../../db/rows.js";
import {
  activeProviderFigures,
  activeProviders,
  communityFiguresOver,
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
 * Fills a colegio's figures caches for `today`, as the first reads of the day would: every active
 * provider's figures and whether it has work left (the providers list, its 'Ver solo docs pendientes', the
 * dashboard) and every live community's figures with its providers' rows (the communities lists, the
 * providers of a community, the dashboard). The same statements the lists run (figures-cache.repository),
 * so what they store is what a read would have stored; a row already valid today is read, not computed.
 * Answers how many providers and communities it holds figures of.
 */
export async function warmColegioFigures(db: DbOrTx, colegioId: number, today: string) {
  const providers = await activeProviderFigures(db, colegioId, today);
  await queryTypedPrepared(
    db,
    sql`with ${pendingWorkCte(colegioId, activeProviders(colegioId), today)} select count(*) as n from pending_work`,
    { n: col.int },
  );
  const communities = await communityFiguresOver(
    db,
    sql`select f.id from communities f where f.colegio_id = ${colegioId} and f.erased = false`,
    today,
  );
  return { providers: providers.length, communities: communities.length };
}
