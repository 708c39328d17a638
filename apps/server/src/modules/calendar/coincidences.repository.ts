import { CALENDAR, type CoincidenceKind } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, queryTypedBuiltOnce } from "../../db/rows.js";
import { activeProvidersOf, daysOf24h, wallClockSql } from "./entries.repository.js";

/*
 * What a calendar entry coincides with (issue 22): in its community, another active provider's entry, weekly
 * slot or 24-hour service whose time overlaps the entry's. Ranges are half-open [start, end): ranges that
 * only touch do not coincide.
 */

/** One coincidence of an entry; `key` names it for its notice ('entry:12', 'schedule:3', 'seven24:40'). */
export interface CoincidenceFound {
  kind: CoincidenceKind;
  /** the other entry's id, the schedule's id, or (seven24) the provider's id */
  ref: number;
  key: string;
  providerId: number;
  providerName: string;
  /** the other entry's comment, the schedule's title, or '' */
  title: string;
  /** the other side's range: the entry, the schedule's first overlapping occurrence, or (seven24) the entry's */
  otherStart: Date;
  otherEnd: Date;
  overlapStart: Date;
  overlapEnd: Date;
  /** the same four instants as the API shows them: Madrid wall-clock 'YYYY-MM-DD HH:mm' */
  wallClock: { otherStart: string; otherEnd: string; overlapStart: string; overlapEnd: string };
}

const TZ = CALENDAR.timeZone;

const coincidenceRow = {
  kind: col.as<CoincidenceKind>(),
  ref: col.int,
  provider_id: col.int,
  provider_name: col.text,
  title: col.text,
  other_start: col.date,
  other_end: col.date,
  overlap_start: col.date,
  overlap_end: col.date,
  other_start_wall: col.text,
  other_end_wall: col.text,
  overlap_start_wall: col.text,
  overlap_end_wall: col.text,
};

/**
 * The coincidences of `entry` with the other active providers of its community (entries.repository
 * activeProvidersOf), by overlap start and then
 * provider name, in one statement:
 * (a) their live entries overlapping it (`starts_at` bounded from below by the longest span, so the
 *     community's index is read as a range);
 * (b) their live weekly slots: each Madrid day from the day before the entry's start day (a slot of that
 *     day may run past midnight) to its end day that is one of the slot's weekdays and not after its
 *     expiry gives [day + start, day + end), or [day + start, day + 1 + end) when the end is at or before
 *     the start; converted to instants in Madrid time, so daylight-saving days keep their wall-clock hours.
 *     The first occurrence that overlaps is the one reported;
 * (c) their 24-hour service: it coincides over the whole entry.
 * Each instant also comes as Madrid wall-clock text, converted by the database as the month's entries are.
 */
export async function findCoincidences(
  db: DbOrTx,
  entry: { id: number; communityId: number; providerCompanyId: number; startsAt: Date; endsAt: Date },
): Promise<CoincidenceFound[]> {
  // Built once and prepared (outside a transaction, on a PostgreSQL server): planning it cost more than
  // running it.
  const rows = await queryTypedBuiltOnce(
    db,
    "calendar-coincidences",
    {
      start: entry.startsAt.toISOString(),
      end: entry.endsAt.toISOString(),
      communityId: entry.communityId,
      providerCompanyId: entry.providerCompanyId,
    },
    (v) => {
      const s = sql`${v.start}::timestamptz`;
      const e = sql`${v.end}::timestamptz`;
      return sql`with others as (
          select p.id, p.name from (${activeProvidersOf(v.communityId)}) p where p.id <> ${v.providerCompanyId}
        ),
        days as (
          select d::date as day
          from generate_series(((${s} at time zone ${TZ})::date - 1)::timestamp,
                               (${e} at time zone ${TZ})::date::timestamp, interval '1 day') d
        ),
        slots as (
          select distinct on (sch.id) sch.id, sch.company_id, sch.title, occ.starts_at, occ.ends_at
          from calendar_schedules sch
          join others o on o.id = sch.company_id
          cross join lateral (
            select (days.day + sch.start_time) at time zone ${TZ} as starts_at,
                   (days.day + (sch.end_time <= sch.start_time)::int + sch.end_time) at time zone ${TZ} as ends_at
            from days
            where extract(isodow from days.day)::smallint = any(sch.weekdays)
              and (sch.obsolete is null or days.day <= sch.obsolete)
          ) occ
          where sch.erased_at is null and occ.starts_at < ${e} and occ.ends_at > ${s}
          order by sch.id, occ.starts_at
        )
        select c.*, ${wallClockSql(sql`c.other_start`)} as other_start_wall, ${wallClockSql(sql`c.other_end`)} as other_end_wall,
          ${wallClockSql(sql`c.overlap_start`)} as overlap_start_wall, ${wallClockSql(sql`c.overlap_end`)} as overlap_end_wall
        from (
        select 'entry' as kind, x.id as ref, o.id as provider_id, o.name as provider_name, x.comment as title,
          x.starts_at as other_start, x.ends_at as other_end,
          greatest(x.starts_at, ${s}) as overlap_start, least(x.ends_at, ${e}) as overlap_end
        from calendar_entries x join others o on o.id = x.provider_company_id
        where x.community_id = ${v.communityId} and x.erased_at is null
          and x.starts_at >= ${s} - ${daysOf24h(CALENDAR.maxSpanDays)}
          and x.starts_at < ${e} and x.ends_at > ${s}
        union all
        select 'schedule', sl.id, o.id, o.name, sl.title, sl.starts_at, sl.ends_at,
          greatest(sl.starts_at, ${s}), least(sl.ends_at, ${e})
        from slots sl join others o on o.id = sl.company_id
        union all
        select 'seven24', o.id, o.id, o.name, '', ${s}, ${e}, ${s}, ${e}
        from others o
        where exists (select 1 from company_configs cc where cc.company_id = o.id
                      and cc.key = ${CALENDAR.seven24Key} and cc.value = ${CALENDAR.seven24Value})
        ) c
        order by c.overlap_start, c.provider_name, c.kind, c.ref`;
    },
    coincidenceRow,
  );
  return rows.map((r) => ({
    kind: r.kind,
    ref: r.ref,
    key: `${r.kind}:${r.ref}`,
    providerId: r.provider_id,
    providerName: r.provider_name,
    title: r.title,
    otherStart: r.other_start,
    otherEnd: r.other_end,
    overlapStart: r.overlap_start,
    overlapEnd: r.overlap_end,
    wallClock: {
      otherStart: r.other_start_wall,
      otherEnd: r.other_end_wall,
      overlapStart: r.overlap_start_wall,
      overlapEnd: r.overlap_end_wall,
    },
  }));
}

/** The notices already made for an entry's coincidences, by coincidence key. */
export async function noticesOfEntry(db: DbOrTx, entryId: number) {
  const rows = await queryTyped(
    db,
    sql`select coincidence_key, id, sent_at is not null as sent, acknowledged_at is not null as acknowledged
        from calendar_notices where entry_id = ${entryId}`,
    { coincidence_key: col.text, id: col.int, sent: col.bool, acknowledged: col.bool },
  );
  return new Map(rows.map((r) => [r.coincidence_key, { id: r.id, sent: r.sent, acknowledged: r.acknowledged }]));
}
