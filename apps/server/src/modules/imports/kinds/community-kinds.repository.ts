import { Role } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { col, queryTyped } from "../../../db/rows.js";
import { intArray, textArray } from "../sql-values.sql.js";

/*
 * The SQL of the three community imports (communities, community-providers, pairs): every read takes the
 * whole file's (or batch's) keys at once (`= any(array)`), every write is one multi-row statement whose
 * rows come back by key, each column's values as one array parameter (sql-values.sql.ts). The rules are
 * the hand paths' (communities.repository `insertCommunity`, community-providers.repository
 * `findProvider`, `findLiveCommunityOfAdmin`, `linkProvider`).
 */

/** The live communities with these normalized tax ids, of whoever they are. */
export async function liveCommunitiesByCif(db: DbOrTx, cifNorms: readonly string[]) {
  if (cifNorms.length === 0) return [];
  return queryTyped(
    db,
    sql`select id, cif_norm, colegio_id, admin_company_id from communities
        where cif_norm = any(${textArray(cifNorms)}) and erased = false`,
    { id: col.int, cif_norm: col.text, colegio_id: col.int, admin_company_id: col.int },
  );
}

/**
 * New communities of the administrator in the colegio (the columns `createCommunity` writes without a
 * contact), one statement. A tax id that a live community holds by then (a run of the same file, a
 * simultaneous add by hand) is skipped, not an error: the caller reads who holds it. Answers the new
 * ones' ids by normalized tax id.
 */
export async function insertCommunities(
  tx: DbOrTx,
  owner: { colegioId: number; adminCompanyId: number },
  rows: readonly { name: string; cif: string; cifNorm: string }[],
) {
  if (rows.length === 0) return [];
  return queryTyped(
    tx,
    sql`insert into communities (colegio_id, admin_company_id, name, cif, cif_norm)
        select ${owner.colegioId}, ${owner.adminCompanyId}, x.name, x.cif, x.cif_norm
        from unnest(${textArray(rows.map((r) => r.name))}, ${textArray(rows.map((r) => r.cif))},
                    ${textArray(rows.map((r) => r.cifNorm))}) as x(name, cif, cif_norm)
        order by x.cif_norm
        on conflict (cif_norm) where erased = false do nothing
        returning id, cif_norm`,
    { id: col.int, cif_norm: col.text },
  );
}

/** The administrator's live communities in the colegio with these normalized tax ids (with their tax id). */
export async function adminCommunitiesByCif(
  db: DbOrTx,
  owner: { colegioId: number; adminCompanyId: number },
  cifNorms: readonly string[],
) {
  if (cifNorms.length === 0) return [];
  return queryTyped(
    db,
    sql`select id, cif_norm from communities
        where cif_norm = any(${textArray(cifNorms)}) and erased = false
          and admin_company_id = ${owner.adminCompanyId} and colegio_id = ${owner.colegioId}`,
    { id: col.int, cif_norm: col.text },
  );
}

/** Which of these communities are still live communities of the administrator in the colegio. */
export async function adminCommunitiesById(
  db: DbOrTx,
  owner: { colegioId: number; adminCompanyId: number },
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  const rows = await queryTyped(
    db,
    sql`select id from communities
        where id = any(${intArray(ids)}) and erased = false
          and admin_company_id = ${owner.adminCompanyId} and colegio_id = ${owner.colegioId}`,
    { id: col.int },
  );
  return rows.map((r) => r.id);
}

/** The community's tax id as written, and whether it is live. */
export async function communityCif(db: DbOrTx, id: number) {
  const [row] = await queryTyped(db, sql`select cif, erased from communities where id = ${id}`, {
    cif: col.text,
    erased: col.bool,
  });
  return row;
}

/** Provider companies (type gremio) picked by `where` (alias c), with their standing in the colegio. */
function providers(db: DbOrTx, colegioId: number, where: SQL) {
  return queryTyped(
    db,
    sql`select c.id, c.cif_norm, c.erased,
               exists (select 1 from colegio_members m where m.colegio_id = ${colegioId}
                       and m.company_id = c.id and m.erased = false) as member
        from companies c
        where c.type = ${Role.gremio} and ${where}`,
    { id: col.int, cif_norm: col.text, erased: col.bool, member: col.bool },
  );
}

/**
 * The providers with these normalized tax ids and whether each works in the colegio (an active
 * membership), as `findProvider` reads one.
 */
export function providersByCif(db: DbOrTx, colegioId: number, cifNorms: readonly string[]) {
  if (cifNorms.length === 0) return Promise.resolve([]);
  return providers(db, colegioId, sql`c.cif_norm = any(${textArray(cifNorms)})`);
}

/** The same, by id (re-read when importing). */
export function providersById(db: DbOrTx, colegioId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return providers(db, colegioId, sql`c.id = any(${intArray(ids)})`);
}

/**
 * Links providers to communities in one statement, as `linkProvider` links one: a removed link comes back
 * (keeping its id and date), a live one is left as it is, a community deleted meanwhile gets none. The
 * links' triggers (0007_compliance_cache.sql) raise the compliance versions exactly as for one link added
 * by hand. Answers the pairs linked now.
 */
export async function linkProviders(tx: DbOrTx, pairs: readonly { communityId: number; providerId: number }[]) {
  if (pairs.length === 0) return [];
  return queryTyped(
    tx,
    sql`insert into community_providers (community_id, provider_company_id)
        select x.community_id, x.provider_id
        from unnest(${intArray(pairs.map((p) => p.communityId))}, ${intArray(pairs.map((p) => p.providerId))})
               as x(community_id, provider_id)
        where exists (select 1 from communities f where f.id = x.community_id and f.erased = false)
        order by x.community_id, x.provider_id
        on conflict (community_id, provider_company_id) do update set erased = false
          where community_providers.erased = true
        returning community_id, provider_company_id`,
    { community_id: col.int, provider_company_id: col.int },
  );
}
