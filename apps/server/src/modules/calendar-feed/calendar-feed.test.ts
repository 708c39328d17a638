import { CALENDAR, type calendarFeedResponseSchema, ErrorKey, todayInSpain } from "@coordina/domain";
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { buildDocumentsWorld, type DocumentsWorld } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { FEED_RATE } from "./calendar-feed.service.js";

/**
 * The private iCalendar feed (issue 22, item 5), on the shared documents world (test/documents-world.ts):
 * in colegio A the demo administrator manages C1 and C2, 'admin2' R1; P1 (the demo provider, 'gremio')
 * serves C1 and C2, P3 C1, P2 R1; the demo porter works in C1, 'conserje' in C2; in colegio B, PB serves B1.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
type Feed = z.infer<typeof calendarFeedResponseSchema>["data"];

const FEED = "/calendar/feed";
const RENEW = "/calendar/feed/renew";
const post = (token: string | undefined, url: string) => call(ctx.app, "POST", url, { token });

/** A Madrid day `days` from today, 'YYYY-MM-DD'. */
function day(days: number) {
  const d = new Date(`${todayInSpain()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The next last Sunday of `month` (1-based) after today, 'YYYY-MM-DD': a daylight-saving change in Madrid. */
function nextLastSunday(month: number) {
  const today = todayInSpain();
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    const iso = last.toISOString().slice(0, 10);
    if (iso > today) return iso;
  }
}

/** A calendar entry written straight to its table: Madrid wall-clock start and end. */
async function entry(
  communityId: number,
  providerId: number,
  start: string,
  end: string,
  options: { comment?: string; erased?: boolean } = {},
) {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`insert into calendar_entries (community_id, provider_company_id, created_by_user_id, starts_at, ends_at, comment, erased_at)
        values (${communityId}, ${providerId}, (select min(id) from users),
          ${start}::timestamp at time zone ${CALENDAR.timeZone}, ${end}::timestamp at time zone ${CALENDAR.timeZone},
          ${options.comment ?? ""}, ${options.erased ? sql`now()` : sql`null`})
        returning id`,
  );
  return row!.id;
}

const springForward = nextLastSunday(3);
const fallBack = nextLastSunday(10);
const e = {} as Record<
  | "c1p1"
  | "c1p3"
  | "c2p1"
  | "r1p2"
  | "b1pB"
  | "erased"
  | "endedLongAgo"
  | "tooFar"
  | "startedLongAgo"
  | "spring"
  | "fall",
  number
>;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  e.c1p1 = await entry(w.C1.id, w.P1.id, `${day(3)} 10:00`, `${day(3)} 12:00`, {
    comment: "Revisión anual; cuarto de máquinas",
  });
  e.c1p3 = await entry(w.C1.id, w.P3.id, `${day(3)} 11:00`, `${day(3)} 13:00`);
  e.c2p1 = await entry(w.C2.id, w.P1.id, `${day(10)} 09:00`, `${day(10)} 10:00`);
  e.r1p2 = await entry(w.R1.id, w.P2.id, `${day(3)} 10:00`, `${day(3)} 11:00`);
  e.b1pB = await entry(w.B1.id, w.PB.id, `${day(3)} 10:00`, `${day(3)} 11:00`);
  e.erased = await entry(w.C1.id, w.P1.id, `${day(4)} 10:00`, `${day(4)} 11:00`, { erased: true });
  e.endedLongAgo = await entry(
    w.C1.id,
    w.P1.id,
    `${day(-CALENDAR.feedBackDays - 11)} 10:00`,
    `${day(-CALENDAR.feedBackDays - 1)} 10:00`,
  );
  e.tooFar = await entry(
    w.C1.id,
    w.P1.id,
    `${day(CALENDAR.feedAheadDays + 1)} 10:00`,
    `${day(CALENDAR.feedAheadDays + 1)} 11:00`,
  );
  // started before the window, still going on inside it
  e.startedLongAgo = await entry(
    w.C1.id,
    w.P3.id,
    `${day(-CALENDAR.feedBackDays - 5)} 08:00`,
    `${day(-CALENDAR.feedBackDays + 5)} 08:00`,
  );
  // 01:30 CET to 03:30 CEST: one hour; 01:00 CEST to 04:00 CET: four hours
  e.spring = await entry(w.C1.id, w.P3.id, `${springForward} 01:30`, `${springForward} 03:30`);
  e.fall = await entry(w.C1.id, w.P3.id, `${fallBack} 01:00`, `${fallBack} 04:00`);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

async function feedOf(token: string): Promise<Feed> {
  const res = await post(token, FEED);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Feed;
}
async function renewed(token: string): Promise<Feed & { url: string; path: string }> {
  const res = await post(token, RENEW);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as Feed;
  expect(data.url).toMatch(/^https?:\/\/[^/]+\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  return { ...data, url: data.url!, path: new URL(data.url!).pathname };
}
/** The feed at `path` as a calendar app reads it: no session. */
const fetchFeed = (path: string, ip = "127.0.0.1") => ctx.app.inject({ method: "GET", url: path, remoteAddress: ip });

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string | null;
  location: string | null;
  start: string;
  end: string;
}
async function calendarAt(path: string) {
  const res = await fetchFeed(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(res.headers["cache-control"]).toBe("private, max-age=300");
  const root = new ICAL.Component(ICAL.parse(res.body));
  const events: ParsedEvent[] = root.getAllSubcomponents("vevent").map((v) => {
    const ev = new ICAL.Event(v);
    return {
      uid: ev.uid,
      summary: ev.summary,
      description: ev.description ?? null,
      location: ev.location ?? null,
      start: ev.startDate.toJSDate().toISOString(),
      end: ev.endDate.toJSDate().toISOString(),
    };
  });
  return { name: root.getFirstPropertyValue("x-wr-calname"), events };
}
const uids = (...ids: number[]) => ids.map((id) => `entry-${id}@coordina`).sort();
const uidsIn = (events: ParsedEvent[]) => events.map((ev) => ev.uid).sort();

describe("the address (calendar/feed, calendar/feed/renew)", () => {
  it("has none at first; renew makes one, shown once; asking again gives its date but not the address", async () => {
    expect(await feedOf(w.t.gremio)).toEqual({ url: null, created_at: null });
    const made = await renewed(w.t.gremio);
    expect(made.url.startsWith(`${ctx.app.config.publicUrl}/ical/`)).toBe(true);
    expect(made.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await feedOf(w.t.gremio)).toEqual({ url: null, created_at: made.created_at });
    // only the token's hash is kept
    const [row] = await queryRows<{ token_hash: string }>(db(), sql`select token_hash from calendar_feeds`);
    expect(row!.token_hash).not.toContain(made.path.slice(6, -4));
  });

  it("renewing replaces the address: the old one answers 404, the new one the calendar", async () => {
    const first = await renewed(w.t.gremio);
    const second = await renewed(w.t.gremio);
    expect(second.path).not.toBe(first.path);
    const old = await fetchFeed(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(old.body).toBe("No encontrado.");
    expect((await calendarAt(second.path)).events.length).toBeGreaterThan(0);
  });

  it("one user's renewal leaves another's address working", async () => {
    const mine = await renewed(w.t.gremio);
    await renewed(w.t.administrador);
    await renewed(w.t.p3);
    expect((await fetchFeed(mine.path)).statusCode).toBe(200);
  });

  it("is for providers, administrators and porters: others 403, no session 401", async () => {
    for (const who of ["colegio", "master", "colegioB"] as const) {
      expectError(await post(w.t[who], FEED), 403, ErrorKey.forbidden);
      expectError(await post(w.t[who], RENEW), 403, ErrorKey.forbidden);
    }
    expectError(await post(undefined, FEED), 401, ErrorKey.unauthorized);
    expectError(await post(undefined, RENEW), 401, ErrorKey.unauthorized);
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from calendar_feeds`);
    expect(count!.n).toBe(0);
  });
});

describe("the feed (/ical/{token}.ics)", () => {
  it("holds the live entries of the provider's communities in the window, each as the issue says", async () => {
    const { name, events } = await calendarAt((await renewed(w.t.gremio)).path);
    expect(name).toBe("Coordina — proveedor@coordina.test");
    expect(uidsIn(events)).toEqual(uids(e.c1p1, e.c1p3, e.c2p1, e.startedLongAgo, e.spring, e.fall));
    const c1p1 = events.find((ev) => ev.uid === `entry-${e.c1p1}@coordina`)!;
    expect(c1p1).toMatchObject({
      summary: `${w.P1.name} en ${w.C1.name}`,
      description: "Revisión anual; cuarto de máquinas",
    });
    const c1p3 = events.find((ev) => ev.uid === `entry-${e.c1p3}@coordina`)!;
    expect(c1p3.summary).toBe(`${w.P3.name} en ${w.C1.name}`);
    expect(c1p3.description).toBeNull();
  });

  it("gives each community's address as the location", async () => {
    await db().execute(
      sql`update communities set address = 'Calle Mayor 1', postcode = '28013', city = 'Madrid', province = 'Madrid'
          where id = ${w.C1.id}`,
    );
    const { events } = await calendarAt((await renewed(w.t.gremio)).path);
    const c1p1 = events.find((ev) => ev.uid === `entry-${e.c1p1}@coordina`)!;
    expect(c1p1.location).toBe("Calle Mayor 1, 28013 Madrid, Madrid");
  });

  it("keeps the instants across a daylight-saving change", async () => {
    const { events } = await calendarAt((await renewed(w.t.gremio)).path);
    const spring = events.find((ev) => ev.uid === `entry-${e.spring}@coordina`)!;
    expect(spring.start).toBe(`${springForward}T00:30:00.000Z`);
    expect(spring.end).toBe(`${springForward}T01:30:00.000Z`);
    const fall = events.find((ev) => ev.uid === `entry-${e.fall}@coordina`)!;
    const dayBefore = new Date(`${fallBack}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(fall.start).toBe(`${dayBefore.toISOString().slice(0, 10)}T23:00:00.000Z`);
    expect(fall.end).toBe(`${fallBack}T03:00:00.000Z`);
  });

  it.each([
    ["administrador", () => [e.c1p1, e.c1p3, e.c2p1, e.startedLongAgo, e.spring, e.fall]],
    ["portero", () => [e.c1p1, e.c1p3, e.startedLongAgo, e.spring, e.fall]],
    ["conserje", () => [e.c2p1]],
    ["admin2", () => [e.r1p2]],
    ["p2", () => [e.r1p2]],
    ["pB", () => [e.b1pB]],
    ["adminB", () => [e.b1pB]],
    ["p0", () => []],
  ] as const)("%s sees its own communities' entries and no other colegio's", async (who, expected) => {
    const { events } = await calendarAt((await renewed(w.t[who])).path);
    expect(uidsIn(events)).toEqual(uids(...expected()));
  });

  it("follows the provider's links and memberships and the communities' state", async () => {
    const path = (await renewed(w.t.gremio)).path;
    await db().execute(
      sql`update community_providers set erased = true where community_id = ${w.C2.id} and provider_company_id = ${w.P1.id}`,
    );
    expect(uidsIn((await calendarAt(path)).events)).toEqual(uids(e.c1p1, e.c1p3, e.startedLongAgo, e.spring, e.fall));
    await db().execute(sql`update communities set erased = true where id = ${w.C1.id}`);
    expect((await calendarAt(path)).events).toEqual([]);
    await db().execute(sql`update communities set erased = false where id = ${w.C1.id}`);
    await db().execute(
      sql`update colegio_members set erased = true where colegio_id = ${w.A.id} and company_id = ${w.P1.id}`,
    );
    expect((await calendarAt(path)).events).toEqual([]);
  });

  it("answers 404 once its user or its company is deactivated", async () => {
    const path = (await renewed(w.t.gremio)).path;
    await db().execute(sql`update users set erased = true where email = 'proveedor@coordina.test'`);
    expect((await fetchFeed(path)).statusCode).toBe(404);
    await db().execute(sql`update users set erased = false where email = 'proveedor@coordina.test'`);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    await db().execute(sql`update companies set erased = true where id = ${w.P1.id}`);
    expect((await fetchFeed(path)).statusCode).toBe(404);
  });

  it("opens only with its token: a session token, a made-up one or a malformed one is 404", async () => {
    await renewed(w.t.gremio);
    for (const token of [w.t.gremio, "A".repeat(43), "corto", "%00"]) {
      const res = await fetchFeed(`/ical/${token}.ics`);
      expect(res.statusCode, token).toBe(404);
      expect(res.body).toBe("No encontrado.");
    }
    expect((await fetchFeed("/ical/")).statusCode).toBe(404);
  });

  it("keeps its token out of the logs", async () => {
    const path = (await renewed(w.t.gremio)).path;
    const token = path.slice("/ical/".length, -".ics".length);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    expect((await fetchFeed(`${path}?x=1`)).statusCode).toBe(200);
    expect(ctx.logs.text).toContain("/ical/[REDACTED]");
    expect(ctx.logs.text).not.toContain(token);
  });

  it("is rate-limited per client address", async () => {
    const path = (await renewed(w.t.gremio)).path;
    await db().execute(
      sql`insert into auth_throttle (key, failures, window_start) values ('ical:ip:10.9.8.7', ${FEED_RATE.max}, now())`,
    );
    expectError(await fetchFeed(path, "10.9.8.7"), 429, ErrorKey.tooManyRequests);
    expect((await fetchFeed(path, "10.9.8.6")).statusCode).toBe(200);
  });
});
