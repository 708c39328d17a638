import {
  type CommunityRow,
  type CommunitySortKey,
  type ProviderCommunityRow,
  type ProviderCommunitySortKey,
  todayInSpain,
} from "@coordina/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRowsPrepared } from "../../db/client.js";
import { communities } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { communityFiguresOf } from "../compliance/figures-cache.js";
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
      member: sql<boolean>`exists (select 1 from colegio_members m join companies c on c.id = m.company_id
        where m.colegio_id = communities.colegio_id and m.company_id = ${sql.placeholder("companyId")}
          and m.erased = false and c.erased = false)`,
      serves: sql<boolean>`exists (select 1 from community_providers cp
        where cp.community_id = communities.id and cp.provider_company_id = ${sql.placeholder("companyId")}
          and cp.erased = false)`,
      porter: sql<boolean>`exists (select 1 from community_porters p
        where p.community_id = communities.id and p.porter_user_id = ${sql.placeholder("userId")}
          and p.erased = false)`,
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
  const rel: CommunityRelation = {
    member: row.member === true,
    serves: row.serves === true,
    porter: row.porter === true,
  };
  return { ...row.community, rel };
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

/** Communities of the colegio chosen, or (null) of every colegio the company works in now. */
const inColegio = (colegioId: number | null, companyId: number) =>
  colegioId === null
    ? sql`f.colegio_id in (select m.colegio_id from colegio_members m
                          where m.company_id = ${companyId} and m.erased = false)`
    : sql`f.colegio_id = ${colegioId}`;

/**
 * One page of communities with their providers, porters and document figures, and the total. The page
 * is chosen on the name index (the default order) and the counts run for its rows only.
 */
export async function pageCommunities(db: DbOrTx, scope: CommunityScope, q: SortedPage<CommunitySortKey>) {
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
  const like = containsPattern(q.filter);
  const page = await fetchPage(
    db,
    q,
    {
      select: sql`f.id, f.name, f.cif, f.created_at, f.admin_company_id, a.name as admin_name,
                  ${liveProviders(sql`f.id`)} as proveedores_count, ${livePorters(sql`f.id`)} as porteros_count`,
      from: sql`communities f join companies a on a.id = f.admin_company_id`,
      // Every community has its administrator (a foreign key).
      countFrom: sql`communities f`,
      where: sql`${scope.adminCompanyId === undefined ? sql`f.colegio_id = ${scope.colegioId}` : sql`${inColegio(scope.colegioId, scope.adminCompanyId)} and f.admin_company_id = ${scope.adminCompanyId}`}
        and f.erased = false
        ${q.filter ? sql`and (f.name ilike ${like} or f.cif ilike ${like})` : sql``}`,
      orderBy,
    },
    (r) => r,
    !q.filter,
  );
  // The page's figures, from the providers' cached rows (figures-cache.ts).
  const sums = await communityFiguresOf(
    db,
    page.data.map((r) => Number(r.id)),
    todayInSpain(),
  );
  return {
    ...page,
    data: page.data.map((r): CommunityRow => {
      const figures = sums.get(Number(r.id))!;
      return {
        id: Number(r.id),
        nombre: String(r.name),
        name: String(r.name),
        cif: String(r.cif),
        proveedores_count: Number(r.proveedores_count),
        ...figures,
        proveedores_uploaded:
          figures.mandatory_count > 0 && figures.mandatory_uploaded_count >= figures.mandatory_count,
        proveedores_read: figures.expected_count_read > 0 && figures.count_read >= figures.expected_count_read,
        porteros: Number(r.porteros_count) > 0,
        porteros_count: Number(r.porteros_count),
        owner: Number(r.admin_company_id),
        admin: String(r.admin_name),
        created: new Date(r.created_at as string).toISOString(),
      };
    }),
  };
}

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
    (r): ProviderCommunityRow => ({
      id: Number(r.id),
      name: String(r.name),
      cif: String(r.cif),
      owner: Number(r.admin_company_id),
      admin: String(r.admin_name),
      porteros: (r.porteros as string[] | null) ?? [],
    }),
    !q.filter,
  );
}

/** The community's administrator name and its live providers and porters, for the panel. */
/** Live definitions of the colegio matching `where` (alias `def`). */
const definitionsExist = (colegioId: number, where: SQL) =>
  sql`exists (select 1 from document_definitions def where def.colegio_id = ${colegioId} and def.erased = false and ${where})`;

/** Whether `reader` has documents of `from` left to read in the community `id`. */
const pendingFor = (id: number, reader: Reader, from: Uploaders) =>
  sql`exists (select 1 from communities f where f.id = ${id} and ${unreadRequiredIn(sql`f`, reader, from)})`;

/**
 * The panel's counts and the document facts its menu depends on (spec 02 §2): the administrator has
 * community-bound documents to give providers; the colegio asks porters for documents; it has LOPD ones;
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
  const [row] = await queryRowsPrepared<{
    admin: string;
    providers: number | string;
    porters: number | string;
    provider_bound_docs: boolean;
    porter_docs: boolean;
    lopd_docs: boolean;
    pending_read: boolean;
    pending_read_providers: boolean;
  }>(
    db,
    sql`select (select name from companies where id = ${adminCompanyId}) as admin,
               ${liveProviders(sql`${id}`)} as providers, ${livePorters(sql`${id}`)} as porters,
               ${definitionsExist(colegioId, sql`def.assocfinca and ${originIncludes("administrator")} and ${destIncludes("provider")}`)} as provider_bound_docs,
               ${definitionsExist(colegioId, originIncludes("portero"))} as porter_docs,
               ${definitionsExist(colegioId, sql`def."group" = 'LOPD'`)} as lopd_docs,
               ${reader ? pendingFor(id, reader, "administrator") : sql`false`} as pending_read,
               ${reader ? pendingFor(id, reader, "providers") : sql`false`} as pending_read_providers`,
  );
  return {
    admin: row?.admin ?? "",
    providers: Number(row?.providers ?? 0),
    porters: Number(row?.porters ?? 0),
    menu: {
      provider_bound_docs: row?.provider_bound_docs === true,
      porter_docs: row?.porter_docs === true,
      lopd_docs: row?.lopd_docs === true,
      pending_read: row?.pending_read === true,
      pending_read_providers: row?.pending_read_providers === true,
    },
  };
}
