import { type COMMUNITY_PORTER_SORTABLE, type PorterRow, Role, todayInSpain } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { porterInCommunityFigures } from "../compliance/compliance.sql.js";

/*
 * The porters of a community (community_porters, by user): a live porter has its link and its user not
 * erased, as the compliance engine counts them (porter-figures.sql.ts). A porter's figures belong to its
 * company (users.company_id), which owns its documents and read marks.
 */

const PORTER_ROW = {
  id: col.int,
  email: col.text,
  company_id: col.int,
  name: col.text,
  created: col.iso,
  upload_must: col.int,
  uploaded_count: col.int,
  read_must: col.int,
  read_count: col.int,
};
const porterRow: (raw: Record<string, unknown>) => PorterRow = rowReader(PORTER_ROW);

const PORTER_COLUMNS = sql`pu.id, pu.email, pco.id as company_id, pco.name, pl.created_at as created`;
const LIVE_PORTERS = sql`community_porters pl join users pu on pu.id = pl.porter_user_id
  join companies pco on pco.id = pu.company_id`;
const liveIn = (communityId: number) =>
  sql`pl.community_id = ${communityId} and pl.erased = false and pu.erased = false`;

/** One page of the live porters of a community, each with its figures there, and the total. */
export function pageCommunityPorters(
  db: DbOrTx,
  communityId: number,
  q: SortedPage<(typeof COMMUNITY_PORTER_SORTABLE)[number]>,
) {
  const orderBy = sortSql(
    { email: "pu.email", name: "lower(pco.name)", created: "pl.created_at" },
    q.sortBy ?? "email",
    q.sortDesc ?? "ASC",
    "pu.id",
  );
  const like = containsPattern(q.filter);
  return fetchPage(
    db,
    q,
    {
      select: PORTER_COLUMNS,
      from: LIVE_PORTERS,
      where: sql`${liveIn(communityId)} ${q.filter ? sql`and (pu.email ilike ${like} or pco.name ilike ${like})` : sql``}`,
      orderBy,
      late: porterInCommunityFigures(sql`${communityId}`, sql`page.company_id`, todayInSpain()),
    },
    porterRow,
  );
}

/** Every live porter of a community with its figures there (or only `porterUserId`), by e-mail. */
export function communityPorters(db: DbOrTx, communityId: number, porterUserId?: number): Promise<PorterRow[]> {
  return queryTyped(
    db,
    sql`select ${PORTER_COLUMNS}, d.* from ${LIVE_PORTERS}
        cross join lateral ${porterInCommunityFigures(sql`pl.community_id`, sql`pu.company_id`, todayInSpain())} d
        where ${liveIn(communityId)} ${porterUserId === undefined ? sql`` : sql`and pu.id = ${porterUserId}`}
        order by pu.email, pu.id`,
    PORTER_ROW,
  );
}

/**
 * The user a porter form names, by e-mail or by id: whether it is active (neither the user nor its
 * company deactivated) and a porter (role portero). By id only among the porters that are or were linked
 * to a community (deleted or not) of the administrator company `knownTo`: ids are not walked across the
 * platform.
 */
export async function findPorterCandidate(db: DbOrTx, by: { email: string } | { id: number; knownTo: number }) {
  const which =
    "email" in by
      ? sql`pu.email = ${by.email}`
      : sql`pu.id = ${by.id} and exists (select 1 from community_porters kl join communities kf on kf.id = kl.community_id
                                         where kl.porter_user_id = pu.id and kf.admin_company_id = ${by.knownTo})`;
  const [row] = await queryTyped(
    db,
    sql`select pu.id, (pu.user_role = ${Role.portero}) as porter, (pu.erased = false and c.erased = false) as active
        from users pu join companies c on c.id = pu.company_id
        where ${which}`,
    { id: col.int, porter: col.bool, active: col.bool },
  );
  return row;
}

/** Whether the user is a live porter of the community (its link not erased). */
export async function isLinkedPorter(db: DbOrTx, communityId: number, porterUserId: number) {
  const rows = await queryTyped(
    db,
    sql`select 1 as one from community_porters
        where community_id = ${communityId} and porter_user_id = ${porterUserId} and erased = false`,
    { one: col.int },
  );
  return rows.length > 0;
}

/**
 * Makes the user a porter of the live community, or brings back a removed link (as joining again: its
 * date is today's): "added"; "already" when it already is one, "gone" when the community was deleted
 * meanwhile. The primary key settles two requests at once.
 */
export async function includePorter(
  db: DbOrTx,
  communityId: number,
  porterUserId: number,
): Promise<"added" | "already" | "gone"> {
  const [row] = await queryTyped(
    db,
    sql`with live as (select id from communities where id = ${communityId} and erased = false),
        added as (
          insert into community_porters (community_id, porter_user_id)
          select id, ${porterUserId} from live
          on conflict (community_id, porter_user_id) do update set erased = false, created_at = now()
            where community_porters.erased = true
          returning porter_user_id)
        select exists (select 1 from live) as live, exists (select 1 from added) as added`,
    { live: col.bool, added: col.bool },
  );
  if (row?.added) return "added";
  return row?.live ? "already" : "gone";
}

/** The features configured for each of the companies (null: none configured), as sessions read them. */
export async function configuredFeatures(db: DbOrTx, companyIds: number[]): Promise<(string[] | null)[]> {
  const rows = await queryTyped(
    db,
    sql`select features from companies where id = any(${`{${companyIds.join(",")}}`}::int[])`,
    { features: col.as<string[] | null>() },
  );
  return rows.map((r) => r.features);
}

/** Removes the porter from the community (its documents and read marks stay); false when it was not there. */
export async function dropPorter(db: DbOrTx, communityId: number, porterUserId: number) {
  const rows = await queryTyped(
    db,
    sql`update community_porters set erased = true
        where community_id = ${communityId} and porter_user_id = ${porterUserId} and erased = false
        returning porter_user_id`,
    { porter_user_id: col.int },
  );
  return rows.length > 0;
}

const ownCommunityRow = rowReader({
  id: col.int,
  name: col.text,
  cif: col.text,
  admin: col.text,
  colegio_id: col.int,
  upload_must: col.int,
  uploaded_count: col.int,
  read_must: col.int,
  read_count: col.int,
});

/** The porter's live communities in every colegio, each with the porter's figures there, and the total. */
export function pageOwnCommunities(
  db: DbOrTx,
  porter: { userId: number; companyId: number },
  q: SortedPage<"name" | "admin">,
) {
  const orderBy = sortSql(
    { name: "lower(f.name)", admin: "lower(a.name)" },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "f.id",
  );
  const like = containsPattern(q.filter);
  const search: SQL = q.filter ? sql`and (f.name ilike ${like} or f.cif ilike ${like} or a.name ilike ${like})` : sql``;
  return fetchPage(
    db,
    q,
    {
      select: sql`f.id, f.name, f.cif, a.name as admin, f.colegio_id`,
      from: sql`community_porters pl join communities f on f.id = pl.community_id
                join companies a on a.id = f.admin_company_id`,
      where: sql`pl.porter_user_id = ${porter.userId} and pl.erased = false and f.erased = false ${search}`,
      orderBy,
      late: porterInCommunityFigures(sql`page.id`, sql`${porter.companyId}`, todayInSpain()),
    },
    ownCommunityRow,
  );
}
