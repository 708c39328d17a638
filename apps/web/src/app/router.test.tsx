import { FEATURE, Role } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { Outlet, Route, Routes, useOutletContext } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../test/render";
import { startTestSession } from "../../test/session";
import { panelMenu } from "../features/communities/panelMenu";
import { PANEL_BASE } from "../shared/paths";
import { menuFor } from "./menu";
import { FeatureGate, pageAt } from "./router";

function startSession(flags: string[]) {
  startTestSession(flags);
}

function Porters() {
  return <p>porteros de {useOutletContext<{ name: string }>().name}</p>;
}

/** A panel handing its community to its views, one of them behind porteros-admin; the start page beside it. */
function renderAt(route: string) {
  return renderInApp(
    <Routes>
      <Route path="/comunidades/index" element={<p>inicio del administrador</p>} />
      <Route path="/comunidades/comunidad/:id" element={<Outlet context={{ name: "Comunidad Sol" }} />}>
        <Route element={<FeatureGate feature={FEATURE.porterosAdmin} />}>
          <Route path="porteros" element={<Porters />} />
        </Route>
      </Route>
    </Routes>,
    { route },
  );
}

describe("a route behind a feature (FeatureGate)", () => {
  it("is shown with the feature, with the panel's context", () => {
    startSession([FEATURE.porterosAdmin]);
    renderAt("/comunidades/comunidad/7/porteros");
    expect(screen.getByText("porteros de Comunidad Sol")).toBeTruthy();
  });

  it("sends a typed address without the feature to the start page, as a route of another role", () => {
    startSession([FEATURE.lopd]);
    renderAt("/comunidades/comunidad/7/porteros");
    expect(screen.getByText("inicio del administrador")).toBeTruthy();
    expect(screen.queryByText(/porteros de/)).toBeNull();
  });
});

/** Every role, and every set of the feature flags (the demo's and any other): 2^5 sets. */
const ROLES = Object.values(Role);
const FLAG_SETS: string[][] = Object.values(FEATURE).reduce<string[][]>(
  (sets, flag) => sets.flatMap((set) => [set, [...set, flag]]),
  [[]],
);

describe("no dead ends (issue 21)", () => {
  it("covers every role and flag set", () => {
    expect(ROLES.length).toBeGreaterThanOrEqual(6);
    expect(FLAG_SETS).toHaveLength(2 ** Object.values(FEATURE).length);
  });

  it("tells a page from nothing, as the router resolves addresses", () => {
    expect(pageAt("/comunidades/index")).toBe("page");
    expect(pageAt("/comunidades/comunidad/7/upload")).toBe("page");
    expect(pageAt("/documents/settings")).toBe("page");
    expect(pageAt("/proveedores/main")).toBe("page");
    expect(pageAt("/documents/summary")).toBe("page");
    expect(pageAt("/documents/uploaded")).toBe("page");
    // An unknown address under /documents/ is nothing too (it was 'En preparación' until issue 23).
    expect(pageAt("/documents/other")).toBe("none");
    expect(pageAt("/admin-fincas/proveedor")).toBe("page");
    expect(pageAt("/admin-fincas/proveedor/12")).toBe("page");
    expect(pageAt("/generaldoc")).toBe("page");
    expect(pageAt("/gcomunidades")).toBe("page");
    expect(pageAt("/documents/upload")).toBe("page");
    expect(pageAt("/proveedores/config/calendar")).toBe("page");
    expect(pageAt("/aviso")).toBe("page");
    expect(pageAt("/comunidades/comunidad/7/gremio/calendar")).toBe("page");
    expect(pageAt("/comunidades/comunidad/7/lopd")).toBe("page");
    expect(pageAt("/comunidades/comunidad/7/documentos")).toBe("page");
    expect(pageAt("/comunidades/comunidad/7/documentosadmin")).toBe("page");
    expect(pageAt("/no-existe")).toBe("none");
    expect(pageAt("/develop")).toBe("page");
  });

  it("no menu entry of any role, with any flags, leads nowhere", () => {
    for (const role of ROLES) {
      for (const flags of FLAG_SETS) {
        // In development too, with its own entries ('Desarrollo').
        for (const development of [false, true])
          for (const item of menuFor(role, flags, development))
            expect(pageAt(item.to), `${role} ${item.label}`).toBe("page");
      }
    }
    // Every role that signs in has entries to check (sat, finca and unknown do not sign in to the web app).
    const { superadministrator, master, colegio, administrador, gremio, portero } = Role;
    for (const role of [superadministrator, master, colegio, administrador, gremio, portero])
      expect(menuFor(role, []).length, String(role)).toBeGreaterThan(0);
  });

  it("no tab of the community panel leads nowhere, whatever the community has", () => {
    const none = { provider_bound_docs: false, porter_docs: false, lopd_docs: false, pending_read: false };
    const all = { provider_bound_docs: true, porter_docs: true, lopd_docs: true, pending_read: true };
    const communities = [
      { porteros_count: 0, menu: none },
      { porteros_count: 2, menu: all },
    ];
    let tabs = 0;
    for (const role of ROLES) {
      for (const flags of FLAG_SETS) {
        for (const community of communities) {
          for (const item of panelMenu(role, flags, community)) {
            tabs += 1;
            expect(pageAt(`${PANEL_BASE}/7/${item.path}`), `${role} ${item.path}`).toBe("page");
          }
        }
      }
    }
    expect(tabs).toBeGreaterThan(0);
  });

  it("one entry per screen: no two entries of a role share an address or a name", () => {
    for (const role of ROLES) {
      for (const flags of FLAG_SETS) {
        const items = menuFor(role, flags, true);
        expect(new Set(items.map((i) => i.to)).size, String(role)).toBe(items.length);
        expect(new Set(items.map((i) => i.label)).size, String(role)).toBe(items.length);
      }
    }
  });
});
