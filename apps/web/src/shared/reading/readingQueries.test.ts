import { describe, expect, it } from "vitest";
import { queryKeys } from "../../app/queryKeys";
import { showsReading } from "./readingQueries";

const READING_KEY = queryKeys.reading;

describe("what a read mark reloads", () => {
  it("the community's reading lists, its panel and the communities list", () => {
    expect(showsReading([READING_KEY, "administrator", 7], 7)).toBe(true);
    expect(showsReading([READING_KEY, "read-by-provider", 7, 12], 7)).toBe(true);
    expect(showsReading([READING_KEY, "porter-administrator", 7], 7)).toBe(true);
    expect(showsReading([READING_KEY, "administrator", 8], 7)).toBe(false);
    expect(showsReading(queryKeys.community(7), 7)).toBe(true);
    expect(showsReading(queryKeys.community(8), 7)).toBe(false);
    expect(showsReading([queryKeys.communities, { page: 1 }], 7)).toBe(true);
    expect(showsReading([queryKeys.definedDocuments, {}], 7)).toBe(false);
  });

  it("the porter's own communities (its read figures)", () => {
    expect(showsReading([queryKeys.ownCommunities, { page: 1 }], 7)).toBe(true);
    expect(showsReading([queryKeys.arrivalProviders, 7, ""], 7)).toBe(false);
  });
});
