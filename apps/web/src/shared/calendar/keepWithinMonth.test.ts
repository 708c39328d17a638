import type { Query } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { keepWithinMonth } from "./keepWithinMonth";

const before = (queryKey: readonly unknown[]) =>
  ({ queryKey }) as unknown as Query<string, Error, string, readonly unknown[]>;
const key = (community: number, month: number, ask: object) => ["calendar-month", community, 2026, month, ask] as const;

describe("keepWithinMonth: what a calendar list shows while its next answer loads", () => {
  it("keeps the list on screen while another page or day of the same month loads", () => {
    const page2 = keepWithinMonth<string>(key(7, 3, { side: "mine", day: null, page: 2 }));
    expect(page2("page 1", before(key(7, 3, { side: "mine", day: null, page: 1 })))).toBe("page 1");
    const day = keepWithinMonth<string>(key(7, 3, { side: "mine", day: "2026-03-10", page: 1 }));
    expect(day("month", before(key(7, 3, { side: "mine", day: null, page: 1 })))).toBe("month");
  });

  it("keeps nothing of another month or another community", () => {
    const april = keepWithinMonth<string>(key(7, 4, { side: "mine", day: null, page: 1 }));
    expect(april("march", before(key(7, 3, { side: "mine", day: null, page: 1 })))).toBeUndefined();
    const other = keepWithinMonth<string>(key(8, 3, { side: "mine", day: null, page: 1 }));
    expect(other("community 7", before(key(7, 3, { side: "mine", day: null, page: 1 })))).toBeUndefined();
    expect(keepWithinMonth<string>(key(7, 3, { day: null, page: 2 }))(undefined, undefined)).toBeUndefined();
  });
});
