import type { AdminProviderRow } from "@coordina/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import AdminProvidersPage from "./AdminProvidersPage";

const row = (id: number, over: Partial<AdminProviderRow> = {}): AdminProviderRow => ({
  provider_id: id,
  provider_cif: `B${id}000000`,
  provider_name: `Ascensores ${id} S.L.`,
  readed: 1,
  must_read: 2,
  uploaded: 3,
  must_upload: 3,
  numfincas: 2,
  ...over,
});

const overview = (rows: AdminProviderRow[], count: number) =>
  json(200, { result: true, data: rows, count, pagination: { count, page: 1, limit: 10 } });

const fincas = (count = 1) =>
  json(200, {
    result: true,
    provider: { id: 31, name: "Ascensores 31 S.L.", cif: "B31000000" },
    data: [
      {
        finca_id: 7,
        finca_cif: "H12345678",
        finca_name: "Comunidad Sol",
        readed: 2,
        must_read: 2,
        uploaded: 0,
        must_upload: 1,
      },
    ],
    count,
    pagination: { count, page: 1, limit: 10 },
  });

function renderOverview(route = "/admin-fincas/proveedor") {
  return renderInApp(
    <Routes>
      <Route path="/admin-fincas/proveedor" element={<AdminProvidersPage />} />
      <Route path="/admin-fincas/proveedor/:id" element={<AdminProvidersPage />} />
    </Routes>,
    { route },
  );
}

describe("the administrator's compliance overview (AdminProvidersPage)", () => {
  it("lists 10 a page by name with the spec's columns, lights green when met and red otherwise", async () => {
    const calls = stubServer(() => overview([row(31)], 12));
    renderOverview();
    const name = await screen.findByText("Ascensores 31 S.L.");
    expect(calls[0]).toMatchObject({
      path: "/companies/admin-fincas/providers",
      body: { page: 1, limit: 10, filter: "", sortBy: "name", sortDesc: "ASC" },
    });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "ID",
      "CIF/NIF",
      "Proveedor",
      "Lectura",
      "Docs. Subir",
      "Num fincas asoc",
      "Acciones",
    ]);
    const tr = name.closest("tr");
    if (!tr) throw new Error("no row");
    expect(within(tr).getByText("B31000000")).toBeTruthy();
    expect(tr.querySelector('[data-column="read"]')?.textContent).toBe("1/2");
    // spec 02 §4 'Admin overview': ok if count >= must, else error (no amber).
    expect(tr.querySelector('[data-column="read"] [data-light]')?.getAttribute("data-light")).toBe("error");
    expect(tr.querySelector('[data-column="upload"]')?.textContent).toBe("3/3");
    expect(tr.querySelector('[data-column="upload"] [data-light]')?.getAttribute("data-light")).toBe("ok");
    expect(tr.querySelector('[data-column="numfincas"]')?.textContent).toBe("2");
    expect(screen.getByTestId("admin-providers-count").textContent).toBe("Número de proveedores: 12");
    expect(screen.getByRole("button", { name: "Página 2" })).toBeTruthy();
  });

  it("searches on the server once typing stops, and sorts by a figure from its header", async () => {
    const calls = stubServer(() => overview([row(31)], 1));
    const { user } = renderOverview();
    await screen.findByText("Ascensores 31 S.L.");
    await user.type(screen.getByRole("textbox", { name: "Buscar" }), "sol");
    await waitFor(() => expect(calls.some((c) => c.body.filter === "sol")).toBe(true));
    expect(calls.filter((c) => c.body.filter === "so")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Docs. Subir" }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sortBy: "uploaded", sortDesc: "ASC", page: 1 }));
  });

  it("the row's button opens the provider's communities at the path plus its id, and 'Volver' keeps the page", async () => {
    const calls = stubServer((path) =>
      path.startsWith("/companies/admin-fincas/provider_fincas/") ? fincas() : overview([row(31)], 12),
    );
    const { user } = renderOverview("/admin-fincas/proveedor?page=2");
    await screen.findByText("Ascensores 31 S.L.");
    expect(calls[0]?.body).toMatchObject({ page: 2 });
    await user.click(screen.getByRole("button", { name: "Ver las comunidades de Ascensores 31 S.L." }));

    expect(await screen.findByRole("heading", { level: 1, name: "Comunidades de Ascensores 31 S.L." })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      path: "/companies/admin-fincas/provider_fincas/31",
      body: { page: 1, limit: 10, sortBy: "name", sortDesc: "ASC" },
    });
    const sol = await screen.findByRole("link", { name: "Comunidad Sol" });
    expect(sol.getAttribute("href")).toBe("/comunidades/comunidad/7/proveedores");
    // No ID column outside development.
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "CIF/NIF",
      "Finca",
      "Lectura",
      "Docs. Subir",
    ]);
    const tr = sol.closest("tr");
    if (!tr) throw new Error("no row");
    expect(within(tr).getByText("H12345678")).toBeTruthy();
    expect(tr.querySelector('[data-column="read"] [data-light]')?.getAttribute("data-light")).toBe("ok");
    expect(tr.querySelector('[data-column="upload"] [data-light]')?.getAttribute("data-light")).toBe("error");
    expect(screen.getByRole("link", { name: "Volver" }).getAttribute("href")).toBe("/admin-fincas/proveedor?page=2");
    await user.click(screen.getByRole("button", { name: "Lectura" }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sortBy: "readed", sortDesc: "ASC" }));
  });

  it("the lights name what the provider lacks: over the administrator's communities, then in each", async () => {
    const calls = stubServer((path) => {
      if (path === "/companies/admin-fincas/providers/missing")
        return json(200, {
          result: true,
          data: {
            uploads: [],
            reads: [
              {
                document_id: 9,
                definition_name: "Plan de emergencia",
                document_name: "plan.pdf",
                finca_id: 8,
                finca_name: "Comunidad Luna",
              },
            ],
            pending: [],
          },
        });
      if (path === "/companies/providers/missing_in_finca")
        return json(200, {
          result: true,
          data: [
            {
              kind: "upload",
              definition_id: 4,
              definition_name: "Seguro RC",
              reason: "missing",
              expired_on: null,
            },
          ],
        });
      return path.startsWith("/companies/admin-fincas/provider_fincas/") ? fincas() : overview([row(31)], 1);
    });
    const { user } = renderOverview();
    await screen.findByText("Ascensores 31 S.L.");
    act(() => screen.getByRole("button", { name: "Documentos leídos: 1 de 2. Falta 1." }).focus());
    expect(
      await screen.findByText("Falta 1 de 2 por leer: Plan de emergencia (plan.pdf) en Comunidad Luna"),
    ).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "/companies/admin-fincas/providers/missing", body: { id_gremio: 31 } });

    await user.click(screen.getByRole("button", { name: "Ver las comunidades de Ascensores 31 S.L." }));
    await screen.findByRole("link", { name: "Comunidad Sol" });
    act(() => screen.getByRole("button", { name: "Documentos subidos: 0 de 1. Falta 1." }).focus());
    expect(await screen.findByText("Falta 1 de 1: Seguro RC")).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: "/companies/providers/missing_in_finca", body: { id_finca: 7 } });
  });

  it("a provider outside the administrator's communities shows the server's refusal, with 'Volver'", async () => {
    stubServer(() => json(404, { result: false, error: "error.not-found" }));
    renderOverview("/admin-fincas/proveedor/99");
    expect(await screen.findByRole("link", { name: "Volver" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Volver" }).getAttribute("href")).toBe("/admin-fincas/proveedor");
    expect(await screen.findByText("No se ha encontrado lo que buscas.")).toBeTruthy();
  });

  it("is a column of cards on a phone, the overview's and a provider's communities", async () => {
    onPhone();
    stubServer((path) =>
      path.startsWith("/companies/admin-fincas/provider_fincas/") ? fincas() : overview([row(31)], 1),
    );
    const { user } = renderOverview();
    const cards = await screen.findByTestId("admin-providers-cards");
    expect(screen.queryByRole("table")).toBeNull();
    const [card] = within(cards).getAllByRole("listitem");
    if (!card) throw new Error("no card");
    expect(within(card).getByText("ID 31 · CIF/NIF: B31000000 · Fincas asociadas: 2")).toBeTruthy();
    expect(card.querySelector('[data-column="read"]')?.textContent).toBe("Lectura 1/2");
    await user.click(within(card).getByRole("button", { name: "Ver las comunidades de Ascensores 31 S.L." }));
    const fincasCards = await screen.findByTestId("admin-provider-fincas-cards");
    const [sol] = within(fincasCards).getAllByRole("listitem");
    if (!sol) throw new Error("no card");
    expect(within(sol).getByText("CIF/NIF: H12345678")).toBeTruthy();
    expect(within(sol).getByText("Docs. Subir 0/1")).toBeTruthy();
  });
});
