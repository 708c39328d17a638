import {
  type ColegioDashboard,
  EXPIRING_ROWS,
  EXPIRING_SOON_DAYS,
  type ExpiringDocument,
  type LightShare,
  TREND_MONTHS,
} from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, queryTypedPrepared } from "../../db/rows.js";
import { type CommunityScope, communitiesInScope } from "../communities/communities.repository.js";
import { communityFiguresOver } from "../compliance/figures-cache.repository.js";
import { isLastToExpireOfItsDuty } from "../documents/documents.repository.js";

/*
 * The dashboards' figures (docs/FEATURES.md 'Dashboards'): a few aggregate statements, never one per row.
 * The lights' figures come from the same caches as the lists (figures-cache.repository.ts): after a list
 * or an earlier dashboard read of the day filled them, they are read, not computed.
 */

/** The communities list's figures of every live community a scope shows (the colegio's, an administrator's). */
export function scopeCommunityFigures(db: DbOrTx, scope: CommunityScope, today: string) {
  return communityFiguresOver(db, sql`select f.id from communities f where ${communitiesInScope(scope)}`, today);
}

/** Live documents (not erased, file not deleted) of the colegio's live definitions, as `d` and `def`. */
const colegioDocuments = (colegioId: number) => sql`company_documents d
  join document_definitions def on def.id = d.definition_id and def.colegio_id = ${colegioId} and def.erased = false
  where d.erased = false and d.file_deleted = false`;

/**
 * What the colegio's dashboard answer depends on, besides the day (schema/dashboard.ts): its members and
 * communities, erased ones included, and the sums of their versions, the members' with the colegio's own
 * (raised by its porters' documents, migration 0021) (text: bigint sums).
 */
export interface ColegioFingerprint {
  members: number;
  members_version: string;
  communities: number;
  communities_version: string;
}

/**
 * The colegio's fingerprint now, and the answer stored for `today` at that fingerprint, if any: four
 * index range sums (colegio_members' primary key, communities_colegio_idx, the versions' primary keys) and
 * the cache's primary key.
 */
export async function colegioDashboardCached(db: DbOrTx, colegioId: number, today: string) {
  const [row] = await queryTypedPrepared(
    db,
    sql`with fp as (
          select (select count(*) from colegio_members m where m.colegio_id = ${colegioId}) as members,
                 ((select coalesce(sum(v.version), 0) from colegio_members m
                   join compliance_versions v on v.company_id = m.company_id
                   where m.colegio_id = ${colegioId})
                  + (select coalesce(max(v.version), 0) from compliance_versions v
                     where v.company_id = ${colegioId}))::bigint as members_version,
                 (select count(*) from communities f where f.colegio_id = ${colegioId}) as communities,
                 (select coalesce(sum(v.version), 0) from communities f
                  join community_versions v on v.community_id = f.id
                  where f.colegio_id = ${colegioId})::bigint as communities_version)
        select fp.members, fp.members_version::text as members_version, fp.communities,
               fp.communities_version::text as communities_version, k.figures
        from fp
        left join colegio_dashboard_cache k on k.colegio_id = ${colegioId} and k.day = ${today}::date
          and k.members = fp.members and k.members_version = fp.members_version
          and k.communities = fp.communities and k.communities_version = fp.communities_version`,
    {
      members: col.int,
      members_version: col.text,
      communities: col.int,
      communities_version: col.text,
      figures: col.as<ColegioDashboard | null>(),
    },
  );
  const { figures, ...fingerprint } = row!;
  return { fingerprint: fingerprint satisfies ColegioFingerprint, figures };
}

/**
 * Keeps `figures`, computed after `fingerprint` was read, as the colegio's answer of `today`: a write
 * committed meanwhile moved the fingerprint, so the answer is never found at a fingerprint it is older than.
 * Fingerprints only grow, so an answer of a smaller one (or of an earlier day) never replaces the one kept.
 */
export async function storeColegioDashboard(
  db: DbOrTx,
  colegioId: number,
  today: string,
  fingerprint: ColegioFingerprint,
  figures: ColegioDashboard,
) {
  await db.execute(
    sql`insert into colegio_dashboard_cache as k (colegio_id, day, members, members_version, communities,
          communities_version, figures)
        values (${colegioId}, ${today}::date, ${fingerprint.members}, ${fingerprint.members_version}::bigint,
          ${fingerprint.communities}, ${fingerprint.communities_version}::bigint, ${JSON.stringify(figures)}::jsonb)
        on conflict (colegio_id) do update set day = excluded.day, members = excluded.members,
          members_version = excluded.members_version, communities = excluded.communities,
          communities_version = excluded.communities_version, figures = excluded.figures
        where excluded.day > k.day
           or (excluded.day = k.day and excluded.members >= k.members and excluded.members_version >= k.members_version
               and excluded.communities >= k.communities and excluded.communities_version >= k.communities_version)`,
  );
}

/** The colegios whose kept answer is of `day`: those someone looked at that day. */
export async function colegiosAnsweredOn(db: DbOrTx, day: string): Promise<number[]> {
  const rows = await queryTypedPrepared(
    db,
    sql`select colegio_id from colegio_dashboard_cache where day = ${day}::date order by colegio_id`,
    { colegio_id: col.int },
  );
  return rows.map((r) => r.colegio_id);
}

/** A day's share of lights, as the snapshot stores it. */
export interface DaySnapshot {
  providers: LightShare;
  communities: LightShare;
}

/**
 * Stores the colegio's share of lights of `day` unless a read of that day already did (the first one stays),
 * and answers the share stored: this one, or the first read's.
 */
export async function keepFirstSnapshotOfDay(
  db: DbOrTx,
  colegioId: number,
  day: string,
  s: DaySnapshot,
): Promise<DaySnapshot> {
  const inserted = await queryTyped(
    db,
    sql`insert into dashboard_snapshots (colegio_id, day, providers_ok, providers_warn, providers_error,
          providers_none, communities_ok, communities_warn, communities_error, communities_none)
        values (${colegioId}, ${day}::date, ${s.providers.ok}, ${s.providers.warn}, ${s.providers.error},
          ${s.providers.none}, ${s.communities.ok}, ${s.communities.warn}, ${s.communities.error},
          ${s.communities.none})
        on conflict (colegio_id, day) do nothing
        returning colegio_id`,
    { colegio_id: col.int },
  );
  if (inserted.length > 0) return s;
  // A statement of its own: it sees the first read's row even when that committed while the insert waited.
  const [first] = await queryTyped(
    db,
    sql`select ${SNAPSHOT_COLUMNS} from dashboard_snapshots s where s.colegio_id = ${colegioId} and s.day = ${day}::date`,
    SNAPSHOT_ROW,
  );
  const stored = first && sharesOf(first);
  return stored?.providers && stored.communities ? { providers: stored.providers, communities: stored.communities } : s;
}

/** A snapshot's eight counts, as columns of `s` and as their readers (null: no snapshot). */
const SNAPSHOT_COLUMNS = sql`s.providers_ok, s.providers_warn, s.providers_error, s.providers_none,
  s.communities_ok, s.communities_warn, s.communities_error, s.communities_none`;
const SNAPSHOT_ROW = {
  providers_ok: col.intOrNull,
  providers_warn: col.intOrNull,
  providers_error: col.intOrNull,
  providers_none: col.intOrNull,
  communities_ok: col.intOrNull,
  communities_warn: col.intOrNull,
  communities_error: col.intOrNull,
  communities_none: col.intOrNull,
};
type SnapshotRow = { [K in keyof typeof SNAPSHOT_ROW]: number | null };
const shareOrNull = (ok: number | null, warn: number | null, error: number | null, none: number | null) =>
  ok === null || warn === null || error === null || none === null ? null : { ok, warn, error, none };
const sharesOf = (r: SnapshotRow) => ({
  providers: shareOrNull(r.providers_ok, r.providers_warn, r.providers_error, r.providers_none),
  communities: shareOrNull(r.communities_ok, r.communities_warn, r.communities_error, r.communities_none),
});

/**
 * The colegio's last TREND_MONTHS months (Madrid time, the current one last): live documents uploaded in
 * each (by upload time), live documents that expired in each (the day after their last valid day, up to
 * today), and the month's last daily snapshot of lights, or none. Index ranges per definition
 * (company_documents_definition_created_idx, _obsolete_idx) and the snapshots' primary key.
 */
export async function colegioTrend(db: DbOrTx, colegioId: number, today: string) {
  // Each month is two counts over index ranges per definition (no per-document grouping): what a month
  // costs is reading its index entries, not formatting each document's date.
  const rows = await queryTypedPrepared(
    db,
    sql`with months as (
          select to_char(m, 'YYYY-MM') as month, m::date as first, (m + interval '1 month')::date as next
          from generate_series(date_trunc('month', ${today}::date) - ${TREND_MONTHS - 1}::int * interval '1 month',
                               date_trunc('month', ${today}::date), interval '1 month') m),
        snapshots as (
          select distinct on (to_char(s.day, 'YYYY-MM')) to_char(s.day, 'YYYY-MM') as month,
                 to_char(s.day, 'YYYY-MM-DD') as snap_day, ${SNAPSHOT_COLUMNS}
          from dashboard_snapshots s
          where s.colegio_id = ${colegioId}
            and s.day >= date_trunc('month', ${today}::date) - ${TREND_MONTHS - 1}::int * interval '1 month'
          order by to_char(s.day, 'YYYY-MM'), s.day desc)
        select months.month,
               (select count(*) from ${colegioDocuments(colegioId)}
                  and d.created_at >= (months.first::timestamp at time zone 'Europe/Madrid')
                  and d.created_at < (months.next::timestamp at time zone 'Europe/Madrid')) as uploaded,
               (select count(*) from ${colegioDocuments(colegioId)} and d.file_obsolete is not null
                  and d.file_obsolete >= months.first - 1 and d.file_obsolete < months.next - 1
                  and d.file_obsolete < ${today}::date) as expired,
               snapshots.snap_day as snapshot_day,
               snapshots.providers_ok, snapshots.providers_warn, snapshots.providers_error, snapshots.providers_none,
               snapshots.communities_ok, snapshots.communities_warn, snapshots.communities_error,
               snapshots.communities_none
        from months
        left join snapshots on snapshots.month = months.month
        order by months.month`,
    {
      month: col.text,
      uploaded: col.int,
      expired: col.int,
      snapshot_day: col.textOrNull,
      ...SNAPSHOT_ROW,
    },
  );
  return rows.map((r) => ({
    month: r.month,
    uploaded: r.uploaded,
    expired: r.expired,
    snapshot_day: r.snapshot_day,
    ...sharesOf(r),
  }));
}

/**
 * The documents that expire soon where the administrator's communities count them (docs/compliance.md:
 * a live provider's general documents in every community it serves, its bound ones in their community),
 * current today with their last valid day within EXPIRING_SOON_DAYS and the last to expire of their duty
 * (isLastToExpireOfItsDuty): the first EXPIRING_ROWS, soonest first, and how many there are.
 */
export async function expiringInCommunities(db: DbOrTx, scope: CommunityScope, today: string) {
  const rows = await queryTypedPrepared(
    db,
    sql`with expiring as (
          select d.id as document_id, f.id as community_id, f.name as community_name, co.id as company_id,
                 co.name as company_name, def.name as definition_name, fl.name as file_name,
                 to_char(d.file_obsolete, 'YYYY-MM-DD') as obsolete
          from communities f
          join community_providers cp on cp.community_id = f.id and cp.erased = false
          join company_documents d on d.company_id = cp.provider_company_id and d.erased = false
            and d.file_deleted = false and (d.community_id is null or d.community_id = f.id)
            and d.file_obsolete between ${today}::date and ${today}::date + ${EXPIRING_SOON_DAYS}::int
            and ${isLastToExpireOfItsDuty}
          join document_definitions def on def.id = d.definition_id and def.colegio_id = f.colegio_id
            and def.erased = false and def.assocfinca = (d.community_id is not null)
          join companies co on co.id = cp.provider_company_id
          join files fl on fl.id = d.file_id
          where ${communitiesInScope(scope)})
        select e.*, (select count(*) from expiring) as total
        from expiring e
        order by e.obsolete, lower(e.community_name), e.community_id, lower(e.company_name), e.company_id,
                 e.document_id
        limit ${EXPIRING_ROWS}`,
    {
      document_id: col.int,
      community_id: col.int,
      community_name: col.text,
      company_id: col.int,
      company_name: col.text,
      definition_name: col.text,
      file_name: col.text,
      obsolete: col.text,
      total: col.int,
    },
  );
  const count = rows[0]?.total ?? 0;
  return { count, rows: rows.map(({ total: _, ...row }): ExpiringDocument => row) };
}
