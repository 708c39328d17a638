import { ErrorKey } from "@coordina/domain";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { menuFor } from "../app/menu";
import es from "./es.json";

await i18next.init({ lng: "es", resources: { es: { translation: es } }, nsSeparator: false, showSupportNotice: false });

describe("Spanish catalogue", () => {
  it("has a Spanish text for every error key the server sends", () => {
    for (const key of Object.values(ErrorKey)) {
      expect(i18next.exists(key), key).toBe(true);
      expect(i18next.t(key)).not.toBe(key);
    }
  });

  it("uses the spec's generic error text", () => {
    expect(i18next.t("error.generic-error")).toBe("Ha ocurrido un error. Estamos arreglándolo. Perdone las molestias");
  });

  it("labels every menu entry of every role", () => {
    for (const role of [0, 5, 10, 15, 20, 25]) {
      for (const item of menuFor(role, ["lopd", "lopd-workers", "porteros-admin", "pending-tasks"])) {
        expect(i18next.exists(`menu.${item.label}`), item.label).toBe(true);
      }
    }
  });
});

describe("menu by role and feature flags", () => {
  it("shows the porters area to administrators only with porteros-admin", () => {
    expect(menuFor(15, ["lopd"]).map((i) => i.to)).not.toContain("/admin-fincas/porteros/-1");
    expect(menuFor(15, ["lopd", "porteros-admin"]).map((i) => i.to)).toContain("/admin-fincas/porteros/-1");
  });

  it("shows pending tasks to providers only with pending-tasks", () => {
    expect(menuFor(20, ["lopd"]).map((i) => i.to)).not.toContain("/proveedores/main");
    expect(menuFor(20, ["pending-tasks"]).map((i) => i.to)[0]).toBe("/proveedores/main");
  });

  it("gives each role its own start area", () => {
    expect(menuFor(5, [])[0]?.to).toBe("/master/colegios");
    expect(menuFor(10, [])[0]?.to).toBe("/admin/administradores");
    expect(menuFor(25, [])[0]?.to).toBe("/porteros/comunidades/main");
  });
});
