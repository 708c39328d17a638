import { Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { READING_VIEWS } from "./logic";

describe("the reading views of the panel", () => {
  it("are a provider's administrator and providers documents, and the administrator's providers documents", () => {
    expect(READING_VIEWS["docs-finca"]).toMatchObject({ path: "gremio/docs-finca", role: Role.gremio });
    expect(READING_VIEWS["docs-finca"].source).toBe("administrator");
    expect(READING_VIEWS["docs-proveedores"]).toMatchObject({ role: Role.gremio, source: "providers" });
    expect(READING_VIEWS.documentosprov).toMatchObject({ role: Role.administrador, source: "providers" });
  });
});
