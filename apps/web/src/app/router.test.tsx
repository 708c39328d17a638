import { FEATURE, type SessionData } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { Outlet, Route, Routes, useOutletContext } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../test/render";
import { FeatureGate } from "./router";
import { session } from "./session";

function startSession(flags: string[]) {
  session.start(
    {
      token: "t",
      user: { id: 1, email: "admin@fincas.es", user_role: 15 },
      company: { id: 2, name: "Admin" },
      colegios: [{ id: 1, name: "Colegio" }],
      flags,
      issuer: "test",
    } as unknown as SessionData,
    false,
  );
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
