import type { CommunityFigures, CompanyFigures, ProviderInCommunityFigures } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRowsPrepared } from "../../db/client.js";
import { companyFigures, hasPendingWork, providerInCommunityFigures } from "./compliance.sql.js";

/**
 * The figures of some companies in a colegio on `today` (companyFigures), from company_figures_cache
 * where a row of that day holds the company's current version, computed and stored otherwise. One
 * statement, so the versions it stores and the figures it computes come from the same snapshot: a write
 * committed after it raised the version, and the row it stores is never used.
 */
export async function companyFiguresOf(
  db: Db,
  colegioId: number,
  companyIds: number[],
  today: string,
): Promise<Map<number, CompanyFigures>> {
  if (companyIds.length === 0) return new Map();
  const ids = sql`${`{${companyIds.join(",")}}`}::int[]`;
  const rows = await queryRowsPrepared<Record<string, number | string>>(
    db,
    sql`with want as (
          select x.id, coalesce(v.version, 0) as version
          from unnest(${ids}) x(id) left join compliance_versions v on v.company_id = x.id),
        hit as (
          select k.company_id, k.upload_must, k.all_uploaded, k.read_must, k.read_all, k.pending_validation
          from company_figures_cache k join want on want.id = k.company_id and want.version = k.version
          where k.colegio_id = ${colegioId} and k.day = ${today}::date),
        fresh as (
          insert into company_figures_cache (colegio_id, company_id, day, version, upload_must, all_uploaded,
                                             read_must, read_all, pending_validation)
          select ${colegioId}, want.id, ${today}::date, want.version, d.upload_must, d.all_uploaded, d.read_must,
                 d.read_all, d.pending_validation
          from want cross join lateral ${companyFigures(colegioId, sql`want.id`, today)} d
          where not exists (select 1 from hit where hit.company_id = want.id)
          order by want.id
          on conflict (colegio_id, company_id) do update set day = excluded.day, version = excluded.version,
            upload_must = excluded.upload_must, all_uploaded = excluded.all_uploaded, read_must = excluded.read_must,
            read_all = excluded.read_all, pending_validation = excluded.pending_validation
          returning company_id, upload_must, all_uploaded, read_must, read_all, pending_validation)
        select * from hit union all select * from fresh`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.company_id),
      {
        upload_must: Number(r.upload_must),
        all_uploaded: Number(r.all_uploaded),
        read_must: Number(r.read_must),
        read_all: Number(r.read_all),
        pending_validation: Number(r.pending_validation),
      },
    ]),
  );
}

/**
 * Common table expressions ending in `pending_work (company_id, pending)`: whether each company that
 * `companies` selects (one column) has work left in the colegio on `today` (hasPendingWork), from
 * pending_work_cache where a row of that day holds the company's current version, computed and stored
 * otherwise; in one statement, as companyFiguresOf. To start a `with` of the caller's statement: it
 * writes, so PostgreSQL runs it once, however often the statement reads `pending_work`.
 */
export function pendingWorkCte(colegioId: number, companies: SQL, today: string): SQL {
  return sql`pw_want as (
      select w.id, coalesce(v.version, 0) as version
      from (${companies}) w(id) left join compliance_versions v on v.company_id = w.id),
    pw_hit as (
      select k.company_id, k.pending
      from pending_work_cache k join pw_want on pw_want.id = k.company_id and pw_want.version = k.version
      where k.colegio_id = ${colegioId} and k.day = ${today}::date),
    pw_fresh as (
      insert into pending_work_cache (colegio_id, company_id, day, version, pending)
      select ${colegioId}, pw_want.id, ${today}::date, pw_want.version, ${hasPendingWork(colegioId, sql`pw_want.id`, today)}
      from pw_want
      where not exists (select 1 from pw_hit where pw_hit.company_id = pw_want.id)
      order by pw_want.id
      on conflict (colegio_id, company_id) do update set day = excluded.day, version = excluded.version,
        pending = excluded.pending
      returning company_id, pending),
    pending_work as (select company_id, pending from pw_hit union all select company_id, pending from pw_fresh)`;
}

/** Whether each of some companies has work left in a colegio on `today` (pendingWorkCte). */
export async function pendingWorkOf(
  db: Db,
  colegioId: number,
  companyIds: number[],
  today: string,
): Promise<Map<number, boolean>> {
  if (companyIds.length === 0) return new Map();
  const ids = sql`${`{${companyIds.join(",")}}`}::int[]`;
  const rows = await queryRowsPrepared<{ company_id: number; pending: boolean }>(
    db,
    sql`with ${pendingWorkCte(colegioId, sql`select unnest(${ids})`, today)} select * from pending_work`,
  );
  return new Map(rows.map((r) => [Number(r.company_id), Boolean(r.pending)]));
}

/** A live provider's figures in a community (the providers-of-a-community row). */
export interface ProviderFiguresRow extends ProviderInCommunityFigures {
  community_id: number;
  provider_id: number;
}

/**
 * The figures of every live provider of some communities on `today` (providerInCommunityFigures), from
 * provider_figures_cache where a row of that day holds its community's current version, computed and
 * stored otherwise; one statement, as companyFiguresOf. A community's figures are the sums of its rows.
 */
export async function providerFiguresOf(db: Db, communityIds: number[], today: string): Promise<ProviderFiguresRow[]> {
  if (communityIds.length === 0) return [];
  const ids = sql`${`{${communityIds.join(",")}}`}::int[]`;
  const rows = await queryRowsPrepared<Record<string, number | string>>(
    db,
    sql`with want as (
          select cp.community_id, cp.provider_company_id as provider_id, coalesce(v.version, 0) as version
          from unnest(${ids}) x(id)
          join community_providers cp on cp.community_id = x.id and cp.erased = false
          left join community_versions v on v.community_id = x.id),
        hit as (
          select k.community_id, k.provider_id, k.upload_must, k.uploaded_count, k.readed_must, k.readed_count
          from provider_figures_cache k
          join want on want.community_id = k.community_id and want.provider_id = k.provider_id
            and want.version = k.version
          where k.day = ${today}::date),
        fresh as (
          insert into provider_figures_cache (community_id, provider_id, day, version, upload_must, uploaded_count,
                                              readed_must, readed_count)
          select want.community_id, want.provider_id, ${today}::date, want.version, d.upload_must, d.uploaded_count,
                 d.readed_must, d.readed_count
          from want
          cross join lateral ${providerInCommunityFigures(sql`want.community_id`, sql`want.provider_id`, today)} d
          where not exists (select 1 from hit where hit.community_id = want.community_id
                            and hit.provider_id = want.provider_id)
          order by want.community_id, want.provider_id
          on conflict (community_id, provider_id) do update set day = excluded.day, version = excluded.version,
            upload_must = excluded.upload_must, uploaded_count = excluded.uploaded_count,
            readed_must = excluded.readed_must, readed_count = excluded.readed_count
          returning community_id, provider_id, upload_must, uploaded_count, readed_must, readed_count)
        select * from hit union all select * from fresh`,
  );
  return rows.map((r) => ({
    community_id: Number(r.community_id),
    provider_id: Number(r.provider_id),
    upload_must: Number(r.upload_must),
    uploaded_count: Number(r.uploaded_count),
    readed_must: Number(r.readed_must),
    readed_count: Number(r.readed_count),
  }));
}

/** The communities' figures (the communities list): the sums of their live providers' rows; zeros without any. */
export async function communityFiguresOf(
  db: Db,
  communityIds: number[],
  today: string,
): Promise<Map<number, CommunityFigures>> {
  const sums = new Map<number, CommunityFigures>(
    communityIds.map((id) => [
      id,
      { mandatory_count: 0, mandatory_uploaded_count: 0, expected_count_read: 0, count_read: 0 },
    ]),
  );
  for (const r of await providerFiguresOf(db, communityIds, today)) {
    const s = sums.get(r.community_id)!;
    s.mandatory_count += r.upload_must;
    s.mandatory_uploaded_count += r.uploaded_count;
    s.expected_count_read += r.readed_must;
    s.count_read += r.readed_count;
  }
  return sums;
}
