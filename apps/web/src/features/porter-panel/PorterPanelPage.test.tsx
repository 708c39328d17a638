import type { CalendarEntry, CommunityDocumentRow } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarEntry } from "../../../test/calendar";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import PorterPanelPage from "./PorterPanelPage";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const ok = (body: object) => () => json(200, { result: true, ...body });

type Answer = (body: Record<string, unknown>) => Response;
/** The server: each path answers what `answers` says (in turn when it is a list, the last one kept), every call kept. */
function stubServer(answers: Record<string, Answer | Answer[]>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
      calls.push({ path, body });
      const answer = answers[path];
      const next = Array.isArray(answer) ? (answer.length > 1 ? answer.shift() : answer[0]) : answer;
      if (!next) throw new Error(`unexpected call ${path}`);
      return next(body);
    }),
  );
  return calls;
}
const callsTo = <C extends { path: string }>(calls: C[], path: string) => calls.filter((c) => c.path === path);

const COMMUNITY = { id: 7, name: "Comunidad Río Duero 12", cif: "H28000007", admin: "Fincas Centro S.L." };
let nextId = 100;
function doc(name: string, group: string | null, over: Partial<CommunityDocumentRow> = {}): CommunityDocumentRow {
  const id = nextId++;
  return {
    id: group === "LOPD" ? 30 : 20,
    definition_name: group === "LOPD" ? "Confidencialidad LOPD" : "Plan de trabajo",
    read_required: true,
    group,
    doc_id: id,
    doc_name: name,
    file_id: id + 1000,
    file_size: 2048,
    file_obsolete: null,
    company_uploaded: 50,
    company_name: "Ascensores Levante S.L.",
    read_identifier: 0,
    created: "2026-11-02T10:00:00.000Z",
    ...over,
  };
}

const visitOf = ({ id, ...over }: Partial<CalendarEntry> & { id: number }) => calendarEntry(id, over);

/**
 * porteros/calendar/bymonth as the server answers it, for visits within one day each: the days they start on,
 * and the page asked of the day asked (or of the month).
 */
const porterMonth =
  (visits: ReturnType<typeof visitOf>[]): Answer =>
  (body) => {
    const days = [...new Set(visits.map((v) => v.startdate.slice(0, 10)))]
      .sort()
      .map((day) => ({ day, mine: 0, others: visits.filter((v) => v.startdate.startsWith(day)).length }));
    const listed = visits.filter((v) => body.day === null || v.startdate.startsWith(String(body.day)));
    const page = Number(body.page);
    const limit = Number(body.limit);
    return json(200, {
      result: true,
      days,
      calendar: listed.slice((page - 1) * limit, page * limit),
      count: listed.length,
      pagination: { count: listed.length, page, limit },
    });
  };

const PATHS = {
  community: `/companies/fincas/view/${COMMUNITY.id}`,
  administrator: "/porteros/documents/adminforportero",
  providers: "/companies/providers/documets_of_finca_by_providers",
  markRead: "/companies/providers/mark_read",
  calendar: "/porteros/calendar/bymonth",
  defined: "/companies/documents/getcompanydefined",
};

/** Where the app is, to see the tab kept in the address and where 'Cerrar' leads. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPanel(route = "/porteros/comunidades/7") {
  return renderInApp(
    <>
      <Routes>
        <Route path="/porteros/comunidades/:finca" element={<PorterPanelPage />} />
        <Route path="/porteros/comunidades/main" element={<p>Mis comunidades</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  );
}

const address = () => screen.getByTestId("address").textContent;
const tab = (name: RegExp) => screen.getByRole("tab", { name });

/** The porter's session; no flags means the defaults (lopd among them). */
function startSession(flags: string[] = []) {
  startTestSession(flags, {
    role: 25,
    userId: 31,
    companyId: 41,
    email: "portero@fincas.es",
    companyName: "portero@fincas.es",
  });
}

beforeEach(() => startSession());

afterEach(() => {
  vi.useRealTimers();
});

describe("the porter's panel of a community (PorterPanelPage)", () => {
  it("shows the community, the administrator's documents for the porter, and marks one read: the list reloads", async () => {
    const unread = doc("normas-portal.pdf", null, { id: 5, definition_name: "Normas de la comunidad" });
    const calls = stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: [ok({ data: [unread] }), ok({ data: [{ ...unread, read_identifier: 9 }] })],
      [PATHS.providers]: ok({ data: [] }),
      [PATHS.markRead]: ok({ read_identifier: 9 }),
    });
    const { user } = renderPanel();

    expect(await screen.findByRole("heading", { name: COMMUNITY.name })).toBeTruthy();
    expect(screen.getByTestId("porter-panel-facts").textContent).toBe(
      "NIF/CIF: H28000007 · Administrador: Fincas Centro S.L.",
    );
    expect(tab(/Documentos/).getAttribute("aria-selected")).toBe("true");
    const group = await screen.findByTestId("reading-group");
    expect(within(group).getByText("Normas de la comunidad")).toBeTruthy();
    expect(within(group).getByText("Lectura Obligatoria")).toBeTruthy();
    expect(within(group).getByText("No leído")).toBeTruthy();
    expect(within(group).getByText("Caducidad: no tiene")).toBeTruthy();
    expect(within(tab(/Documentos/)).getByTestId("pending-read-badge")).toBeTruthy();
    expect(callsTo(calls, PATHS.administrator)[0]?.body).toMatchObject({ id_portero: 31, id_finca: 7 });

    await user.click(within(group).getByRole("button", { name: "Marcar como leído normas-portal.pdf" }));

    expect((await screen.findByTestId("porter-reading-notice")).textContent).toContain(
      "Has marcado normas-portal.pdf como leído",
    );
    await waitFor(() => expect(within(screen.getByTestId("reading-group")).getByText("Leído")).toBeTruthy());
    expect(callsTo(calls, PATHS.markRead).map((c) => c.body)).toEqual([
      { readed: true, id_document: unread.doc_id, id_finca: 7, id_company: 41, colg_id: 1 },
    ]);
    expect(callsTo(calls, PATHS.administrator)).toHaveLength(2);
    expect(within(tab(/Documentos/)).queryByTestId("pending-read-badge")).toBeNull();
    expect(screen.queryByRole("button", { name: /Marcar como leído/ })).toBeNull();
  });

  it("splits the providers' documents: 'Proveedores' every group but LOPD, 'LOPD' the LOPD group; the tab goes in the address", async () => {
    const caf = doc("plan-ascensor.pdf", null, { read_identifier: 3 });
    const porteros = doc("horario-porteria.pdf", "PORTERO", { read_identifier: 4 });
    const lopd = doc("confidencialidad.pdf", "LOPD");
    stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [caf, lopd, porteros] }),
    });
    const { user } = renderPanel();
    expect(await screen.findByTestId("porter-reading-empty")).toBeTruthy();
    expect(screen.getByText("No hay documentos")).toBeTruthy();

    // Only the LOPD tab has something left to read.
    await waitFor(() => expect(within(tab(/LOPD/)).getByTestId("pending-read-badge")).toBeTruthy());
    expect(within(tab(/Proveedores/)).queryByTestId("pending-read-badge")).toBeNull();
    expect(within(tab(/Documentos/)).queryByTestId("pending-read-badge")).toBeNull();

    await user.click(tab(/Proveedores/));
    expect(address()).toBe("/porteros/comunidades/7?tab=proveedores");
    const providers = await screen.findByTestId("porter-reading");
    const names = within(providers)
      .getAllByTestId("reading-document")
      .map((row) => row.getAttribute("data-document-id"));
    expect(names.sort()).toEqual([String(caf.doc_id), String(porteros.doc_id)].sort());
    expect(within(providers).queryByText("confidencialidad.pdf")).toBeNull();

    await user.click(tab(/LOPD/));
    expect(address()).toBe("/porteros/comunidades/7?tab=lopd");
    const lopdTab = await screen.findByTestId("porter-reading");
    expect(lopdTab.getAttribute("data-tab")).toBe("lopd");
    const rows = within(lopdTab).getAllByTestId("reading-document");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.getAttribute("data-document-id")).toBe(String(lopd.doc_id));
    expect(within(lopdTab).getByText("Confidencialidad LOPD")).toBeTruthy();
  });

  it("opens on the tab in the address (a reload keeps it) and moves between tabs with the keyboard", async () => {
    const calls = stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [] }),
      [PATHS.calendar]: porterMonth([]),
      [PATHS.defined]: ok({ company: { id: 41, name: "portero@fincas.es" }, data: [] }),
    });
    // Only the date is fixed: the timers stay real for Mantine and the queries.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 27, 10, 0));
    const { user } = renderPanel("/porteros/comunidades/7?tab=calendario");

    expect(await screen.findByText("No hay visitas previstas este mes")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Visitas previstas en noviembre de 2026" })).toBeTruthy();
    expect(tab(/Calendario/).getAttribute("aria-selected")).toBe("true");
    expect(callsTo(calls, PATHS.calendar)[0]?.body).toMatchObject({ year: 2026, month: 11, id_finca: 7 });

    tab(/Calendario/).focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(address()).toBe("/porteros/comunidades/7?tab=subir");
    expect(await screen.findByText("Documentos del portero para la comunidad")).toBeTruthy();
    expect(await screen.findByText("No hay documentos que subir en esta comunidad.")).toBeTruthy();
    expect(callsTo(calls, PATHS.defined)[0]?.body).toMatchObject({ id_finca: 7 });

    await user.keyboard("{ArrowRight}");
    expect(address()).toBe("/porteros/comunidades/7");
    expect(tab(/Documentos/).getAttribute("aria-selected")).toBe("true");
  });

  it("shows the month's visits read only: days with visits marked, a day asks for its visits, the arrows change month", async () => {
    const visit = visitOf({ id: 1 });
    const calls = stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [] }),
      [PATHS.calendar]: (body) => porterMonth(body.month === 11 ? [visit] : [])(body),
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 3, 10, 0));
    const { user } = renderPanel("/porteros/comunidades/7?tab=calendario");

    const entry = await screen.findByTestId("porter-calendar-entry");
    expect(within(entry).getByText("Ascensores Levante S.L.")).toBeTruthy();
    expect(within(entry).getByText("27/11/2026 09:00")).toBeTruthy();
    expect(within(entry).getByText("27/11/2026 13:00")).toBeTruthy();
    expect(within(entry).getByText("Revisión anual del ascensor")).toBeTruthy();
    // Read only: nothing to add or delete.
    expect(screen.queryByRole("button", { name: /Añadir|Borrar/ })).toBeNull();

    // The day with the visit is marked; another day shows none, 'Ver todo el mes' all of them again.
    const marked = screen.getByRole("button", { name: /27 de noviembre de 2026, con 1 entrada$/ });
    expect(screen.queryByRole("button", { name: /26 de noviembre de 2026, con/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: /26 de noviembre de 2026/ }));
    expect(await screen.findByText("No hay visitas previstas ese día")).toBeTruthy();
    expect(screen.queryByTestId("porter-calendar-entry")).toBeNull();
    await user.click(marked);
    expect(await screen.findByTestId("porter-calendar-entry")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ver todo el mes" }));
    expect(screen.getByTestId("calendar-showing").textContent).toBe("Entradas de noviembre de 2026");
    expect(callsTo(calls, PATHS.calendar).map((c) => c.body.day)).toEqual(
      expect.arrayContaining([null, "2026-11-26", "2026-11-27"]),
    );

    // The next month is asked for, from its first page.
    await user.click(screen.getByRole("button", { name: "Mes siguiente" }));
    expect(await screen.findByRole("heading", { name: "Visitas previstas en diciembre de 2026" })).toBeTruthy();
    expect(await screen.findByText("No hay visitas previstas este mes")).toBeTruthy();
    expect(callsTo(calls, PATHS.calendar)[0]?.body).toMatchObject({
      year: 2026,
      month: 11,
      id_finca: 7,
      day: null,
      page: 1,
      limit: 10,
    });
    expect(callsTo(calls, PATHS.calendar).at(-1)?.body).toMatchObject({ year: 2026, month: 12, day: null, page: 1 });
  });

  it("pages the month's visits: ten a page, the count under them, the next page asked for", async () => {
    const visits = Array.from({ length: 12 }, (_, i) =>
      visitOf({
        id: i + 1,
        startdate: `2026-11-${String(i + 1).padStart(2, "0")} 09:00`,
        enddate: `2026-11-${String(i + 1).padStart(2, "0")} 10:00`,
        comment: `Visita ${i + 1}`,
      }),
    );
    const calls = stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [] }),
      [PATHS.calendar]: porterMonth(visits),
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 3, 10, 0));
    const { user } = renderPanel("/porteros/comunidades/7?tab=calendario");

    expect(await screen.findAllByTestId("porter-calendar-entry")).toHaveLength(10);
    const calendar = screen.getByTestId("porter-calendar");
    expect(within(calendar).getByText("Num: 12")).toBeTruthy();
    await user.click(within(calendar).getByRole("button", { name: "Página 2" }));
    expect(await within(calendar).findByText("Visita 11")).toBeTruthy();
    expect(within(calendar).getAllByTestId("porter-calendar-entry")).toHaveLength(2);
    expect(callsTo(calls, PATHS.calendar).map((c) => c.body.page)).toEqual([1, 2]);
  });

  it("shows each visit as a card on a phone: provider, span and comment", async () => {
    onPhone();
    stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [] }),
      [PATHS.calendar]: porterMonth([visitOf({ id: 1 })]),
    });
    renderPanel("/porteros/comunidades/7?tab=calendario");
    const entry = await screen.findByTestId("porter-calendar-entry");
    expect(entry.getAttribute("role")).toBe("listitem");
    expect(within(entry).getByText("Ascensores Levante S.L.")).toBeTruthy();
    expect(within(entry).getByText("27/11/2026 09:00–13:00")).toBeTruthy();
    expect(within(entry).getByText("Revisión anual del ascensor")).toBeTruthy();
  });

  it("counts on the tab what must be read and is not, as its '!' does: an optional unread document is not pending", async () => {
    stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({
        data: [doc("normas.pdf", null), doc("circular.pdf", null, { id: 6, read_required: false })],
      }),
      [PATHS.providers]: ok({ data: [doc("aviso.pdf", null, { read_required: false })] }),
    });
    const { user } = renderPanel();
    expect((await screen.findByTestId("porter-reading-pending")).textContent).toBe("1 pendiente de leer");
    expect(within(tab(/Documentos/)).getByTestId("pending-read-badge")).toBeTruthy();
    expect(screen.getAllByTestId("reading-document")).toHaveLength(2);

    await user.click(tab(/Proveedores/));
    expect(await screen.findByTestId("reading-document")).toBeTruthy();
    expect(screen.queryByTestId("porter-reading-pending")).toBeNull();
    expect(within(tab(/Proveedores/)).queryByTestId("pending-read-badge")).toBeNull();
  });

  it("without the feature lopd has no LOPD tab: its documents are under 'Proveedores', and ?tab=lopd opens the first", async () => {
    startSession(["porteros-admin"]);
    const lopd = doc("confidencialidad.pdf", "LOPD");
    stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [lopd] }),
    });
    const { user } = renderPanel("/porteros/comunidades/7?tab=lopd");
    await screen.findByTestId("porter-reading-empty");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Documentos",
      "Proveedores!",
      "Calendario",
      "Subir",
    ]);
    expect(tab(/Documentos/).getAttribute("aria-selected")).toBe("true");

    await user.click(tab(/Proveedores/));
    const row = await screen.findByTestId("reading-document");
    expect(row.getAttribute("data-document-id")).toBe(String(lopd.doc_id));
  });

  it("'¿Quién viene hoy?' takes the tab along, to come back to it", async () => {
    stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [] }),
    });
    const { user } = renderPanel();
    const arrivals = await screen.findByRole("link", { name: "¿Quién viene hoy?" });
    await user.click(tab(/LOPD/));
    expect(arrivals.getAttribute("href")).toBe("/porteros/comunidades/7/llegadas?tab=lopd");
  });

  it("leads to '¿Quién viene hoy?', and 'Cerrar' back to the porter's communities", async () => {
    stubServer({
      [PATHS.community]: ok({ finca: COMMUNITY }),
      [PATHS.administrator]: ok({ data: [] }),
      [PATHS.providers]: ok({ data: [] }),
    });
    const { user } = renderPanel();
    const arrivals = await screen.findByRole("link", { name: "¿Quién viene hoy?" });
    expect(arrivals.getAttribute("href")).toBe("/porteros/comunidades/7/llegadas");

    await user.click(screen.getByRole("link", { name: "Cerrar la comunidad y volver a Mis comunidades" }));
    expect(address()).toBe("/porteros/comunidades/main");
  });

  it("a community the porter cannot open says so, with the way back", async () => {
    stubServer({
      [PATHS.community]: () => json(404, { result: false, error: "error.not-found" }),
      [PATHS.administrator]: () => json(403, { result: false, error: "porteros.not-in-finca" }),
      [PATHS.providers]: () => json(403, { result: false, error: "porteros.not-in-finca" }),
    });
    renderPanel();
    const failure = await screen.findByTestId("porter-panel-load-error");
    expect(failure.textContent).toContain("No se ha podido cargar la comunidad");
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByRole("link", { name: /Cerrar/ })).toBeTruthy();
  });
});
