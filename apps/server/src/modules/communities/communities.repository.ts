import {
  type CommunityFigures,
  type CommunityRow,
  type CommunitySortKey,
  type ProviderCommunityRow,
  type ProviderCommunitySortKey,
  todayInSpain,
} from "@coordina/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  type DbOrTx,
  queryRows,
  queryRowsBuiltOnce,
  type Slots,
  type Slotted,
  type StatementValues,
  slotsHolding,
} from "../../db/client.js";
import { col, queryTyped, queryTypedPrepared, rowReader } from "../../db/rows.js";
import { communities } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { sqlList } from "../../lib/sql-list.js";
import { communityFiguresCte, communityFiguresOf } from "../compliance/figures-cache.repository.js";
import { destIncludes, originIncludes } from "../documents/definitions.repository.js";
import { type Reader, type Uploaders, unreadRequiredIn } from "../reading/reading.repository.js";
import type { CommunityRelation } from "./communities.policy.js";

/**
 * The community (erased or not) and how the caller stands to it and to its colegio, in one query:
 * `member` the caller's company works in the community's colegio (active membership, company not
 * deactivated); `serves` it is a live provider of the community; `porter` the caller is a live porter.
 * Every call on a community starts here, so it is a prepared statement (planned once per connection).
 * The subqueries name `communities.…` in plain SQL: Drizzle writes a single table's columns without
 * the table, and inside a subquery `"id"` would be the subquery's own table's.
 */
function prepareCommunityFor(db: DbOrTx) {
  return db
    .select({
      community: communities,
      member: sql`exists (select 1 from colegio_members m join companies c on c.id = m.company_id
        where m.colegio_id = communities.colegio_id and m.company_id = ${sql.placeholder("companyId")}
          and m.erased = false and c.erased = false)`.mapWith(col.bool),
      serves: sql`exists (select 1 from community_providers cp
        where cp.community_id = communities.id and cp.provider_company_id = ${sql.placeholder("companyId")}
          and cp.erased = false)`.mapWith(col.bool),
      porter: sql`exists (select 1 from community_porters p
        where p.community_id = communities.id and p.porter_user_id = ${sql.placeholder("userId")}
          and p.erased = false)`.mapWith(col.bool),
    })
    .from(communities)
    .where(eq(communities.id, sql.placeholder("id")))
    .limit(1)
    .prepare("community_for");
}
const communityForStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareCommunityFor>>();

export async function findCommunityFor(db: DbOrTx, actor: { userId: number; companyId: number }, id: number) {
  let statement = communityForStatements.get(db);
  if (!statement) {
    statement = prepareCommunityFor(db);
    communityForStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id, userId: actor.userId, companyId: actor.companyId });
  if (!row) return undefined;
  const rel: CommunityRelation = { member: row.member, serves: row.serves, porter: row.porter };
  return { ...row.community, rel };
}

/**
 * findCommunityFor for several communities in one query (a multi-community upload): each one found (erased or
 * not) with how the caller stands to it and to its colegio, in no particular order.
 */
export async function findCommunitiesFor(
  db: DbOrTx,
  actor: { userId: number; companyId: number },
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  const rows = await queryTyped(
    db,
    sql`select f.id, f.colegio_id as "colegioId", f.admin_company_id as "adminCompanyId", f.erased,
          exists (select 1 from colegio_members m join companies c on c.id = m.company_id
                  where m.colegio_id = f.colegio_id and m.company_id = ${actor.companyId}
                    and m.erased = false and c.erased = false) as member,
          exists (select 1 from community_providers cp
                  where cp.community_id = f.id and cp.provider_company_id = ${actor.companyId} and cp.erased = false) as serves,
          exists (select 1 from community_porters p
                  where p.community_id = f.id and p.porter_user_id = ${actor.userId} and p.erased = false) as porter
        from communities f where f.id in (${sqlList(ids)})`,
    {
      id: col.int,
      colegioId: col.int,
      adminCompanyId: col.int,
      erased: col.bool,
      member: col.bool,
      serves: col.bool,
      porter: col.bool,
    },
  );
  return rows.map(({ member, serves, porter, ...community }) => ({
    ...community,
    rel: { member, serves, porter } satisfies CommunityRelation,
  }));
}

/** The ids of an administrator's live communities in a colegio (a multi-community upload to all of them). */
export async function ownCommunityIds(db: DbOrTx, colegioId: number, adminCompanyId: number) {
  const rows = await queryTyped(
    db,
    sql`select f.id from communities f where ${communitiesInScope({ colegioId, adminCompanyId })} order by f.id`,
    { id: col.int },
  );
  return rows.map((row) => row.id);
}

const ownCommunityRow = rowReader({ id: col.int, name: col.text, cif: col.text });

/** A page of an administrator's live communities in a colegio by name (id, name, tax id), searchable. */
export function pageOwnCommunities(db: DbOrTx, colegioId: number, adminCompanyId: number, q: SortedPage<"name">) {
  const search = q.filter
    ? sql`and (f.name ilike ${containsPattern(q.filter)} or f.cif ilike ${containsPattern(q.filter)})`
    : sql``;
  return fetchPage(
    db,
    q,
    {
      select: sql`f.id, f.name, f.cif`,
      from: sql`communities f`,
      where: sql`${communitiesInScope({ colegioId, adminCompanyId })} ${search}`,
      orderBy: sortSql({ name: "lower(f.name)" }, q.sortBy ?? "name", q.sortDesc ?? "ASC", "f.id"),
    },
    ownCommunityRow,
  );
}

/** A new community's columns. */
export type NewCommunity = typeof communities.$inferInsert;
/** The columns an edit may change. */
export type CommunityChanges = Partial<Omit<NewCommunity, "id" | "colegioId" | "adminCompanyId">>;

export async function insertCommunity(db: DbOrTx, values: NewCommunity) {
  const [row] = await db.insert(communities).values(values).returning({ id: communities.id });
  return row!.id;
}

/** Writes `changes` to the live community; false when there is none (deleted meanwhile, or never was). */
export async function updateLiveCommunity(db: DbOrTx, id: number, changes: CommunityChanges) {
  const updated = await db
    .update(communities)
    .set(changes)
    .where(and(eq(communities.id, id), eq(communities.erased, false)))
    .returning({ id: communities.id });
  return updated.length > 0;
}

/** Soft delete of the live community; false when it was already deleted (a concurrent delete). */
export function eraseCommunity(db: DbOrTx, id: number) {
  return updateLiveCommunity(db, id, { erased: true });
}

const liveProviders = (communityId: SQL) =>
  sql`(select count(*) from community_providers cp where cp.community_id = ${communityId} and cp.erased = false)`;
const livePorters = (communityId: SQL) =>
  sql`(select count(*) from community_porters p join users u on u.id = p.porter_user_id
       where p.community_id = ${communityId} and p.erased = false and u.erased = false)`;

/**
 * Whose communities a list shows: one administrator's in a colegio, or all of a colegio's. A colegio id
 * of null means every colegio the administrator works in (no colegio chosen yet).
 */
export type CommunityScope =
  | { colegioId: number; adminCompanyId?: undefined }
  | { colegioId: number | null; adminCompanyId: number };

/** A CommunityScope whose ids may be slots of a statement built once (queryRowsBuiltOnce). */
type SlottedScope =
  | { colegioId: Slotted<number>; adminCompanyId?: undefined }
  | { colegioId: Slotted<number> | null; adminCompanyId: Slotted<number> };

/** Communities of the colegio chosen, or (null) of every colegio the company works in now. */
const inColegio = (colegioId: Slotted<number> | null, companyId: Slotted<number>) =>
  colegioId === null
    ? sql`f.colegio_id in (select m.colegio_id from colegio_members m
                          where m.company_id = ${companyId} and m.erased = false)`
    : sql`f.colegio_id = ${colegioId}`;

/** The live communities a scope shows (alias `f`), as a condition. */
export function communitiesInScope(scope: SlottedScope): SQL {
  const whose =
    scope.adminCompanyId === undefined
      ? sql`f.colegio_id = ${scope.colegioId}`
      : sql`${inColegio(scope.colegioId, scope.adminCompanyId)} and f.admin_company_id = ${scope.adminCompanyId}`;
  return sql`${whose} and f.erased = false`;
}

const communityPageRow = rowReader({
  id: col.int,
  name: col.text,
  cif: col.text,
  created_at: col.iso,
  admin_company_id: col.int,
  admin_name: col.text,
  proveedores_count: col.int,
  porteros_count: col.int,
  page_total__: col.int,
  // Every row of the page has its figures (communityFiguresCte): one without is an error, not zeros.
  mandatory_count: col.intOrNull,
  mandatory_uploaded_count: col.intOrNull,
  expected_count_read: col.intOrNull,
  count_read: col.intOrNull,
});

/** A page row's figures: as its page's statement read them, or (a search's) as read afterwards. */
function figuresOf(
  r: ReturnType<typeof communityPageRow>,
  searched: Map<number, CommunityFigures> | undefined,
): CommunityFigures {
  const { mandatory_count, mandatory_uploaded_count, expected_count_read, count_read } = searched?.get(r.id) ?? r;
  if (
    mandatory_count === null ||
    mandatory_uploaded_count === null ||
    expected_count_read === null ||
    count_read === null
  )
    throw new Error(`no figures for community ${r.id}`);
  return { mandatory_count, mandatory_uploaded_count, expected_count_read, count_read };
}
const totalRow = rowReader({ count: col.int });

/** The values of pageCommunities' statements, each a slot of theirs (queryRowsBuiltOnce). */
interface CommunityPageValues extends StatementValues {
  /** 0 for every colegio of the administrator (its scope's null) */
  colegioId: number;
  /** 0 for a colegio's own list */
  adminCompanyId: number;
  today: string;
  limit: number;
  offset: number;
  /** the search pattern (containsPattern) */
  like: string;
}

/**
 * One page of communities with their providers, porters and document figures, and the total, in one
 * statement: the page is chosen on the name index (the default order), the counts run for its rows only,
 * and its figures are read from the communities' cached rows (communityFiguresCte: only stale ones are
 * summed again). Without a search it is built once and planned once per connection.
 */
export async function pageCommunities(
  db: DbOrTx,
  scope: CommunityScope,
  q: SortedPage<CommunitySortKey>,
  /** Spain's day the figures are of (the property tests fix it) */
  today = todayInSpain(),
) {
  const orderBy = sortSql(
    {
      name: "lower(f.name)",
      cif: "f.cif_norm",
      providers: "proveedores_count",
      admin: "lower(a.name)",
      created: "f.created_at",
    },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "f.id",
  );
  const values: CommunityPageValues = {
    colegioId: scope.colegioId ?? 0,
    adminCompanyId: scope.adminCompanyId ?? 0,
    today,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    like: containsPattern(q.filter),
  };
  const whose = scope.adminCompanyId === undefined ? "colegio" : scope.colegioId === null ? "administrator" : "admin";
  const where = (v: Slots<CommunityPageValues>) => {
    const inScope = communitiesInScope(
      whose === "colegio"
        ? { colegioId: v.colegioId }
        : { colegioId: whose === "administrator" ? null : v.colegioId, adminCompanyId: v.adminCompanyId },
    );
    return q.filter ? sql`${inScope} and (f.name ilike ${v.like} or f.cif ilike ${v.like})` : inScope;
  };
  // Every community has its administrator (a foreign key): the total needs no join.
  const counting = (v: Slots<CommunityPageValues>) => sql`select count(*) from communities f where ${where(v)}`;
  // Not in a search's statement, which is planned for its pattern on every request: planning the figures'
  // computation there would cost more than running it. A search's page reads them afterwards (communityFiguresOf).
  const withFigures = !q.filter;
  const page = (v: Slots<CommunityPageValues>) =>
    sql`with page as (
          select p.*, row_number() over () as position
          from (select f.id, f.name, f.cif, f.created_at, f.admin_company_id, a.name as admin_name,
                       ${liveProviders(sql`f.id`)} as proveedores_count, ${livePorters(sql`f.id`)} as porteros_count,
                       (${counting(v)}) as page_total__
                from communities f join companies a on a.id = f.admin_company_id
                where ${where(v)}
                order by ${orderBy} limit ${v.limit} offset ${v.offset}) p)
        ${
          withFigures
            ? sql`, ${communityFiguresCte(sql`select id from page`, v.today, true)}
        select page.*, cf.mandatory_count, cf.mandatory_uploaded_count, cf.expected_count_read, cf.count_read
        from page left join community_figures cf on cf.community_id = page.id`
            : sql`select page.* from page`
        }
        order by page.position`;
  const key = `communities:page:${whose}:${q.sortBy ?? "name"}:${q.sortDesc ?? "ASC"}`;
  // A search is planned for its pattern.
  const run = (statement: (v: Slots<CommunityPageValues>) => SQL, part: string) =>
    q.filter
      ? queryRows<Record<string, unknown>>(db, statement(slotsHolding(values)))
      : queryRowsBuiltOnce<Record<string, unknown>, CommunityPageValues>(db, `${key}:${part}`, values, statement);
  const rows = (await run(page, "page")).map(communityPageRow);
  const searched = withFigures
    ? undefined
    : await communityFiguresOf(
        db,
        rows.map((r) => r.id),
        today,
      );
  // A page past the end has no row to carry the total: asked on its own.
  const count =
    rows[0]?.page_total__ ?? (q.page === 1 ? 0 : ((await run(counting, "total")).map(totalRow)[0]?.count ?? 0));
  return {
    data: rows.map((r): CommunityRow => {
      const f = figuresOf(r, searched);
      return {
        id: r.id,
        nombre: r.name,
        name: r.name,
        cif: r.cif,
        proveedores_count: r.proveedores_count,
        ...f,
        proveedores_uploaded: f.mandatory_count > 0 && f.mandatory_uploaded_count >= f.mandatory_count,
        proveedores_read: f.expected_count_read > 0 && f.count_read >= f.expected_count_read,
        porteros: r.porteros_count > 0,
        porteros_count: r.porteros_count,
        owner: r.admin_company_id,
        admin: r.admin_name,
        created: r.created_at,
      };
    }),
    count,
    pagination: { count, page: q.page, limit: q.limit },
  };
}

const providerCommunityRow = rowReader({
  id: col.int,
  name: col.text,
  cif: col.text,
  admin_company_id: col.int,
  admin_name: col.text,
  porteros: col.texts,
});

/**
 * One page of the live communities the provider serves in a colegio (null: in every colegio it works
 * in), with administrator and porters.
 */
export async function pageProviderCommunities(
  db: DbOrTx,
  colegioId: number | null,
  providerId: number,
  q: SortedPage<ProviderCommunitySortKey>,
) {
  const orderBy = sortSql(
    { name: "lower(f.name)", cif: "f.cif_norm", admin: "lower(a.name)" },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "f.id",
  );
  const like = containsPattern(q.filter);
  return fetchPage(
    db,
    q,
    {
      select: sql`f.id, f.name, f.cif, f.admin_company_id, a.name as admin_name,
                  coalesce((select array_agg(u.email order by u.email)
                            from community_porters p join users u on u.id = p.porter_user_id
                            where p.community_id = f.id and p.erased = false and u.erased = false), '{}') as porteros`,
      from: sql`community_providers cp join communities f on f.id = cp.community_id
                join companies a on a.id = f.admin_company_id`,
      where: sql`cp.provider_company_id = ${providerId} and cp.erased = false
        and f.erased = false and ${inColegio(colegioId, providerId)}
        ${q.filter ? sql`and (f.name ilike ${like} or f.cif ilike ${like} or a.name ilike ${like})` : sql``}`,
      orderBy,
    },
    (raw): ProviderCommunityRow => {
      const r = providerCommunityRow(raw);
      return {
        id: r.id,
        name: r.name,
        cif: r.cif,
        owner: r.admin_company_id,
        admin: r.admin_name,
        porteros: r.porteros,
      };
    },
    !q.filter,
  );
}

/** Live definitions of the colegio matching `where` (alias `def`). */
const definitionsExist = (colegioId: number, where: SQL) =>
  sql`exists (select 1 from document_definitions def where def.colegio_id = ${colegioId} and def.erased = false and ${where})`;

/** Whether `reader` has documents of `from` left to read in the community `id`. */
const pendingFor = (id: number, reader: Reader, from: Uploaders) =>
  sql`exists (select 1 from communities f where f.id = ${id} and ${unreadRequiredIn(sql`f`, reader, from)})`;

/**
 * The panel's counts and the document facts its menu depends on (spec 02 §2): the administrator has
 * community-bound documents to give providers; there are porter documents (porters upload them, or the
 * administrator gives them to porters: 'Docs porteros'); it has LOPD ones;
 * and, for a provider (`reader`), whether it has documents of the administrator or of the other providers
 * left to read there.
 */
export async function communityCounts(
  db: DbOrTx,
  id: number,
  adminCompanyId: number,
  colegioId: number,
  reader?: Reader,
) {
  const [row] = await queryTypedPrepared(
    db,
    sql`select (select name from companies where id = ${adminCompanyId}) as admin,
               ${liveProviders(sql`${id}`)} as providers, ${livePorters(sql`${id}`)} as porters,
               ${definitionsExist(colegioId, sql`def.assocfinca and ${originIncludes("administrator")} and ${destIncludes("provider")}`)} as provider_bound_docs,
               ${definitionsExist(colegioId, sql`(${originIncludes("portero")} or (${originIncludes("administrator")} and ${destIncludes("portero")}))`)} as porter_docs,
               ${definitionsExist(colegioId, sql`def."group" = 'LOPD'`)} as lopd_docs,
               ${reader ? pendingFor(id, reader, "administrator") : sql`false`} as pending_read,
               ${reader ? pendingFor(id, reader, "providers") : sql`false`} as pending_read_providers`,
    {
      admin: col.textOrNull,
      providers: col.int,
      porters: col.int,
      provider_bound_docs: col.bool,
      porter_docs: col.bool,
      lopd_docs: col.bool,
      pending_read: col.bool,
      pending_read_providers: col.bool,
    },
  );
  // A select without `from`: always one row.
  const { admin, providers, porters, ...menu } = row!;
  return { admin: admin ?? "", providers, porters, menu };
}
