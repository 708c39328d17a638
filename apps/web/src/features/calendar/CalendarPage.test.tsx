import type { CalendarEntry, CalendarMonth, CalendarNotice, Coincidence, CommunityView } from "@coordina/domain";
import { Role } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { Outlet, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarEntry } from "../../../test/calendar";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import CalendarPage from "./CalendarPage";

const PATHS = {
  month: "/companies/calendar-fincas/provider",
  add: "/companies/calendar-fincas/add",
  delete: "/companies/calendar-fincas/delete/",
  coincidences: "/companies/calendar-fincas/coincidences/",
  send: "/companies/calendar-fincas/send",
  notify: "/notify/notification-queues/send",
  notices: "/companies/calendar-fincas/notices",
  acknowledge: "/companies/calendar-fincas/acknowledge",
};

const community = { id: 7, name: "Comunidad Sol", editable: true, porteros_count: 0 } as unknown as CommunityView;

const entry = calendarEntry;
const OTHER = entry(1);
const MINE = entry(2, {
  id_provider: 60,
  provider_name: "Fontanería Ruiz",
  startdate: "2026-11-10 08:00",
  enddate: "2026-11-10 12:00",
  comment: "Cambio de bajantes en el patio interior del edificio",
  mine: true,
});

const coincidence = (ref: number, over: Partial<Coincidence> = {}): Coincidence => ({
  kind: "entry",
  ref,
  id_provider: 50,
  provider_name: "Ascensores Levante S.L.",
  title: "Revisión anual del ascensor",
  startdate: "2026-11-27 09:00",
  enddate: "2026-11-27 13:00",
  overlap_start: "2026-11-27 10:00",
  overlap_end: "2026-11-27 13:00",
  notice: null,
  ...over,
});

const notice = (id: number, over: Partial<CalendarNotice> = {}): CalendarNotice => ({
  id,
  id_finca: 7,
  finca_name: "Comunidad Sol",
  kind: "entry",
  id_entry: 2,
  from_provider: { id: 60, name: "Fontanería Ruiz" },
  to_provider: { id: 50, name: "Ascensores Levante S.L." },
  startdate: "2026-11-27 10:00",
  enddate: "2026-11-27 14:00",
  overlap_start: "2026-11-27 10:00",
  overlap_end: "2026-11-27 13:00",
  created_at: "2026-11-03 10:00",
  sent_at: "2026-11-03 10:01",
  delivered_at: "2026-11-03 10:02",
  acknowledged_at: null,
  acknowledged_by: null,
  can_acknowledge: false,
  ...over,
});

interface World {
  /** the community's entries of the month (by default OTHER and MINE) */
  entries?: (body: Record<string, unknown>) => CalendarEntry[];
  month?: (body: Record<string, unknown>) => Partial<CalendarMonth>;
  /** holds the month's answer until the promise it returns settles */
  hold?: (body: Record<string, unknown>) => Promise<void> | undefined;
  notices?: CalendarNotice[];
  add?: () => Response;
  coincidences?: () => Response;
  send?: { id: number; sent: boolean }[];
}

const ok = (body: object) => json(200, { result: true, ...body });

/**
 * The month call as the server answers it, for entries within one day each: the days they start on with the
 * caller's and the others' counts, and the page asked of the side and the day asked.
 */
function monthAnswer(entries: CalendarEntry[], body: Record<string, unknown>) {
  const days = [...new Set(entries.map((e) => e.startdate.slice(0, 10)))].sort().map((day) => {
    const ofDay = entries.filter((e) => e.startdate.startsWith(day));
    return { day, mine: ofDay.filter((e) => e.mine).length, others: ofDay.filter((e) => !e.mine).length };
  });
  const listed = entries.filter(
    (e) =>
      (body.day === null || e.startdate.startsWith(String(body.day))) &&
      (body.side === "all" || e.mine === (body.side === "mine")),
  );
  const page = Number(body.page);
  const limit = Number(body.limit);
  return {
    days,
    calendar: listed.slice((page - 1) * limit, page * limit),
    count: listed.length,
    pagination: { count: listed.length, page, limit },
  };
}

/** The calendar's server: each call answers what the world says; every call is kept. */
function serve(world: World = {}) {
  return stubServer(async (path, body) => {
    if (path === PATHS.month) {
      await world.hold?.(body);
      const entries = world.entries?.(body) ?? [OTHER, MINE];
      return ok({ ...monthAnswer(entries, body), schedules: [], services24: [], ...world.month?.(body) });
    }
    if (path === PATHS.notices) return ok({ data: world.notices ?? [] });
    if (path === PATHS.add) return world.add?.() ?? ok({ data: entry(9, { mine: true }), incidences: [] });
    if (path.startsWith(PATHS.delete)) return ok({});
    if (path.startsWith(PATHS.coincidences)) return world.coincidences?.() ?? ok({ calendar: [] });
    if (path === PATHS.send) return ok({ notifications: world.send ?? [] });
    if (path === PATHS.notify) return ok({ event: { id: body.id } });
    if (path === PATHS.acknowledge) return ok({});
    throw new Error(`unexpected call ${path}`);
  });
}
type Calls = ReturnType<typeof serve>;
const callsTo = (calls: Calls, path: string) => calls.filter((c) => c.path.startsWith(path));
/** What the month's list of `side` was asked, in order. */
const listAsks = (calls: Calls, side: string) =>
  callsTo(calls, PATHS.month)
    .map((c) => c.body)
    .filter((body) => body.side === side);

function renderCalendar() {
  return renderInApp(
    <Routes>
      <Route path="/comunidades/comunidad/:id" element={<Outlet context={community} />}>
        <Route path="gremio/calendar" element={<CalendarPage pace={{ startMs: 0, betweenMs: 0 }} />} />
      </Route>
    </Routes>,
    { route: "/comunidades/comunidad/7/gremio/calendar" },
  );
}

const asProvider = () => startTestSession([], { role: Role.gremio, companyId: 60, email: "gestor@ruiz.es" });
const asAdministrator = () => startTestSession([], { role: Role.administrador });
const card = (title: string) =>
  screen.getByRole("heading", { name: title }).closest<HTMLElement>(".mantine-Card-root")!;
const dialog = (name: string) => screen.findByRole("dialog", { name });

beforeEach(() => {
  // Only the date is fixed: the timers stay real for Mantine and the queries.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 3, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe("the community calendar for a provider (CalendarPage)", () => {
  it("shows the month's others' entries and its own apart, with the schedules and 24-hour services beside", async () => {
    asProvider();
    const calls = serve({
      month: () => ({
        schedules: [
          {
            id: 3,
            id_provider: 70,
            provider_name: "Limpiezas Norte",
            title: "Limpieza de portal",
            weekday: "1,3,5",
            starttime: "07:00",
            endtime: "09:00",
            obsolete: "2026-12-31",
          },
        ],
        services24: [{ id_provider: 80, provider_name: "Vigilancia 24" }],
      }),
    });
    renderCalendar();

    const other = await screen.findByTestId("calendar-other-entry");
    expect(within(card("Otros Proveedores")).getAllByTestId("calendar-other-entry")).toHaveLength(1);
    expect(within(other).getByText("Ascensores Levante S.L.")).toBeTruthy();
    expect(within(other).getByText("27/11/2026 09:00")).toBeTruthy();
    expect(within(other).getByText("27/11/2026 13:00")).toBeTruthy();
    const own = screen.getByTestId("calendar-own-entry");
    expect(within(card("Mis Fechas")).getByTestId("calendar-own-entry")).toBe(own);
    // A comment over 30 characters is cut; the whole of it is its name (and tooltip).
    expect(within(own).getByText("Cambio de bajantes en el patio…")).toBeTruthy();
    expect(within(own).getByLabelText(MINE.comment)).toBeTruthy();
    // Each list is its own page of the month, the server's to choose: the others' and the caller's own.
    const first = { year: 2026, month: 11, id_finca: 7, day: null, page: 1, limit: 10 };
    expect(listAsks(calls, "others")).toEqual([expect.objectContaining({ ...first, side: "others" })]);
    expect(listAsks(calls, "mine")).toEqual([expect.objectContaining({ ...first, side: "mine" })]);
    expect(callsTo(calls, PATHS.month)).toHaveLength(2);
    expect(within(card("Mis Fechas")).getByText("Num: 1")).toBeTruthy();
    expect(callsTo(calls, PATHS.notices)[0]?.body).toMatchObject({ year: 2026, month: 11, id_finca: 7 });

    const schedules = screen.getByTestId("calendar-schedules");
    expect(within(schedules).getByText("Servicio 24 horas: Vigilancia 24")).toBeTruthy();
    expect(within(schedules).getByText("Limpiezas Norte · Limpieza de portal")).toBeTruthy();
    expect(within(schedules).getByText("Lunes, Miércoles, Viernes · de 07:00 a 09:00 · Hasta 31/12/2026")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Añadir" })).toBeTruthy();
  });

  it("asks for the day chosen, 'Ver todo el mes' for the whole month again, and another month when it changes", async () => {
    asProvider();
    const calls = serve({ entries: (body) => (body.month === 12 ? [] : [OTHER, MINE]) });
    const { user } = renderCalendar();
    await screen.findByTestId("calendar-other-entry");

    // The days the answer names are marked for every reader, with how many entries, and keyboard-reachable buttons.
    const marked = screen.getByRole("button", { name: /27 de noviembre de 2026, con 1 entrada$/ });
    // The mouse's tooltip says the same, on the number that screen readers skip, so they hear the label once.
    expect(marked.getAttribute("title")).toBeNull();
    const number = within(marked).getByText("27");
    expect(number.getAttribute("title")).toBe("viernes 27 de noviembre de 2026, con 1 entrada");
    expect(number.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("button", { name: /10 de noviembre de 2026, con 1 entrada \(tuyas: 1\)$/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "miércoles 11 de noviembre de 2026" })).toBeTruthy();
    await user.click(marked);
    expect(screen.getByTestId("calendar-showing").textContent).toBe("Entradas del 27/11/2026");
    expect(await within(card("Mis Fechas")).findByText("No tienes entradas")).toBeTruthy();
    expect(screen.getByTestId("calendar-other-entry")).toBeTruthy();
    expect(listAsks(calls, "others").map((body) => body.day)).toEqual([null, "2026-11-27"]);
    expect(listAsks(calls, "mine").map((body) => body.day)).toEqual([null, "2026-11-27"]);

    // The whole month again.
    await user.click(screen.getByRole("button", { name: "Ver todo el mes" }));
    expect(await screen.findByTestId("calendar-own-entry")).toBeTruthy();
    expect(screen.getByTestId("calendar-showing").textContent).toBe("Entradas de noviembre de 2026");

    await user.click(screen.getByRole("button", { name: "Mes siguiente" }));
    expect(await screen.findByText("No hay entradas de otros proveedores")).toBeTruthy();
    expect(await within(card("Mis Fechas")).findByText("No tienes entradas")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /con \d+ entradas?/ })).toBeNull();
    expect(listAsks(calls, "others").at(-1)).toMatchObject({ year: 2026, month: 12, day: null, page: 1 });
    expect(listAsks(calls, "mine").at(-1)).toMatchObject({ year: 2026, month: 12, day: null, page: 1 });
    await waitFor(() => expect(callsTo(calls, PATHS.notices).map((c) => c.body.month)).toEqual([11, 12]));
  });

  it("turns the pages of each list on its own, keeping the page shown while the next loads", async () => {
    asProvider();
    const others = Array.from({ length: 12 }, (_, i) =>
      entry(100 + i, {
        startdate: `2026-11-${String(i + 1).padStart(2, "0")} 09:00`,
        enddate: `2026-11-${String(i + 1).padStart(2, "0")} 10:00`,
        comment: `Visita ${i + 1}`,
      }),
    );
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = serve({
      entries: () => [...others, MINE],
      hold: (body) => (body.side === "others" && body.page === 2 ? held : undefined),
    });
    const { user } = renderCalendar();
    await screen.findAllByTestId("calendar-other-entry");
    const list = card("Otros Proveedores");
    expect(within(list).getAllByTestId("calendar-other-entry")).toHaveLength(10);
    expect(within(list).getByText("Num: 12")).toBeTruthy();
    // A list of one page has no pages to turn.
    expect(within(card("Mis Fechas")).queryByRole("button", { name: "Página 2" })).toBeNull();

    await user.click(within(list).getByRole("button", { name: "Página 2" }));
    // Page 1 stays while page 2 is on its way, marked as loading (readers hear the list is busy): the screen
    // does not jump to a spinner, nor passes page 1 off as the page asked for.
    expect(within(list).getByText("Visita 1")).toBeTruthy();
    expect(screen.queryByText("Cargando el calendario…")).toBeNull();
    expect(within(list).getByRole("status", { name: "Cargando las entradas pedidas…" })).toBeTruthy();
    expect(list.closest("[aria-busy]")?.getAttribute("aria-busy")).toBe("true");
    release();
    expect(await within(list).findByText("Visita 11")).toBeTruthy();
    expect(within(list).queryByRole("status")).toBeNull();
    expect(list.closest("[aria-busy]")).toBeNull();
    expect(within(list).getAllByTestId("calendar-other-entry")).toHaveLength(2);
    expect(within(list).queryByText("Visita 1")).toBeNull();
    expect(listAsks(calls, "others").map((body) => body.page)).toEqual([1, 2]);
    // 'Mis Fechas' stays on its page, not asked again.
    expect(listAsks(calls, "mine").map((body) => body.page)).toEqual([1]);
    expect(screen.getByTestId("calendar-own-entry")).toBeTruthy();

    // A day chosen starts the list again on its first page.
    await user.click(screen.getByRole("button", { name: /^martes 3 de noviembre de 2026/ }));
    expect(await within(list).findByText("Visita 3")).toBeTruthy();
    expect(listAsks(calls, "others").at(-1)).toMatchObject({ day: "2026-11-03", page: 1 });
  });

  it("adds an entry: 'Aceptar' waits for a start, and for an end with a comment; a refusal says why", async () => {
    asProvider();
    const refused = () => json(400, { result: false, error: "calendar.end-not-after-start" });
    let answer = refused;
    const calls = serve({ add: () => answer() });
    const { user } = renderCalendar();
    await screen.findByTestId("calendar-other-entry");

    await user.click(screen.getByRole("button", { name: "Añadir" }));
    let form = await dialog("Añadir entrada");
    const accept = () => within(form).getByRole("button", { name: "Aceptar" }) as HTMLButtonElement;
    expect(accept().disabled).toBe(true);
    expect((within(form).getByLabelText(/Hora de inicio/) as HTMLInputElement).value).toBe("09:00");
    expect((within(form).getByLabelText(/Hora de fin/) as HTMLInputElement).value).toBe("09:00");
    await user.click(within(form).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // With a day chosen, the form starts on it.
    await user.click(screen.getByRole("button", { name: /27 de noviembre de 2026/ }));
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    form = await dialog("Añadir entrada");
    expect(accept().disabled).toBe(false);
    await user.type(within(form).getByLabelText("Comentario"), "Caldera");
    expect(accept().disabled).toBe(true);
    await user.click(within(form).getByRole("button", { name: "Fecha de fin" }));
    await user.click(await screen.findByRole("button", { name: "27 noviembre 2026" }));
    const endTime = within(form).getByLabelText(/Hora de fin/);
    await user.clear(endTime);
    await user.type(endTime, "08:00");
    await user.click(within(form).getByLabelText("Avisar a los proveedores que coincidan"));
    expect(accept().disabled).toBe(false);

    await user.click(accept());
    const failure = await within(form).findByTestId("calendar-add-failed");
    expect(failure.textContent).toContain("Error al introducir la Entrada de calendario");
    expect(failure.textContent).toContain("La fecha de fin debe ser posterior a la de inicio.");
    expect(callsTo(calls, PATHS.add)[0]?.body).toMatchObject({
      id_finca: 7,
      startdate: "2026-11-27 09:00",
      enddate: "2026-11-27 08:00",
      comment: "Caldera",
      notify: true,
    });

    // Set right, it is added: the notice, the month reloads, no coincidences modal without coincidences.
    answer = () => ok({ data: entry(9, { mine: true, notify: true }), incidences: [] });
    await user.clear(endTime);
    await user.type(endTime, "11:00");
    await user.click(accept());
    expect((await screen.findByTestId("calendar-notice-alert")).textContent).toContain(
      "Entrada de calendario introducida correctamente",
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(calls, PATHS.add)[1]?.body).toMatchObject({ enddate: "2026-11-27 11:00" });
    // Both lists of the day shown are asked again.
    for (const side of ["others", "mine"])
      await waitFor(() =>
        expect(listAsks(calls, side).map((body) => body.day)).toEqual([null, "2026-11-27", "2026-11-27"]),
      );
  });

  it("says the number of days of a refusal that names it, not its placeholder", async () => {
    asProvider();
    serve({ add: () => json(400, { result: false, error: "calendar.span-too-long", params: { days: 31 } }) });
    const { user } = renderCalendar();
    await screen.findByTestId("calendar-other-entry");
    await user.click(screen.getByRole("button", { name: /27 de noviembre de 2026/ }));
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    const form = await dialog("Añadir entrada");
    await user.click(within(form).getByRole("button", { name: "Aceptar" }));

    const failure = await within(form).findByTestId("calendar-add-failed");
    expect(failure.textContent).toContain("Una entrada no puede durar más de 31 días");
    expect(failure.textContent).not.toContain("{{");
  });

  it("after an add with coincidences, notifies those checked one at a time and ends with 'Notificaciones enviadas' once", async () => {
    asProvider();
    const calls = serve({
      add: () =>
        ok({
          data: entry(9, { mine: true, notify: true }),
          incidences: [
            coincidence(1),
            coincidence(70, { kind: "schedule", provider_name: "Limpiezas Norte", title: "Limpieza de portal" }),
            coincidence(80, { kind: "seven24", provider_name: "Vigilancia 24", title: "" }),
          ],
        }),
      send: [
        { id: 101, sent: false },
        { id: 102, sent: false },
        { id: 103, sent: false },
      ],
    });
    const { user } = renderCalendar();
    await screen.findByTestId("calendar-other-entry");
    await user.click(screen.getByRole("button", { name: /27 de noviembre de 2026/ }));
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    const form = await dialog("Añadir entrada");
    await user.click(within(form).getByLabelText("Avisar a los proveedores que coincidan"));
    await user.click(within(form).getByRole("button", { name: "Aceptar" }));

    const modal = await dialog("Coincidencias con otros proveedores");
    const rows = within(modal).getAllByTestId("coincidence");
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText("Revisión anual del ascensor")).toBeTruthy();
    expect(within(rows[0]!).getByText("Coinciden: 27/11/2026 10:00–13:00")).toBeTruthy();
    expect(within(rows[1]!).getByText("Limpieza de portal")).toBeTruthy();
    expect(within(rows[2]!).getByText("Servicio 24 horas")).toBeTruthy();
    // The entry asked to notify: every coincidence comes checked; one is left out.
    for (const row of rows) expect((within(row).getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
    await user.click(within(modal).getByRole("checkbox", { name: "Limpiezas Norte" }));

    await user.click(within(modal).getByRole("button", { name: "Avisar a los seleccionados" }));
    expect(await within(modal).findByTestId("notices-sent")).toBeTruthy();
    expect(within(modal).getAllByText("Notificaciones enviadas")).toHaveLength(1);
    expect(callsTo(calls, PATHS.send).map((c) => c.body)).toEqual([
      expect.objectContaining({
        id: 9,
        cons: [
          { kind: "entry", ref: 1 },
          { kind: "seven24", ref: 80 },
        ],
      }),
    ]);
    expect(callsTo(calls, PATHS.notify).map((c) => c.body.id)).toEqual([101, 102, 103]);
    await user.click(within(modal).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("an own entry's 'Coincidencias' shows the notices already sent, 'No hay coincidencias', or 'Ha habido un error'", async () => {
    asProvider();
    let answer = () =>
      ok({
        calendar: [
          coincidence(1, { notice: { id: 101, sent: true, acknowledged: false } }),
          coincidence(5, { provider_name: "Jardines Sur", notice: null }),
        ],
      });
    const calls = serve({ coincidences: () => answer(), send: [{ id: 105, sent: false }] });
    const { user } = renderCalendar();
    const own = await screen.findByTestId("calendar-own-entry");

    await user.click(within(own).getByRole("button", { name: /^Coincidencias: / }));
    let modal = await dialog("Coincidencias con otros proveedores");
    const rows = await within(modal).findAllByTestId("coincidence");
    expect(calls.some((c) => c.path === `${PATHS.coincidences}2`)).toBe(true);
    expect(within(rows[0]!).getByText("Avisado")).toBeTruthy();
    const sent = within(rows[0]!).getByRole("checkbox") as HTMLInputElement;
    expect(sent.disabled).toBe(true);
    // The entry did not ask to notify: nothing comes checked.
    const open = within(rows[1]!).getByRole("checkbox") as HTMLInputElement;
    expect(open.checked).toBe(false);
    expect(
      (within(modal).getByRole("button", { name: "Avisar a los seleccionados" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(open);
    await user.click(within(modal).getByRole("button", { name: "Avisar a los seleccionados" }));
    expect(await within(modal).findByText("Notificaciones enviadas")).toBeTruthy();
    expect(callsTo(calls, PATHS.send)[0]?.body).toMatchObject({ id: 2, cons: [{ kind: "entry", ref: 5 }] });
    expect(callsTo(calls, PATHS.notify).map((c) => c.body.id)).toEqual([105]);
    await user.click(within(modal).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    answer = () => ok({ calendar: [] });
    await user.click(within(own).getByRole("button", { name: /^Coincidencias: / }));
    modal = await dialog("Coincidencias con otros proveedores");
    expect(await within(modal).findByText("No hay coincidencias")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    answer = () => json(500, { result: false });
    await user.click(within(own).getByRole("button", { name: /^Coincidencias: / }));
    modal = await dialog("Coincidencias con otros proveedores");
    expect(await within(modal).findByText("Ha habido un error")).toBeTruthy();
  });

  it("deletes an own entry after '¿Estás seguro?', and the month reloads", async () => {
    asProvider();
    const calls = serve();
    const { user } = renderCalendar();
    const own = await screen.findByTestId("calendar-own-entry");

    await user.click(within(own).getByRole("button", { name: /^Borrar entrada: / }));
    const question = await dialog("Borrar entrada");
    expect(within(question).getByText("¿Estás seguro?")).toBeTruthy();
    await user.click(within(question).getByRole("button", { name: "Cancelar" }));
    expect(callsTo(calls, PATHS.delete)).toHaveLength(0);

    await user.click(within(own).getByRole("button", { name: /^Borrar entrada: / }));
    await user.click(within(await dialog("Borrar entrada")).getByRole("button", { name: "Borrar" }));
    expect((await screen.findByTestId("calendar-notice-alert")).textContent).toContain("Entrada de calendario borrada");
    expect(callsTo(calls, PATHS.delete).map((c) => c.path)).toEqual([`${PATHS.delete}2`]);
    await waitFor(() => expect(listAsks(calls, "mine")).toHaveLength(2));
    await waitFor(() => expect(listAsks(calls, "others")).toHaveLength(2));
  });

  it("answers 'Enterado' to a notice it got; the notices reload", async () => {
    asProvider();
    const got = notice(11, {
      from_provider: { id: 50, name: "Ascensores Levante S.L." },
      to_provider: { id: 60, name: "Fontanería Ruiz" },
      can_acknowledge: true,
    });
    const calls = serve({ notices: [got] });
    const { user } = renderCalendar();
    const row = await screen.findByTestId("calendar-notice");
    expect(within(row).getByText("Enviado")).toBeTruthy();
    expect(within(row).getByText("Entregado 03/11/2026 10:02")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Enterado: aviso de Ascensores Levante S.L." }));
    await waitFor(() => expect(callsTo(calls, PATHS.acknowledge).map((c) => c.body.id)).toEqual([11]));
    await waitFor(() => expect(callsTo(calls, PATHS.notices)).toHaveLength(2));
  });
});

describe("the community calendar for its administrator", () => {
  it("lists every entry in one table, without 'Añadir' or 'Mis Fechas', and the month's notices with their states", async () => {
    asAdministrator();
    const calls = serve({
      notices: [
        notice(11, { acknowledged_at: "2026-11-04 09:30", acknowledged_by: "ana@levante.es" }),
        notice(12, { sent_at: null, delivered_at: null }),
      ],
    });
    renderCalendar();
    await screen.findAllByTestId("calendar-other-entry");
    expect(within(card("Otros Proveedores")).getAllByTestId("calendar-other-entry")).toHaveLength(2);
    // One list of every side, asked once.
    expect(callsTo(calls, PATHS.month).map((c) => c.body.side)).toEqual(["all"]);
    expect(screen.queryByRole("heading", { name: "Mis Fechas" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Añadir" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Borrar entrada|Coincidencias:/ })).toBeNull();

    const [answered, pending] = await screen.findAllByTestId("calendar-notice");
    expect(within(answered!).getByText("Fontanería Ruiz")).toBeTruthy();
    expect(within(answered!).getByText("Enterado 04/11/2026 09:30 por ana@levante.es")).toBeTruthy();
    expect(within(pending!).getByText("Pendiente de envío")).toBeTruthy();
    expect(within(pending!).queryByRole("button", { name: /Enterado/ })).toBeNull();
  });

  it("shows entries and notices as cards on a phone", async () => {
    onPhone();
    asAdministrator();
    serve({ notices: [notice(11)] });
    renderCalendar();
    const cards = await screen.findAllByTestId("calendar-other-entry");
    expect(cards).toHaveLength(2);
    expect(cards[0]!.getAttribute("role")).toBe("listitem");
    expect(within(cards[0]!).getByText("27/11/2026 09:00–13:00")).toBeTruthy();
    const noticeCard = await screen.findByTestId("calendar-notice");
    expect(within(noticeCard).getByText("Fontanería Ruiz → Ascensores Levante S.L.")).toBeTruthy();
  });
});
