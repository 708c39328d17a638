import { CALENDAR } from "@coordina/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../src/db/client.js";
import {
  calendarEntries,
  calendarSchedules,
  communityProviders,
  companyConfigs,
  users,
} from "../src/db/schema/index.js";

/*
 * Calendar rows written straight to the database, for the tests of the calendar (entries on fixed days
 * that the add call would refuse as too old once time passes, weekly schedules, 24-hour services).
 */

/** A user of the company (the entry's author). */
async function userOf(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)).limit(1);
  if (!row) throw new Error(`company ${companyId} has no user`);
  return row.id;
}

/** An entry from `startsAt` to `endsAt`, stored as it is (no range check); its id. */
export async function entryAt(
  db: DbOrTx,
  e: {
    communityId: number;
    providerCompanyId: number;
    createdByUserId: number;
    startsAt: Date | SQL;
    endsAt: Date | SQL;
    comment?: string;
    notify?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(calendarEntries)
    .values({
      communityId: e.communityId,
      providerCompanyId: e.providerCompanyId,
      createdByUserId: e.createdByUserId,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      comment: e.comment ?? "",
      notify: e.notify ?? false,
    })
    .returning({ id: calendarEntries.id });
  return row!.id;
}

/** An entry of `providerId` in `communityId` from `start` to `end` (Madrid 'YYYY-MM-DD HH:mm'). */
export async function entryRow(
  db: DbOrTx,
  e: { communityId: number; providerId: number; start: string; end: string; comment?: string; erased?: boolean },
): Promise<number> {
  const madrid = (wallClock: string) => sql`(${wallClock}::timestamp at time zone ${CALENDAR.timeZone})`;
  const id = await entryAt(db, {
    communityId: e.communityId,
    providerCompanyId: e.providerId,
    createdByUserId: await userOf(db, e.providerId),
    startsAt: madrid(e.start),
    endsAt: madrid(e.end),
    comment: e.comment,
  });
  if (e.erased) await db.update(calendarEntries).set({ erasedAt: sql`now()` }).where(eq(calendarEntries.id, id));
  return id;
}

/** A weekly slot of `companyId` (weekdays 1 Monday … 7 Sunday, times 'HH:mm', obsolete 'YYYY-MM-DD'). */
export async function scheduleRow(
  db: DbOrTx,
  s: {
    companyId: number;
    title: string;
    weekdays: number[];
    start: string;
    end: string;
    obsolete?: string;
    erased?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(calendarSchedules)
    .values({
      companyId: s.companyId,
      title: s.title,
      weekdays: s.weekdays,
      startTime: s.start,
      endTime: s.end,
      obsolete: s.obsolete ?? null,
      erasedAt: s.erased ? sql`now()` : null,
    })
    .returning({ id: calendarSchedules.id });
  return row!.id;
}

/** The company's 24-hour service setting (`value` '1': on). */
export async function seven24(db: DbOrTx, companyId: number, value: string = CALENDAR.seven24Value) {
  await db.insert(companyConfigs).values({ companyId, key: CALENDAR.seven24Key, value });
}

/** Ends a provider's link to a community (the provider is no longer live there). */
export async function unlinkProvider(db: DbOrTx, communityId: number, providerId: number) {
  await db
    .update(communityProviders)
    .set({ erased: true })
    .where(and(eq(communityProviders.communityId, communityId), eq(communityProviders.providerCompanyId, providerId)));
}

/**
 * The month's counts by provider and span (calendar_day_spans, kept by a trigger) beside the same counted over
 * the live entries themselves, each as 'community provider first–last ×n' lines: the two must be equal.
 */
export async function daySpansBesideEntries(db: DbOrTx) {
  const lines = (q: SQL) => queryRows<{ line: string }>(db, q).then((rows) => rows.map((r) => r.line));
  const spans =
    await lines(sql`select format('%s %s %s–%s ×%s', community_id, provider_company_id, first_day, last_day, entries) as line
    from calendar_day_spans where entries > 0 order by 1`);
  const entries =
    await lines(sql`select format('%s %s %s–%s ×%s', community_id, provider_company_id, first_day, last_day, count(*)) as line
    from calendar_entries where erased_at is null group by community_id, provider_company_id, first_day, last_day order by 1`);
  return { spans, entries };
}
