import { CALENDAR, type CalendarDay } from "@coordina/domain";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daySpansBesideEntries, entryAt } from "../../../test/calendar-world.js";
import { buildDocumentsWorld, type DocumentsWorld } from "../../../test/documents-world.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { calendarEntries, users } from "../../db/schema/index.js";
import { monthOf } from "./entries.repository.js";

/*
 * The month's marked days and counts come from calendar_day_spans, which a trigger keeps beside
 * calendar_entries (migration 0017). On random histories of entries (added, erased, restored, moved, deleted;
 * around the October 2026 clock change, the month's edges and Madrid midnights, up to the longest span) the
 * counts by span equal the live entries, and the month's days and counts equal a reference model that finds
 * each entry's Madrid days in JavaScript. Each history runs in a transaction that is rolled back.
 */

let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
});
afterAll(async () => ctx?.close());

/** Instants from 20 September 2026 00:00 UTC, by half hours: Madrid midnights and the clock change fall on them. */
const BASE = Date.UTC(2026, 8, 20);
const HALF_HOUR = 30 * 60_000;
const LONGEST = (CALENDAR.maxSpanDays * 24 * 60 * 60_000) / HALF_HOUR;

type Op =
  | { kind: "add"; provider: 0 | 1; community: 0 | 1; start: number; halfHours: number }
  | { kind: "erase" | "restore" | "delete"; index: number }
  | { kind: "move"; index: number; halfHours: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      provider: fc.constantFrom(0 as const, 1 as const),
      community: fc.constantFrom(0 as const, 0 as const, 1 as const),
      start: fc.integer({ min: 0, max: 55 * 48 }),
      halfHours: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: LONGEST })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("erase", "restore", "delete"), index: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      index: fc.nat(),
      halfHours: fc.integer({ min: -96, max: 96 }),
    }),
  },
);

const madridDay = new Intl.DateTimeFormat("en-CA", { timeZone: CALENDAR.timeZone, dateStyle: "short" });
const dayOf = (ms: number) => madridDay.format(new Date(ms));

interface LiveEntry {
  community: number;
  provider: number;
  firstDay: string;
  lastDay: string;
}

/** The model: a month's days that live entries of `community` cover, with `me`'s and the others' counts. */
function modelMonth(entries: LiveEntry[], community: number, me: number, year: number, month: number) {
  const prefix = `${year}-${String(month).padStart(2, "0")}-`;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const days: CalendarDay[] = [];
  for (let d = 1; d <= length; d++) {
    const day = `${prefix}${String(d).padStart(2, "0")}`;
    const covering = entries.filter((e) => e.community === community && e.firstDay <= day && e.lastDay >= day);
    const mine = covering.filter((e) => e.provider === me).length;
    if (covering.length > 0) days.push({ day, mine, others: covering.length - mine });
  }
  const first = `${prefix}01`;
  const last = `${prefix}${length}`;
  const count = entries.filter((e) => e.community === community && e.firstDay <= last && e.lastDay >= first).length;
  return { days, count };
}

class RolledBack extends Error {}

async function apply(tx: DbOrTx, ops: Op[], author: number) {
  const ids: number[] = [];
  const pick = (index: number) => ids[index % ids.length];
  for (const o of ops) {
    if (o.kind === "add") {
      const startsAt = new Date(BASE + o.start * HALF_HOUR);
      ids.push(
        await entryAt(tx, {
          communityId: [w.C1.id, w.C2.id][o.community]!,
          providerCompanyId: [w.P1.id, w.P3.id][o.provider]!,
          createdByUserId: author,
          startsAt,
          endsAt: new Date(startsAt.getTime() + o.halfHours * HALF_HOUR),
        }),
      );
      continue;
    }
    const id = pick(o.index);
    if (id === undefined) continue;
    const row = eq(calendarEntries.id, id);
    if (o.kind === "erase") await tx.update(calendarEntries).set({ erasedAt: sql`now()` }).where(row);
    else if (o.kind === "restore") await tx.update(calendarEntries).set({ erasedAt: null }).where(row);
    else if (o.kind === "delete") await tx.delete(calendarEntries).where(row);
    else if (o.kind === "move") {
      const shift = sql`make_interval(mins => ${o.halfHours * 30}::int)`;
      await tx
        .update(calendarEntries)
        .set({ startsAt: sql`starts_at + ${shift}`, endsAt: sql`ends_at + ${shift}` })
        .where(row);
    }
  }
}

describe("the counts by span (calendar_day_spans)", () => {
  it("equal the live entries, and the month's days and counts equal the model's, after any history", async () => {
    const [author] = await db().select({ id: users.id }).from(users).where(eq(users.companyId, w.P1.id)).limit(1);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        await db()
          .transaction(async (tx) => {
            await apply(tx, ops, author!.id);
            const { spans, entries } = await daySpansBesideEntries(tx);
            expect(spans).toEqual(entries);
            const live = (
              await queryRows<{ community: number; provider: number; starts: string; ends: string }>(
                tx,
                sql`select community_id as community, provider_company_id as provider,
                  to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts,
                  to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends
                  from calendar_entries where erased_at is null`,
              )
            ).map((e) => ({
              community: e.community,
              provider: e.provider,
              firstDay: dayOf(Date.parse(e.starts)),
              lastDay: dayOf(Date.parse(e.ends) - 1),
            }));
            for (const [year, month] of [
              [2026, 9],
              [2026, 10],
              [2026, 11],
            ] as const) {
              const answer = await monthOf(
                tx,
                { communityId: w.C1.id, year, month, day: null, side: "all", me: w.P1.id, page: 1, limit: 10 },
                false,
              );
              expect({ year, month, days: answer.days, count: answer.count }).toEqual({
                year,
                month,
                ...modelMonth(live, w.C1.id, w.P1.id, year, month),
              });
            }
            throw new RolledBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
      }),
      { numRuns: 60 },
    );
  });
});
