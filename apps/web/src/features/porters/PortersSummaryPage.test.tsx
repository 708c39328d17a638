import type { PorterSummaryRow } from "@coordina/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import PortersSummaryPage from "./PortersSummaryPage";

const row = (id: number, over: Partial<PorterSummaryRow> = {}): PorterSummaryRow => ({
  portero_id: id,
  portero_name: `Portería ${id}`,
  portero_email: `portero${id}@fincas.es`,
  fincas: ["Comunidad Luna", "Comunidad Sol"],
  readed: 1,
  must_read: 2,
  uploaded: 3,
  must_upload: 3,
  numfincas: 2,
  ...over,
});

const summary = (rows: PorterSummaryRow[], count: number) =>
  json(200, { result: true, data: rows, count, pagination: { count, page: 1, limit: 10 } });

const fincas = () =>
  json(200, {
    result: true,
    portero: { id: 31, email: "portero31@fincas.es", name: "Portería 31" },
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
  });

function renderSummary(route = "/admin-fincas/porteros/-1") {
  return renderInApp(
    <Routes>
      <Route path="/admin-fincas/porteros/:id" element={<PortersSummaryPage />} />
    </Routes>,
    { route },
  );
}

describe("the doormen summary (PortersSummaryPage)", () => {
  it("lists 10 a page by name with the spec's columns, lights and footer", async () => {
    const calls = stubServer(() => summary([row(31)], 12));
    renderSummary();
    const name = await screen.findByText("Portería 31");
    expect(calls[0]).toMatchObject({
      path: "/porteros/portero/admin_summary",
      body: { page: 1, limit: 10, filter: "", sortBy: "name", sortDesc: "ASC" },
    });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "ID",
      "Nombre",
      "Comunidades",
      "Lectura",
      "Subida",
      "Nº de comunidades",
      "Acciones",
    ]);
    const tr = name.closest("tr");
    if (!tr) throw new Error("no row");
    expect(tr.querySelector('[data-column="fincas"]')?.textContent).toBe("Comunidad Luna, Comunidad Sol");
    expect(tr.querySelector('[data-column="read"]')?.textContent).toBe("1/2");
    expect(tr.querySelector('[data-column="read"] [data-light]')?.getAttribute("data-light")).toBe("warn");
    expect(tr.querySelector('[data-column="upload"]')?.textContent).toBe("3/3");
    expect(tr.querySelector('[data-column="upload"] [data-light]')?.getAttribute("data-light")).toBe("ok");
    expect(tr.querySelector('[data-column="numfincas"]')?.textContent).toBe("2");
    expect(screen.getByTestId("porter-summary-count").textContent).toBe("Número de porteros: 12");
    expect(screen.getByRole("button", { name: "Página 2" })).toBeTruthy();
  });

  it("searches on the server once typing stops, from page 1", async () => {
    const calls = stubServer(() => summary([row(31)], 1));
    const { user } = renderSummary();
    await screen.findByText("Portería 31");
    await user.type(screen.getByRole("textbox", { name: "Buscar" }), "sol");
    await waitFor(() => expect(calls.some((c) => c.body.filter === "sol")).toBe(true));
    expect(calls.filter((c) => c.body.filter === "so")).toHaveLength(0);
    expect(calls.at(-1)?.body).toMatchObject({ filter: "sol", page: 1 });
  });

  it("sorts by a figure when its header is clicked", async () => {
    const calls = stubServer(() => summary([row(31)], 1));
    const { user } = renderSummary();
    await screen.findByText("Portería 31");
    await user.click(screen.getByRole("button", { name: "Lectura" }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sortBy: "readed", sortDesc: "ASC" }));
  });

  it("the row's button shows that porter's communities and 'Volver' leads back to the page it came from", async () => {
    const calls = stubServer((path) => (path === "/porteros/portero/fincas" ? fincas() : summary([row(31)], 12)));
    const { user } = renderSummary("/admin-fincas/porteros/-1?page=2");
    await screen.findByText("Portería 31");
    expect(calls[0]?.body).toMatchObject({ page: 2 });
    await user.click(screen.getByRole("button", { name: "Ver las comunidades de Portería 31" }));

    expect(await screen.findByRole("heading", { name: "Comunidades de Portería 31" })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: "/porteros/portero/fincas", body: { id_portero: 31 } });
    const sol = screen.getByRole("link", { name: "Comunidad Sol" });
    expect(sol.getAttribute("href")).toBe("/comunidades/comunidad/7/porteros");
    const tr = sol.closest("tr");
    if (!tr) throw new Error("no row");
    expect(within(tr).getByText("H12345678")).toBeTruthy();
    expect(within(tr).getByText("2/2")).toBeTruthy();
    expect(within(tr).getByText("0/1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Volver" }).getAttribute("href")).toBe("/admin-fincas/porteros/-1?page=2");
  });

  it("the lights name what the porter lacks: over the administrator's communities, then in each", async () => {
    const duty = (finca: { finca_id: number; finca_name: string } | null) => ({
      kind: "upload",
      definition_id: 4,
      definition_name: "Ficha de la finca",
      reason: "missing",
      expired_on: null,
      finca_id: finca?.finca_id ?? null,
      finca_name: finca?.finca_name ?? null,
    });
    const read = {
      kind: "read",
      document_id: 9,
      definition_name: "Plan de emergencia",
      document_name: "plan.pdf",
      finca_id: 8,
      finca_name: "Comunidad Luna",
    };
    const calls = stubServer((path) => {
      if (path === "/porteros/portero/missing") return json(200, { result: true, data: [read] });
      if (path === "/porteros/fincas/missing")
        return json(200, { result: true, data: [duty({ finca_id: 7, finca_name: "Comunidad Sol" })] });
      return path === "/porteros/portero/fincas" ? fincas() : summary([row(31)], 1);
    });
    const { user } = renderSummary();
    await screen.findByText("Portería 31");
    // Over several communities: the read says where.
    act(() => screen.getByRole("button", { name: "Documentos leídos: 1 de 2. Falta 1." }).focus());
    expect(
      await screen.findByText("Falta 1 de 2 por leer: Plan de emergencia (plan.pdf) en Comunidad Luna"),
    ).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "/porteros/portero/missing", body: { id_portero: 31 } });

    await user.click(screen.getByRole("button", { name: "Ver las comunidades de Portería 31" }));
    await screen.findByRole("heading", { name: "Comunidades de Portería 31" });
    // In one community: no community names.
    act(() => screen.getByRole("button", { name: "Documentos subidos: 0 de 1. Falta 1." }).focus());
    expect(await screen.findByText("Falta 1 de 1: Ficha de la finca")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "/porteros/fincas/missing", body: { id_finca: 7, id_portero: 31 } });
  });

  it("a porter that is not in the administrator's communities shows the server's refusal", async () => {
    stubServer(() => json(404, { result: false, error: "porteros.not-in-finca" }));
    renderSummary("/admin-fincas/porteros/99");
    expect((await screen.findByTestId("porter-fincas-error")).textContent).toBe(
      "Ese portero no trabaja en esta comunidad.",
    );
    expect(screen.getByRole("link", { name: "Volver" }).getAttribute("href")).toBe("/admin-fincas/porteros/-1");
  });

  it("is a column of cards on a phone, the summary's and a porter's communities, sorted with a picker", async () => {
    onPhone();
    const calls = stubServer((path) => (path === "/porteros/portero/fincas" ? fincas() : summary([row(31)], 1)));
    const { user } = renderSummary();
    const cards = await screen.findByTestId("porter-summary-cards");
    expect(screen.queryByRole("table")).toBeNull();
    const [card] = within(cards).getAllByRole("listitem");
    if (!card) throw new Error("no card");
    expect(card.getAttribute("data-porter-id")).toBe("31");
    expect(within(card).getByText("Portería 31")).toBeTruthy();
    expect(within(card).getByText("portero31@fincas.es")).toBeTruthy();
    expect(within(card).getByText("ID 31 · Nº de comunidades: 2")).toBeTruthy();
    expect(card.querySelector('[data-column="fincas"]')?.textContent).toBe("Comunidad Luna, Comunidad Sol");
    expect(card.querySelector('[data-column="read"]')?.textContent).toBe("Lectura 1/2");
    expect(card.querySelector('[data-column="upload"] [data-light]')?.getAttribute("data-light")).toBe("ok");

    await user.selectOptions(screen.getByRole("combobox", { name: "Ordenar por" }), "readed");
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sortBy: "readed", sortDesc: "ASC" }));

    await user.click(within(card).getByRole("button", { name: "Ver las comunidades de Portería 31" }));
    const fincasCards = await screen.findByTestId("porter-fincas-cards");
    expect(screen.queryByRole("table")).toBeNull();
    const [sol] = within(fincasCards).getAllByRole("listitem");
    if (!sol) throw new Error("no card");
    expect(sol.getAttribute("data-community-id")).toBe("7");
    expect(within(sol).getByRole("link", { name: "Comunidad Sol" }).getAttribute("href")).toBe(
      "/comunidades/comunidad/7/porteros",
    );
    expect(within(sol).getByText("NIF/CIF: H12345678")).toBeTruthy();
    expect(within(sol).getByText("Lectura 2/2")).toBeTruthy();
    expect(within(sol).getByText("Subida 0/1")).toBeTruthy();
  });
});
