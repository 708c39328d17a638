import { Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { defaultGroupFor, groupOf, mandatoryTitleKey, uploadTitleKey } from "./screenRules";

describe("screens", () => {
  it("title a community's upload screen by role", () => {
    expect(uploadTitleKey(Role.administrador)).toBe("documents-page.upload-title.administrator");
    expect(uploadTitleKey(Role.gremio)).toBe("documents-page.upload-title.provider");
    expect(uploadTitleKey(Role.portero)).toBe("documents-page.upload-title.portero");
  });

  it("open the general documents on LOPD, and on CAF for 'Docs generales'", () => {
    expect(defaultGroupFor("/documents/mandatory")).toBe("LOPD");
    expect(defaultGroupFor("/lopd")).toBe("LOPD");
    expect(defaultGroupFor("/provdoc")).toBe("CAF");
    expect(defaultGroupFor("/provdoc/")).toBe("CAF");
    expect(groupOf("PORTERO", "/provdoc")).toBe("PORTERO");
    expect(groupOf("ALL", "/lopd")).toBe("ALL");
    expect(groupOf("nada", "/provdoc")).toBe("CAF");
    expect(groupOf(null, "/lopd")).toBe("LOPD");
    expect(mandatoryTitleKey("/provdoc")).toBe("documents-page.mandatory.title.provdoc");
    expect(mandatoryTitleKey("/lopd")).toBe("documents-page.mandatory.title.lopd");
    expect(mandatoryTitleKey("/documents/mandatory")).toBe("documents-page.mandatory.title.mandatory");
  });
});
