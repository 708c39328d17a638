import {
  CALENDAR,
  type CalendarDay,
  type CalendarEntry,
  type CalendarSide,
  type CommunitySchedule,
} from "@coordina/domain";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, queryTypedBuiltOnce } from "../../db/rows.js";

/*
 * The calendar's entries (calendar_entries) and, beside a month of them, the weekly schedules and 24-hour
 * services of the community's providers. Wall-clock times are Europe/Madrid, converted here, in SQL.
 */

const TZ = CALENDAR.timeZone;

/** In SQL: the Madrid wall-clock 'YYYY-MM-DD HH:mm' of an instant. */
export const wallClockSql = (instant: SQL) => sql`to_char(${instant} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;

/**
 * In SQL: an interval of `days` days of 24 hours. `interval '1 day'` and `make_interval(days => …)` follow the
 * session time zone's clock changes (a day across one lasts 23 or 25 hours), so a bound made with them would
 * be an hour short of the CALENDAR.maxSpanDays that an entry may last.
 */
export const daysOf24h = (days: number) => sql`make_interval(secs => ${days * 86_400}::int)`;

/** In SQL: the first instant of a Madrid month, `months` after (year, month). */
export const monthStartSql = (year: number | SQLWrapper, month: number | SQLWrapper, months = 0) =>
  sql`((make_date(${year}::int, ${month}::int, 1) + ${months}::int * interval '1 month')::timestamp at time zone ${TZ})`;

/** Why an entry's range is refused (calendar.service's Spanish keys), or null. */
export type RangeRefusal = "end-not-after-start" | "span-too-long" | "start-too-old" | "start-too-far";

export interface NewEntry {
  communityId: number;
  providerCompanyId: number;
  createdByUserId: number;
  /** Madrid wall-clock 'YYYY-MM-DD HH:mm' */
  startdate: string;
  /** Madrid wall-clock; null: to the end of the start's day (the next day's 00:00) */
  enddate: string | null;
  comment: string;
  notify: boolean;
}

/**
 * Stores a provider's entry when its range is acceptable, in one statement: the Madrid start and end become
 * instants, and the entry is stored only when its end is after its start, it lasts at most
 * CALENDAR.maxSpanDays and it starts between CALENDAR.pastDays ago and CALENDAR.horizonDays ahead of the
 * database's now (days of 24 hours). Answers why it was refused, or the entry as the API shows it, with its
 * instants.
 */
export async function insertEntry(db: DbOrTx, e: NewEntry) {
  const [row] = await queryTypedBuiltOnce(
    db,
    `calendar-insert:${e.enddate === null ? "to-midnight" : "to-end"}`,
    { ...e },
    (v) => sql`with i as (
          select (${v.startdate}::timestamp at time zone ${TZ}) as starts_at,
            (${e.enddate === null ? sql`(${v.startdate}::date + 1)::timestamp` : sql`${v.enddate}::timestamp`}
              at time zone ${TZ}) as ends_at,
            now() as now
        ),
        r as (
          select i.*, case
              when i.ends_at <= i.starts_at then 'end-not-after-start'
              when i.ends_at - i.starts_at > ${daysOf24h(CALENDAR.maxSpanDays)} then 'span-too-long'
              when i.starts_at < i.now - ${daysOf24h(CALENDAR.pastDays)} then 'start-too-old'
              when i.starts_at > i.now + ${daysOf24h(CALENDAR.horizonDays)} then 'start-too-far'
            end as refused
          from i
        ),
        e as (
          insert into calendar_entries
            (community_id, provider_company_id, created_by_user_id, starts_at, ends_at, comment, notify)
          select ${v.communityId}, ${v.providerCompanyId}, ${v.createdByUserId}, r.starts_at, r.ends_at, ${v.comment},
            ${v.notify}
          from r where r.refused is null
          returning *)
        select r.refused, r.starts_at as range_start, r.ends_at as range_end,
          (select ${entryJson(v.providerCompanyId)} from e join companies c on c.id = e.provider_company_id) as entry
        from r`,
    {
      refused: col.as<RangeRefusal | null>(),
      range_start: col.date,
      range_end: col.date,
      entry: col.as<CalendarEntry | null>(),
    },
    // Planned once per connection: planning it cost more than storing it.
    { write: true },
  );
  const { refused, range_start: startsAt, range_end: endsAt, entry } = row!;
  return refused === null ? { refused, startsAt, endsAt, entry: entry! } : { refused, startsAt, endsAt };
}

/** An entry as the policy and the coincidence check see it (erased or not). */
export async function findEntry(db: DbOrTx, id: number) {
  const [row] = await queryTyped(
    db,
    sql`select id, community_id, provider_company_id, starts_at, ends_at, erased_at is not null as erased
        from calendar_entries where id = ${id}`,
    {
      id: col.int,
      community_id: col.int,
      provider_company_id: col.int,
      starts_at: col.date,
      ends_at: col.date,
      erased: col.bool,
    },
  );
  return (
    row && {
      id: row.id,
      communityId: row.community_id,
      providerCompanyId: row.provider_company_id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      erased: row.erased,
    }
  );
}

/** Marks the live entry deleted; false when it already was (a concurrent delete). */
export async function eraseEntry(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryTyped(
    db,
    sql`update calendar_entries set erased_at = now() where id = ${id} and erased_at is null returning id`,
    { id: col.int },
  );
  return rows.length > 0;
}

type Service24 = { id_provider: number; provider_name: string };

/** A page of a community's month or day, and the days its entries cover (calendar-fincas/provider, bymonth). */
export interface MonthPageQuery {
  communityId: number;
  year: number;
  month: number;
  /** 'YYYY-MM-DD' of that month: only the entries covering it; null: the whole month */
  day: string | null;
  side: CalendarSide;
  /** the caller's company: its entries are 'mine'; null (a porter): none is */
  me: number | null;
  page: number;
  limit: number;
}

/**
 * The community's live entries that overlap [from, to): an entry spans at most CALENDAR.maxSpanDays, so
 * `starts_at` is bounded from both sides, a range read of the community's index.
 */
const overlapping = (communityId: number | SQLWrapper, from: SQL, to: SQL) =>
  sql`e.community_id = ${communityId} and e.erased_at is null
      and e.starts_at >= ${from} - ${daysOf24h(CALENDAR.maxSpanDays)}
      and e.starts_at < ${to} and e.ends_at > ${from}`;

/**
 * Whose entries: the caller's own, the others' or every one (a caller without a company has none); `provider`
 * is the provider column of the rows asked about.
 */
function ofSide(side: CalendarSide, me: number | SQLWrapper | null, provider = sql`e.provider_company_id`) {
  if (side === "all") return sql`true`;
  if (me === null) return side === "mine" ? sql`false` : sql`true`;
  return side === "mine" ? sql`${provider} = ${me}` : sql`${provider} <> ${me}`;
}

/** An entry as a JSON object with the API's names (`e`: calendar_entries, `c`: its provider; `me`: whose are 'mine'). */
const entryJson = (me: number | SQLWrapper | null) =>
  sql`json_build_object('id', e.id, 'id_provider', e.provider_company_id, 'id_finca', e.community_id,
    'provider_name', c.name, 'startdate', ${wallClockSql(sql`e.starts_at`)}, 'enddate', ${wallClockSql(sql`e.ends_at`)},
    'comment', e.comment, 'notify', e.notify, 'mine', ${me === null ? sql`false` : sql`e.provider_company_id = ${me}`})`;

/** How many of a span's entries are of the side asked for. */
const sideCount = (side: CalendarSide) =>
  side === "all" ? sql`s.mine + s.others` : side === "mine" ? sql`s.mine` : sql`s.others`;

/**
 * A community's month in one statement (calendar-fincas/provider, porteros/calendar/bymonth):
 * - `days`: the Madrid days of the month its entries cover, with how many are the caller's and how many
 *   others' (whatever day or side was asked), from the live entries' counts by provider and run of days
 *   (calendar_day_spans, kept by a trigger), spread over their days;
 * - `count`: how many entries the query asks for, from the same spans: the entries of a day are those whose
 *   span starts on it or before and ends on it or after;
 * - `calendar`: one page of them by start;
 * - with `withProviders`, the weekly schedules and 24-hour services of the community's active providers
 *   (schedulesJson, services24Json); without, empty.
 * One statement instead of four: each round trip costs the server and PostgreSQL about as much CPU as one
 * of the smaller parts of the SQL. Reading the counts by span instead of every entry cut PostgreSQL's time
 * for the month by half (1,000 entries by 10 providers in 140 spans).
 */
export async function monthOf(db: DbOrTx, q: MonthPageQuery, withProviders: boolean) {
  const values = {
    communityId: q.communityId,
    year: q.year,
    month: q.month,
    day: q.day,
    me: q.me,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
  // Built once per shape: whether a day is asked for, the side, whether the caller has a company, and
  // whether the providers' part is wanted.
  const shape = `${q.day === null ? "month" : "day"}:${q.side}:${q.me === null ? "nobody" : "me"}:${withProviders}`;
  const [row] = await queryTypedBuiltOnce(
    db,
    `calendar-month:${shape}`,
    values,
    (v) => {
      const me = q.me === null ? null : v.me;
      const first = sql`make_date(${v.year}::int, ${v.month}::int, 1)`;
      const next = sql`(${first} + interval '1 month')::date`;
      const monthFrom = monthStartSql(v.year, v.month);
      const monthTo = monthStartSql(v.year, v.month, 1);
      // The entries the query asks for: of its day (Madrid 00:00 to 00:00) or of its month, and of its side.
      const asked =
        q.day === null
          ? overlapping(v.communityId, monthFrom, monthTo)
          : overlapping(
              v.communityId,
              sql`(${v.day}::date::timestamp at time zone ${TZ})`,
              sql`((${v.day}::date + 1)::timestamp at time zone ${TZ})`,
            );
      // An entry covers its days first_day to last_day (calendar_day_spans counts them by provider and span);
      // one that overlaps the month starts at most CALENDAR.maxSpanDays of 24 hours before it, so at most one
      // day more by the calendar (across a clock change).
      return sql`with spans as (
          select s.first_day, s.last_day,
                 coalesce(sum(s.entries) filter (where ${ofSide("mine", me, sql`s.provider_company_id`)}), 0) as mine,
                 coalesce(sum(s.entries) filter (where ${ofSide("others", me, sql`s.provider_company_id`)}), 0) as others
          from calendar_day_spans s
          where s.community_id = ${v.communityId}
            and s.first_day >= ${first} - ${CALENDAR.maxSpanDays + 1}::int and s.first_day < ${next}
            and s.last_day >= ${first} and s.entries > 0
          group by 1, 2
        ),
        days as (
          select ${first} + n as day, sum(s.mine)::int as mine, sum(s.others)::int as others
          from spans s
          cross join lateral generate_series(greatest(s.first_day, ${first}) - ${first}, least(s.last_day, ${next} - 1) - ${first}) n
          group by n
        ),
        providers as (${activeProvidersOf(v.communityId)}),
        page as (
          select e.starts_at, e.id, ${entryJson(me)} as entry
          from calendar_entries e join companies c on c.id = e.provider_company_id
          where ${asked} and ${ofSide(q.side, me)}
          order by e.starts_at, e.id limit ${v.limit} offset ${v.offset}
        )
        select
          (select coalesce(json_agg(json_build_object('day', to_char(day::timestamp, 'YYYY-MM-DD'), 'mine', mine, 'others', others)
             order by day), '[]') from days) as days,
          (select coalesce(sum(${sideCount(q.side)}), 0) from spans s
           where ${q.day === null ? sql`true` : sql`s.first_day <= ${v.day}::date and s.last_day >= ${v.day}::date`})::int as count,
          (select coalesce(json_agg(entry order by starts_at, id), '[]') from page) as calendar,
          ${withProviders ? schedulesJson(v.year, v.month) : sql`'[]'::json`} as schedules,
          ${withProviders ? services24Json : sql`'[]'::json`} as services24`;
    },
    {
      days: col.as<CalendarDay[]>(),
      count: col.int,
      calendar: col.as<CalendarEntry[]>(),
      schedules: col.as<CommunitySchedule[]>(),
      services24: col.as<Service24[]>(),
    },
  );
  return row!;
}

/**
 * The community's active providers, as a select of `id` and `name`: a live link, their company not
 * deactivated, and an active member of the community's colegio (a deactivated one no longer works there).
 */
export const activeProvidersOf = (communityId: number | SQLWrapper) =>
  sql`select c.id, c.name from community_providers cp
      join companies c on c.id = cp.provider_company_id and c.erased = false
      join communities k on k.id = cp.community_id
      join colegio_members m on m.colegio_id = k.colegio_id and m.company_id = c.id and m.erased = false
      where cp.community_id = ${communityId} and cp.erased = false`;

/**
 * As JSON, the live weekly schedules of the community's active providers that still hold on the month's
 * first day or later (no expiry, or expiring then or after), by provider and start time.
 */
const schedulesJson = (year: SQLWrapper, month: SQLWrapper) =>
  sql`(select coalesce(json_agg(json_build_object('id', s.id, 'id_provider', c.id, 'provider_name', c.name,
        'title', s.title, 'weekday', array_to_string(s.weekdays, ','), 'starttime', to_char(s.start_time, 'HH24:MI'),
        'endtime', to_char(s.end_time, 'HH24:MI'), 'obsolete', to_char(s.obsolete, 'YYYY-MM-DD'))
        order by lower(c.name), c.id, s.start_time, s.id), '[]')
      from calendar_schedules s join providers c on c.id = s.company_id
      where s.erased_at is null
        and (s.obsolete is null or s.obsolete >= make_date(${year}::int, ${month}::int, 1)))`;

/** As JSON, the community's active providers with the 24-hour service on (spec 02 §9 config key seven-24 = '1'), by name. */
const services24Json = sql`(select coalesce(json_agg(json_build_object('id_provider', c.id, 'provider_name', c.name)
        order by lower(c.name), c.id), '[]')
      from providers c
      where exists (select 1 from company_configs cc where cc.company_id = c.id
                    and cc.key = ${CALENDAR.seven24Key} and cc.value = ${CALENDAR.seven24Value}))`;
