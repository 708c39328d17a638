import { type CompanyRow, type CompanySortKey, Role, SETTING_ACCEPTED_LEGAL, todayInSpain } from "@coordina/domain";
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
import { col, queryTyped, rowReader } from "../../db/rows.js";
import {
  colegioMembers,
  companies,
  companyActivities as companyActivitiesTable,
  users,
} from "../../db/schema/index.js";
import { containsPattern, type PageRequest, type SortColumn, sortSql } from "../../lib/paging.js";
import {
  type CachedCompanyFigures,
  COMPANY_FIGURES,
  companyFiguresCte,
  companyFiguresOf,
  owed,
  pendingProvidersSinceCheckpointCte,
  pendingWorkCte,
  providersWalkedByFigureCte,
} from "../compliance/figures-cache.repository.js";

export async function findCompany(db: DbOrTx, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** The company's row, locked until the transaction ends (two edits of one company never interleave). */
export async function lockCompany(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for("update");
  return row;
}

/** The columns of a company an edit may change. */
export type CompanyChanges = Partial<typeof companies.$inferInsert>;

export async function updateCompany(db: DbOrTx, id: number, changes: CompanyChanges) {
  await db.update(companies).set(changes).where(eq(companies.id, id));
}

/** Deactivates (or activates) a company on the platform: a colegio, for its master. */
export async function setCompanyErased(db: DbOrTx, id: number, erased: boolean) {
  await updateCompany(db, id, { erased, updatedAt: new Date() });
}

/** Deactivates (or activates) the company's membership of the colegio; the company keeps its others. */
export async function setMembershipErased(db: DbOrTx, colegioId: number, companyId: number, erased: boolean) {
  await db
    .update(colegioMembers)
    .set({ erased })
    .where(and(eq(colegioMembers.colegioId, colegioId), eq(colegioMembers.companyId, companyId)));
}

/** The company joins the colegio; false when it already was a member (active or not). */
export async function addMembership(db: DbOrTx, colegioId: number, companyId: number) {
  const inserted = await db
    .insert(colegioMembers)
    .values({ colegioId, companyId })
    .onConflictDoNothing()
    .returning({ id: colegioMembers.companyId });
  return inserted.length > 0;
}

/**
 * A company of a new type: its users take that role, and accept that role's terms again (their
 * acceptance of the legal notice is forgotten).
 */
export async function retypeCompanyUsers(tx: DbOrTx, companyId: number, role: number) {
  await tx.update(users).set({ userRole: role }).where(eq(users.companyId, companyId));
  await tx.execute(sql`delete from assigned_settings s using users u
                       where u.id = s.user_id and u.company_id = ${companyId} and s.name = ${SETTING_ACCEPTED_LEGAL}`);
}

/** The company's activities of this colegio become `activityIds`; those another colegio gave it stay. */
export async function replaceColegioActivities(
  tx: DbOrTx,
  companyId: number,
  colegioId: number,
  activityIds: number[],
) {
  await tx.execute(sql`delete from company_activities ca using activities a
                       where a.id = ca.activity_id and ca.company_id = ${companyId} and a.colegio_id = ${colegioId}`);
  if (activityIds.length > 0)
    await tx
      .insert(companyActivitiesTable)
      .values(activityIds.map((activityId) => ({ companyId, activityId })))
      .onConflictDoNothing();
}

/**
 * The manager's login becomes `newEmail`; the company's contact e-mail follows it when it was the same
 * address.
 */
export async function changeManagerEmail(
  tx: DbOrTx,
  companyId: number,
  manager: { id: number; email: string },
  newEmail: string,
) {
  await tx.update(users).set({ email: newEmail }).where(eq(users.id, manager.id));
  await tx
    .update(companies)
    .set({ email: newEmail })
    .where(and(eq(companies.id, companyId), eq(companies.email, manager.email)));
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

/**
 * The company is an active member of this colegio and of no other. Only then may the colegio change the
 * company itself (name, CIF, manager, contact data, users): a company that several colegios share
 * manages its own data, or one colegio could take over what the others rely on.
 */
export async function isSoleColegio(db: DbOrTx, colegioId: number, companyId: number) {
  const rows = await queryTyped(
    db,
    sql`select colegio_id, erased from colegio_members where company_id = ${companyId}`,
    {
      colegio_id: col.int,
      erased: col.bool,
    },
  );
  return rows.length === 1 && rows[0]!.colegio_id === colegioId && !rows[0]!.erased;
}

/** Live communities the company administers in the colegio. */
const ownedFincas = (colegioId: Slotted<number>, companyId: SQL) =>
  sql`(select count(*) from communities f
       where f.admin_company_id = ${companyId} and f.erased = false and f.colegio_id = ${colegioId})`;

/** The company's activities of this colegio, by name. */
const activityNames = (colegioId: Slotted<number>, companyId: SQL) =>
  sql`coalesce((select array_agg(a.name order by lower(a.name), a.id)
                from company_activities ca join activities a on a.id = ca.activity_id
                where ca.company_id = ${companyId} and a.colegio_id = ${colegioId}), '{}')`;

/** Only companies offering activity `activityId` of the colegio (`filteract`); nothing when absent. */
export function withActivity(colegioId: Slotted<number>, activityId: Slotted<number> | undefined, companyId: SQL): SQL {
  if (activityId === undefined) return sql``;
  return sql`and exists (select 1 from company_activities ca join activities a on a.id = ca.activity_id
                         where ca.company_id = ${companyId} and ca.activity_id = ${activityId}
                           and a.colegio_id = ${colegioId})`;
}

/**
 * How a company list sorts: the columns, by key (the nullable ones keep their empty values last). The
 * figures (`fig`, companyFiguresCte) are an active member's: a deactivated one shows none, and sorts last.
 */
const COMPANY_ORDER = {
  // lower(c.name), c.cif_norm and c.owner_email as copied on the membership (migration 0025): walked on
  // colegio_members_name_idx, _cif_idx and _owner_email_idx (and their _desc_idx).
  name: "m.name_key",
  cif: { expr: "m.cif_norm", nullable: true },
  owner_company: { expr: "lower(oc.name)", nullable: true },
  owner_user: { expr: "m.owner_email", nullable: true },
  fincas: "coalesce(fc.n, 0)",
  status: "(m.erased or c.erased)",
  created: "c.created_at",
  pending: { expr: owed("fig"), nullable: true },
} satisfies Record<CompanySortKey, SortColumn>;

/** A providers list's 'En Fincas' is kept with its figures (the administrators' counts their communities). */
const PROVIDER_ORDER = {
  ...COMPANY_ORDER,
  fincas: { expr: "fig.fincas", nullable: true },
} satisfies Record<CompanySortKey, SortColumn>;

export interface CompanyPageQuery extends PageRequest {
  type: number;
  filter: string;
  filterNotRead: boolean;
  filteract?: number | undefined;
  sortBy?: CompanySortKey | undefined;
  sortDesc?: "ASC" | "DESC" | undefined;
}

/** The values of pageColegioCompanies' statements, each a slot of theirs (queryRowsBuiltOnce). */
interface PageValues extends StatementValues {
  colegioId: number;
  type: number;
  today: string;
  limit: number;
  offset: number;
  /** the rows a walk reads: the page's and those before it */
  depth: number;
  /** `filteract`, null without it */
  activity: number | null;
  /** the search pattern (containsPattern) */
  like: string;
}

/**
 * The statements of pageColegioCompanies for the choices `q` makes (its type, order, search, activity and
 * pending filters), their values taken from the slots: the page with its total, and the total alone.
 */
function pageStatements(q: CompanyPageQuery) {
  const providers = q.type === Role.gremio;
  const byFigure = q.sortBy === "pending" || (providers && q.sortBy === "fincas");
  // A search or an activity filter is run once, materialized, for the page, its total and the figures.
  const searching = Boolean(q.filter) || q.filteract !== undefined;
  // 'Ver solo docs pendientes' over a whole colegio's providers reads the pending ones since the checkpoint
  // (pendingProvidersSinceCheckpointCte, with their figures); otherwise each candidate is asked (pendingWorkCte).
  const pendingProviders = q.filterNotRead && providers && !searching;
  // A whole colegio's providers sorted by a figure, or its members by status, are walked in order
  // (walkedPage); with a search, an activity or the pending filter, the candidates are read and sorted.
  const whole = !q.filter && q.filteract === undefined && !q.filterNotRead;
  const copiedOrder = q.sortBy === undefined || q.sortBy === "name" || q.sortBy === "cif" || q.sortBy === "owner_user";
  const walk = whole && ((byFigure && providers) || q.sortBy === "status");
  // By name, tax id or manager, the memberships hold the order themselves (migration 0025): a whole colegio,
  // or its providers with work pending, walk them.
  // Their providers with work pending sorted by a figure or by status are all active, and `pending_work` holds
  // their figures: the page is chosen from it alone (pendingInOrder).
  const pendingSorted = pendingProviders && (q.sortBy === "pending" || q.sortBy === "fincas" || q.sortBy === "status");
  // A search or an activity filter sorted by name, tax id or manager sorts what it matched, which carries the
  // memberships' copies, and looks up the page's companies only (matchedInOrder).
  const sortedMatches = searching && !q.filterNotRead && copiedOrder;
  const walkMembers = (whole || pendingProviders) && copiedOrder;
  // The page's rows in order, then their counts: a whole colegio sorted by name, tax id or manager walks the
  // memberships' index (membersInOrder) and stops after the page instead of sorting the whole colegio; the
  // tie is broken by m.company_id, the indexes' last column. The page carries every column of its
  // companies, so nothing joins them again by id: a generic plan, which cannot know the limit, would
  // hash the whole companies table for that join.
  const orderBy = sortSql(
    providers ? PROVIDER_ORDER : COMPANY_ORDER,
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "m.company_id",
  );
  const members = sql`colegio_members m join companies c on c.id = m.company_id`;
  // The page's figures are read in its statement, but for a search's (see pageFigures in parts).
  const withFigures = !q.filter;
  // The statement may already hold the figures of some companies as `figures` (every column: a walk by
  // 'Docs pend validar', the pending ones since the checkpoint, or the candidates a sort by a figure reads;
  // only 'En Fincas': a walk by it). Those it holds are its page's; the rest are read as `page_figures`, which
  // must not store a company `figures` stores (one statement may not write a row twice).
  const heldFigures = walk
    ? q.sortBy === "pending"
      ? "all"
      : q.sortBy === "fincas"
        ? "fincas"
        : "none"
    : pendingProviders || byFigure
      ? "all"
      : "none";

  const parts = (v: Slots<PageValues>) => {
    const candidates = sql`m.colegio_id = ${v.colegioId} and m.company_type = ${v.type} and c.type = ${v.type}
      ${withActivity(v.colegioId, q.filteract === undefined ? undefined : v.activity, sql`c.id`)}`;
    // The search starts from the trigram indexes of the names, tax ids and managers' e-mails (not from every
    // member), then keeps the colegio's members. A deactivated member's manager is no longer the colegio's
    // to read: its e-mail finds it no more.
    // Each branch brings the company's columns the candidates need, so nothing joins companies again.
    const found = sql`(select id, type, erased, true as by_name from companies
                       where name ilike ${v.like} or cif ilike ${v.like}
      union all
      select mc.id, mc.type, mc.erased, false from users u join companies mc on mc.owner_user_id = u.id
      where u.email ilike ${v.like}) c
      join colegio_members m on m.colegio_id = ${v.colegioId} and m.company_id = c.id`;
    // With the memberships' copies the list sorts by (matchedInOrder): the same for every row of a company.
    const matched = sql`matched as materialized (
        select distinct c.id, not m.erased and not c.erased as live,
               m.company_id, m.erased, m.name_key, m.cif_norm, m.owner_email
        from ${q.filter ? found : members}
        where ${candidates} ${q.filter ? sql`and (c.by_name or not m.erased)` : sql``})`;
    const chosen = searching ? sql`m.colegio_id = ${v.colegioId} and c.id in (select id from matched)` : candidates;
    // The pending ones are most providers on a busy day. Sorted by name, tax id or manager only those the walk
    // reads are checked (membersInOrder); in any other order every candidate is, so they are hashed once (a
    // check of each against them as an array cost 5,000 times 4,000 comparisons: 50 ms a request).
    const where = !q.filterNotRead
      ? chosen
      : pendingProviders
        ? sql`${chosen} and c.id in (select company_id from pending_work)`
        : sql`${chosen} and c.id in (select company_id from pending_work where pending)`;
    // 'Ver solo docs pendientes' asks each candidate whether it has work left (pending_work_cache, kept
    // exact like the figures' caches): once per statement, for the page and its total.
    // A deactivated member shows no figures, so it has nothing pending to show: only the active ones are asked.
    const active = searching
      ? sql`select id from matched where live`
      : sql`select c.id from ${members} where ${candidates} and not m.erased and not c.erased`;
    const pending = !q.filterNotRead
      ? undefined
      : pendingProviders
        ? pendingProvidersSinceCheckpointCte(v.colegioId, v.today)
        : pendingWorkCte(v.colegioId, active, v.today);
    // The pending providers come with their figures: a sort by one joins them.
    const figured =
      byFigure && !walk && !pendingProviders ? companyFiguresCte(v.colegioId, active, v.today) : undefined;
    const sortFigures = figured ? sql`figures` : byFigure && pendingProviders ? sql`pending_work` : undefined;
    const countCtes = [searching ? matched : undefined, pending].filter((cte) => cte !== undefined);
    const ctes = figured ? [...countCtes, figured] : countCtes;
    // Without conditions on the companies themselves the total is read from index colegio_members_type_idx;
    // it never needs the figures the order may join.
    const counting = pending
      ? sql`select count(*) from pending_work ${pendingProviders ? sql`` : sql`where pending`}`
      : searching
        ? sql`select count(*) from matched`
        : sql`select count(*) from colegio_members m where m.colegio_id = ${v.colegioId} and m.company_type = ${v.type}`;
    // Sorting administrators by Fincas counts every member's communities once, grouped, not row by row.
    const fincasCounts = sql`(select f.admin_company_id as company_id, count(*) as n from communities f
      where f.colegio_id = ${v.colegioId} and f.erased = false group by f.admin_company_id)`;
    // The page's figures, in the same statement: its active members' (a deactivated one shows none). Not in a
    // search's, which is planned for its pattern on every request: planning the figures' computation there cost
    // 3 ms more than running it; a search's page reads them afterwards, from a statement planned once.
    const unheld = heldFigures === "all" ? sql`and c.id not in (select company_id from figures)` : sql``;
    const pageFigures = withFigures
      ? companyFiguresCte(
          v.colegioId,
          sql`select c.id from page c where not c.member_erased ${unheld}`,
          v.today,
          // Beside a `figures` that stores, its rare misses (a deleted company's live membership) are not stored.
          { name: "page_figures", few: true, store: heldFigures !== "all" },
        )
      : undefined;
    return { where, sortFigures, countCtes, ctes, counting, fincasCounts, pageFigures };
  };

  // The total rides along in the page's statement (an uncorrelated subquery, computed once): one round trip.
  const page = (v: Slots<PageValues>) => {
    const { where, sortFigures, ctes, counting, fincasCounts, pageFigures } = parts(v);
    const figure = (column: string) =>
      heldFigures === "all"
        ? sql.raw(`coalesce(f.${column}, pf.${column}) as ${column}`)
        : sql.raw(`pf.${column} as ${column}`);
    const leading = ctes.length ? sql`${sql.join(ctes, sql`, `)},` : sql``;
    return sql`with ${
      walk
        ? walkedPage(v, q)
        : walkMembers
          ? sql`${leading} ${membersInOrder(v, orderBy, pendingProviders)}`
          : pendingSorted
            ? sql`${leading} ${pendingInOrder(v, q)}`
            : sortedMatches
              ? sql`${leading} ${matchedInOrder(v, orderBy)}`
              : sql`${leading} page as (
          select c.*, row_number() over () as position
          from (select c.id, c.type, c.name, c.cif, (m.erased or c.erased) as erased, m.erased as member_erased,
                       c.created_at,
                       c.owner_company_id, c.owner_user_id
                from ${members}
                ${sortFigures ? sql`left join ${sortFigures} fig on fig.company_id = c.id` : sql``}
                ${q.sortBy === "owner_company" ? sql`left join companies oc on oc.id = c.owner_company_id` : sql``}
                ${!providers && q.sortBy === "fincas" ? sql`left join ${fincasCounts} fc on fc.company_id = c.id` : sql``}
                where ${where}
                order by ${orderBy} limit ${v.limit} offset ${v.offset}) c)`
    }${pageFigures ? sql`, ${pageFigures}` : sql``}
        select c.id, c.type, c.name, c.cif, c.erased, c.member_erased, c.created_at, oc.name as owner_company,
               case when c.member_erased then null else ou.email end as owner_user,
               ou.password_hash is not null as registered, (${counting}) as page_total__,
               case when c.member_erased then 0 else ${ownedFincas(v.colegioId, sql`c.id`)} end as owned_fincas,
               case when c.member_erased then null else ${activityNames(v.colegioId, sql`c.id`)} end as activities
               ${withFigures ? sql`, ${sql.join(COMPANY_FIGURES.map(figure), sql`, `)}` : sql``}
        from page c
        -- Each a lookup by id (lateral, limited): a generic plan, which guesses 300 rows for any page, would
        -- otherwise hash the whole users table to join ten.
        left join lateral (select name from companies where id = c.owner_company_id limit 1) oc on true
        left join lateral (select email, password_hash from users where id = c.owner_user_id limit 1) ou on true
        ${withFigures ? sql`left join page_figures pf on pf.company_id = c.id` : sql``}
        ${withFigures && heldFigures === "all" ? sql`left join figures f on f.company_id = c.id` : sql``}
        order by c.position`;
  };
  const total = (v: Slots<PageValues>) => {
    const { countCtes, counting } = parts(v);
    return countCtes.length ? sql`with ${sql.join(countCtes, sql`, `)} ${counting}` : counting;
  };
  return { page, total };
}

/**
 * One page of a colegio's member companies of one type, with the list-row figures, and the total. The
 * page is chosen first (joins on primary keys, one sort of the colegio's members); the counts and the
 * activities are then computed for the page's rows only. A whole colegio sorted by a figure or by status
 * is walked in that order (walkedPage); with a search, an activity or 'docs pendientes', sorted by a figure,
 * the candidates' cached figures are read and sorted (companyFiguresCte: only stale rows are computed). The
 * 'docs pendientes' filter reads pending_work_cache.
 */
export async function pageColegioCompanies(
  db: DbOrTx,
  colegioId: number,
  q: CompanyPageQuery,
  /** Spain's day the figures are of (the property tests fix it) */
  today = todayInSpain(),
) {
  const values: PageValues = {
    colegioId,
    type: q.type,
    today,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    depth: q.page * q.limit,
    activity: q.filteract ?? null,
    like: containsPattern(q.filter),
  };
  const { page, total } = pageStatements(q);
  // Every choice the statements' text makes (pageStatements). Without a search pattern the plan is the same
  // for every colegio and page: built once and planned once (a list page's SQL, built anew, was a tenth of the
  // server's CPU per request); a search is planned for its pattern.
  const key = `companies:page:${q.type}:${q.sortBy ?? "name"}:${q.sortDesc ?? "ASC"}:${q.filteract === undefined ? "" : "activity"}:${q.filterNotRead ? "pending" : ""}`;
  const run = <T>(statement: (v: Slots<typeof values>) => SQL, part: string) =>
    q.filter
      ? queryRows<T>(db, statement(slotsHolding(values)))
      : queryRowsBuiltOnce<T, typeof values>(db, `${key}:${part}`, values, statement);
  const raw = await run<Record<string, unknown>>(page, "page");
  const rows = raw.map(companyPageRow);
  // A page past the end has no row to carry the total: asked on its own.
  const count =
    rows[0]?.page_total__ ??
    (q.page === 1 ? 0 : ((await run<{ count: unknown }>(total, "total")).map(totalRow)[0]?.count ?? 0));
  // A search's page reads its figures afterwards (pageStatements).
  const searched = q.filter
    ? await companyFiguresOf(
        db,
        colegioId,
        rows.filter((r) => !r.member_erased).map((r) => r.id),
        today,
      )
    : undefined;
  return {
    // A deactivated member's row is the relation only (name, CIF, status): none of its data or figures.
    data: rows.map((r) => toCompanyRow(r, r.member_erased ? NO_FIGURES : figuresOf(r, searched))),
    count,
    pagination: { count, page: q.page, limit: q.limit },
  };
}

/**
 * Common table expressions ending in `page` (as pageColegioCompanies' own) for a whole colegio's members
 * of one type, without a search or a filter, in an order whose deactivated members form one block: the
 * active members walked in order and stopped after the page, then (or, by status descending, before) the
 * deactivated ones by id. Sorted by 'Docs pend validar' (`owed`) or 'En Fincas', the active providers are
 * walked on company_figures_cache's index, those changed since the colegio's checkpoint merged in
 * (providerFiguresSinceCheckpointCte; deactivated ones show no figures: last either way); by status, on the
 * memberships' primary key. The cost is the page's depth and the changes since the last read, not the
 * colegio's size.
 */
function walkedPage(v: Slots<PageValues>, q: CompanyPageQuery): SQL {
  const dir = sql.raw(q.sortDesc === "DESC" ? "desc" : "asc");
  const member = sql`m.colegio_id = ${v.colegioId} and m.company_type = ${v.type} and c.type = ${v.type}`;
  // By status descending the deactivated (true) come first; figures put them last both ways.
  const deactivatedFirst = q.sortBy === "status" && q.sortDesc === "DESC";
  let ranked: SQL;
  if (q.sortBy === "status") {
    // `+ 0`: joined on an expression, companies cannot lend the walk their primary key's order, which the
    // planner otherwise picks and, descending, reads through every later company of any type (21,000 on
    // the bench) before the first provider.
    ranked = sql`ranked as (
      select m.company_id, 0 as key from colegio_members m join companies c on c.id = m.company_id + 0
      where ${member} and not m.erased and not c.erased
      order by m.company_id ${dir} limit ${v.depth})`;
  } else {
    ranked = providersWalkedByFigureCte(v.colegioId, v.today, q.sortBy === "pending" ? "owed" : "fincas", dir, v.depth);
  }
  return sql`${ranked},
    -- Deactivated memberships by colegio_members_type_idx, deleted companies by companies_type_idx: both few.
    deactivated as (
      select d.id from (
        select c.id from colegio_members m join companies c on c.id = m.company_id where ${member} and m.erased
        union
        select c.id from companies c join colegio_members m on m.colegio_id = ${v.colegioId} and m.company_id = c.id
        where ${member} and c.erased) d
      order by d.id ${dir} limit ${v.depth}),
    chosen as (
      select company_id as id, ${deactivatedFirst ? 1 : 0} as grp, key from ranked
      union all select id, ${deactivatedFirst ? 0 : 1}, null::int from deactivated),
    page as (
      select c.id, c.type, c.name, c.cif, (m.erased or c.erased) as erased, m.erased as member_erased, c.created_at,
             c.owner_company_id, c.owner_user_id,
             row_number() over (order by ch.grp, ch.key ${dir}, ch.id ${dir}) as position
      from chosen ch
      join colegio_members m on m.colegio_id = ${v.colegioId} and m.company_id = ch.id
      join companies c on c.id = ch.id
      order by ch.grp, ch.key ${dir}, ch.id ${dir} limit ${v.limit} offset ${v.offset})`;
}

/**
 * The `page` of a whole colegio's members of one type (or of its providers with work pending, `pendingOnly`,
 * after pendingProvidersSinceCheckpointCte) sorted by a column the memberships copy (`orderBy`: name, tax id
 * or manager, migration 0025): the memberships' index walked in that order and stopped after the page, then
 * each row's company looked up by id. Its own LIMIT keeps that lookup inside a nested loop: a
 * generic plan, which cannot know the page's size, otherwise joins every member and sorts them all.
 */
function membersInOrder(v: Slots<PageValues>, orderBy: SQL, pendingOnly: boolean): SQL {
  // 'Ver solo docs pendientes': each member walked is checked against the pending ones (`pending_work`, most
  // providers on a busy day) as one array (`+ 0`: not as ids to look up), until the page is full.
  const pending = pendingOnly ? sql`and m.company_id + 0 = any(array(select company_id from pending_work))` : sql``;
  return sql`page as (
    select c.id, c.type, c.name, c.cif, (m.erased or c.erased) as erased, m.erased as member_erased, c.created_at,
           c.owner_company_id, c.owner_user_id, row_number() over (order by ${orderBy}) as position
    from (select m.company_id, m.erased, m.name_key, m.cif_norm, m.owner_email from colegio_members m
          where m.colegio_id = ${v.colegioId} and m.company_type = ${v.type} ${pending}
          order by ${orderBy} limit ${v.limit} offset ${v.offset}) m
    cross join lateral (select * from companies c where c.id = m.company_id limit 1) c)`;
}

/** An active member's figures: as its page's statement read them, or (a search's) as read afterwards. */
function figuresOf(
  r: ReturnType<typeof companyPageRow>,
  searched: Map<number, CachedCompanyFigures> | undefined,
): CachedCompanyFigures {
  if (searched) {
    const f = searched.get(r.id);
    if (!f) throw new Error(`no figures for company ${r.id}`);
    return f;
  }
  const f = {} as CachedCompanyFigures;
  for (const column of COMPANY_FIGURES) {
    const value = r[column];
    if (value === null) throw new Error(`no figures for company ${r.id}`);
    f[column] = value;
  }
  return f;
}

/**
 * The `page` of a search or an activity filter (after `matched`, which carries the memberships' copies)
 * sorted by name, tax id or manager (`orderBy`): what it matched sorted, then the page's companies looked up by
 * id, instead of joining every match to its membership and company again to sort them.
 */
function matchedInOrder(v: Slots<PageValues>, orderBy: SQL): SQL {
  return sql`page as (
    select c.id, c.type, c.name, c.cif, (m.erased or c.erased) as erased, m.erased as member_erased, c.created_at,
           c.owner_company_id, c.owner_user_id, row_number() over (order by ${orderBy}) as position
    from (select m.company_id, m.erased, m.name_key, m.cif_norm, m.owner_email from matched m
          order by ${orderBy} limit ${v.limit} offset ${v.offset}) m
    cross join lateral (select * from companies c where c.id = m.company_id limit 1) c)`;
}

/**
 * The `page` of a colegio's providers with work pending (after pendingProvidersSinceCheckpointCte) sorted by
 * 'Docs pend validar', 'En Fincas' or status: `pending_work` (only active providers, with their figures) sorted
 * by that figure (by status all are alike: by id), then each row's membership and company looked up by id. The
 * same order as the list's (COMPANY_ORDER, PROVIDER_ORDER) without joining every member to the pending ones.
 */
function pendingInOrder(v: Slots<PageValues>, q: CompanyPageQuery): SQL {
  const dir = sql.raw(q.sortDesc === "DESC" ? "desc" : "asc");
  const key = sql.raw(q.sortBy === "pending" ? owed("p") : q.sortBy === "fincas" ? "p.fincas" : "false");
  return sql`page as (
    select c.id, c.type, c.name, c.cif, (m.erased or c.erased) as erased, m.erased as member_erased, c.created_at,
           c.owner_company_id, c.owner_user_id, row_number() over (order by p.key ${dir}, p.company_id ${dir}) as position
    from (select p.company_id, ${key} as key from pending_work p
          order by key ${dir}, p.company_id ${dir} limit ${v.limit} offset ${v.offset}) p
    cross join lateral (select * from colegio_members m where m.colegio_id = ${v.colegioId} and m.company_id = p.company_id
                        limit 1) m
    cross join lateral (select * from companies c where c.id = p.company_id limit 1) c)`;
}

const companyPageRow = rowReader({
  id: col.int,
  type: col.int,
  name: col.text,
  cif: col.text,
  erased: col.bool,
  member_erased: col.bool,
  created_at: col.iso,
  owner_company: col.textOrNull,
  owner_user: col.textOrNull,
  registered: col.bool,
  page_total__: col.int,
  owned_fincas: col.int,
  activities: col.texts,
  upload_must: col.intOrNull,
  all_uploaded: col.intOrNull,
  read_must: col.intOrNull,
  read_all: col.intOrNull,
  pending_validation: col.intOrNull,
  fincas: col.intOrNull,
});
const totalRow = rowReader({ count: col.int });

const NO_FIGURES: CachedCompanyFigures = {
  upload_must: 0,
  all_uploaded: 0,
  read_must: 0,
  read_all: 0,
  pending_validation: 0,
  fincas: 0,
};

function toCompanyRow(r: ReturnType<typeof companyPageRow>, f: CachedCompanyFigures): CompanyRow {
  return {
    id: r.id,
    company_id: r.id,
    company_erased: r.erased,
    company_type: r.type,
    company_name: r.name,
    company_cif: r.cif,
    company_owner_company: r.owner_company,
    company_owner_user: r.owner_user,
    registered: r.registered,
    created: r.created_at,
    activities: r.activities,
    all_uploaded: f.all_uploaded,
    upload_must: f.upload_must,
    read_all: f.read_all,
    read_must: f.read_must,
    pending_validation: f.pending_validation,
    owned_fincas: r.owned_fincas,
    provider_fincas: f.fincas,
  };
}

export async function companyActivities(db: DbOrTx, companyId: number, colegioId: number | null) {
  return queryTyped(
    db,
    sql`select a.id, a.name from company_activities ca join activities a on a.id = ca.activity_id
        where ca.company_id = ${companyId} ${colegioId === null ? sql`` : sql`and a.colegio_id = ${colegioId}`}
        order by lower(a.name), a.id`,
    { id: col.int, name: col.text },
  );
}

/** The company's manager (gestor de cuenta), if it has one. */
export async function ownerOf(db: DbOrTx, companyId: number) {
  const [row] = await queryTyped(
    db,
    sql`select u.id, u.email, u.user_role, u.password_hash is not null as has_password
        from companies c join users u on u.id = c.owner_user_id where c.id = ${companyId}`,
    { id: col.int, email: col.text, user_role: col.int, has_password: col.bool },
  );
  return row;
}

/**
 * What ties a company to its type: communities it administers, communities it serves, another colegio
 * that counts on it being what it is, or a pending invitation to join it (the invitee would get the old
 * role). Its type may change only when nothing does.
 */
export async function typeIsInUse(db: DbOrTx, companyId: number, colegioId: number) {
  const [row] = await queryTyped(
    db,
    sql`select exists (select 1 from communities where admin_company_id = ${companyId})
            or exists (select 1 from community_providers where provider_company_id = ${companyId})
            or exists (select 1 from colegio_members where company_id = ${companyId} and colegio_id <> ${colegioId})
            or exists (select 1 from invitations where target_company_id = ${companyId} and status = 'pending'
                       and expires_at > now())
            as used`,
    { used: col.bool },
  );
  return row?.used ?? false;
}

/** Ids among `ids` that are activities of the colegio. */
export async function activitiesOfColegio(db: DbOrTx, colegioId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await queryTyped(db, sql`select id from activities where colegio_id = ${colegioId} and id in ${ids}`, {
    id: col.int,
  });
  return rows.map((r) => r.id);
}
