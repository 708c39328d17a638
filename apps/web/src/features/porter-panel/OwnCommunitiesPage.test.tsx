import type { OwnCommunityRow } from "@coordina/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { json as answer, stubServer as stubPaths } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import OwnCommunitiesPage from "./OwnCommunitiesPage";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const PATH = "/porteros/comunidades/index";

function row(id: number, name: string, over: Partial<OwnCommunityRow> = {}): OwnCommunityRow {
  return {
    id,
    name,
    cif: `H2800000${id}`,
    admin: "Fincas Centro S.L.",
    colegio_id: 1,
    uploaded_count: 0,
    upload_must: 0,
    read_count: 0,
    read_must: 0,
    ...over,
  };
}

const ROWS = [
  row(7, "Comunidad Río Duero 12", { uploaded_count: 2, upload_must: 2, read_count: 1, read_must: 3 }),
  row(8, "Comunidad Sol 4", { admin: "Administraciones Norte S.L.", upload_must: 1, read_must: 2 }),
];

/** The server's own communities index: the rows whose name contains the filter; every request kept. */
function stubServer(rows: OwnCommunityRow[] | (() => Response)) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(new URL(url, "http://localhost").pathname).toBe(PATH);
      const body = JSON.parse(String(init?.body ?? "{}")) as { filter: string; limit: number };
      bodies.push(body);
      if (typeof rows === "function") return rows();
      const found = rows.filter((r) => r.name.toLowerCase().includes(body.filter.toLowerCase()));
      return json(200, {
        result: true,
        data: found,
        count: found.length,
        pagination: { count: found.length, page: 1, limit: body.limit },
      });
    }),
  );
  return bodies;
}

function PanelProbe() {
  const location = useLocation();
  return <output data-testid="panel">{location.pathname}</output>;
}

function renderList() {
  return renderInApp(
    <Routes>
      <Route path="/porteros/comunidades/main" element={<OwnCommunitiesPage />} />
      <Route path="/porteros/comunidades/:finca" element={<PanelProbe />} />
    </Routes>,
    { route: "/porteros/comunidades/main" },
  );
}

/** The light of a cell: 'ok', 'warn' or 'error'. */
const lightIn = (element: HTMLElement) => element.querySelector("[data-light]")?.getAttribute("data-light");

describe("the porter's communities (OwnCommunitiesPage)", () => {
  it("lists them by name with their administrator and the porter's duties there, with their lights", async () => {
    const bodies = stubServer(ROWS);
    renderList();
    expect(screen.getByRole("heading", { name: "Mis comunidades", level: 1 })).toBeTruthy();
    const first = (await screen.findByText("Comunidad Río Duero 12")).closest("tr") as HTMLElement;
    expect(within(first).getByText("Fincas Centro S.L.")).toBeTruthy();
    expect(lightIn(within(first).getByTestId("own-uploads"))).toBe("ok");
    expect(within(first).getByTestId("own-uploads").textContent).toBe("2/2");
    expect(lightIn(within(first).getByTestId("own-reads"))).toBe("warn");
    expect(within(first).getByTestId("own-reads").textContent).toBe("1/3");
    const second = screen.getByText("Comunidad Sol 4").closest("tr") as HTMLElement;
    expect(within(second).getByText("Administraciones Norte S.L.")).toBeTruthy();
    expect(lightIn(within(second).getByTestId("own-uploads"))).toBe("warn");
    expect(lightIn(within(second).getByTestId("own-reads"))).toBe("error");
    expect(screen.getByText("Comunidades: 2")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ page: 1, limit: 100, filter: "", sortBy: "name", sortDesc: "ASC" });
  });

  it("a light that is not green names, once focused, what the porter lacks in that community", async () => {
    const calls = stubPaths((path) =>
      path === "/porteros/comunidades/missing"
        ? answer(200, {
            result: true,
            data: [
              {
                kind: "upload",
                definition_id: 5,
                definition_name: "Formación PRL",
                reason: "incomplete",
                expired_on: null,
                finca_id: null,
                finca_name: null,
              },
            ],
          })
        : answer(200, { result: true, data: ROWS, count: 2, pagination: { count: 2, page: 1, limit: 100 } }),
    );
    renderList();
    const second = (await screen.findByText("Comunidad Sol 4")).closest("tr") as HTMLElement;
    const upload = within(within(second).getByTestId("own-uploads")).getByRole("button");
    act(() => upload.focus());
    expect(await screen.findByText("Falta 1 de 1: Formación PRL (sin fecha de caducidad)")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "/porteros/comunidades/missing", body: { id_finca: 8 } });
  });

  it("says so when the porter works in no community", async () => {
    stubServer([]);
    renderList();
    expect((await screen.findByTestId("own-communities-empty")).textContent).toBe("No trabajas en ninguna comunidad");
  });

  it("shows why the list could not be read", async () => {
    stubServer(() => json(403, { result: false, error: "error.forbidden" }));
    renderList();
    expect((await screen.findByTestId("own-communities-error")).textContent).toBe(
      "No tienes permiso para realizar esta operación.",
    );
  });

  it("searches on the server once typing stops", async () => {
    const bodies = stubServer(ROWS);
    const { user } = renderList();
    await screen.findByText("Comunidad Sol 4");
    await user.type(screen.getByRole("textbox", { name: "Buscar comunidad" }), "sol");
    await waitFor(() => expect(screen.queryByText("Comunidad Río Duero 12")).toBeNull());
    expect(screen.getByText("Comunidad Sol 4")).toBeTruthy();
    expect(bodies.map((b) => b.filter)).toEqual(["", "sol"]);

    await user.type(screen.getByRole("textbox", { name: "Buscar comunidad" }), "xx");
    expect((await screen.findByTestId("own-communities-empty")).textContent).toBe(
      "Ninguna comunidad coincide con la búsqueda",
    );
  });

  it.each([
    ["its eye", () => screen.getByRole("button", { name: "Abrir Comunidad Sol 4" })],
    ["its row", () => screen.getByText("Administraciones Norte S.L.")],
    ["its name", () => screen.getByRole("link", { name: "Comunidad Sol 4" })],
  ])("opens a community's panel from %s", async (_, target) => {
    stubServer(ROWS);
    const { user } = renderList();
    await screen.findByText("Comunidad Sol 4");
    await user.click(target());
    expect(screen.getByTestId("panel").textContent).toBe("/porteros/comunidades/8");
  });

  it("is a column of cards on a phone, each with its duties and its way in", async () => {
    onPhone();
    stubServer(ROWS);
    const { user } = renderList();
    const cards = await screen.findByTestId("own-communities-cards");
    expect(screen.queryByRole("table")).toBeNull();
    const items = within(cards).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("Administrador: Fincas Centro S.L.")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Subidos 2/2")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Leídos 1/3")).toBeTruthy();
    await user.click(within(items[0] as HTMLElement).getByRole("link", { name: "Comunidad Río Duero 12" }));
    expect(screen.getByTestId("panel").textContent).toBe("/porteros/comunidades/7");
  });
});
