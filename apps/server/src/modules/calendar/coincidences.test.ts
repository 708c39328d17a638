import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryRow, scheduleRow, seven24, unlinkProvider } from "../../../test/calendar-world.js";
import { buildDocumentsWorld, type DocumentsWorld } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { ensureProviderLink } from "../../db/seed/builders.js";
import { findCoincidences } from "./coincidences.repository.js";
import { findEntry } from "./entries.repository.js";
import { toWallClock } from "./wall-clock.js";

/**
 * What an entry coincides with (coincidences.repository findCoincidences), on the documents world
 * (test/documents-world.ts): community C1 served by P1 (Ascensores Levante, whose entries are checked),
 * P3 (Zeta Limpiezas) and, here, P2 (Pinturas Sol); P0 (Jardines Olivo) served it once (its link ended).
 * Times are Madrid wall-clock; 2026's daylight-saving changes are on Sunday 29 March (02:00 → 03:00) and
 * Sunday 25 October (03:00 → 02:00).
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  await ensureProviderLink(db(), w.C1.id, w.P2.id);
  await ensureProviderLink(db(), w.C1.id, w.P0.id);
  await unlinkProvider(db(), w.C1.id, w.P0.id);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const other = (providerId: number, start: string, end: string, extra: { comment?: string; erased?: boolean } = {}) =>
  entryRow(db(), { communityId: w.C1.id, providerId, start, end, ...extra });
const slot = (companyId: number, weekdays: number[], start: string, end: string, extra = {}) =>
  scheduleRow(db(), { companyId, title: `Turno ${start}`, weekdays, start, end, ...extra });

/**
 * P1's new entry in C1 and what it coincides with, as `key provider [other] [overlap]` lines, in the
 * wall-clock texts the database gives (the API's), each checked against the instant it stands for.
 */
async function coincidencesOf(start: string, end: string) {
  const id = await entryRow(db(), { communityId: w.C1.id, providerId: w.P1.id, start, end });
  const entry = (await findEntry(db(), id))!;
  const found = await findCoincidences(db(), entry);
  return found.map(({ key, providerName, wallClock, ...c }) => {
    expect(wallClock).toEqual({
      otherStart: toWallClock(c.otherStart),
      otherEnd: toWallClock(c.otherEnd),
      overlapStart: toWallClock(c.overlapStart),
      overlapEnd: toWallClock(c.overlapEnd),
    });
    return (
      `${key} ${providerName} [${wallClock.otherStart} – ${wallClock.otherEnd}]` +
      ` [${wallClock.overlapStart} – ${wallClock.overlapEnd}]`
    );
  });
}
const ZETA = "Zeta Limpiezas S.L.";
const SOL = "Pinturas Sol S.L.";

describe("another provider's entries", () => {
  it("coincide when the ranges overlap, not when they only touch", async () => {
    const a = await other(w.P3.id, "2026-06-10 10:00", "2026-06-10 12:00", { comment: "Limpieza" });
    expect(await coincidencesOf("2026-06-10 12:00", "2026-06-10 14:00")).toEqual([]);
    expect(await coincidencesOf("2026-06-10 08:00", "2026-06-10 10:00")).toEqual([]);
    expect(await coincidencesOf("2026-06-10 11:59", "2026-06-10 12:30")).toEqual([
      `entry:${a} ${ZETA} [2026-06-10 10:00 – 2026-06-10 12:00] [2026-06-10 11:59 – 2026-06-10 12:00]`,
    ]);
  });

  it("coincide over the inner range when one contains the other, either way", async () => {
    const a = await other(w.P3.id, "2026-06-10 09:00", "2026-06-10 18:00");
    expect(await coincidencesOf("2026-06-10 10:00", "2026-06-10 11:00")).toEqual([
      `entry:${a} ${ZETA} [2026-06-10 09:00 – 2026-06-10 18:00] [2026-06-10 10:00 – 2026-06-10 11:00]`,
    ]);
    expect(await coincidencesOf("2026-06-10 07:00", "2026-06-11 07:00")).toEqual([
      `entry:${a} ${ZETA} [2026-06-10 09:00 – 2026-06-10 18:00] [2026-06-10 09:00 – 2026-06-10 18:00]`,
    ]);
  });

  it("coincide across midnight", async () => {
    const a = await other(w.P3.id, "2026-06-10 22:00", "2026-06-11 02:00");
    expect(await coincidencesOf("2026-06-11 01:00", "2026-06-11 03:00")).toEqual([
      `entry:${a} ${ZETA} [2026-06-10 22:00 – 2026-06-11 02:00] [2026-06-11 01:00 – 2026-06-11 02:00]`,
    ]);
  });

  it("of a long visit that started weeks before coincide too", async () => {
    const a = await other(w.P3.id, "2026-06-01 08:00", "2026-06-30 08:00");
    expect(await coincidencesOf("2026-06-29 10:00", "2026-06-29 11:00")).toEqual([
      `entry:${a} ${ZETA} [2026-06-01 08:00 – 2026-06-30 08:00] [2026-06-29 10:00 – 2026-06-29 11:00]`,
    ]);
  });

  it("keep their wall-clock hours on the spring-forward day (29 March 2026: 02:00 → 03:00)", async () => {
    // 01:00 CET to 04:00 CEST: two hours of real time.
    const a = await other(w.P3.id, "2026-03-29 01:00", "2026-03-29 04:00");
    expect(await coincidencesOf("2026-03-29 03:00", "2026-03-29 05:00")).toEqual([
      `entry:${a} ${ZETA} [2026-03-29 01:00 – 2026-03-29 04:00] [2026-03-29 03:00 – 2026-03-29 04:00]`,
    ]);
    expect(await coincidencesOf("2026-03-29 04:00", "2026-03-29 05:00")).toEqual([]);
  });

  it("keep their wall-clock hours on the fall-back day (25 October 2026: 03:00 → 02:00)", async () => {
    // 01:00 CEST to 04:00 CET: four hours of real time.
    const a = await other(w.P3.id, "2026-10-25 01:00", "2026-10-25 04:00");
    expect(await coincidencesOf("2026-10-25 03:30", "2026-10-25 05:00")).toEqual([
      `entry:${a} ${ZETA} [2026-10-25 01:00 – 2026-10-25 04:00] [2026-10-25 03:30 – 2026-10-25 04:00]`,
    ]);
    expect(await coincidencesOf("2026-10-25 04:00", "2026-10-25 05:00")).toEqual([]);
  });

  it("are ignored when deleted, in another community, of the same provider, or of a provider no longer linked", async () => {
    await other(w.P3.id, "2026-06-10 10:00", "2026-06-10 12:00", { erased: true });
    await entryRow(db(), {
      communityId: w.C2.id,
      providerId: w.P3.id,
      start: "2026-06-10 10:00",
      end: "2026-06-10 12:00",
    });
    await other(w.P1.id, "2026-06-10 10:00", "2026-06-10 12:00");
    await other(w.P0.id, "2026-06-10 10:00", "2026-06-10 12:00");
    expect(await coincidencesOf("2026-06-10 09:00", "2026-06-10 13:00")).toEqual([]);
  });
});

describe("another provider's weekly schedule", () => {
  // 10 June 2026 is a Wednesday (3); 11 June a Thursday (4).
  it("coincides on its weekdays and hours only", async () => {
    const s = await slot(w.P3.id, [1, 3, 5], "10:00", "12:00");
    expect(await coincidencesOf("2026-06-11 10:00", "2026-06-11 12:00")).toEqual([]);
    expect(await coincidencesOf("2026-06-10 12:00", "2026-06-10 13:00")).toEqual([]);
    expect(await coincidencesOf("2026-06-10 11:00", "2026-06-10 13:00")).toEqual([
      `schedule:${s} ${ZETA} [2026-06-10 10:00 – 2026-06-10 12:00] [2026-06-10 11:00 – 2026-06-10 12:00]`,
    ]);
  });

  it("reports the first occurrence that overlaps an entry of several days", async () => {
    const s = await slot(w.P3.id, [5], "10:00", "12:00");
    // Wednesday 10 June 13:00 to Monday 15 June: Friday 12 June is the first Friday.
    expect(await coincidencesOf("2026-06-10 13:00", "2026-06-15 09:00")).toEqual([
      `schedule:${s} ${ZETA} [2026-06-12 10:00 – 2026-06-12 12:00] [2026-06-12 10:00 – 2026-06-12 12:00]`,
    ]);
  });

  it("runs overnight when it ends at or before its start (22:00–06:00 of a Wednesday)", async () => {
    const s = await slot(w.P3.id, [3], "22:00", "06:00");
    // The entry starts on Thursday: the slot of the day before reaches it.
    expect(await coincidencesOf("2026-06-11 05:00", "2026-06-11 07:00")).toEqual([
      `schedule:${s} ${ZETA} [2026-06-10 22:00 – 2026-06-11 06:00] [2026-06-11 05:00 – 2026-06-11 06:00]`,
    ]);
    expect(await coincidencesOf("2026-06-11 06:00", "2026-06-11 08:00")).toEqual([]);
    expect(await coincidencesOf("2026-06-10 21:00", "2026-06-10 22:00")).toEqual([]);
  });

  it("keeps its wall-clock hours on the spring-forward day (29 March 2026, a Sunday)", async () => {
    const s = await slot(w.P3.id, [7], "03:00", "05:00");
    // 05:00 CEST is 03:00 UTC: an entry from there only touches the slot.
    expect(await coincidencesOf("2026-03-29 05:00", "2026-03-29 06:00")).toEqual([]);
    expect(await coincidencesOf("2026-03-29 04:30", "2026-03-29 06:00")).toEqual([
      `schedule:${s} ${ZETA} [2026-03-29 03:00 – 2026-03-29 05:00] [2026-03-29 04:30 – 2026-03-29 05:00]`,
    ]);
  });

  it("runs overnight into the spring-forward day (Saturday 22:00 CET to Sunday 06:00 CEST)", async () => {
    const s = await slot(w.P3.id, [6], "22:00", "06:00");
    expect(await coincidencesOf("2026-03-29 05:00", "2026-03-29 07:00")).toEqual([
      `schedule:${s} ${ZETA} [2026-03-28 22:00 – 2026-03-29 06:00] [2026-03-29 05:00 – 2026-03-29 06:00]`,
    ]);
    expect(await coincidencesOf("2026-03-29 06:00", "2026-03-29 07:00")).toEqual([]);
  });

  it("keeps its wall-clock hours on the fall-back day (25 October 2026, a Sunday)", async () => {
    const s = await slot(w.P3.id, [7], "03:00", "04:00");
    // 03:00 CET is 02:00 UTC: with the day's summer offset the slot would end where this entry starts.
    expect(await coincidencesOf("2026-10-25 03:00", "2026-10-25 03:30")).toEqual([
      `schedule:${s} ${ZETA} [2026-10-25 03:00 – 2026-10-25 04:00] [2026-10-25 03:00 – 2026-10-25 03:30]`,
    ]);
    expect(await coincidencesOf("2026-10-25 04:00", "2026-10-25 05:00")).toEqual([]);
  });

  it("holds through its expiry day and not after", async () => {
    await slot(w.P3.id, [3], "10:00", "12:00", { obsolete: "2026-06-09" });
    expect(await coincidencesOf("2026-06-10 10:00", "2026-06-10 11:00")).toEqual([]);
    const s = await slot(w.P3.id, [3], "10:00", "12:00", { obsolete: "2026-06-10" });
    expect(await coincidencesOf("2026-06-10 10:00", "2026-06-10 11:00")).toEqual([
      `schedule:${s} ${ZETA} [2026-06-10 10:00 – 2026-06-10 12:00] [2026-06-10 10:00 – 2026-06-10 11:00]`,
    ]);
  });

  it("is ignored when deleted, the entry's provider's own, or of a provider no longer linked", async () => {
    await slot(w.P3.id, [3], "10:00", "12:00", { erased: true });
    await slot(w.P1.id, [3], "10:00", "12:00");
    await slot(w.P0.id, [3], "10:00", "12:00");
    expect(await coincidencesOf("2026-06-10 09:00", "2026-06-10 13:00")).toEqual([]);
  });
});

describe("a deactivated provider", () => {
  it("coincides with nothing: its company deactivated, or its membership of the community's colegio", async () => {
    await other(w.P3.id, "2026-06-10 10:00", "2026-06-10 12:00");
    await slot(w.P3.id, [3], "10:00", "12:00");
    await seven24(db(), w.P3.id);
    await other(w.P2.id, "2026-06-10 10:00", "2026-06-10 12:00");
    await slot(w.P2.id, [3], "10:00", "12:00");
    await seven24(db(), w.P2.id);
    expect(await coincidencesOf("2026-06-10 09:00", "2026-06-10 13:00")).toHaveLength(6);

    await db().execute(sql`update companies set erased = true where id = ${w.P3.id}`);
    await db().execute(
      sql`update colegio_members set erased = true where company_id = ${w.P2.id}
            and colegio_id = (select colegio_id from communities where id = ${w.C1.id})`,
    );
    expect(await coincidencesOf("2026-06-10 09:00", "2026-06-10 13:00")).toEqual([]);
  });
});

describe("another provider's 24-hour service", () => {
  it("coincides over the whole entry, while it is on and the provider linked", async () => {
    await seven24(db(), w.P3.id);
    await seven24(db(), w.P2.id, "0");
    await seven24(db(), w.P0.id);
    await seven24(db(), w.P1.id);
    expect(await coincidencesOf("2026-06-10 09:00", "2026-06-11 13:00")).toEqual([
      `seven24:${w.P3.id} ${ZETA} [2026-06-10 09:00 – 2026-06-11 13:00] [2026-06-10 09:00 – 2026-06-11 13:00]`,
    ]);
  });
});

it("lists every kind by overlap start, then provider name", async () => {
  await seven24(db(), w.P3.id);
  const late = await other(w.P3.id, "2026-06-10 11:00", "2026-06-10 12:00");
  const early = await other(w.P2.id, "2026-06-10 08:00", "2026-06-10 10:00");
  const s = await slot(w.P2.id, [3], "09:00", "10:00");
  expect(await coincidencesOf("2026-06-10 09:00", "2026-06-10 11:30")).toEqual([
    `entry:${early} ${SOL} [2026-06-10 08:00 – 2026-06-10 10:00] [2026-06-10 09:00 – 2026-06-10 10:00]`,
    `schedule:${s} ${SOL} [2026-06-10 09:00 – 2026-06-10 10:00] [2026-06-10 09:00 – 2026-06-10 10:00]`,
    `seven24:${w.P3.id} ${ZETA} [2026-06-10 09:00 – 2026-06-10 11:30] [2026-06-10 09:00 – 2026-06-10 11:30]`,
    `entry:${late} ${ZETA} [2026-06-10 11:00 – 2026-06-10 12:00] [2026-06-10 11:00 – 2026-06-10 11:30]`,
  ]);
});

it("shows instants as Madrid wall-clock times, both hours of the fall-back day", () => {
  expect(toWallClock(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29 03:00");
  expect(toWallClock(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-25 02:30");
  expect(toWallClock(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25 02:30");
  expect(toWallClock(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01 00:00");
});
