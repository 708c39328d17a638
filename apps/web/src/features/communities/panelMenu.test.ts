import { FEATURE, Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { isCurrent, panelMenu, panelStartPath, restOf, showsAddPorter } from "./panelMenu";

const nothing = { provider_bound_docs: false, porter_docs: false, lopd_docs: false, pending_read: false };
const bare = { porteros_count: 0, menu: nothing };
const everything = {
  porteros_count: 1,
  menu: { provider_bound_docs: true, porter_docs: true, lopd_docs: true, pending_read: true },
};
const ALL = [FEATURE.porterosAdmin, FEATURE.lopd, FEATURE.pendingTasks];
const paths = (role: number, features: readonly string[], community: typeof bare) =>
  panelMenu(role, features, community).map((i) => i.path);

describe("the community panel's menu for an administrator", () => {
  it("always has providers and the community's documents, its providers' and those for the administrator", () => {
    expect(paths(Role.administrador, [], bare)).toEqual([
      "proveedores",
      "documentosprov",
      "documentosadmin",
      "documentos",
      "gremio/calendar",
    ]);
  });

  it("shows everything built when every gate is open, in the spec's order and with one name per view", () => {
    const items = panelMenu(Role.administrador, ALL, everything);
    expect(items.map((i) => i.path)).toEqual([
      "proveedores",
      "porteros",
      "upload",
      "documentosprov",
      "documentosadmin",
      "documentos",
      "porteros-docs",
      "lopd",
      "gremio/calendar",
    ]);
    expect(items.find((i) => i.path === "upload")?.label).toBe("panel.menu.upload");
    expect(items.find((i) => i.path === "lopd")?.label).toBe("panel.menu.lopd");
    expect(items.find((i) => i.path === "documentos")?.label).toBe("panel.menu.documentos");
    expect(items.find((i) => i.path === "documentosadmin")?.label).toBe("panel.menu.documentosadmin");
    expect(items.find((i) => i.path === "documentosprov")?.label).toBe("panel.menu.documentosprov");
    expect(items.some((i) => i.warning)).toBe(false);
  });

  it("shows 'Porteros' only with porteros-admin", () => {
    expect(paths(Role.administrador, [FEATURE.porterosAdmin], bare)).toContain("porteros");
    expect(paths(Role.administrador, [FEATURE.lopd], everything)).not.toContain("porteros");
  });

  it("shows 'Documentos para proveedores' only with documents bound to the community", () => {
    expect(paths(Role.administrador, [], { ...bare, menu: { ...nothing, provider_bound_docs: true } })).toContain(
      "upload",
    );
    expect(
      paths(Role.administrador, ALL, { ...everything, menu: { ...everything.menu, provider_bound_docs: false } }),
    ).not.toContain("upload");
  });

  it("shows 'Docs porteros' only with porteros-admin, a porter and porter documents", () => {
    expect(paths(Role.administrador, ALL, everything)).toContain("porteros-docs");
    expect(paths(Role.administrador, [FEATURE.lopd], everything)).not.toContain("porteros-docs");
    expect(paths(Role.administrador, ALL, { ...everything, porteros_count: 0 })).not.toContain("porteros-docs");
    expect(
      paths(Role.administrador, ALL, { ...everything, menu: { ...everything.menu, porter_docs: false } }),
    ).not.toContain("porteros-docs");
  });

  it("shows 'LOPD' only with the feature lopd and LOPD-group documents", () => {
    expect(paths(Role.administrador, [FEATURE.lopd], { ...bare, menu: { ...nothing, lopd_docs: true } })).toContain(
      "lopd",
    );
    expect(paths(Role.administrador, [FEATURE.porterosAdmin], everything)).not.toContain("lopd");
    expect(
      paths(Role.administrador, ALL, { ...everything, menu: { ...everything.menu, lopd_docs: false } }),
    ).not.toContain("lopd");
  });

  it("has 'Calendario' whatever the community has and the flags are (issue 22)", () => {
    for (const community of [bare, everything]) {
      for (const features of [[], ALL]) {
        const item = panelMenu(Role.administrador, features, community).find((i) => i.path === "gremio/calendar");
        expect(item?.label).toBe("panel.menu.calendar");
      }
    }
  });
});

describe("the community panel's menu for a provider", () => {
  it("has the community's documents and upload", () => {
    const items = panelMenu(Role.gremio, [], bare);
    expect(items.map((i) => i.path)).toEqual(["gremio/docs-finca", "upload", "gremio/calendar"]);
    expect(items.find((i) => i.path === "gremio/calendar")?.label).toBe("panel.menu.calendar");
    expect(items.find((i) => i.path === "upload")?.label).toBe("panel.menu.upload-gremio");
    expect(items[0]?.warning).toBe(false);
  });

  it("warns with the badge when documents are pending to read", () => {
    const items = panelMenu(Role.gremio, [], { ...bare, menu: { ...nothing, pending_read: true } });
    expect(items.find((i) => i.path === "gremio/docs-finca")?.warning).toBe(true);
  });

  it("warns on 'Documentos de otros proveedores' when other providers' documents are pending to read, if the server says so", () => {
    const providersPending = { ...nothing, pending_read_providers: true };
    const items = panelMenu(Role.gremio, [FEATURE.porterosAdmin], { ...bare, menu: providersPending });
    expect(items.find((i) => i.path === "gremio/docs-proveedores")?.warning).toBe(true);
    expect(items.find((i) => i.path === "gremio/docs-finca")?.warning).toBe(false);
    const providersRead = { ...everything.menu, pending_read_providers: false };
    const read = panelMenu(Role.gremio, [FEATURE.porterosAdmin], { ...everything, menu: providersRead });
    expect(read.find((i) => i.path === "gremio/docs-proveedores")?.warning).toBe(false);
    expect(read.find((i) => i.path === "gremio/docs-finca")?.warning).toBe(true);
    // Without the flag (a server that does not send it yet) there is no badge.
    const without = panelMenu(Role.gremio, [FEATURE.porterosAdmin], everything);
    expect(without.find((i) => i.path === "gremio/docs-proveedores")?.warning).toBe(false);
  });

  it("shows 'Documentos de otros proveedores' only with porteros-admin, never the administrator's entries", () => {
    expect(paths(Role.gremio, [FEATURE.porterosAdmin], bare)).toContain("gremio/docs-proveedores");
    const all = paths(Role.gremio, ALL, everything);
    expect(all).toEqual(["gremio/docs-finca", "upload", "gremio/docs-proveedores", "gremio/calendar"]);
  });
});

describe("the panel for other roles and its start", () => {
  it("has no menu for roles without a panel", () => {
    for (const role of [Role.colegio, Role.portero, Role.master]) expect(paths(role, ALL, everything)).toEqual([]);
  });

  it("starts with providers for an administrator and the community's documents for a provider", () => {
    expect(panelStartPath(Role.administrador)).toBe("proveedores");
    expect(panelStartPath(Role.gremio)).toBe("gremio/docs-finca");
  });
});

describe("the current entry", () => {
  it("matches whole segments", () => {
    expect(isCurrent("porteros", "porteros")).toBe(true);
    expect(isCurrent("porteros/list", "porteros")).toBe(true);
    expect(isCurrent("porteros-docs", "porteros")).toBe(false);
    expect(isCurrent("proveedores/12", "proveedores")).toBe(true);
    expect(isCurrent("gremio/calendar", "gremio/docs-finca")).toBe(false);
  });

  it("reads the path under the panel's base", () => {
    const base = "/comunidades/comunidad/7";
    expect(restOf("/comunidades/comunidad/7/gremio/calendar", base)).toBe("gremio/calendar");
    expect(restOf("/comunidades/comunidad/7", base)).toBe("");
    expect(restOf("/comunidades/comunidad/77/lopd", base)).toBe("");
  });
});

describe("the panel header's 'Añadir Portero'", () => {
  const own = { porteros_count: 0, editable: true };
  const on = [FEATURE.porterosAdmin];

  it("shows for the community's administrator with porteros-admin while it has no porter", () => {
    expect(showsAddPorter(Role.administrador, on, own)).toBe(true);
  });

  it("hides once the community has a porter, without the feature, for another role or another's community", () => {
    expect(showsAddPorter(Role.administrador, on, { ...own, porteros_count: 1 })).toBe(false);
    expect(showsAddPorter(Role.administrador, [FEATURE.lopd], own)).toBe(false);
    expect(showsAddPorter(Role.gremio, on, own)).toBe(false);
    expect(showsAddPorter(Role.colegio, on, own)).toBe(false);
    expect(showsAddPorter(Role.administrador, on, { ...own, editable: false })).toBe(false);
  });
});
