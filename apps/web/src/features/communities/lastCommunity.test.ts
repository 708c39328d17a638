import { describe, expect, it } from "vitest";
import { panelRedirectTarget } from "./lastCommunity";

describe("panel paths without an id", () => {
  it("lead to the same view of the community opened last, query included", () => {
    expect(panelRedirectTarget("/comunidades/comunidad/proveedores", "", 7)).toBe(
      "/comunidades/comunidad/7/proveedores",
    );
    expect(panelRedirectTarget("/comunidades/comunidad/gremio/docs-finca/", "", 7)).toBe(
      "/comunidades/comunidad/7/gremio/docs-finca",
    );
    expect(panelRedirectTarget("/comunidades/comunidad/porteros/portero", "?idUserCompany=4&email=a%40b.c", 7)).toBe(
      "/comunidades/comunidad/7/porteros/portero?idUserCompany=4&email=a%40b.c",
    );
  });

  it("lead from the panel's bare path to the community opened last", () => {
    expect(panelRedirectTarget("/comunidades/comunidad", "", 7)).toBe("/comunidades/comunidad/7");
    expect(panelRedirectTarget("/comunidades/comunidadx", "", 7)).toBe("/comunidades/index");
  });
  it("lead to the communities list when none was opened", () => {
    expect(panelRedirectTarget("/comunidades/comunidad/upload", "", null)).toBe("/comunidades/index");
  });
});
