import { Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../app/queryKeys";
import { READING_VIEWS } from "./logic";
import { showsReading } from "./readingQueries";

const READING_KEY = queryKeys.reading;

describe("the reading views of the panel", () => {
  it("are a provider's administrator and providers documents, and the administrator's providers documents", () => {
    expect(READING_VIEWS["docs-finca"]).toMatchObject({ path: "gremio/docs-finca", role: Role.gremio });
    expect(READING_VIEWS["docs-finca"].source).toBe("administrator");
    expect(READING_VIEWS["docs-proveedores"]).toMatchObject({ role: Role.gremio, source: "providers" });
    expect(READING_VIEWS.documentosprov).toMatchObject({ role: Role.administrador, source: "providers" });
  });

  it("reload the community's reading lists, its panel and the communities list after a mark", () => {
    expect(showsReading([READING_KEY, "administrator", 7], 7)).toBe(true);
    expect(showsReading([READING_KEY, "read-by-provider", 7, 12], 7)).toBe(true);
    expect(showsReading([READING_KEY, "administrator", 8], 7)).toBe(false);
    expect(showsReading(queryKeys.community(7), 7)).toBe(true);
    expect(showsReading(queryKeys.community(8), 7)).toBe(false);
    expect(showsReading([queryKeys.communities, { page: 1 }], 7)).toBe(true);
    expect(showsReading([queryKeys.definedDocuments, {}], 7)).toBe(false);
  });
});
