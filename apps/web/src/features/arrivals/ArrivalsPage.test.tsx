import type { ArrivalProviderRow, ArrivalRow } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../test/render";
import { ErrorDialogHost } from "../../app/errorDialog";
import ArrivalsPage from "./ArrivalsPage";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const PATHS = {
  community: "/companies/fincas/view/7",
  providers: "/porteros/llegadas/proveedores",
  add: "/porteros/llegadas/add",
};

const IN_ORDER: ArrivalProviderRow = {
  provider_id: 50,
  provider_name: "Ascensores Levante S.L.",
  provider_cif: "B12345678",
  uploaded_count: 2,
  upload_must: 2,
  read_count: 1,
  read_must: 1,
  missing: [],
  last_arrival: null,
};
const LACKING: ArrivalProviderRow = {
  provider_id: 51,
  provider_name: "Limpiezas Duero S.L.",
  provider_cif: "B87654321",
  uploaded_count: 0,
  upload_must: 1,
  read_count: 0,
  read_must: 1,
  missing: [
    {
      kind: "upload",
      definition_id: 4,
      definition_name: "Seguro de responsabilidad civil",
      reason: "expired",
      expired_on: "2026-03-12",
    },
    { kind: "read", document_id: 9, definition_name: "Plan de emergencia", document_name: "plan-2026.pdf" },
  ],
  last_arrival: "2026-11-20T07:05:00.000Z",
};

/** The server: the community, the providers whose name or CIF contains the filter, and 'Ha llegado'. */
function stubServer({
  rows = [IN_ORDER, LACKING],
  add = () => json(200, { result: true, data: arrival(IN_ORDER, "2026-11-27T08:14:00.000Z") }),
}: {
  rows?: ArrivalProviderRow[];
  add?: () => Response;
} = {}) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let current = rows;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
      calls.push({ path, body });
      if (path === PATHS.community)
        return json(200, { result: true, finca: { id: 7, name: "Comunidad Río Duero 12" } });
      if (path === PATHS.providers) {
        const filter = String(body.filter).toLowerCase();
        const data = current.filter((r) => `${r.provider_name} ${r.provider_cif}`.toLowerCase().includes(filter));
        return json(200, { result: true, data });
      }
      if (path === PATHS.add) {
        const answer = add();
        if (answer.ok)
          current = current.map((r) =>
            r.provider_id === body.id_provider ? { ...r, last_arrival: "2026-11-27T08:14:00.000Z" } : r,
          );
        return answer;
      }
      throw new Error(`unexpected call ${path}`);
    }),
  );
  return calls;
}

function arrival(row: ArrivalProviderRow, at: string): ArrivalRow {
  return {
    id: 1,
    finca_id: 7,
    provider_id: row.provider_id,
    provider_name: row.provider_name,
    porter_id: 31,
    porter_email: "portero@fincas.es",
    arrived_at: at,
    uploaded_count: row.uploaded_count,
    upload_must: row.upload_must,
    read_count: row.read_count,
    read_must: row.read_must,
    missing: row.missing,
  };
}

function renderPage(route = "/porteros/comunidades/7/llegadas") {
  return renderInApp(
    <>
      <Routes>
        <Route path="/porteros/comunidades/:finca/llegadas" element={<ArrivalsPage />} />
      </Routes>
      <ErrorDialogHost />
    </>,
    { route },
  );
}

const card = (name: string) =>
  screen.getAllByTestId("arrival-provider").find((c) => c.textContent?.includes(name)) as HTMLElement;

describe("'¿Quién viene hoy?' (ArrivalsPage)", () => {
  it("shows each provider with its light in colour and in words, what it lacks and its last arrival", async () => {
    const calls = stubServer();
    renderPage();
    expect(screen.getByRole("heading", { name: "¿Quién viene hoy?" })).toBeTruthy();
    expect(await screen.findByText("Comunidad Río Duero 12")).toBeTruthy();
    await screen.findAllByTestId("arrival-provider");

    const green = card("Ascensores Levante S.L.");
    expect(green.getAttribute("data-light")).toBe("ok");
    expect(within(green).getByRole("button", { name: "En regla" })).toBeTruthy();
    expect(within(green).getByTestId("arrival-verdict").textContent).toBe("En regla");
    expect(within(green).getByText("NIF/CIF: B12345678")).toBeTruthy();
    expect(within(green).queryByTestId("arrival-missing")).toBeNull();
    expect(within(green).getByTestId("arrival-last").textContent).toBe("Sin llegadas registradas");

    const red = card("Limpiezas Duero S.L.");
    expect(red.getAttribute("data-light")).toBe("error");
    expect(within(red).getByRole("button", { name: "Le falta documentación" })).toBeTruthy();
    expect(within(red).getByTestId("arrival-verdict").textContent).toBe("Le falta documentación");
    const missing = within(within(red).getByTestId("arrival-missing")).getAllByRole("listitem");
    expect(missing.map((item) => item.textContent)).toEqual([
      "Seguro de responsabilidad civil: caducado el 12/03/2026",
      "Pendiente de leer: Plan de emergencia (plan-2026.pdf)",
    ]);
    expect(within(red).getByTestId("arrival-last").textContent).toBe("Última llegada: 20/11/2026 08:05");

    expect(calls.find((c) => c.path === PATHS.providers)?.body).toMatchObject({ id_finca: 7, filter: "" });
    expect(screen.getByRole("link", { name: "Volver al panel de la comunidad" }).getAttribute("href")).toBe(
      "/porteros/comunidades/7",
    );
  });

  it("records 'Ha llegado': the call, the notice with the time, and the list shows the new last arrival", async () => {
    const calls = stubServer();
    const { user } = renderPage();
    await screen.findAllByTestId("arrival-provider");
    await user.click(screen.getByRole("button", { name: "Registrar que Ascensores Levante S.L. ha llegado" }));

    expect((await screen.findByTestId("arrival-notice")).textContent).toContain(
      "Llegada registrada a las 09:14: Ascensores Levante S.L.",
    );
    await waitFor(() =>
      expect(within(card("Ascensores Levante S.L.")).getByTestId("arrival-last").textContent).toBe(
        "Última llegada: 27/11/2026 09:14",
      ),
    );
    expect(calls.filter((c) => c.path === PATHS.add).map((c) => c.body)).toEqual([{ id_finca: 7, id_provider: 50 }]);
    expect(calls.filter((c) => c.path === PATHS.providers)).toHaveLength(2);
  });

  it("a refused arrival says why in the error dialog, shows no notice and lets the button go", async () => {
    stubServer({ add: () => json(403, { result: false, error: "porteros.not-in-finca" }) });
    const { user } = renderPage();
    await screen.findAllByTestId("arrival-provider");
    const button = screen.getByRole("button", { name: "Registrar que Limpiezas Duero S.L. ha llegado" });
    await user.click(button);
    expect((await screen.findByTestId("error-dialog-text")).textContent).toBe(
      "Ese portero no trabaja en esta comunidad.",
    );
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId("arrival-notice")).toBeNull();
    expect(within(card("Limpiezas Duero S.L.")).getByTestId("arrival-last").textContent).toBe(
      "Última llegada: 20/11/2026 08:05",
    );
    await user.click(screen.getByRole("button", { name: "Aceptar" }));
    await waitFor(() => expect(screen.queryByTestId("error-dialog-text")).toBeNull());
  });

  it("searches by name or CIF once typing stops, and says when nobody matches", async () => {
    const calls = stubServer();
    const { user } = renderPage();
    await screen.findAllByTestId("arrival-provider");
    const search = screen.getByRole("searchbox", { name: "Nombre o NIF/CIF del proveedor" });

    await user.type(search, "B876");
    await waitFor(() => expect(screen.getAllByTestId("arrival-provider")).toHaveLength(1));
    expect(card("Limpiezas Duero S.L.")).toBeTruthy();
    expect(calls.filter((c) => c.path === PATHS.providers).map((c) => c.body.filter)).toEqual(["", "B876"]);

    await user.clear(search);
    await user.type(search, "fontanería");
    expect((await screen.findByTestId("arrivals-empty")).textContent).toBe("Ningún proveedor coincide con la búsqueda");
  });

  it("says so when the community has no providers", async () => {
    stubServer({ rows: [] });
    renderPage();
    expect((await screen.findByTestId("arrivals-empty")).textContent).toBe("Esta comunidad no tiene proveedores");
  });

  it("'Volver' goes back to the panel's tab the porter came from", async () => {
    stubServer();
    renderPage("/porteros/comunidades/7/llegadas?tab=calendario");
    await screen.findAllByTestId("arrival-provider");
    expect(screen.getByRole("link", { name: "Volver al panel de la comunidad" }).getAttribute("href")).toBe(
      "/porteros/comunidades/7?tab=calendario",
    );
  });
});
