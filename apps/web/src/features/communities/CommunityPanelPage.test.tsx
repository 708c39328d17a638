import { type CommunityView, FEATURE, Role } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import CommunityPanelPage from "./CommunityPanelPage";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const view = (porteros_count: number, editable = true): CommunityView => ({
  id: 7,
  name: "Comunidad Sol",
  cif: "H12345678",
  email: null,
  person: null,
  tfn: null,
  address: null,
  city: null,
  country: null,
  postcode: null,
  colegio_id: 1,
  owner: 2,
  admin: "Fincas Centro",
  proveedores_count: 0,
  porteros_count,
  editable,
  menu: { provider_bound_docs: false, porter_docs: false, lopd_docs: false, pending_read: false },
});

function startSession(role: number, flags: string[]) {
  startTestSession(flags, { role: role, companyName: "Fincas Centro" });
}

function renderPanel() {
  return renderInApp(
    <Routes>
      <Route path="/comunidades/comunidad/:id" element={<CommunityPanelPage />}>
        <Route path="porteros" element={<p>porteros</p>} />
      </Route>
    </Routes>,
    { route: "/comunidades/comunidad/7/porteros" },
  );
}

describe("the panel header's 'Añadir Portero' (CommunityPanelPage)", () => {
  it("adds the community's first porter: the notice shows, the community reloads and the button goes", async () => {
    startSession(Role.administrador, [FEATURE.porterosAdmin]);
    let porters = 0;
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = new URL(url, "http://localhost").pathname;
        calls.push(path);
        if (path === "/porteros/registry/register") {
          porters = 1;
          return json(200, { result: true, data: {} });
        }
        return json(200, { result: true, finca: view(porters) });
      }),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole("button", { name: "Añadir Portero" }));
    const dialog = await screen.findByRole("dialog", { name: "Añadir Portero" });
    await user.type(within(dialog).getByRole("textbox", { name: /E-mail del portero/ }), "portero@fincas.es");
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));

    expect((await screen.findByTestId("community-notice")).textContent).toContain(
      "Registro / Invitación realizada correctamente",
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Añadir Portero" })).toBeNull());
    expect(calls.filter((path) => path === "/companies/fincas/view/7")).toHaveLength(2);
  });

  it("is not there once the community has a porter, without porteros-admin, or for a provider", async () => {
    for (const [role, flags, count] of [
      [Role.administrador, [FEATURE.porterosAdmin], 1],
      [Role.administrador, [FEATURE.lopd], 0],
      [Role.gremio, [FEATURE.porterosAdmin], 0],
    ] as const) {
      startSession(role, [...flags]);
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => json(200, { result: true, finca: view(count, role === Role.administrador) })),
      );
      const { unmount } = renderPanel();
      expect(await screen.findByRole("heading", { name: "Comunidad Sol" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Añadir Portero" })).toBeNull();
      unmount();
    }
  });
});
