import { FEATURE, Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { currentEntry, menuFor } from "./menu";

/** The entries AppLayout marks current on a page under their path (besides the one linking to it). */
const currentOn = (role: number, pathname: string) =>
  menuFor(role, [FEATURE.porterosAdmin])
    .filter((item) => item.within !== undefined && pathname.startsWith(item.within))
    .map((item) => item.label);

describe("the menu entry current inside its area", () => {
  it("'Mis comunidades' in a community's porter panel and its '¿Quién viene hoy?'", () => {
    expect(currentOn(Role.portero, "/porteros/comunidades/7")).toEqual(["mis-comunidades"]);
    expect(currentOn(Role.portero, "/porteros/comunidades/7/llegadas")).toEqual(["mis-comunidades"]);
    expect(currentOn(Role.portero, "/my-data")).toEqual([]);
  });

  it("'Porteros' on a porter's communities in the doormen summary", () => {
    expect(currentOn(Role.administrador, "/admin-fincas/porteros/31")).toEqual(["porteros"]);
    expect(currentOn(Role.administrador, "/admin-fincas/proveedor/4")).toEqual([]);
  });

  it("'Comunidades' in a community's panel, the porters' views included", () => {
    expect(currentOn(Role.administrador, "/comunidades/comunidad/7/porteros")).toEqual(["comunidades"]);
  });
});

describe("the browser tab's entry", () => {
  const colegio = menuFor(Role.colegio, []);
  const administrator = menuFor(Role.administrador, [FEATURE.porterosAdmin]);

  it("is the entry linking to the page, or to a path above it", () => {
    expect(currentEntry(colegio, "/documents/mandatory")?.label).toBe("documentos-validar");
    expect(currentEntry(colegio, "/admin/proveedor/12/users/3")?.label).toBe("proveedores");
    expect(currentEntry(administrator, "/documents/mandatory")?.label).toBe("docs-generales");
  });

  it("is the area's entry inside it (a community's panel, the doormen summary)", () => {
    expect(currentEntry(administrator, "/comunidades/comunidad/7/upload")?.label).toBe("comunidades");
    expect(currentEntry(administrator, "/admin-fincas/porteros/31")?.label).toBe("porteros");
    expect(currentEntry(administrator, "/admin-fincas/proveedor/31")?.label).toBe("proveedores");
  });

  it("is the screen's entry at its other addresses ('LOPD' opens 'Documentos generales')", () => {
    const provider = menuFor(Role.gremio, []);
    expect(currentEntry(administrator, "/lopd")?.label).toBe("docs-generales");
    expect(currentEntry(provider, "/lopd")?.label).toBe("docs-generales");
    expect(currentEntry(provider, "/documents/mandatory")?.label).toBe("docs-generales");
    expect(currentEntry(provider, "/provdoc")?.label).toBe("docs-generales");
  });

  it("is none on a page outside the menu", () => {
    expect(currentEntry(colegio, "/comunidades/index")).toBeUndefined();
    expect(currentEntry(colegio, "/admin/proveedores")).toBeUndefined();
  });
});

describe("'Tareas pendientes' (issue 21: providers find their work)", () => {
  const pendingIn = (role: number, flags: string[]) =>
    menuFor(role, flags).filter((item) => item.to === "/proveedores/main");

  it("is an entry of every provider, with or without pending-tasks (which only chooses the start page)", () => {
    for (const flags of [[], ["lopd", "lopd-workers"], [FEATURE.pendingTasks], Object.values(FEATURE)]) {
      expect(
        pendingIn(Role.gremio, flags).map((item) => item.label),
        flags.join(),
      ).toEqual(["pendientes"]);
    }
    expect(currentEntry(menuFor(Role.gremio, []), "/proveedores/main")?.label).toBe("pendientes");
  });

  it("is the provider's only", () => {
    for (const role of [Role.master, Role.colegio, Role.administrador, Role.portero, Role.superadministrator])
      expect(pendingIn(role, Object.values(FEATURE)), String(role)).toEqual([]);
  });
});

describe("'Calendario y servicio' (issue 22: the provider's 24-hour service, schedule and calendar address)", () => {
  const calendarIn = (role: number, flags: string[]) =>
    menuFor(role, flags).filter((item) => item.to === "/proveedores/config/calendar");

  it("is an entry of every provider, whatever its flags, and names the page's tab", () => {
    for (const flags of [[], [FEATURE.pendingTasks], Object.values(FEATURE)])
      expect(
        calendarIn(Role.gremio, flags).map((item) => item.label),
        flags.join(),
      ).toEqual(["calendario"]);
    expect(currentEntry(menuFor(Role.gremio, []), "/proveedores/config/calendar")?.label).toBe("calendario");
  });

  it("is the provider's only", () => {
    for (const role of [Role.master, Role.colegio, Role.administrador, Role.portero, Role.superadministrator])
      expect(calendarIn(role, Object.values(FEATURE)), String(role)).toEqual([]);
  });
});
