import { CALENDAR, type CalendarSide } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, queryTypedPrepared, type RowOf } from "../../db/rows.js";

/*
 * The calendar's entries (calendar_entries) and, beside a month of them, the weekly schedules and 24-hour
 * services of the community's providers. Wall-clock times are Europe/Madrid, converted here, in SQL.
 */

const TZ = CALENDAR.timeZone;

/** In SQL: the Madrid wall-clock 'YYYY-MM-DD HH:mm' of an instant. */
export const wallClockSql = (instant: SQL) => sql`to_char(${instant} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;

/** In SQL: the first instant of a Madrid month, `months` after (year, month). */
export const monthStartSql = (year: number, month: number, months = 0) =>
  sql`((make_date(${year}::int, ${month}::int, 1) + ${months}::int * interval '1 month')::timestamp at time zone ${TZ})`;

/**
 * The instants of a Madrid start and end ('YYYY-MM-DD HH:mm'), and the database's now. Without an end, the
 * entry lasts to the end of its start's day (the next day's 00:00).
 */
export async function entryInstants(db: DbOrTx, startdate: string, enddate: string | null) {
  const [row] = await queryTypedPrepared(
    db,
    sql`select (${startdate}::timestamp at time zone ${TZ}) as starts_at,
          (${enddate === null ? sql`(${startdate}::date + 1)::timestamp` : sql`${enddate}::timestamp`}
            at time zone ${TZ}) as ends_at,
          now() as now`,
    { starts_at: col.date, ends_at: col.date, now: col.date },
  );
  return row!;
}

export interface NewEntry {
  communityId: number;
  providerCompanyId: number;
  createdByUserId: number;
  startsAt: Date;
  endsAt: Date;
  comment: string;
  notify: boolean;
}

/** Stores a provider's entry (one statement) and answers it as the API shows it. */
export async function insertEntry(db: DbOrTx, e: NewEntry): Promise<EntryRow> {
  const [row] = await queryTyped(
    db,
    sql`with e as (
          insert into calendar_entries
            (community_id, provider_company_id, created_by_user_id, starts_at, ends_at, comment, notify)
          values (${e.communityId}, ${e.providerCompanyId}, ${e.createdByUserId}, ${e.startsAt.toISOString()}::timestamptz,
            ${e.endsAt.toISOString()}::timestamptz, ${e.comment}, ${e.notify})
          returning *)
        select ${entryColumns} from e join companies c on c.id = e.provider_company_id`,
    entryRow,
  );
  return row!;
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

/** An entry's columns as the API names them, from `e` (calendar_entries) and `c` (its provider). */
const entryColumns = sql`e.id, e.provider_company_id as id_provider, e.community_id as id_finca,
  c.name as provider_name, ${wallClockSql(sql`e.starts_at`)} as startdate, ${wallClockSql(sql`e.ends_at`)} as enddate,
  e.comment, e.notify`;
const entryRow = {
  id: col.int,
  id_provider: col.int,
  id_finca: col.int,
  provider_name: col.text,
  startdate: col.text,
  enddate: col.text,
  comment: col.text,
  notify: col.bool,
};
export type EntryRow = RowOf<typeof entryRow>;

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
const overlapping = (communityId: number, from: SQL, to: SQL) =>
  sql`e.community_id = ${communityId} and e.erased_at is null
      and e.starts_at >= ${from} - ${CALENDAR.maxSpanDays}::int * interval '1 day'
      and e.starts_at < ${to} and e.ends_at > ${from}`;

/** Whose entries: the caller's own, the others' or every one (a caller without a company has none). */
function ofSide(side: CalendarSide, me: number | null) {
  if (side === "all") return sql`true`;
  if (me === null) return side === "mine" ? sql`false` : sql`true`;
  return side === "mine" ? sql`e.provider_company_id = ${me}` : sql`e.provider_company_id <> ${me}`;
}

/** The entries the query asks for: of its day (Madrid 00:00 to 00:00) or of its month, and of its side. */
function askedFor(q: MonthPageQuery) {
  const range =
    q.day === null
      ? overlapping(q.communityId, monthStartSql(q.year, q.month), monthStartSql(q.year, q.month, 1))
      : overlapping(
          q.communityId,
          sql`(${q.day}::date::timestamp at time zone ${TZ})`,
          sql`((${q.day}::date + 1)::timestamp at time zone ${TZ})`,
        );
  return sql`${range} and ${ofSide(q.side, q.me)}`;
}

/**
 * The Madrid days of the month that the community's entries cover, with how many are the caller's and how
 * many others' (whatever day or side was asked), and in every row the number of entries asked for: no day
 * is covered only when the month has no entry, and then none is asked for either. The month's day
 * boundaries are instants computed once (a daylight-saving day lasts 23 or 25 hours); each entry finds
 * its first and last day among them by binary search (`width_bucket`), and the entries are counted by
 * span before the spans are spread over their days.
 */
export async function monthDays(db: DbOrTx, q: MonthPageQuery) {
  const first = sql`make_date(${q.year}::int, ${q.month}::int, 1)`;
  const rows = await queryTypedPrepared(
    db,
    sql`with bounds as (
          select array_agg(x at time zone ${TZ} order by x) as b
          from generate_series(${first}::timestamp, ${first} + interval '1 month', interval '1 day') x
        ),
        spans as (
          select width_bucket(e.starts_at, bounds.b) as first_day,
                 width_bucket(e.ends_at - interval '1 microsecond', bounds.b) as last_day,
                 count(*) filter (where ${ofSide("mine", q.me)}) as mine,
                 count(*) filter (where ${ofSide("others", q.me)}) as others
          from calendar_entries e, bounds
          where ${overlapping(q.communityId, monthStartSql(q.year, q.month), monthStartSql(q.year, q.month, 1))}
          group by 1, 2
        )
        select to_char(${first} + n - 1, 'YYYY-MM-DD') as day, sum(s.mine)::int as mine, sum(s.others)::int as others,
          (select count(*) from calendar_entries e where ${askedFor(q)})::int as asked
        from spans s, bounds
        cross join lateral generate_series(greatest(s.first_day, 1), least(s.last_day, array_length(bounds.b, 1) - 1)) n
        group by n order by n`,
    { day: col.text, mine: col.int, others: col.int, asked: col.int },
  );
  return { days: rows.map(({ day, mine, others }) => ({ day, mine, others })), count: rows[0]?.asked ?? 0 };
}

/** One page of the entries the query asks for, by start. */
export function monthPage(db: DbOrTx, q: MonthPageQuery): Promise<EntryRow[]> {
  return queryTypedPrepared(
    db,
    sql`select ${entryColumns} from calendar_entries e join companies c on c.id = e.provider_company_id
        where ${askedFor(q)}
        order by e.starts_at, e.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    entryRow,
  );
}

/**
 * The community's active providers, as a select of `id` and `name`: a live link, their company not
 * deactivated, and an active member of the community's colegio (a deactivated one no longer works there).
 */
export const activeProvidersOf = (communityId: number) =>
  sql`select c.id, c.name from community_providers cp
      join companies c on c.id = cp.provider_company_id and c.erased = false
      join communities k on k.id = cp.community_id
      join colegio_members m on m.colegio_id = k.colegio_id and m.company_id = c.id and m.erased = false
      where cp.community_id = ${communityId} and cp.erased = false`;

/**
 * The live weekly schedules of the community's active providers that still hold on the month's first day or
 * later (no expiry, or expiring then or after), by provider and start time.
 */
export function monthSchedules(db: DbOrTx, communityId: number, year: number, month: number) {
  return queryTypedPrepared(
    db,
    sql`select s.id, c.id as id_provider, c.name as provider_name, s.title,
          array_to_string(s.weekdays, ',') as weekday, to_char(s.start_time, 'HH24:MI') as starttime,
          to_char(s.end_time, 'HH24:MI') as endtime, to_char(s.obsolete, 'YYYY-MM-DD') as obsolete
        from calendar_schedules s join (${activeProvidersOf(communityId)}) c on c.id = s.company_id
        where s.erased_at is null
          and (s.obsolete is null or s.obsolete >= make_date(${year}::int, ${month}::int, 1))
        order by lower(c.name), c.id, s.start_time, s.id`,
    {
      id: col.int,
      id_provider: col.int,
      provider_name: col.text,
      title: col.text,
      weekday: col.text,
      starttime: col.text,
      endtime: col.text,
      obsolete: col.textOrNull,
    },
  );
}

/** The community's active providers with the 24-hour service on (spec 02 §9 config key seven-24 = '1'), by name. */
export function services24(db: DbOrTx, communityId: number) {
  return queryTypedPrepared(
    db,
    sql`select c.id as id_provider, c.name as provider_name
        from (${activeProvidersOf(communityId)}) c
        where exists (select 1 from company_configs cc where cc.company_id = c.id
                      and cc.key = ${CALENDAR.seven24Key} and cc.value = ${CALENDAR.seven24Value})
        order by lower(c.name), c.id`,
    { id_provider: col.int, provider_name: col.text },
  );
}
