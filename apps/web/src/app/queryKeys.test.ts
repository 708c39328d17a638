import { describe, expect, it } from "vitest";
import { showsCommunityFigures } from "./queryKeys";

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
