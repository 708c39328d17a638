import { type CommunityFigures, type CompanyFigures, type ProviderInCommunityFigures, Role } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Slotted } from "../../db/client.js";
import { col, queryTypedBuiltOnce, queryTypedPrepared } from "../../db/rows.js";
import { companyFigures, hasPendingWork, providerInCommunityFigures } from "./compliance.sql.js";

/**
 * Common table expressions ending in `name (company_id, ...columns)`: a value of each company that
 * `companies` selects (one column) in a colegio on `today`, read from `table` where a row of that day
 * holds the company's current version (compliance_versions), computed by `compute` (a subquery with those
 * columns, over the company it is given) and stored otherwise. One statement, so the versions it stores
 * and the values it computes come from the same snapshot: a write committed meanwhile raised the version,
 * and the row it stores is never used. It writes, so PostgreSQL runs it once however often the statement
 * reads `name`; it must start the statement's `with`.
 *
 * The hits are looked up first (one join of the companies with their versions and their rows) and the
 * misses materialized before anything is computed: `compute` runs for the misses only, whatever plan the
 * statistics suggest (a plan that computed every company and then dropped the hits cost 50 times a cache
 * hit on a third of the bench colegio). A stored row is never replaced by one of an older version or day
 * (a slower statement that read the company before a write): the caller still gets what it computed, from
 * its snapshot, and provider_figures_checkpoint can trust a row that no write has touched since.
 */
function companyCacheCte(o: {
  name: string;
  table: string;
  columns: readonly string[];
  colegioId: Slotted<number>;
  companies: SQL;
  today: Slotted<string>;
  compute: (company: SQL) => SQL;
  /**
   * `companies` are a page's few: each looked up by its keys (lateral, limited), never by hashing the whole
   * cache, which a generic plan chooses for a CTE whatever its size (it guesses 150 rows).
   */
  few?: boolean;
  /**
   * false: the misses are computed but not stored. For a second cache expression in a statement whose first
   * stores: two upserts of one table, each in its own order, could deadlock with another such statement.
   */
  store?: boolean;
}): SQL {
  const [want, miss, computed, stored] = ["want", "miss", "computed", "stored"].map((part) =>
    sql.raw(`${o.name}_${part}`),
  ) as [SQL, SQL, SQL, SQL];
  const table = sql.raw(o.table);
  const list = (prefix: string) => sql.raw(o.columns.map((c) => `${prefix}${c}`).join(", "));
  const update = sql.raw(o.columns.map((c) => `${c} = excluded.${c}`).join(", "));
  const lookups = o.few
    ? sql`left join lateral (select version from compliance_versions where company_id = w.id limit 1) v on true
      left join lateral (select * from ${table} k where k.colegio_id = ${o.colegioId} and k.company_id = w.id
        and k.day = ${o.today}::date and k.version = coalesce(v.version, 0) limit 1) k on true`
    : sql`left join compliance_versions v on v.company_id = w.id
      left join ${table} k on k.colegio_id = ${o.colegioId} and k.company_id = w.id and k.day = ${o.today}::date
        and k.version = coalesce(v.version, 0)`;
  return sql`${want} as materialized (
      select w.id, coalesce(v.version, 0) as version, k.company_id is not null as hit, ${list("k.")}
      from (${o.companies}) w(id)
      ${lookups}),
    ${miss} as materialized (select ${want}.id, ${want}.version from ${want} where not ${want}.hit),
    ${computed} as materialized (
      select ${miss}.id as company_id, ${miss}.version, ${list("d.")}
      from ${miss} cross join lateral ${o.compute(sql`${miss}.id`)} d),
    ${
      o.store === false
        ? sql``
        : sql`${stored} as (
      insert into ${table} as k (colegio_id, company_id, day, version, ${list("")})
      select ${o.colegioId}, company_id, ${o.today}::date, version, ${list("")} from ${computed}
      order by company_id
      on conflict (colegio_id, company_id) do update set day = excluded.day, version = excluded.version, ${update}
        where (k.version, k.day) <= (excluded.version, excluded.day)),`
    }
    ${sql.raw(o.name)} as (
      select ${want}.id as company_id, ${list(`${o.name}_want.`)} from ${want} where ${want}.hit
      union all select company_id, ${list("")} from ${computed})`;
}

/** A company's figures in a colegio as the caches keep them: companyFigures and its 'En Fincas'. */
export interface CachedCompanyFigures extends CompanyFigures {
  /** the colegio's live communities the company serves as a provider */
  fincas: number;
}

/** The columns of CachedCompanyFigures, as the caches and the lists' statements name them. */
export const COMPANY_FIGURES = [
  "upload_must",
  "all_uploaded",
  "read_must",
  "read_all",
  "pending_validation",
  "fincas",
] as const satisfies readonly (keyof CachedCompanyFigures)[];

/**
 * 'En Fincas': the colegio's live communities where `company` is a live provider. A link written or a
 * community deleted raises the provider's version (migration 0007), so it is kept with the figures.
 */
export const providerFincas = (colegioId: Slotted<number>, company: SQL) =>
  sql`(select count(*)::int from community_providers cp join communities f on f.id = cp.community_id
       where cp.provider_company_id = ${company} and cp.erased = false and f.erased = false
         and f.colegio_id = ${colegioId})`;

/**
 * Common table expressions ending in `figures (company_id, upload_must, all_uploaded, read_must, read_all,
 * pending_validation, fincas)`: the cached figures of every company that `companies` selects (one column)
 * in a colegio on `today`, kept in company_figures_cache (companyCacheCte; to start the caller's `with`).
 * Sorting a list by a figure reads them for every candidate: hits cost an index probe, only the misses are
 * computed.
 */
export function companyFiguresCte(
  colegioId: Slotted<number>,
  companies: SQL,
  today: Slotted<string>,
  options: {
    /** the last expression's name (and its parts' prefix): two in one statement must not store the same company */
    name?: string;
    /** a page's few companies (companyCacheCte) */
    few?: boolean;
    /** false: misses computed, not stored (companyCacheCte) */
    store?: boolean;
  } = {},
): SQL {
  return companyCacheCte({
    name: options.name ?? "figures",
    few: options.few ?? false,
    store: options.store ?? true,
    table: "company_figures_cache",
    columns: COMPANY_FIGURES,
    colegioId,
    companies,
    today,
    compute: (company) =>
      sql`(select d.*, ${providerFincas(colegioId, company)} as fincas from ${companyFigures(colegioId, company, today)} d)`,
  });
}

/**
 * Common table expressions for a list of the colegio's active providers sorted by a figure, without
 * computing or even reading every provider's row (to start the caller's `with`):
 * - `changed (id)`: the active providers whose figures may have changed since the colegio's checkpoint of
 *   `today` (provider_figures_checkpoint: their `compliance_versions.changed_xid` is at least its
 *   `snapshot_xmin`), or all of them when there is none, and those whose row is of a later day (a server
 *   already past midnight);
 * - `figures (company_id, ...)`: theirs. By `owed` ('Docs pend validar'), their cached figures
 *   (companyFiguresCte: read where fresh, computed and stored otherwise). By `fincas`, only their 'En
 *   Fincas', counted: a change that staled the figures (a new definition staled every provider's) must not
 *   make a sort by communities compute them all;
 * - the checkpoint moved to this statement's snapshot when every changed row is fresh in it (always after
 *   computing them; by `fincas`, once others have) and something changed or it lags far behind. Skipped
 *   when another statement holds it (`skip locked`): readers never wait for each other.
 * Every other active provider's company_figures_cache row is fresh, so the list walks them by index
 * (`company_figures_cache_owed_idx`, `_fincas_idx`) leaving out `changed`, and adds `figures`. Why that is
 * exact: docs/compliance.md, 'Sorting by a figure'.
 */
export function providerFiguresSinceCheckpointCte(
  colegioId: Slotted<number>,
  today: Slotted<string>,
  by: "owed" | "fincas",
): SQL {
  const active = isActiveProvider(colegioId);
  const xmin = sql`pg_snapshot_xmin(pg_current_snapshot())`;
  // By fincas nothing is stored: the checkpoint may only move once every changed row is fresh anyway.
  const allFresh =
    by === "owed"
      ? sql`true`
      : sql`not exists (
          select 1 from changed ch
          left join compliance_versions v on v.company_id = ch.id
          left join company_figures_cache k on k.colegio_id = ${colegioId} and k.company_id = ch.id
            and k.day = ${today}::date and k.version = coalesce(v.version, 0)
          where k.company_id is null)`;
  return sql`checkpoint as materialized (
      select p.snapshot_xmin as since from provider_figures_checkpoint p
      where p.colegio_id = ${colegioId} and p.day = ${today}::date),
    changed as materialized (
      select m.company_id as id from colegio_members m join companies c on c.id = m.company_id
      where ${active} and not exists (select 1 from checkpoint)
      union
      select m.company_id from compliance_versions v
      join colegio_members m on m.company_id = v.company_id
      join companies c on c.id = m.company_id
      where v.changed_xid >= (select since from checkpoint) and ${active}
      union
      select m.company_id from company_figures_cache k
      join colegio_members m on m.colegio_id = k.colegio_id and m.company_id = k.company_id
      join companies c on c.id = m.company_id
      where k.colegio_id = ${colegioId} and k.day > ${today}::date and ${active}),
    checkpoint_first as (
      insert into provider_figures_checkpoint (colegio_id, day, snapshot_xmin)
      select ${colegioId}, ${today}::date, ${xmin}
      where not exists (select 1 from provider_figures_checkpoint q where q.colegio_id = ${colegioId}) and ${allFresh}
      on conflict (colegio_id) do nothing),
    checkpoint_moved as (
      update provider_figures_checkpoint p set day = ${today}::date, snapshot_xmin = ${xmin}
      where p.colegio_id = ${colegioId} and (p.day, p.snapshot_xmin) < (${today}::date, ${xmin})
        and (exists (select 1 from changed) or p.day < ${today}::date
             or ${xmin}::text::bigint - p.snapshot_xmin::text::bigint > ${CHECKPOINT_LAG})
        and ${allFresh}
        and p.colegio_id in (select q.colegio_id from provider_figures_checkpoint q
                             where q.colegio_id = ${colegioId} for update skip locked)),
    ${
      by === "owed"
        ? companyFiguresCte(colegioId, sql`select id from changed`, today)
        : sql`figures as (select ch.id as company_id, ${providerFincas(colegioId, sql`ch.id`)} as fincas from changed ch)`
    }`;
}

/**
 * What 'Docs pend validar' sorts by, of the figures of `t`: uploads and reads owed and documents waiting for
 * validation (company_figures_cache.owed is the same expression, a generated column).
 */
export const owed = (t: string) =>
  `(greatest(${t}.upload_must - ${t}.all_uploaded, 0) + greatest(${t}.read_must - ${t}.read_all, 0) + ${t}.pending_validation)`;

/**
 * Common table expressions ending in `ranked (company_id, key)`: the first `depth` of the colegio's active
 * providers in the order of a figure (`owed` or `fincas`, then the id, both `dir`), walked on
 * company_figures_cache's index with those changed since the checkpoint merged in
 * (providerFiguresSinceCheckpointCte; to start the caller's `with`). The cost is the depth and the changes,
 * not the colegio's size.
 */
export function providersWalkedByFigureCte(
  colegioId: Slotted<number>,
  today: Slotted<string>,
  by: "owed" | "fincas",
  dir: SQL,
  depth: Slotted<number>,
): SQL {
  const key = sql.raw(by);
  // `figures` has no `owed` column: the expression of the cache's generated one.
  const computedKey = sql.raw(by === "owed" ? owed("f") : "f.fincas");
  return sql`${providerFiguresSinceCheckpointCte(colegioId, today, by)},
    ranked as (
      select u.company_id, u.key from (
        (select k.company_id, k.${key} as key from company_figures_cache k
         join colegio_members m on m.colegio_id = k.colegio_id and m.company_id = k.company_id
         join companies c on c.id = k.company_id
         where k.colegio_id = ${colegioId} and ${isActiveProvider(colegioId)}
           and k.company_id not in (select id from changed)
         order by k.${key} ${dir}, k.company_id ${dir} limit ${depth})
        union all
        select f.company_id, ${computedKey} from figures f) u
      order by u.key ${dir}, u.company_id ${dir} limit ${depth})`;
}

/**
 * Common table expressions ending in `pending_work (company_id, upload_must, all_uploaded, read_must, read_all,
 * pending_validation, fincas)`: the colegio's active providers with work left on `today` ('Ver solo docs
 * pendientes': `owed` over 0, the same as hasPendingWork) and their figures (to start the caller's `with`).
 * Those unchanged since the checkpoint are read on company_figures_cache_owed_idx (`owed > 0`), the changed
 * ones computed (providerFiguresSinceCheckpointCte): the cost is the pending rows' index entries and the
 * changes, not every provider's versions and rows.
 */
export function pendingProvidersSinceCheckpointCte(colegioId: Slotted<number>, today: Slotted<string>): SQL {
  const columns = sql.raw(COMPANY_FIGURES.join(", "));
  // isActiveProvider by parts: the membership (colegio_members_type_idx) and no deleted company (few);
  // companies.type follows colegio_members.company_type (migration 0002's triggers).
  return sql`${providerFiguresSinceCheckpointCte(colegioId, today, "owed")},
    pending_work as materialized (
      select k.company_id, ${sql.raw(COMPANY_FIGURES.map((c) => `k.${c}`).join(", "))} from company_figures_cache k
      where k.colegio_id = ${colegioId} and k.owed > 0 and k.company_id not in (select id from changed)
        and k.company_id in (select m.company_id from colegio_members m
                             where m.colegio_id = ${colegioId} and m.company_type = ${Role.gremio} and not m.erased)
        and k.company_id not in (select c.id from companies c where c.type = ${Role.gremio} and c.erased)
      union all
      select company_id, ${columns} from figures f where ${sql.raw(owed("f"))} > 0)`;
}

/**
 * How many transaction ids a checkpoint may lag behind before a read with nothing changed in its colegio
 * moves it anyway: `changed` is a range of every company changed anywhere since, probed for membership.
 */
const CHECKPOINT_LAG = 10_000;

/**
 * The figures of some companies in a colegio on `today` (companyFigures and 'En Fincas'), kept in
 * company_figures_cache (companyCacheCte).
 */
export async function companyFiguresOf(
  db: DbOrTx,
  colegioId: number,
  companyIds: number[],
  today: string,
): Promise<Map<number, CachedCompanyFigures>> {
  if (companyIds.length === 0) return new Map();
  // Asked by every page of the colegio's company lists: built once (a fifth of the server's CPU per page).
  const rows = await queryTypedBuiltOnce(
    db,
    "figures-cache:company-figures-of",
    { colegioId, ids: `{${companyIds.join(",")}}`, today },
    (v) =>
      sql`with ${companyFiguresCte(v.colegioId, sql`select unnest(${v.ids}::int[])`, v.today)} select * from figures`,
    COMPANY_FIGURES_ROW,
  );
  return new Map(rows.map(({ company_id, ...figures }) => [company_id, figures]));
}

/**
 * The same for every company that `companies` selects (one column), in one statement: the colegio
 * dashboard asks it of all its providers at once.
 */
export function companyFiguresOver(db: DbOrTx, colegioId: number, companies: SQL, today: string) {
  return queryTypedPrepared(
    db,
    sql`with ${companyFiguresCte(colegioId, companies, today)} select * from figures`,
    COMPANY_FIGURES_ROW,
  );
}

const COMPANY_FIGURES_ROW = {
  company_id: col.int,
  upload_must: col.int,
  all_uploaded: col.int,
  read_must: col.int,
  read_all: col.int,
  pending_validation: col.int,
  fincas: col.int,
};

/**
 * The list figures of the colegio's active providers (membership and company live), as the providers list
 * shows them ('Docs a subir', 'Docs a leer', 'Docs pend validar'); the list shows deactivated ones without
 * figures, and its 'Ver solo docs pendientes' (the link behind the amber and red ones) leaves them out too.
 */
export function activeProviderFigures(db: DbOrTx, colegioId: number, today: string) {
  return companyFiguresOver(db, colegioId, activeProviders(colegioId), today);
}

/** The colegio's active providers (membership and company live), one column. */
export const activeProviders = (colegioId: Slotted<number>) =>
  sql`select m.company_id from colegio_members m join companies c on c.id = m.company_id
      where ${isActiveProvider(colegioId)}`;

/** Membership `m` and company `c` make an active provider of the colegio (both live, both of its type). */
const isActiveProvider = (colegioId: Slotted<number>) =>
  sql`m.colegio_id = ${colegioId} and m.company_type = ${Role.gremio} and c.type = ${Role.gremio}
    and not m.erased and not c.erased`;

/**
 * Common table expressions ending in `pending_work (company_id, pending)`: whether each company that
 * `companies` selects has work left in the colegio on `today` (hasPendingWork), kept in
 * pending_work_cache (companyCacheCte; to start the caller's `with`).
 */
export function pendingWorkCte(colegioId: Slotted<number>, companies: SQL, today: Slotted<string>): SQL {
  return companyCacheCte({
    name: "pending_work",
    table: "pending_work_cache",
    columns: ["pending"],
    colegioId,
    companies,
    today,
    compute: (company) => sql`(select ${hasPendingWork(colegioId, company, today)} as pending)`,
  });
}

/** A live provider's figures in a community (the providers-of-a-community row). */
export interface ProviderFiguresRow extends ProviderInCommunityFigures {
  community_id: number;
  provider_id: number;
}

/**
 * Common table expressions ending in `provider_figures (community_id, provider_id, upload_must,
 * uploaded_count, readed_must, readed_count)`: the figures of every live provider (or of `providers`, an
 * int[]) of the communities that `communities` selects (one column) on `today` (providerInCommunityFigures),
 * from provider_figures_cache where a row of that day holds its community's current version, computed and
 * stored otherwise; one statement that computes the misses only, as companyCacheCte (to start the caller's
 * `with`).
 */
export function providerFiguresCte(communities: SQL, today: Slotted<string>, providers?: SQL): SQL {
  return sql`want as (
          select cp.community_id, cp.provider_company_id as provider_id, coalesce(v.version, 0) as version
          from (${communities}) x(id)
          join community_providers cp on cp.community_id = x.id and cp.erased = false
            ${providers ? sql`and cp.provider_company_id = any(${providers})` : sql``}
          left join community_versions v on v.community_id = x.id),
        hit as (
          select k.community_id, k.provider_id, k.upload_must, k.uploaded_count, k.readed_must, k.readed_count
          from provider_figures_cache k
          join want on want.community_id = k.community_id and want.provider_id = k.provider_id
            and want.version = k.version
          where k.day = ${today}::date),
        miss as materialized (
          select want.community_id, want.provider_id, want.version from want
          where not exists (select 1 from hit where hit.community_id = want.community_id
                            and hit.provider_id = want.provider_id)),
        fresh as (
          insert into provider_figures_cache (community_id, provider_id, day, version, upload_must, uploaded_count,
                                              readed_must, readed_count)
          select miss.community_id, miss.provider_id, ${today}::date, miss.version, d.upload_must, d.uploaded_count,
                 d.readed_must, d.readed_count
          from miss
          cross join lateral ${providerInCommunityFigures(sql`miss.community_id`, sql`miss.provider_id`, today)} d
          order by miss.community_id, miss.provider_id
          on conflict (community_id, provider_id) do update set day = excluded.day, version = excluded.version,
            upload_must = excluded.upload_must, uploaded_count = excluded.uploaded_count,
            readed_must = excluded.readed_must, readed_count = excluded.readed_count
          returning community_id, provider_id, upload_must, uploaded_count, readed_must, readed_count),
        provider_figures as (select * from hit union all select * from fresh)`;
}

const PROVIDER_FIGURES_ROW = {
  community_id: col.int,
  provider_id: col.int,
  upload_must: col.int,
  uploaded_count: col.int,
  readed_must: col.int,
  readed_count: col.int,
};

/**
 * The figures of every live provider (or of `providerIds`) of some communities on `today`
 * (providerFiguresCte). A community's figures are the sums of its rows.
 */
export async function providerFiguresOf(
  db: DbOrTx,
  communityIds: number[],
  today: string,
  providerIds?: number[],
): Promise<ProviderFiguresRow[]> {
  if (communityIds.length === 0 || providerIds?.length === 0) return [];
  const ints = (ids: number[]) => `{${ids.join(",")}}`;
  // Asked by every page of the communities lists and of a community's providers: built once.
  return queryTypedBuiltOnce(
    db,
    `figures-cache:provider-figures-of${providerIds ? ":some" : ""}`,
    { communities: ints(communityIds), providers: providerIds ? ints(providerIds) : null, today },
    (v) =>
      sql`with ${providerFiguresCte(
        sql`select unnest(${v.communities}::int[])`,
        v.today,
        providerIds && sql`${v.providers}::int[]`,
      )} select * from provider_figures`,
    PROVIDER_FIGURES_ROW,
  );
}

/**
 * Common table expressions ending in `community_figures (community_id, mandatory_count,
 * mandatory_uploaded_count, expected_count_read, count_read)`: the communities list's figures of every
 * community that `communities` selects (one column) on `today`, one row each: from community_figures_cache
 * where a row of that day holds the community's current version, otherwise summed from its live providers'
 * rows (providerFiguresCte, computed for those communities only; zeros without providers) and stored. The
 * community's version covers everything its providers' rows depend on (migration 0007: documents, read
 * marks, links, definitions), so a sum kept at that version is as exact as the rows it sums. One statement,
 * as companyCacheCte (to start the caller's `with`); a row of an older version stored over a newer one by a
 * slower statement is only a miss for the next reader.
 */
export function communityFiguresCte(
  communities: SQL,
  today: Slotted<string>,
  /**
   * `communities` are a page's few: each looked up by its keys (lateral, limited), and its misses' providers
   * from an array, never by hashing whole tables, which a generic plan chooses for a CTE whatever its size.
   */
  few = false,
): SQL {
  const hit = sql`k.community_id, k.mandatory_count, k.mandatory_uploaded_count, k.expected_count_read, k.count_read`;
  return sql`cwant as (
          select x.id, coalesce(v.version, 0) as version
          from (${communities}) x(id)
          ${
            few
              ? sql`left join lateral (select version from community_versions where community_id = x.id limit 1) v on true`
              : sql`left join community_versions v on v.community_id = x.id`
          }),
        chit as (${
          few
            ? sql`select ${hit} from cwant cross join lateral (select * from community_figures_cache k
                 where k.community_id = cwant.id and k.version = cwant.version and k.day = ${today}::date limit 1) k`
            : sql`select ${hit}
          from community_figures_cache k join cwant on cwant.id = k.community_id and cwant.version = k.version
          where k.day = ${today}::date`
        }),
        cmissing as materialized (select cwant.id, cwant.version from cwant
                     where not exists (select 1 from chit where chit.community_id = cwant.id)),
        ${providerFiguresCte(few ? sql`select unnest(array(select id from cmissing))` : sql`select id from cmissing`, today)},
        cfresh as (
          insert into community_figures_cache (community_id, day, version, mandatory_count, mandatory_uploaded_count,
                                               expected_count_read, count_read)
          select m.id, ${today}::date, m.version, coalesce(sum(r.upload_must), 0), coalesce(sum(r.uploaded_count), 0),
                 coalesce(sum(r.readed_must), 0), coalesce(sum(r.readed_count), 0)
          from cmissing m left join provider_figures r on r.community_id = m.id
          group by m.id, m.version
          order by m.id
          on conflict (community_id) do update set day = excluded.day, version = excluded.version,
            mandatory_count = excluded.mandatory_count, mandatory_uploaded_count = excluded.mandatory_uploaded_count,
            expected_count_read = excluded.expected_count_read, count_read = excluded.count_read
          returning community_id, mandatory_count, mandatory_uploaded_count, expected_count_read, count_read),
        community_figures as (select * from chit union all select * from cfresh)`;
}

const COMMUNITY_FIGURES_ROW = {
  community_id: col.int,
  mandatory_count: col.int,
  mandatory_uploaded_count: col.int,
  expected_count_read: col.int,
  count_read: col.int,
};

/**
 * The figures of every community that `communities` selects (communityFiguresCte), in one statement: the
 * colegio dashboard asks it of all its communities at once.
 */
export function communityFiguresOver(db: DbOrTx, communities: SQL, today: string) {
  return queryTypedPrepared(
    db,
    sql`with ${communityFiguresCte(communities, today)} select * from community_figures`,
    COMMUNITY_FIGURES_ROW,
  );
}

/**
 * The figures of a page's communities (communityFiguresCte), by community: as the communities list shows them
 * (a search's page reads them so, from a statement planned once).
 */
export async function communityFiguresOf(
  db: DbOrTx,
  communityIds: number[],
  today: string,
): Promise<Map<number, CommunityFigures>> {
  if (communityIds.length === 0) return new Map();
  // Each once: one statement may not store a community's row twice.
  const ids = [...new Set(communityIds)];
  const rows = await queryTypedBuiltOnce(
    db,
    "figures-cache:community-figures-of",
    { ids: `{${ids.join(",")}}`, today },
    (v) =>
      sql`with ${communityFiguresCte(sql`select unnest(${v.ids}::int[])`, v.today, true)} select * from community_figures`,
    COMMUNITY_FIGURES_ROW,
  );
  return new Map(rows.map(({ community_id, ...figures }) => [community_id, figures]));
}
