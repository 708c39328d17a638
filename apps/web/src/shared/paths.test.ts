import { describe, expect, it } from "vitest";
import {
  arrivalsPath,
  COMMUNITIES_LIST,
  communityPanelPath,
  communityPortersPath,
  OWN_COMMUNITIES,
  PORTER_SUMMARY_BASE,
  porterPanelPath,
} from "./paths";

describe("the addresses several features link to", () => {
  it("are the spec's routes (02 §2)", () => {
    expect(COMMUNITIES_LIST).toBe("/comunidades/index");
    expect(communityPanelPath(7)).toBe("/comunidades/comunidad/7");
    expect(communityPanelPath(7, "upload")).toBe("/comunidades/comunidad/7/upload");
    expect(communityPortersPath(7)).toBe("/comunidades/comunidad/7/porteros");
    expect(PORTER_SUMMARY_BASE).toBe("/admin-fincas/porteros");
    expect(OWN_COMMUNITIES).toBe("/porteros/comunidades/main");
  });

  it("take the porter panel's tab along to '¿Quién viene hoy?' and back, none for none", () => {
    expect(porterPanelPath(12)).toBe("/porteros/comunidades/12");
    expect(porterPanelPath(12, null)).toBe("/porteros/comunidades/12");
    expect(porterPanelPath(12, "lopd")).toBe("/porteros/comunidades/12?tab=lopd");
    expect(arrivalsPath(12)).toBe("/porteros/comunidades/12/llegadas");
    expect(arrivalsPath(12, "calendario")).toBe("/porteros/comunidades/12/llegadas?tab=calendario");
  });
});
