import { describe, expect, it } from "vitest";
import { intParam } from "./useListAddress";

describe("paging in the address", () => {
  it("reads currentPage and rows as integers within bounds, with a default when missing or wrong", () => {
    expect(intParam(null, 1, 100, 10)).toBe(10);
    expect(intParam("", 1, 100, 10)).toBe(10);
    expect(intParam("abc", 1, 100, 10)).toBe(10);
    expect(intParam("5", 1, 100, 10)).toBe(5);
    expect(intParam("500", 1, 100, 10)).toBe(100);
    expect(intParam("0", 1, 100, 10)).toBe(1);
    expect(intParam("-3", 1, 100, 10)).toBe(1);
  });
});
