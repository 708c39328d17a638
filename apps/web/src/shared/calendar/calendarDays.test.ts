import { describe, expect, it } from "vitest";
import { currentMonth, markedDays, monthWords, pagesOf, shortComment, shownDateTime, spanText } from "./calendarDays";

describe("the days a month calendar marks and the pages of a list", () => {
  it("marks the days the answer names, only those of the month shown", () => {
    const days = [
      { day: "2026-10-31", mine: 0, others: 1 },
      { day: "2026-11-02", mine: 1, others: 2 },
      { day: "2026-11-30", mine: 0, others: 1 },
    ];
    const marked = markedDays(days, { year: 2026, month: 11 });
    expect([...marked.keys()]).toEqual(["2026-11-02", "2026-11-30"]);
    expect(marked.get("2026-11-02")).toEqual({ day: "2026-11-02", mine: 1, others: 2 });
    // An answer of another month marks nothing on this one.
    expect(markedDays(days, { year: 2026, month: 12 }).size).toBe(0);
  });

  it("counts the pages of a list, one for an empty list", () => {
    expect(pagesOf(0, 10)).toBe(1);
    expect(pagesOf(10, 10)).toBe(1);
    expect(pagesOf(11, 10)).toBe(2);
    expect(pagesOf(1000, 100)).toBe(10);
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
