import { describe, expect, it } from "vitest";
import { arrivalClock, arrivalDateTime } from "./arrivalTime";

describe("an arrival's moment, as a clock in Spain shows it", () => {
  it("adds an hour in winter and two in summer to UTC", () => {
    expect(arrivalDateTime("2026-11-27T08:14:00.000Z")).toBe("27/11/2026 09:14");
    expect(arrivalDateTime("2026-07-01T07:05:00.000Z")).toBe("01/07/2026 09:05");
    expect(arrivalClock("2026-11-27T08:14:00.000Z")).toBe("09:14");
  });

  it("moves to the next day in Spain late in the UTC evening, and shows midnight as 00", () => {
    expect(arrivalDateTime("2026-12-31T23:30:00.000Z")).toBe("01/01/2027 00:30");
  });
});
