import { APP_VERSION, FEATURE, Role } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { menuFor } from "../../app/menu";
import DevelopPage from "./DevelopPage";

/** The server's `/app/config`, in development or not; the mail viewer as it says. */
function serverIn(development: boolean, mailViewer = development) {
  return stubServer((path) =>
    path === "/app/config"
      ? json(200, { result: true, data: { development, mailViewer, demo: true, smtp: false } })
      : json(404, { result: false, error: "not-found" }),
  );
}

function renderDevelop() {
  return renderInApp(
    <Routes>
      <Route path="/comunidades/index" element={<p>inicio del administrador</p>} />
      <Route path="/develop" element={<DevelopPage />} />
    </Routes>,
    { route: "/develop" },
  );
}

describe("/develop", () => {
  it("shows the version, the session's user, role, colegio and flags, and the development links", async () => {
    startTestSession([FEATURE.porterosAdmin, FEATURE.lopd], { role: Role.administrador, email: "a@fincas.es" });
    serverIn(true);
    renderDevelop();
    expect(await screen.findByRole("heading", { name: "Desarrollo", level: 1 })).toBeTruthy();
    expect(within(screen.getByTestId("develop-version")).getByText(APP_VERSION)).toBeTruthy();
    expect(within(screen.getByTestId("develop-user")).getByText("a@fincas.es")).toBeTruthy();
    expect(within(screen.getByTestId("develop-role")).getByText("Administrador de fincas (15)")).toBeTruthy();
    expect(within(screen.getByTestId("develop-colegio")).getByText("Colegio (1)")).toBeTruthy();
    const flags = within(screen.getByTestId("develop-features"));
    expect(flags.getByText(FEATURE.porterosAdmin)).toBeTruthy();
    expect(flags.getByText(FEATURE.lopd)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Visor de correo de desarrollo" }).getAttribute("href")).toBe("/dev/mail");
    expect(screen.getByRole("link", { name: "Descripción de la API (OpenAPI)" }).getAttribute("href")).toBe(
      "/api-docs/",
    );
  });

  it("says the mail viewer is not available when the server does not offer it to this client", async () => {
    startTestSession([], { role: Role.colegio });
    serverIn(true, false);
    renderDevelop();
    expect(await screen.findByText(/no disponible desde este equipo/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Visor de correo de desarrollo" })).toBeNull();
    // No flags in the session: the defaults apply, and the page says so.
    expect(screen.getByText(/las de por defecto/)).toBeTruthy();
  });

  it("sends a typed address to the start page when the server is not in development", async () => {
    startTestSession([], { role: Role.administrador });
    serverIn(false);
    renderDevelop();
    expect(await screen.findByText("inicio del administrador")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Desarrollo" })).toBeNull();
  });

  it("has a menu entry for every role in development only", () => {
    const roles = [Role.master, Role.colegio, Role.administrador, Role.gremio, Role.portero, Role.superadministrator];
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      expect(
        menuFor(role, [], true).some((item) => item.to === "/develop"),
        `${role}`,
      ).toBe(true);
      expect(
        menuFor(role, []).some((item) => item.to === "/develop"),
        `${role}`,
      ).toBe(false);
      expect(
        menuFor(role, [], false).some((item) => item.to === "/develop"),
        `${role}`,
      ).toBe(false);
    }
  });
});
