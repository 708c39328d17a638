import { type CompanyRow, type CompanySortKey, Role, todayInSpain } from "@coordina/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows, queryRowsPrepared } from "../../db/client.js";
import { colegioMembers, companies } from "../../db/schema/index.js";
import { containsPattern, type PageRequest } from "../../lib/paging.js";
import { companyFigures } from "../compliance/compliance.sql.js";
import { companyFiguresOf, pendingWorkCte } from "../compliance/figures-cache.js";

export async function findCompany(db: DbOrTx, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function findCompanyByTaxId(db: DbOrTx, cifNorm: string) {
  const [row] = await db.select().from(companies).where(eq(companies.cifNorm, cifNorm)).limit(1);
  return row;
}

/** The company's membership of the colegio (active or deactivated), if it has one. */
export async function findMembership(db: DbOrTx, colegioId: number, companyId: number) {
  const [row] = await db
    .select()
    .from(colegioMembers)
    .where(and(eq(colegioMembers.colegioId, colegioId), eq(colegioMembers.companyId, companyId)))
    .limit(1);
  return row;
}

export async function isColegioMember(db: DbOrTx, colegioId: number, companyId: number) {
  return (await findMembership(db, colegioId, companyId)) !== undefined;
}

/**
 * The company is an active member of this colegio and of no other. Only then may the colegio change the
 * company itself (name, CIF, manager, contact data, users): a company that several colegios share
 * manages its own data, or one colegio could take over what the others rely on.
 */
export async function isSoleColegio(db: DbOrTx, colegioId: number, companyId: number) {
  const rows = await queryRows<{ colegio_id: number; erased: boolean }>(
    db,
    sql`select colegio_id, erased from colegio_members where company_id = ${companyId}`,
  );
  return rows.length === 1 && Number(rows[0]!.colegio_id) === colegioId && !rows[0]!.erased;
}

/** Live communities the company administers in the colegio. */
const ownedFincas = (colegioId: number, companyId: SQL) =>
  sql`(select count(*) from communities f
       where f.admin_company_id = ${companyId} and f.erased = false and f.colegio_id = ${colegioId})`;

/** Live communities of the colegio the company serves as a provider. */
const providerFincas = (colegioId: number, companyId: SQL) =>
  sql`(select count(*) from community_providers cp join communities f on f.id = cp.community_id
       where cp.provider_company_id = ${companyId} and cp.erased = false and f.erased = false
         and f.colegio_id = ${colegioId})`;

/** The company's activities of this colegio, by name. */
const activityNames = (colegioId: number, companyId: SQL) =>
  sql`coalesce((select array_agg(a.name order by lower(a.name), a.id)
                from company_activities ca join activities a on a.id = ca.activity_id
                where ca.company_id = ${companyId} and a.colegio_id = ${colegioId}), '{}')`;

/** Only companies offering activity `activityId` of the colegio (`filteract`); nothing when absent. */
export function withActivity(colegioId: number, activityId: number | undefined, companyId: SQL): SQL {
  if (activityId === undefined) return sql``;
  return sql`and exists (select 1 from company_activities ca join activities a on a.id = ca.activity_id
                         where ca.company_id = ${companyId} and ca.activity_id = ${activityId}
                           and a.colegio_id = ${colegioId})`;
}

const pendingSum = sql`(greatest(d.upload_must - d.all_uploaded, 0) + greatest(d.read_must - d.read_all, 0)
                        + d.pending_validation)`;

export interface CompanyPageQuery extends PageRequest {
  type: number;
  filter: string;
  filterNotRead: boolean;
  filteract?: number | undefined;
  sortBy?: CompanySortKey | undefined;
  sortDesc?: "ASC" | "DESC" | undefined;
}

/**
 * One page of a colegio's member companies of one type, with the list-row figures, and the total. The
 * page is chosen first (joins on primary keys, one sort of the colegio's members); the counts and the
 * activities are then computed for the page's rows only. Figures are joined before paging only when the
 * order needs them; the 'docs pendientes' filter reads pending_work_cache.
 */
export async function pageColegioCompanies(db: DbOrTx, colegioId: number, q: CompanyPageQuery) {
  const dir = sql.raw(q.sortDesc ?? "ASC");
  // Sorting by Fincas / En Fincas counts every member's communities once, grouped, not row by row.
  const fincasCounts =
    q.type === Role.administrador
      ? sql`(select f.admin_company_id as company_id, count(*) as n from communities f
             where f.colegio_id = ${colegioId} and f.erased = false group by f.admin_company_id)`
      : sql`(select cp.provider_company_id as company_id, count(*) as n
             from community_providers cp join communities f on f.id = cp.community_id
             where f.colegio_id = ${colegioId} and f.erased = false and cp.erased = false
             group by cp.provider_company_id)`;
  const needFigures = q.sortBy === "pending";
  const like = containsPattern(q.filter);

  const order: Record<CompanySortKey, SQL> = {
    name: sql`lower(c.name) ${dir}`,
    cif: sql`c.cif_norm ${dir} nulls last`,
    owner_company: sql`lower(oc.name) ${dir} nulls last`,
    owner_user: sql`ou.email ${dir} nulls last`,
    fincas: sql`coalesce(fc.n, 0) ${dir}`,
    status: sql`(m.erased or c.erased) ${dir}`,
    created: sql`c.created_at ${dir}`,
    pending: sql`${pendingSum} ${dir}`,
  };
  const members = sql`colegio_members m
    join companies c on c.id = m.company_id
    left join users ou on ou.id = c.owner_user_id`;
  const from = sql`${members}
    ${needFigures ? sql`cross join lateral ${companyFigures(colegioId, sql`c.id`, todayInSpain())} d` : sql``}`;
  // The search runs on the trigram indexes of the names, tax ids and managers' e-mails, not row by row.
  // A deactivated member's manager is no longer the colegio's to read: its e-mail finds it no more.
  const byName = sql`(select id from companies where name ilike ${like} or cif ilike ${like})`;
  const byManager = sql`(select mc.id from users u join companies mc on mc.owner_user_id = u.id
                         where u.email ilike ${like})`;
  const candidates = sql`m.colegio_id = ${colegioId} and m.company_type = ${q.type} and c.type = ${q.type}
    ${q.filter ? sql`and (c.id in ${byName} or (not m.erased and c.id in ${byManager}))` : sql``}
    ${withActivity(colegioId, q.filteract, sql`c.id`)}`;
  const where = q.filterNotRead
    ? sql`${candidates} and c.id in (select company_id from pending_work where pending)`
    : candidates;

  // The page's rows in order, then their counts: a sort by name can walk index companies_type_name_idx
  // and stop after the page instead of sorting the whole colegio. The page carries every column of its
  // companies, so nothing joins them again by id: a generic plan, which cannot know the limit, would
  // hash the whole companies table for that join.
  const sortKey = order[q.sortBy ?? "name"];
  // Without a search pattern the plan is the same for every colegio and page: planned once (prepared).
  const run = q.filter ? queryRows : queryRowsPrepared;
  // 'Ver solo docs pendientes' asks each candidate whether it has work left (pending_work_cache, kept
  // exact like the figures' caches): once per statement, for the page and its total.
  const pending = q.filterNotRead
    ? pendingWorkCte(colegioId, sql`select c.id from ${members} where ${candidates}`, todayInSpain())
    : undefined;
  // Without conditions on the companies themselves the total is read from index colegio_members_type_idx;
  // it never needs the figures the order may join.
  const counting = pending
    ? sql`select count(*) from pending_work where pending`
    : q.filter || q.filteract !== undefined
      ? sql`select count(*) from ${members} where ${where}`
      : sql`select count(*) from colegio_members m where m.colegio_id = ${colegioId} and m.company_type = ${q.type}`;
  // The total rides along in the page's statement (an uncorrelated subquery, computed once): one round trip.
  const rows = await run<Record<string, unknown>>(
    db,
    sql`with ${pending ? sql`${pending},` : sql``} page as (
          select c.*, row_number() over () as position
          from (select c.id, c.type, c.name, c.cif, (m.erased or c.erased) as erased, m.erased as member_erased,
                       c.created_at,
                       c.owner_company_id, ou.email as owner_user, ou.password_hash is not null as registered
                from ${from}
                ${q.sortBy === "owner_company" ? sql`left join companies oc on oc.id = c.owner_company_id` : sql``}
                ${q.sortBy === "fincas" ? sql`left join ${fincasCounts} fc on fc.company_id = c.id` : sql``}
                where ${where}
                order by ${sortKey}, c.id ${dir} limit ${q.limit} offset ${(q.page - 1) * q.limit}) c)
        select c.id, c.type, c.name, c.cif, c.erased, c.member_erased, c.created_at, oc.name as owner_company,
               case when c.member_erased then null else c.owner_user end as owner_user,
               c.registered, (${counting}) as page_total__,
               case when c.member_erased then 0 else ${ownedFincas(colegioId, sql`c.id`)} end as owned_fincas,
               case when c.member_erased then 0 else ${providerFincas(colegioId, sql`c.id`)} end as provider_fincas,
               case when c.member_erased then null else ${activityNames(colegioId, sql`c.id`)} end as activities
        from page c
        left join companies oc on oc.id = c.owner_company_id
        order by c.position`,
  );
  // A page past the end has no row to carry the total: asked on its own.
  const counted =
    rows[0]?.page_total__ ??
    (q.page === 1
      ? 0
      : (await run<{ count: number | string }>(db, pending ? sql`with ${pending} ${counting}` : counting))[0]?.count);
  const count = Number(counted ?? 0);
  const figures = await companyFiguresOf(
    db,
    colegioId,
    rows.map((r) => Number(r.id)),
    todayInSpain(),
  );
  return {
    data: rows.map((r) => {
      const f = figures.get(Number(r.id));
      if (!f) throw new Error(`no figures for company ${String(r.id)}`);
      // A deactivated member's row is the relation only (name, CIF, status): none of its data or figures.
      return toCompanyRow(r.member_erased ? { ...r, ...NO_FIGURES } : { ...r, ...f });
    }),
    count,
    pagination: { count, page: q.page, limit: q.limit },
  };
}

const NO_FIGURES = { all_uploaded: 0, upload_must: 0, read_all: 0, read_must: 0, pending_validation: 0 };

function toCompanyRow(r: Record<string, unknown>): CompanyRow {
  const id = Number(r.id);
  return {
    id,
    company_id: id,
    company_erased: Boolean(r.erased),
    company_type: Number(r.type),
    company_name: String(r.name),
    company_cif: String(r.cif),
    company_owner_company: (r.owner_company as string | null) ?? null,
    company_owner_user: (r.owner_user as string | null) ?? null,
    registered: Boolean(r.registered),
    created: new Date(r.created_at as string).toISOString(),
    activities: (r.activities as string[] | null) ?? [],
    all_uploaded: Number(r.all_uploaded),
    upload_must: Number(r.upload_must),
    read_all: Number(r.read_all),
    read_must: Number(r.read_must),
    pending_validation: Number(r.pending_validation),
    owned_fincas: Number(r.owned_fincas),
    provider_fincas: Number(r.provider_fincas),
  };
}

export async function companyActivities(db: DbOrTx, companyId: number, colegioId: number | null) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select a.id, a.name from company_activities ca join activities a on a.id = ca.activity_id
        where ca.company_id = ${companyId} ${colegioId === null ? sql`` : sql`and a.colegio_id = ${colegioId}`}
        order by lower(a.name), a.id`,
  );
}

/** The company's manager (gestor de cuenta), if it has one. */
export async function ownerOf(db: DbOrTx, companyId: number) {
  const [row] = await queryRows<{ id: number; email: string; user_role: number; has_password: boolean }>(
    db,
    sql`select u.id, u.email, u.user_role, u.password_hash is not null as has_password
        from companies c join users u on u.id = c.owner_user_id where c.id = ${companyId}`,
  );
  return row;
}

/**
 * What ties a company to its type: communities it administers, communities it serves, another colegio
 * that counts on it being what it is, or a pending invitation to join it (the invitee would get the old
 * role). Its type may change only when nothing does.
 */
export async function typeIsInUse(db: DbOrTx, companyId: number, colegioId: number) {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from communities where admin_company_id = ${companyId})
            or exists (select 1 from community_providers where provider_company_id = ${companyId})
            or exists (select 1 from colegio_members where company_id = ${companyId} and colegio_id <> ${colegioId})
            or exists (select 1 from invitations where target_company_id = ${companyId} and status = 'pending'
                       and expires_at > now())
            as used`,
  );
  return Boolean(row?.used);
}

/** Ids among `ids` that are activities of the colegio. */
export async function activitiesOfColegio(db: DbOrTx, colegioId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from activities where colegio_id = ${colegioId} and id in ${ids}`,
  );
  return rows.map((r) => Number(r.id));
}
