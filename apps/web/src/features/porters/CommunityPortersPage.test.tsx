import type { CommunityView, PorterRow } from "@coordina/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import { Outlet, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { addTexts } from "../../app/i18n";
import CommunityPortersPage from "./CommunityPortersPage";

// The question's text as the shared catalogue gives it (key porteros.drop-portero-confirm, spec 02 §2).
const DROP_QUESTION = "¿Quitar a este portero de la comunidad? Sus documentos se conservan.";
addTexts({ porteros: { "drop-portero-confirm": DROP_QUESTION } });

const community = (editable: boolean) =>
  ({ id: 7, name: "Comunidad Sol", cif: "H12345678", editable, porteros_count: 1 }) as unknown as CommunityView;

const porter = (id: number, over: Partial<PorterRow> = {}): PorterRow => ({
  id,
  email: `portero${id}@fincas.es`,
  company_id: 100 + id,
  name: `portero${id}@fincas.es`,
  uploaded_count: 1,
  upload_must: 2,
  read_count: 0,
  read_must: 1,
  created: "2026-11-27T08:00:00.000Z",
  ...over,
});

const page = (rows: PorterRow[], count = rows.length) =>
  json(200, { result: true, data: rows, count, pagination: { count, page: 1, limit: 4 } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCard(editable = true) {
  return renderInApp(
    <Routes>
      <Route path="/comunidades/comunidad/:id" element={<Outlet context={community(editable)} />}>
        <Route path="porteros" element={<CommunityPortersPage />} />
        <Route path="porteros/portero" element={<Where />} />
      </Route>
    </Routes>,
    { route: "/comunidades/comunidad/7/porteros" },
  );
}

describe("the porters of a community (CommunityPortersPage)", () => {
  it("asks the server for 4 a page of that community and shows the spec's columns, figures and lights", async () => {
    const calls = stubServer(() => page([porter(31)], 5));
    renderCard();
    const row = (await screen.findByText("portero31@fincas.es")).closest("tr");
    if (!row) throw new Error("no row");
    expect(calls[0]).toMatchObject({ path: "/porteros/fincas/index", body: { id_finca: 7, page: 1, limit: 4 } });
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Portero", "Documentos a subir (oblig)", "Documentos leídos (oblig)", "Acciones"]);
    const uploaded = row.querySelector('[data-column="uploaded"]');
    const read = row.querySelector('[data-column="read"]');
    expect(uploaded?.textContent).toBe("1/2");
    expect(uploaded?.querySelector("[data-light]")?.getAttribute("data-light")).toBe("warn");
    expect(read?.textContent).toBe("0/1");
    expect(read?.querySelector("[data-light]")?.getAttribute("data-light")).toBe("error");
    // 5 porters at 4 a page: two pages.
    expect(screen.getByRole("button", { name: "Página 2" })).toBeTruthy();
  });

  it("a light that is not green names, once focused from the keyboard, what the porter lacks there", async () => {
    const calls = stubServer((path) =>
      path === "/porteros/fincas/missing"
        ? json(200, {
            result: true,
            data: [
              {
                kind: "upload",
                definition_id: 2,
                definition_name: "Seguro RC",
                reason: "expired",
                expired_on: "2026-03-12",
                finca_id: null,
                finca_name: null,
              },
              {
                kind: "read",
                document_id: 9,
                definition_name: "Plan de emergencia",
                document_name: "plan.pdf",
                finca_id: 7,
                finca_name: "Comunidad Sol",
              },
            ],
          })
        : page([porter(31)]),
    );
    const { user } = renderCard();
    await screen.findByText("portero31@fincas.es");
    expect(calls.filter((c) => c.path === "/porteros/fincas/missing")).toHaveLength(0);
    const upload = screen.getByRole("button", { name: "Documentos subidos: 1 de 2. Falta 1." });
    act(() => upload.focus());
    expect(await screen.findByText("Falta 1 de 2: Seguro RC (caducado)")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "/porteros/fincas/missing", body: { id_finca: 7, id_portero: 31 } });
    await user.tab();
    expect(await screen.findByText("Falta 1 de 1 por leer: Plan de emergencia (plan.pdf)")).toBeTruthy();
  });

  it("a porter who met everything has green lights", async () => {
    stubServer(() => page([porter(31, { uploaded_count: 2, read_count: 1 })]));
    renderCard();
    const row = (await screen.findByText("portero31@fincas.es")).closest("tr");
    const lights = [...(row?.querySelectorAll("[data-light]") ?? [])].map((l) => l.getAttribute("data-light"));
    expect(lights).toEqual(["ok", "ok"]);
  });

  it("the view button opens the porter's documents with idUserCompany and email", async () => {
    stubServer(() => page([porter(31)]));
    const { user } = renderCard();
    await user.click(await screen.findByRole("button", { name: "Ver documentos de portero31@fincas.es" }));
    expect(screen.getByTestId("where").textContent).toBe(
      "/comunidades/comunidad/7/porteros/portero?idUserCompany=31&email=portero31%40fincas.es",
    );
  });

  it("removing asks first; 'Cancelar' sends nothing, 'Quitar' drops the porter and lets go once the list has reloaded", async () => {
    let dropped = false;
    // The list's reload after the drop answers when the test says.
    let answerReload = () => {};
    const reloaded = new Promise<void>((resolve) => {
      answerReload = resolve;
    });
    const calls = stubServer(async (path) => {
      if (path === "/porteros/portero/drop") {
        dropped = true;
        return json(200, { result: true });
      }
      if (!dropped) return page([porter(31)]);
      await reloaded;
      return page([]);
    });
    const { user } = renderCard();
    const remove = await screen.findByRole("button", { name: "Quitar a portero31@fincas.es de la comunidad" });

    await user.click(remove);
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(DROP_QUESTION)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.path === "/porteros/portero/drop")).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Quitar" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/porteros/fincas/index").length).toBe(2));
    // Dropped, but the list has not reloaded: the button still spins and says nothing yet.
    expect(screen.queryByTestId("porters-notice")).toBeNull();
    expect(remove.getAttribute("data-loading")).toBe("true");

    answerReload();
    expect((await screen.findByTestId("porters-notice")).textContent).toContain(
      "portero31@fincas.es ya no es portero de esta comunidad",
    );
    // The row is gone when the notice shows: a second 'Quitar' cannot be pressed.
    expect(screen.queryByRole("button", { name: "Quitar a portero31@fincas.es de la comunidad" })).toBeNull();
    expect(calls.filter((c) => c.path === "/porteros/portero/drop").map((c) => c.body)).toEqual([
      { id_portero: 31, id_finca: 7 },
    ]);
    expect(screen.getByText("No hay porteros en esta comunidad")).toBeTruthy();
  });

  it("'Añadir' opens the porter form; a success shows the spec's text and reloads the list", async () => {
    let added = false;
    const calls = stubServer((path) => {
      if (path === "/porteros/registry/register") {
        added = true;
        return json(200, { result: true, data: porter(32) });
      }
      return page(added ? [porter(32)] : []);
    });
    const { user } = renderCard();
    await screen.findByText("No hay porteros en esta comunidad");
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    const dialog = await screen.findByRole("dialog", { name: "Añadir Portero" });
    await user.type(within(dialog).getByRole("textbox", { name: /E-mail del portero/ }), "portero32@fincas.es");
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));
    expect((await screen.findByTestId("porters-notice")).textContent).toContain(
      "Registro / Invitación realizada correctamente",
    );
    expect(await screen.findByText("portero32@fincas.es")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/porteros/fincas/index").length).toBeGreaterThanOrEqual(2);
  });

  it("someone who does not administer the community sees the porters without add or remove", async () => {
    stubServer(() => page([porter(31)]));
    renderCard(false);
    await screen.findByText("portero31@fincas.es");
    expect(screen.queryByRole("button", { name: "Añadir" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Quitar a/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Ver documentos de portero31@fincas.es" })).toBeTruthy();
  });

  it("is a column of cards on a phone, each porter with its figures, lights and buttons", async () => {
    onPhone();
    stubServer(() => page([porter(31, { name: "Portería Sol" })]));
    const { user } = renderCard();
    const cards = await screen.findByTestId("porters-cards");
    expect(screen.queryByRole("table")).toBeNull();
    const [card] = within(cards).getAllByRole("listitem");
    if (!card) throw new Error("no card");
    expect(card.getAttribute("data-porter-id")).toBe("31");
    expect(within(card).getByText("Portería Sol")).toBeTruthy();
    expect(card.querySelector('[data-column="uploaded"]')?.textContent).toBe("Subidos 1/2");
    expect(card.querySelector('[data-column="uploaded"] [data-light]')?.getAttribute("data-light")).toBe("warn");
    expect(card.querySelector('[data-column="read"]')?.textContent).toBe("Leídos 0/1");
    expect(within(card).getByRole("button", { name: "Quitar a portero31@fincas.es de la comunidad" })).toBeTruthy();
    await user.click(within(card).getByRole("link", { name: "portero31@fincas.es" }));
    expect(screen.getByTestId("where").textContent).toBe(
      "/comunidades/comunidad/7/porteros/portero?idUserCompany=31&email=portero31%40fincas.es",
    );
  });
});
