import { Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { defaultGroupFor, groupOf, mandatoryTitleKey, uploadIntroKey, uploadTitleKey } from "./screenRules";

describe("screens", () => {
  it("name a community's upload screen by role, with the spec's sentence by role under it", () => {
    expect(uploadTitleKey(Role.administrador)).toBe("documents-page.upload-title.administrator");
    expect(uploadTitleKey(Role.gremio)).toBe("documents-page.upload-title.provider");
    expect(uploadIntroKey(Role.administrador)).toBe("documents-page.upload-intro.administrator");
    expect(uploadIntroKey(Role.gremio)).toBe("documents-page.upload-intro.provider");
    expect(uploadIntroKey(Role.portero)).toBe("documents-page.upload-intro.portero");
  });

  it("title the general documents by role, whichever address opens them", () => {
    expect(mandatoryTitleKey(Role.colegio)).toBe("documents-page.mandatory.title.validate");
    for (const role of [Role.administrador, Role.gremio, Role.portero])
      expect(mandatoryTitleKey(role)).toBe("documents-page.mandatory.title.general");
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
  });
});
