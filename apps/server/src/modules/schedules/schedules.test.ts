import { ErrorKey, type Schedule, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";

/**
 * A provider's weekly schedules (spec 02 §2 'Provider configuration and schedule', §5 'Schedule form', §7
 * 'Schedules'), on the shared documents world: P1 is the demo provider ('gremio'), P3 ('p3') another one.
 */
let ctx: TestContext;
let w: DocumentsWorld;

const LIST = "/companies/CalendarSchedules/list";
const ADD = "/companies/CalendarSchedules/add";
const DELETE = (id: number) => `/companies/CalendarSchedules/delete/${id}`;
const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const slot = (overrides: object = {}) => ({
  title: "Revisión de ascensores",
  weekday: "1,3",
  starttime: "09:00",
  endtime: "13:30",
  obsolete: null,
  ...overrides,
});

async function added(token: string, body: object): Promise<Schedule> {
  const res = await post(token, ADD, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Schedule;
}
async function listed(token: string): Promise<Schedule[]> {
  const res = await call(ctx.app, "GET", LIST, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Schedule[];
}

describe("add and list", () => {
  it("adds a slot of the caller's company and lists its live slots by first weekday, then start", async () => {
    const monday = await added(w.t.gremio, slot());
    expect(monday).toEqual({
      id: expect.any(Number),
      title: "Revisión de ascensores",
      weekday: "1,3",
      starttime: "09:00",
      endtime: "13:30",
      obsolete: null,
      id_company: w.P1.id,
    });
    // Weekdays are kept in order whatever order they come in; an end before the start runs past midnight.
    const night = await added(
      w.t.gremio,
      slot({ title: "Guardia", weekday: "7,5", starttime: "22:00", endtime: "06:00" }),
    );
    expect(night).toMatchObject({ weekday: "5,7", starttime: "22:00", endtime: "06:00" });
    const early = await added(
      w.t.gremio,
      slot({ title: "Limpieza", weekday: "3,1", starttime: "07:15", endtime: "08:00", obsolete: "2031-12-31" }),
    );
    expect(early).toMatchObject({ weekday: "1,3", obsolete: "2031-12-31" });
    // another provider's slot is not in the list
    await added(w.t.p3, slot({ weekday: "1" }));

    expect((await listed(w.t.gremio)).map((s) => s.title)).toEqual(["Limpieza", "Revisión de ascensores", "Guardia"]);
    expect(await listed(w.t.p3)).toEqual([expect.objectContaining({ id_company: w.P3.id, weekday: "1" })]);
  });

  it("stores the weekdays as a sorted smallint[]", async () => {
    const s = await added(w.t.gremio, slot({ weekday: "7,2,4" }));
    const [row] = await queryRows<{ weekdays: number[] }>(
      ctx.database.db,
      sql`select weekdays from calendar_schedules where id = ${s.id}`,
    );
    expect(row!.weekdays).toEqual([2, 4, 7]);
  });

  it("accepts id_company when it is the caller's own, and refuses another company's with 403", async () => {
    await added(w.t.gremio, slot({ id_company: w.P1.id }));
    expectError(await post(w.t.gremio, ADD, slot({ id_company: w.P3.id })), 403, ErrorKey.forbidden);
    expect(await listed(w.t.p3)).toEqual([]);
  });

  it.each([
    ["a blank title", { title: "   " }, ValidationKey.required],
    ["no title", { title: undefined }, ValidationKey.required],
    ["no weekday", { weekday: "" }, ValidationKey.required],
    ["a repeated weekday", { weekday: "1,1" }, ValidationKey.required],
    ["weekday 0", { weekday: "0" }, ValidationKey.required],
    ["weekday 8", { weekday: "8" }, ValidationKey.required],
    ["weekdays with spaces", { weekday: "1, 2" }, ValidationKey.required],
    ["a trailing comma", { weekday: "1," }, ValidationKey.required],
    ["no start time", { starttime: "" }, ValidationKey.required],
    ["an hour 24", { endtime: "24:00" }, ValidationKey.required],
    ["no end time", { endtime: undefined }, ValidationKey.required],
    ["an obsolete day that does not exist", { obsolete: "2027-02-30" }, ValidationKey.dateInvalid],
    ["an obsolete date with a time", { obsolete: "2027-02-01 10:00" }, ValidationKey.dateInvalid],
    ["an end equal to the start (an empty slot)", { starttime: "10:00", endtime: "10:00" }, ErrorKey.scheduleEmptySlot],
  ])("refuses %s with 400 and its Spanish text's key, saving nothing", async (_case, overrides, key) => {
    expectError(await post(w.t.gremio, ADD, slot(overrides)), 400, key);
    expect(await listed(w.t.gremio)).toEqual([]);
  });
});

describe("delete", () => {
  it("deletes the caller's own slot (it leaves the list, the row stays with erased_at); again is 404", async () => {
    const a = await added(w.t.gremio, slot());
    const b = await added(w.t.gremio, slot({ title: "Otra", weekday: "2" }));
    const res = await call(ctx.app, "POST", DELETE(a.id), { token: w.t.gremio });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true });
    expect((await listed(w.t.gremio)).map((s) => s.id)).toEqual([b.id]);
    const [row] = await queryRows<{ erased: boolean }>(
      ctx.database.db,
      sql`select erased_at is not null as erased from calendar_schedules where id = ${a.id}`,
    );
    expect(row!.erased).toBe(true);
    expectError(await post(w.t.gremio, DELETE(a.id)), 404, ErrorKey.notFound);
  });

  it("refuses another company's slot with 403, deleted or not, and an unknown id with 404", async () => {
    const theirs = await added(w.t.p3, slot());
    expectError(await post(w.t.gremio, DELETE(theirs.id)), 403, ErrorKey.forbidden);
    expect(await listed(w.t.p3)).toHaveLength(1);
    expect((await post(w.t.p3, DELETE(theirs.id))).statusCode).toBe(200);
    expectError(await post(w.t.gremio, DELETE(theirs.id)), 403, ErrorKey.forbidden);
    expectError(await post(w.t.gremio, DELETE(2_000_000)), 404, ErrorKey.notFound);
  });
});

describe("who may call", () => {
  it("refuses every role but the provider with 403, and no session with 401", async () => {
    const mine = await added(w.t.gremio, slot());
    for (const who of ["administrador", "colegio", "master", "portero"] as const) {
      const token = w.t[who];
      expectError(await call(ctx.app, "GET", LIST, { token }), 403, ErrorKey.forbidden);
      expectError(await post(token, ADD, slot()), 403, ErrorKey.forbidden);
      expectError(await post(token, DELETE(mine.id)), 403, ErrorKey.forbidden);
    }
    expectError(await call(ctx.app, "GET", LIST), 401, ErrorKey.unauthorized);
    expectError(await post(undefined, ADD, slot()), 401, ErrorKey.unauthorized);
    expectError(await post(undefined, DELETE(mine.id)), 401, ErrorKey.unauthorized);
    expect((await listed(w.t.gremio)).map((s) => s.id)).toEqual([mine.id]);
  });
});
