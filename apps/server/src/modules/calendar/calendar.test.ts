import {
  CALENDAR,
  type CalendarEntry,
  type CalendarMonth,
  type Coincidence,
  ErrorKey,
  PAGE_SIZE,
  todayInSpain,
} from "@coordina/domain";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daySpansBesideEntries, entryRow, scheduleRow, seven24, unlinkProvider } from "../../../test/calendar-world.js";
import { buildDocumentsWorld, type DocumentsWorld } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { calendarEntries, calendarNotices, communities } from "../../db/schema/index.js";
import { ensureCommunity, ensureProviderLink } from "../../db/seed/builders.js";
import { findCoincidences } from "./coincidences.repository.js";
import { findEntry, monthOf as monthStatement } from "./entries.repository.js";

/**
 * The community calendar through HTTP (companies/calendar-fincas/*, porteros/calendar/bymonth), on the
 * documents world (test/documents-world.ts): C1 (the demo administrator's, colegio A) is served by P1
 * ('gremio', Ascensores Levante) and P3 ('p3', Zeta Limpiezas), its porter is 'portero'; P1 also serves
 * C2; 'admin2' manages R1, served by P2 ('p2'); P0 ('p0') serves nothing; 'adminB' manages B1 of colegio
 * B, served by PB ('pB'). Entries added through the call start from today (the call refuses the far past);
 * the fixed months' entries are written straight to the database.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const today = todayInSpain();
function dayFrom(days: number) {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ADD = "/companies/calendar-fincas/add";
const MONTH = "/companies/calendar-fincas/provider";
const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const countEntries = async () => (await db().select({ n: count() }).from(calendarEntries))[0]!.n;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

async function added(token: string, body: object) {
  const res = await post(token, ADD, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { result: true; data: CalendarEntry; incidences: Coincidence[] };
}
async function monthOf(token: string, year: number, month: number, id_finca = w.C1.id) {
  const res = await post(token, MONTH, { year, month, id_finca });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarMonth;
}

describe("a provider adds a visit (companies/calendar-fincas/add)", () => {
  const day = () => dayFrom(7);

  it("stores it and answers it as its own, with what it coincides with", async () => {
    const theirs = await added(w.t.p3, {
      id_finca: w.C1.id,
      startdate: `${day()} 10:00`,
      enddate: `${day()} 12:00`,
      comment: "Limpieza de portal",
    });
    expect(theirs.incidences).toEqual([]);
    const mine = await added(w.t.gremio, {
      id_finca: w.C1.id,
      startdate: `${day()} 11:00`,
      enddate: `${day()} 13:00`,
      comment: "Revisión del ascensor",
      notify: true,
    });
    expect(mine.data).toEqual({
      id: expect.any(Number),
      id_provider: w.P1.id,
      id_finca: w.C1.id,
      provider_name: "Ascensores Levante S.L.",
      startdate: `${day()} 11:00`,
      enddate: `${day()} 13:00`,
      comment: "Revisión del ascensor",
      notify: true,
      mine: true,
    });
    expect(mine.incidences).toEqual([
      {
        kind: "entry",
        ref: theirs.data.id,
        id_provider: w.P3.id,
        provider_name: "Zeta Limpiezas S.L.",
        title: "Limpieza de portal",
        startdate: `${day()} 10:00`,
        enddate: `${day()} 12:00`,
        overlap_start: `${day()} 11:00`,
        overlap_end: `${day()} 12:00`,
        notice: null,
      },
    ]);
    const [row] = await db().select().from(calendarEntries).where(eq(calendarEntries.id, mine.data.id));
    expect(row).toMatchObject({ communityId: w.C1.id, providerCompanyId: w.P1.id, notify: true, erasedAt: null });
  });

  it("lasts to the end of its day without an end (and no comment)", async () => {
    const { data } = await added(w.t.gremio, { id_finca: w.C1.id, startdate: `${day()} 09:00` });
    expect([data.startdate, data.enddate, data.comment]).toEqual([`${day()} 09:00`, `${dayFrom(8)} 00:00`, ""]);
    const nullEnd = await added(w.t.gremio, { id_finca: w.C1.id, startdate: `${day()} 18:30`, enddate: null });
    expect(nullEnd.data.enddate).toBe(`${dayFrom(8)} 00:00`);
  });

  it("refuses a comment without an end, an end not after the start, a span too long, the far past and future", async () => {
    const before = await countEntries();
    const refused = async (body: object, error: string, params?: Record<string, string>) => {
      const res = await post(w.t.gremio, ADD, { id_finca: w.C1.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ result: false, error, ...(params ? { params } : {}) });
    };
    await refused({ startdate: `${day()} 09:00`, comment: "Sin fin" }, ErrorKey.calendarEndRequired);
    await refused({ startdate: `${day()} 09:00`, enddate: null, comment: "Sin fin" }, ErrorKey.calendarEndRequired);
    await refused({ startdate: `${day()} 09:00`, enddate: `${day()} 09:00` }, ErrorKey.calendarEndNotAfterStart);
    await refused({ startdate: `${day()} 09:00`, enddate: `${day()} 08:59` }, ErrorKey.calendarEndNotAfterStart);
    const days = (n: number) => ({ days: String(n) });
    await refused(
      { startdate: `${day()} 09:00`, enddate: `${dayFrom(7 + CALENDAR.maxSpanDays + 1)} 09:00` },
      ErrorKey.calendarSpanTooLong,
      days(CALENDAR.maxSpanDays),
    );
    await refused(
      { startdate: `${dayFrom(-CALENDAR.pastDays - 2)} 09:00`, enddate: `${dayFrom(-CALENDAR.pastDays - 2)} 10:00` },
      ErrorKey.calendarStartTooOld,
      days(CALENDAR.pastDays),
    );
    await refused(
      { startdate: `${dayFrom(CALENDAR.horizonDays + 2)} 09:00` },
      ErrorKey.calendarStartTooFar,
      days(CALENDAR.horizonDays),
    );
    for (const startdate of [`${day()}T09:00`, `${day()} 24:00`, "2026-02-30 09:00", ""]) {
      const res = await post(w.t.gremio, ADD, { id_finca: w.C1.id, startdate });
      expect(res.statusCode, startdate).toBe(400);
    }
    expect(await countEntries()).toBe(before);
  });

  it("takes a span of exactly the longest allowed", async () => {
    const { data } = await added(w.t.gremio, {
      id_finca: w.C1.id,
      startdate: `${day()} 09:00`,
      enddate: `${dayFrom(7 + CALENDAR.maxSpanDays)} 09:00`,
    });
    expect(data.enddate).toBe(`${dayFrom(7 + CALENDAR.maxSpanDays)} 09:00`);
  });

  it("is for a provider in a live community it serves, of the colegio chosen", async () => {
    const before = await countEntries();
    const body = { id_finca: w.C1.id, startdate: `${day()} 09:00`, enddate: `${day()} 10:00` };
    for (const token of [w.t.p0, w.t.p2, w.t.pB]) expectError(await post(token, ADD, body), 403, ErrorKey.forbidden);
    for (const token of [w.t.administrador, w.t.colegio, w.t.portero, w.t.master, w.t.admin2, w.t.colegioB]) {
      expectError(await post(token, ADD, body), 403, ErrorKey.forbidden);
    }
    expectError(await post(w.t.gremio, ADD, { ...body, id_finca: w.R1.id }), 403, ErrorKey.forbidden);
    expectError(await post(w.t.gremio, ADD, { ...body, id_finca: w.B1.id }), 403, ErrorKey.forbidden);
    expectError(
      await post(w.t.pB, ADD, { ...body, id_finca: w.B1.id, colg_id: w.A.id }),
      403,
      ErrorKey.colegioForbidden,
    );
    expectError(await post(w.t.gremio, ADD, { ...body, id_finca: 999_999 }), 404, ErrorKey.notFound);
    expectError(await post(undefined, ADD, body), 401, ErrorKey.unauthorized);
    await unlinkProvider(db(), w.C1.id, w.P3.id);
    expectError(await post(w.t.p3, ADD, body), 403, ErrorKey.forbidden);
    await db().update(communities).set({ erased: true }).where(eq(communities.id, w.C2.id));
    expectError(await post(w.t.gremio, ADD, { ...body, id_finca: w.C2.id }), 404, ErrorKey.notFound);
    expect(await countEntries()).toBe(before);
  });
});

describe("the month of a community (companies/calendar-fincas/provider, porteros/calendar/bymonth)", () => {
  const at = (providerId: number, start: string, end: string, extra = {}) =>
    entryRow(db(), { communityId: w.C1.id, providerId, start, end, ...extra });
  const startsOf = (m: CalendarMonth) => m.calendar.map((e) => `${e.startdate} – ${e.enddate}`);

  it("answers the entries overlapping the Madrid month across the spring-forward change, by start", async () => {
    await at(w.P3.id, "2026-02-28 22:00", "2026-03-01 00:00"); // ends where March starts
    await at(w.P3.id, "2026-03-01 00:00", "2026-03-01 01:00");
    await at(w.P1.id, "2026-03-29 01:00", "2026-03-29 04:00");
    await at(w.P3.id, "2026-03-31 23:00", "2026-04-01 01:00");
    await at(w.P3.id, "2026-04-01 00:00", "2026-04-01 02:00"); // 31 March 22:00 UTC: April in Madrid
    await at(w.P3.id, "2026-03-10 09:00", "2026-03-10 10:00", { erased: true });
    await entryRow(db(), {
      communityId: w.C2.id,
      providerId: w.P1.id,
      start: "2026-03-10 09:00",
      end: "2026-03-10 10:00",
    });
    const march = await monthOf(w.t.gremio, 2026, 3);
    expect(startsOf(march)).toEqual([
      "2026-03-01 00:00 – 2026-03-01 01:00",
      "2026-03-29 01:00 – 2026-03-29 04:00",
      "2026-03-31 23:00 – 2026-04-01 01:00",
    ]);
    expect(march.calendar.map((e) => e.mine)).toEqual([false, true, false]);
    expect(march.calendar[1]).toEqual({
      id: expect.any(Number),
      id_provider: w.P1.id,
      id_finca: w.C1.id,
      provider_name: "Ascensores Levante S.L.",
      startdate: "2026-03-29 01:00",
      enddate: "2026-03-29 04:00",
      comment: "",
      notify: false,
      mine: true,
    });
    expect(startsOf(await monthOf(w.t.gremio, 2026, 4))).toEqual([
      "2026-03-31 23:00 – 2026-04-01 01:00",
      "2026-04-01 00:00 – 2026-04-01 02:00",
    ]);
    expect(startsOf(await monthOf(w.t.gremio, 2026, 2))).toEqual(["2026-02-28 22:00 – 2026-03-01 00:00"]);
  });

  it("answers the entries crossing the year's and the fall-back month's boundaries in both months", async () => {
    await at(w.P3.id, "2026-10-25 01:00", "2026-10-25 04:00");
    await at(w.P3.id, "2026-10-31 22:00", "2026-11-01 02:00");
    await at(w.P3.id, "2026-12-31 22:00", "2027-01-01 02:00");
    expect(startsOf(await monthOf(w.t.gremio, 2026, 10))).toEqual([
      "2026-10-25 01:00 – 2026-10-25 04:00",
      "2026-10-31 22:00 – 2026-11-01 02:00",
    ]);
    expect(startsOf(await monthOf(w.t.gremio, 2026, 11))).toEqual(["2026-10-31 22:00 – 2026-11-01 02:00"]);
    expect(startsOf(await monthOf(w.t.gremio, 2027, 1))).toEqual(["2026-12-31 22:00 – 2027-01-01 02:00"]);
  });

  it("answers a long visit begun the month before", async () => {
    await at(w.P3.id, "2026-05-20 08:00", "2026-06-19 08:00");
    expect(startsOf(await monthOf(w.t.gremio, 2026, 6))).toEqual(["2026-05-20 08:00 – 2026-06-19 08:00"]);
  });

  it("marks and counts the month's first day for the longest visit, begun 32 calendar days before across spring-forward", async () => {
    // 744 hours: 28 February 23:30 (winter time) to 1 April 00:30 (summer time), the 32nd day before April.
    await at(w.P3.id, "2026-02-28 23:30", "2026-04-01 00:30");
    const april = await monthOf(w.t.gremio, 2026, 4);
    expect(startsOf(april)).toEqual(["2026-02-28 23:30 – 2026-04-01 00:30"]);
    expect(april.days).toEqual([{ day: "2026-04-01", mine: 0, others: 1 }]);
    expect(april.count).toBe(1);
  });

  it("answers the live providers' weekly schedules holding in the month and their 24-hour services", async () => {
    await ensureProviderLink(db(), w.C1.id, w.P0.id);
    const kept = await scheduleRow(db(), {
      companyId: w.P3.id,
      title: "Limpieza",
      weekdays: [1, 3, 5],
      start: "22:00",
      end: "06:00",
      obsolete: "2026-06-01",
    });
    const open = await scheduleRow(db(), {
      companyId: w.P1.id,
      title: "Revisión",
      weekdays: [2],
      start: "09:00",
      end: "10:00",
    });
    await scheduleRow(db(), {
      companyId: w.P3.id,
      title: "Caducada",
      weekdays: [2],
      start: "09:00",
      end: "10:00",
      obsolete: "2026-05-31",
    });
    await scheduleRow(db(), {
      companyId: w.P3.id,
      title: "Borrada",
      weekdays: [2],
      start: "09:00",
      end: "10:00",
      erased: true,
    });
    await scheduleRow(db(), {
      companyId: w.P2.id,
      title: "Otra comunidad",
      weekdays: [2],
      start: "09:00",
      end: "10:00",
    });
    await seven24(db(), w.P3.id);
    await seven24(db(), w.P0.id);
    await seven24(db(), w.P2.id);
    await unlinkProvider(db(), w.C1.id, w.P0.id);
    await scheduleRow(db(), { companyId: w.P0.id, title: "Sin vínculo", weekdays: [2], start: "09:00", end: "10:00" });
    const june = await monthOf(w.t.administrador, 2026, 6);
    expect(june.schedules).toEqual([
      {
        id: open,
        id_provider: w.P1.id,
        provider_name: "Ascensores Levante S.L.",
        title: "Revisión",
        weekday: "2",
        starttime: "09:00",
        endtime: "10:00",
        obsolete: null,
      },
      {
        id: kept,
        id_provider: w.P3.id,
        provider_name: "Zeta Limpiezas S.L.",
        title: "Limpieza",
        weekday: "1,3,5",
        starttime: "22:00",
        endtime: "06:00",
        obsolete: "2026-06-01",
      },
    ]);
    expect(june.services24).toEqual([{ id_provider: w.P3.id, provider_name: "Zeta Limpiezas S.L." }]);
    expect((await monthOf(w.t.administrador, 2026, 7)).schedules.map((s) => s.id)).toEqual([open]);
  });

  it("is the same for the administrator, the colegio and the porter, none of whose it is", async () => {
    await at(w.P1.id, "2026-03-10 09:00", "2026-03-10 10:00");
    await at(w.P3.id, "2026-03-11 09:00", "2026-03-11 10:00");
    const provider = await monthOf(w.t.gremio, 2026, 3);
    expect(provider.calendar).toHaveLength(2);
    const notMine = provider.calendar.map((e) => ({ ...e, mine: false }));
    expect((await monthOf(w.t.p3, 2026, 3)).calendar.map((e) => e.mine)).toEqual([false, true]);
    expect((await monthOf(w.t.administrador, 2026, 3)).calendar).toEqual(notMine);
    expect((await monthOf(w.t.colegio, 2026, 3)).calendar).toEqual(notMine);
    const porter = await post(w.t.portero, "/porteros/calendar/bymonth", { year: 2026, month: 3, id_finca: w.C1.id });
    expect(porter.json()).toEqual({
      result: true,
      days: [
        { day: "2026-03-10", mine: 0, others: 1 },
        { day: "2026-03-11", mine: 0, others: 1 },
      ],
      calendar: notMine,
      count: 2,
      pagination: { count: 2, page: 1, limit: PAGE_SIZE.calendarEntries },
    });
  });

  it("answers the days its entries cover, with the caller's and the others' counts, whatever page or side is asked", async () => {
    await at(w.P1.id, "2026-03-09 22:00", "2026-03-11 01:00"); // three Madrid days
    await at(w.P3.id, "2026-03-10 09:00", "2026-03-10 10:00");
    await at(w.P3.id, "2026-03-31 23:00", "2026-04-01 01:00"); // April's 1st is not March's
    await at(w.P3.id, "2026-03-29 01:00", "2026-03-30 00:00"); // the spring-forward day, up to 00:00 only
    await at(w.P3.id, "2026-03-12 09:00", "2026-03-12 10:00", { erased: true });
    const days = [
      { day: "2026-03-09", mine: 1, others: 0 },
      { day: "2026-03-10", mine: 1, others: 1 },
      { day: "2026-03-11", mine: 1, others: 0 },
      { day: "2026-03-29", mine: 0, others: 1 },
      { day: "2026-03-31", mine: 0, others: 1 },
    ];
    const month = (body: object) => post(w.t.gremio, MONTH, { year: 2026, month: 3, id_finca: w.C1.id, ...body });
    for (const body of [{}, { side: "mine" }, { side: "others", page: 2, limit: 1 }, { day: "2026-03-20" }]) {
      expect((await month(body)).json().days).toEqual(days);
    }
    const admin = await post(w.t.administrador, MONTH, { year: 2026, month: 3, id_finca: w.C1.id });
    expect(admin.json().days).toEqual(days.map(({ day, mine, others }) => ({ day, mine: 0, others: mine + others })));
  });

  it("answers one side, one day or one page of the entries, with their number", async () => {
    await at(w.P1.id, "2026-03-09 22:00", "2026-03-11 01:00");
    await at(w.P3.id, "2026-03-10 09:00", "2026-03-10 10:00");
    await at(w.P3.id, "2026-03-10 23:00", "2026-03-11 00:00");
    await at(w.P3.id, "2026-03-11 00:00", "2026-03-11 02:00"); // begins where the 10th ends
    const asked = async (body: object) => {
      const res = await post(w.t.gremio, MONTH, { year: 2026, month: 3, id_finca: w.C1.id, ...body });
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json() as CalendarMonth;
      return { starts: m.calendar.map((e) => e.startdate), count: m.count, pagination: m.pagination };
    };
    expect(await asked({ side: "mine" })).toMatchObject({ starts: ["2026-03-09 22:00"], count: 1 });
    expect(await asked({ side: "others" })).toMatchObject({
      starts: ["2026-03-10 09:00", "2026-03-10 23:00", "2026-03-11 00:00"],
      count: 3,
    });
    expect(await asked({ day: "2026-03-10" })).toMatchObject({
      starts: ["2026-03-09 22:00", "2026-03-10 09:00", "2026-03-10 23:00"],
      count: 3,
    });
    expect(await asked({ day: "2026-03-10", side: "others", page: 2, limit: 1 })).toEqual({
      starts: ["2026-03-10 23:00"],
      count: 2,
      pagination: { count: 2, page: 2, limit: 1 },
    });
    expect(await asked({ day: "2026-03-12" })).toMatchObject({ starts: [], count: 0 });
    expect(await asked({ page: 9 })).toMatchObject({ starts: [], count: 4 });
    // The porter has no side: it sees the day's every visit.
    const porter = await post(w.t.portero, "/porteros/calendar/bymonth", {
      year: 2026,
      month: 3,
      id_finca: w.C1.id,
      day: "2026-03-11",
      side: "mine",
    });
    expect(porter.json().calendar.map((e: CalendarEntry) => e.startdate)).toEqual([
      "2026-03-09 22:00",
      "2026-03-11 00:00",
    ]);
  });

  it("counts every day's and side's entries as it lists them, across the clock changes and the month's edges", async () => {
    // October 2026: the fall-back night (the 25th lasts 25 hours), entries from September and into November.
    await at(w.P1.id, "2026-09-30 20:00", "2026-10-01 00:00"); // ends where October starts
    await at(w.P3.id, "2026-09-30 23:00", "2026-10-02 08:00");
    await at(w.P1.id, "2026-10-24 23:30", "2026-10-25 02:30");
    await at(w.P3.id, "2026-10-25 02:00", "2026-10-26 00:00");
    await at(w.P3.id, "2026-10-25 23:59", "2026-10-26 00:01");
    await at(w.P1.id, "2026-10-31 22:00", "2026-11-02 10:00");
    await at(w.P3.id, "2026-10-20 01:00", "2026-11-20 00:00"); // the longest a visit may last: 744 hours
    await at(w.P3.id, "2026-10-12 09:00", "2026-10-12 10:00", { erased: true });
    const listed = async (body: object, token = w.t.gremio, url = MONTH) => {
      const res = await post(token, url, { year: 2026, month: 10, id_finca: w.C1.id, limit: 100, ...body });
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json() as CalendarMonth;
      return { count: m.count, listed: m.calendar.length, days: m.days };
    };
    const whole = await listed({});
    expect(whole).toMatchObject({ count: 6, listed: 6 });
    for (let d = 1; d <= 31; d++) {
      const day = `2026-10-${String(d).padStart(2, "0")}`;
      const covered = whole.days.find((x) => x.day === day) ?? { mine: 0, others: 0 };
      for (const [side, expected] of [
        ["mine", covered.mine],
        ["others", covered.others],
        ["all", covered.mine + covered.others],
      ] as const) {
        expect({ day, side, ...(await listed({ day, side })) }).toMatchObject({
          day,
          side,
          count: expected,
          listed: expected,
        });
      }
      // The porter has no side of its own: every visit of the day.
      const porter = await listed({ day }, w.t.portero, "/porteros/calendar/bymonth");
      expect({ day, count: porter.count, listed: porter.listed }).toEqual({
        day,
        count: covered.mine + covered.others,
        listed: covered.mine + covered.others,
      });
    }
    expect(whole.days.map((x) => x.day)).toEqual([
      "2026-10-01",
      "2026-10-02",
      ...Array.from({ length: 12 }, (_, i) => `2026-10-${20 + i}`),
    ]);
    const { spans, entries } = await daySpansBesideEntries(db());
    expect(spans).toContain(`${w.C1.id} ${w.P3.id} 2026-10-20–2026-11-19 ×1`);
    expect(spans).toEqual(entries);
  });

  it("answers the same month and coincidences whatever time zone the database session is in", async () => {
    await at(w.P1.id, "2026-10-24 23:30", "2026-10-25 02:30");
    await at(w.P3.id, "2026-10-25 02:00", "2026-10-26 00:00"); // the fall-back night: 02:00 happens twice
    await at(w.P3.id, "2026-10-31 22:00", "2026-11-02 10:00");
    await at(w.P3.id, "2026-09-30 23:00", "2026-10-02 08:00");
    const night = await at(w.P1.id, "2026-10-25 01:00", "2026-10-25 03:00");
    await at(w.P3.id, "2026-03-07 10:00", "2026-03-10 10:00"); // Havana's clocks skip its midnight of 8 March
    await scheduleRow(db(), { companyId: w.P3.id, title: "Ronda", weekdays: [7], start: "02:30", end: "04:00" });
    const entry = (await findEntry(db(), night))!;
    const asked = (day: string | null, month = 10) => ({
      communityId: w.C1.id,
      year: 2026,
      month,
      day,
      side: "all" as const,
      me: w.P1.id,
      page: 1,
      limit: 100,
    });
    const answers = (tx: Parameters<typeof monthStatement>[0]) =>
      Promise.all([
        monthStatement(tx, asked(null), true),
        monthStatement(tx, asked("2026-10-25"), true),
        findCoincidences(tx, entry),
        monthStatement(tx, asked(null, 3), false),
      ]);
    const expected = await answers(db());
    expect(expected[0].days.map((d) => d.day)).toContain("2026-10-25");
    expect(expected[1].count).toBe(3);
    expect(expected[2].map((c) => c.kind).sort()).toEqual(["entry", "schedule"]);
    expect(expected[3].days.map((d) => d.day)).toEqual(["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"]);
    for (const zone of ["Europe/Madrid", "America/New_York", "America/Havana", "Pacific/Kiritimati"]) {
      // In a transaction the statements are built with their values and run on its connection.
      const seen = await db().transaction(async (tx) => {
        await tx.execute(sql.raw(`set local timezone = '${zone}'`));
        return answers(tx);
      });
      expect({ zone, seen }).toEqual({ zone, seen: expected });
    }
  });

  it("refuses a day of another month, and a page or a size out of range", async () => {
    for (const body of [{ day: "2026-04-01" }, { day: "2026-3-1" }, { page: 0 }, { limit: 101 }, { side: "todos" }]) {
      const res = await post(w.t.gremio, MONTH, { year: 2026, month: 3, id_finca: w.C1.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("is refused to whoever is not the community's", async () => {
    await at(w.P1.id, "2026-03-10 09:00", "2026-03-10 10:00");
    const body = { year: 2026, month: 3, id_finca: w.C1.id };
    for (const token of [w.t.p0, w.t.p2, w.t.pB, w.t.admin2, w.t.adminB, w.t.colegioB, w.t.portero, w.t.master]) {
      expectError(await post(token, MONTH, body), 403, ErrorKey.forbidden);
    }
    expectError(await post(w.t.gremio, MONTH, { ...body, id_finca: w.R1.id }), 403, ErrorKey.forbidden);
    expectError(await post(w.t.gremio, MONTH, { ...body, id_finca: 999_999 }), 404, ErrorKey.notFound);
    expectError(await post(undefined, MONTH, body), 401, ErrorKey.unauthorized);
    expect((await post(w.t.gremio, MONTH, { ...body, month: 13 })).statusCode).toBe(400);
  });
});

describe("a provider deletes its own visit (companies/calendar-fincas/delete/{id})", () => {
  const del = (token: string | undefined, id: number) => post(token, `/companies/calendar-fincas/delete/${id}`);

  it("marks it deleted and keeps the row; a second delete finds nothing", async () => {
    const id = await entryRow(db(), {
      communityId: w.C1.id,
      providerId: w.P1.id,
      start: "2026-03-10 09:00",
      end: "2026-03-10 10:00",
    });
    const res = await del(w.t.gremio, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const [row] = await db().select().from(calendarEntries).where(eq(calendarEntries.id, id));
    expect(row!.erasedAt).toBeInstanceOf(Date);
    expect((await monthOf(w.t.gremio, 2026, 3)).calendar).toEqual([]);
    expectError(await del(w.t.gremio, id), 404, ErrorKey.notFound);
  });

  it("takes it out of the month's marked days and counts, and an add puts one in", async () => {
    const visit = { communityId: w.C1.id, providerId: w.P1.id, start: "2026-03-10 09:00", end: "2026-03-11 10:00" };
    const first = await entryRow(db(), visit);
    const second = await entryRow(db(), visit);
    const marked = async () => (await monthOf(w.t.gremio, 2026, 3)).days;
    const both = [
      { day: "2026-03-10", mine: 2, others: 0 },
      { day: "2026-03-11", mine: 2, others: 0 },
    ];
    expect(await marked()).toEqual(both);
    expect((await del(w.t.gremio, first)).statusCode).toBe(200);
    expect(await marked()).toEqual(both.map((d) => ({ ...d, mine: 1 })));
    expect((await del(w.t.gremio, second)).statusCode).toBe(200);
    expect(await marked()).toEqual([]);
    await entryRow(db(), visit);
    expect(await marked()).toEqual(both.map((d) => ({ ...d, mine: 1 })));
    const { spans, entries } = await daySpansBesideEntries(db());
    expect(spans).toEqual(entries);
  });

  it("is refused to everybody else, and nothing changes", async () => {
    const id = await entryRow(db(), {
      communityId: w.C1.id,
      providerId: w.P1.id,
      start: "2026-03-10 09:00",
      end: "2026-03-10 10:00",
    });
    for (const token of [w.t.p3, w.t.p0, w.t.pB, w.t.administrador, w.t.colegio, w.t.portero, w.t.master, w.t.admin2]) {
      expectError(await del(token, id), 403, ErrorKey.forbidden);
    }
    expectError(await del(w.t.gremio, 999_999), 404, ErrorKey.notFound);
    expectError(await del(undefined, id), 401, ErrorKey.unauthorized);
    const [row] = await db().select().from(calendarEntries).where(eq(calendarEntries.id, id));
    expect(row!.erasedAt).toBeNull();
    // A deleted entry of another provider is still not the caller's business.
    await db().update(calendarEntries).set({ erasedAt: new Date() }).where(eq(calendarEntries.id, id));
    expectError(await del(w.t.p3, id), 403, ErrorKey.forbidden);
  });
});

describe("the coincidences of a visit (companies/calendar-fincas/coincidences/{id})", () => {
  const read = (token: string | undefined, id: number) => post(token, `/companies/calendar-fincas/coincidences/${id}`);

  it("lists them with the notice made for each, for the entry's provider, the administrator and the colegio", async () => {
    const theirs = await entryRow(db(), {
      communityId: w.C1.id,
      providerId: w.P3.id,
      start: "2026-03-10 09:00",
      end: "2026-03-10 11:00",
      comment: "Limpieza",
    });
    const mine = await entryRow(db(), {
      communityId: w.C1.id,
      providerId: w.P1.id,
      start: "2026-03-10 10:00",
      end: "2026-03-10 12:00",
    });
    await seven24(db(), w.P3.id);
    const [notice] = await db()
      .insert(calendarNotices)
      .values({
        entryId: mine,
        communityId: w.C1.id,
        kind: "entry",
        coincidenceKey: `entry:${theirs}`,
        otherEntryId: theirs,
        fromCompanyId: w.P1.id,
        toCompanyId: w.P3.id,
        createdByUserId: (await db().select().from(calendarEntries).where(eq(calendarEntries.id, mine)))[0]!
          .createdByUserId,
        overlapStart: new Date("2026-03-10T09:00:00Z"),
        overlapEnd: new Date("2026-03-10T10:00:00Z"),
        sentAt: new Date(),
      })
      .returning({ id: calendarNotices.id });
    const expected = {
      result: true,
      calendar: [
        {
          kind: "entry",
          ref: theirs,
          id_provider: w.P3.id,
          provider_name: "Zeta Limpiezas S.L.",
          title: "Limpieza",
          startdate: "2026-03-10 09:00",
          enddate: "2026-03-10 11:00",
          overlap_start: "2026-03-10 10:00",
          overlap_end: "2026-03-10 11:00",
          notice: { id: notice!.id, sent: true, acknowledged: false },
        },
        {
          kind: "seven24",
          ref: w.P3.id,
          id_provider: w.P3.id,
          provider_name: "Zeta Limpiezas S.L.",
          title: "",
          startdate: "2026-03-10 10:00",
          enddate: "2026-03-10 12:00",
          overlap_start: "2026-03-10 10:00",
          overlap_end: "2026-03-10 12:00",
          notice: null,
        },
      ],
    };
    for (const token of [w.t.gremio, w.t.administrador, w.t.colegio]) {
      const res = await read(token, mine);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    const res = await read(w.t.p3, theirs);
    expect(res.json().calendar.map((c: Coincidence) => [c.kind, c.ref])).toEqual([["entry", mine]]);
  });

  it("is refused to other providers and other tenants; unknown and deleted entries are not found", async () => {
    const mine = await entryRow(db(), {
      communityId: w.C1.id,
      providerId: w.P1.id,
      start: "2026-03-10 10:00",
      end: "2026-03-10 12:00",
    });
    for (const token of [w.t.p3, w.t.p0, w.t.pB, w.t.admin2, w.t.adminB, w.t.colegioB, w.t.portero, w.t.master]) {
      expectError(await read(token, mine), 403, ErrorKey.forbidden);
    }
    expectError(await read(w.t.gremio, 999_999), 404, ErrorKey.notFound);
    expectError(await read(undefined, mine), 401, ErrorKey.unauthorized);
    await db().update(calendarEntries).set({ erasedAt: new Date() }).where(eq(calendarEntries.id, mine));
    expectError(await read(w.t.gremio, mine), 404, ErrorKey.notFound);
  });
});

it("keeps another colegio's community out of reach even with every relation to it", async () => {
  const other = await ensureCommunity(db(), {
    colegioId: w.B.id,
    adminCompanyId: w.adminB.id,
    name: "Comunitat Gràcia 3",
    cif: "H08000003",
  });
  await ensureProviderLink(db(), other.id, w.P1.id);
  const body = { year: 2026, month: 3, id_finca: other.id };
  // P1 is no member of colegio B: serving the community is not enough.
  expectError(await post(w.t.gremio, MONTH, body), 403, ErrorKey.forbidden);
});
