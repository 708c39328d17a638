import { ErrorKey, Role } from "@coordina/domain";
import { screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { session } from "../../app/session";
import AvisoLegalPage from "./AvisoLegalPage";
import LegalPage from "./LegalPage";

const saved = (id: number, html: string) => ({
  kind: "condiciones-proveedores",
  version_id: id,
  updated: "2026-03-02T10:00:00.000Z",
  html,
  accepted: false,
  aviso_legal: "<p>Aviso del colegio</p>",
  colegio_name: null as string | null,
});

function renderPopup() {
  return renderInApp(
    <Routes>
      <Route path="/legal" element={<LegalPage />} />
      <Route path="*" element={<p>Después</p>} />
    </Routes>,
    { route: "/legal" },
  );
}

describe("the terms pop-up with the colegio's own version (issue 23 part 4)", () => {
  it("shows the version's text and date and the legal advice, and accepts the version read", async () => {
    startTestSession([], { role: Role.gremio });
    session.setLegalAccepted(false);
    let accepted = false;
    const calls = stubServer((path) => {
      if (path !== "/settings/legal-texts/terms") {
        accepted = true;
        return json(200, { result: true });
      }
      const terms = saved(7, "<h2>Condiciones</h2><p>Texto <strong>nuevo</strong></p>");
      return json(200, { result: true, data: { ...terms, accepted } });
    });
    const { user } = renderPopup();
    const text = await screen.findByTestId("terms-text");
    expect(text.querySelector("strong")?.textContent).toBe("nuevo");
    expect(screen.getByTestId("terms-updated").textContent).toBe("Última actualización: 2 de marzo de 2026");
    expect(screen.getByText("Aviso legal del colegio")).toBeTruthy();
    // The built-in sections are not shown beside the colegio's version.
    expect(screen.queryByText(/Acceso, usuario y contraseña/)).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: "He leído y acepto las condiciones de uso" }));
    await user.click(screen.getByRole("button", { name: "Aceptar" }));
    expect(await screen.findByText("Después")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/settings/legal-texts/accept").map((c) => c.body.version_id)).toEqual([7]);
    expect(session.get()?.legalAccepted).toBe(true);
  });

  it("reads the conditions again when a newer version was saved while the pop-up was open", async () => {
    startTestSession([], { role: Role.gremio });
    session.setLegalAccepted(false);
    let version = 7;
    stubServer((path) => {
      if (path === "/settings/legal-texts/terms")
        return json(200, { result: true, data: saved(version, `<p>Versión ${version}</p>`) });
      version = 8;
      return json(409, { result: false, error: ErrorKey.legalTermsChanged });
    });
    const { user } = renderPopup();
    expect((await screen.findByTestId("terms-text")).textContent).toBe("Versión 7");
    await user.click(screen.getByRole("checkbox", { name: "He leído y acepto las condiciones de uso" }));
    await user.click(screen.getByRole("button", { name: "Aceptar" }));
    await waitFor(() => expect(screen.getByTestId("terms-text").textContent).toBe("Versión 8"));
    expect(screen.getByRole("checkbox", { name: "He leído y acepto las condiciones de uso" })).toHaveProperty(
      "checked",
      false,
    );
    expect(session.get()?.legalAccepted).toBe(false);
  });

  it("with no colegio chosen, asks each colegio's conditions in turn, naming the colegio, then goes on", async () => {
    startTestSession([], { role: Role.gremio });
    session.setLegalAccepted(false);
    const pending = [
      { ...saved(7, "<p>Condiciones de Barcelona</p>"), colegio_name: "Colegio de Barcelona" },
      { ...saved(9, "<p>Condiciones de Madrid</p>"), colegio_name: "Colegio de Madrid" },
    ];
    const calls = stubServer((path) => {
      if (path !== "/settings/legal-texts/terms") {
        pending.shift();
        return json(200, { result: true });
      }
      const next = pending[0] ?? { ...saved(7, ""), version_id: null, html: null, accepted: true };
      return json(200, { result: true, data: next });
    });
    const { user } = renderPopup();
    expect((await screen.findByTestId("terms-colegio")).textContent).toBe("Condiciones de uso de Colegio de Barcelona");
    const checkbox = () => screen.getByRole("checkbox", { name: "He leído y acepto las condiciones de uso" });
    await user.click(checkbox());
    await user.click(screen.getByRole("button", { name: "Aceptar" }));
    await waitFor(() =>
      expect(screen.getByTestId("terms-colegio").textContent).toBe("Condiciones de uso de Colegio de Madrid"),
    );
    expect(checkbox()).toHaveProperty("checked", false);
    expect(session.get()?.legalAccepted).toBe(false);
    await user.click(checkbox());
    await user.click(screen.getByRole("button", { name: "Aceptar" }));
    expect(await screen.findByText("Después")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/settings/legal-texts/accept").map((c) => c.body.version_id)).toEqual([
      7, 9,
    ]);
    expect(session.get()?.legalAccepted).toBe(true);
  });
});

describe("'Aviso legal' (issue 23 part 4)", () => {
  it("shows the colegio's legal advice and the conditions of the role, built-in when the colegio saved none", async () => {
    startTestSession([], { role: Role.administrador });
    stubServer(() =>
      json(200, {
        result: true,
        data: {
          ...saved(0, ""),
          kind: "condiciones-administradores",
          version_id: null,
          html: null,
          updated: "2024-01-30",
        },
      }),
    );
    renderInApp(<AvisoLegalPage />, { route: "/aviso-legal" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Aviso legal");
    expect((await screen.findByTestId("aviso-legal-text")).textContent).toBe("Aviso del colegio");
    expect(screen.getByTestId("terms-updated").textContent).toBe("Última actualización: 30 de enero de 2024");
    expect(screen.getByRole("heading", { name: "Condiciones de uso para administradores de fincas" })).toBeTruthy();
    expect(screen.getByText(/Acceso, usuario y contraseña/)).toBeTruthy();
  });
});
