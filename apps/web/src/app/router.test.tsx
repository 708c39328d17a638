import { FEATURE } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { Outlet, Route, Routes, useOutletContext } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../test/render";
import { startTestSession } from "../../test/session";
import { FeatureGate } from "./router";

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
