import { describe, expect, it } from "vitest";
import {
  coversDay,
  currentMonth,
  daysWithEntries,
  entriesOfDay,
  monthWords,
  shortComment,
  shownDateTime,
  spanText,
} from "./calendarDays";

const entry = (startdate: string, enddate: string) => ({ startdate, enddate });

describe("which days an entry covers (half-open ranges, Madrid wall-clock texts)", () => {
  it("covers the days its range holds some moment of", () => {
    const visit = entry("2026-11-27 09:00", "2026-11-28 13:00");
    expect(coversDay(visit, "2026-11-26")).toBe(false);
    expect(coversDay(visit, "2026-11-27")).toBe(true);
    expect(coversDay(visit, "2026-11-28")).toBe(true);
    expect(coversDay(visit, "2026-11-29")).toBe(false);
  });

  it("does not cover the day its end only touches (midnight)", () => {
    const evening = entry("2026-11-27 20:00", "2026-11-28 00:00");
    expect(coversDay(evening, "2026-11-27")).toBe(true);
    expect(coversDay(evening, "2026-11-28")).toBe(false);
  });

  it("without an end lasts to the end of its day", () => {
    const open = entry("2026-11-30 09:00", "");
    expect(coversDay(open, "2026-11-30")).toBe(true);
    expect(coversDay(open, "2026-12-01")).toBe(false);
  });

  it("marks the month's days with entries, and only that month's", () => {
    const days = daysWithEntries(
      [entry("2026-10-31 22:00", "2026-11-02 08:00"), entry("2026-11-30 09:00", "2026-12-01 10:00")],
      { year: 2026, month: 11 },
    );
    expect([...days]).toEqual(["2026-11-01", "2026-11-02", "2026-11-30"]);
  });

  it("filters to a day's entries, or gives them all without a day", () => {
    const a = { id: 1, ...entry("2026-11-27 09:00", "2026-11-27 10:00") };
    const b = { id: 2, ...entry("2026-11-28 09:00", "2026-11-28 10:00") };
    expect(entriesOfDay([a, b], "2026-11-28").map((e) => e.id)).toEqual([2]);
    expect(entriesOfDay([a, b], null).map((e) => e.id)).toEqual([1, 2]);
  });
});

describe("what the calendar shows", () => {
  it("writes times and spans in the Spanish way", () => {
    expect(shownDateTime("2026-11-27 09:05")).toBe("27/11/2026 09:05");
    expect(shownDateTime("")).toBe("");
    expect(spanText("2026-11-27 09:00", "2026-11-27 13:30")).toBe("27/11/2026 09:00–13:30");
    expect(spanText("2026-11-27 09:00", "2026-11-28 13:00")).toBe("27/11/2026 09:00 – 28/11/2026 13:00");
    expect(spanText("2026-11-27 09:00", "")).toBe("27/11/2026 09:00");
  });

  it("cuts a comment at 30 characters (spec 02 §9), whole below", () => {
    expect(shortComment("Revisión anual")).toEqual({ shown: "Revisión anual", cut: false });
    const long = "Revisión anual del ascensor y de la maquinaria";
    expect(shortComment(long)).toEqual({ shown: `${long.slice(0, 30)}…`, cut: true });
    expect(shortComment("x".repeat(30)).cut).toBe(false);
  });

  it("names the month in Spanish", () => {
    expect(monthWords({ year: 2026, month: 11 })).toBe("noviembre de 2026");
    expect(monthWords({ year: 2027, month: 1 })).toBe("enero de 2027");
  });
});

describe("the month a calendar opens on", () => {
  it("is Madrid's, whatever the browser's time zone (the tests run in UTC)", () => {
    // 23:30 UTC on 30 November is already 1 December in Madrid; 22:30 UTC on 31 March 2027 (summer time) is 1 April.
    expect(currentMonth(new Date("2026-11-30T23:30:00Z"))).toEqual({ year: 2026, month: 12 });
    expect(currentMonth(new Date("2026-12-31T23:00:00Z"))).toEqual({ year: 2027, month: 1 });
    expect(currentMonth(new Date("2027-03-31T22:30:00Z"))).toEqual({ year: 2027, month: 4 });
    expect(currentMonth(new Date("2026-11-30T22:59:00Z"))).toEqual({ year: 2026, month: 11 });
  });
});
