import { describe, expect, it } from "vitest";
import { runsOvernight, weekdaysOf } from "./scheduleWords";

describe("a schedule's weekdays", () => {
  it("are read Monday first, whatever the order stored, leaving out what is not a weekday", () => {
    expect(weekdaysOf("3,1")).toEqual([1, 3]);
    expect(weekdaysOf("7")).toEqual([7]);
    expect(weekdaysOf("1, 8,0,2")).toEqual([1, 2]);
    expect(weekdaysOf("")).toEqual([]);
  });
});

describe("a slot past midnight", () => {
  it("is one whose end is not after its start", () => {
    expect(runsOvernight("22:00", "06:00")).toBe(true);
    expect(runsOvernight("08:00", "08:00")).toBe(true);
    expect(runsOvernight("08:00", "14:30")).toBe(false);
  });
});
