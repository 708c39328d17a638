import { describe, expect, it } from "vitest";
import { dutiesLight, filtersOf, requestFilters, searchOf, summaryFigures, withFilter } from "./logic";

describe("a definition's light in the summary", () => {
  it("is red while anything is owed, amber when something expires soon, green when all is valid", () => {
    expect(dutiesLight([{ state: "valid" }, { state: "missing" }])).toBe("error");
    expect(dutiesLight([{ state: "soon" }, { state: "incomplete" }])).toBe("error");
    expect(dutiesLight([{ state: "valid" }, { state: "expired" }])).toBe("error");
    expect(dutiesLight([{ state: "valid" }, { state: "soon" }])).toBe("warn");
    expect(dutiesLight([{ state: "valid" }, { state: "valid" }])).toBe("ok");
    expect(dutiesLight([])).toBe("none");
  });

  it("counts what is to upload as the missing and the incomplete ones", () => {
    expect(summaryFigures({ valid: 3, soon: 1, expired: 2, incomplete: 1, missing: 4 })).toEqual({
      valid: 3,
      soon: 1,
      expired: 2,
      pending: 5,
    });
  });
});

describe("the uploaded list's filters in the address", () => {
  it("reads what it understands and leaves out the rest", () => {
    expect(filtersOf(new URLSearchParams("page=3&finca=7&definition=x&expiry=soon&validation=maybe"))).toEqual({
      page: 3,
      finca: 7,
      expiry: "soon",
    });
    expect(filtersOf(new URLSearchParams(""))).toEqual({ page: 1 });
  });

  it("writes them back, without page 1, and a new filter goes back to page 1", () => {
    const filters = { page: 4, finca: 2, validation: "pending" as const };
    expect(searchOf(filters)).toEqual({ page: "4", finca: "2", validation: "pending" });
    const next = withFilter(filters, { finca: undefined, expiry: "expired" });
    expect(next).toEqual({ page: 1, validation: "pending", expiry: "expired" });
    expect(searchOf(next)).toEqual({ validation: "pending", expiry: "expired" });
    expect(requestFilters(next)).toEqual({ validation: "pending", expiry: "expired" });
  });
});
