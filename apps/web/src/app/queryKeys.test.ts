import { describe, expect, it } from "vitest";
import { isReadingListOf, showsCommunityFigures } from "./queryKeys";

describe("the queries that show a community's figures", () => {
  it("matches the panel's community whether its id is a number or a string", () => {
    expect(showsCommunityFigures(["community", 7], 7)).toBe(true);
    expect(showsCommunityFigures(["community", "7"], 7)).toBe(true);
    expect(showsCommunityFigures(["community", 7, "view"], 7)).toBe(true);
  });

  it("leaves other communities and other lists alone, but matches every communities list", () => {
    expect(showsCommunityFigures(["community", 8], 7)).toBe(false);
    expect(showsCommunityFigures(["community"], 7)).toBe(false);
    expect(showsCommunityFigures(["community-providers", { idFinca: 7 }], 7)).toBe(false);
    expect(showsCommunityFigures(["communities", { page: 1 }], 7)).toBe(true);
    expect(showsCommunityFigures(["provider-communities", { page: 1 }], 7)).toBe(false);
    expect(showsCommunityFigures(["communities", { page: 1 }])).toBe(true);
    expect(showsCommunityFigures(["community", 7])).toBe(false);
  });
});

describe("a community's reading lists", () => {
  it("are the reading keys of that community, its id a number or a string; all of them without one", () => {
    expect(isReadingListOf(["reading", "uploaded-by-porter", 7, 31], 7)).toBe(true);
    expect(isReadingListOf(["reading", "read-by-porter", "7", 31], 7)).toBe(true);
    expect(isReadingListOf(["reading", "providers", 8], 7)).toBe(false);
    expect(isReadingListOf(["reading", "providers", 8])).toBe(true);
    expect(isReadingListOf(["community", 7], 7)).toBe(false);
    expect(isReadingListOf(["defined-documents", 7])).toBe(false);
  });
});
