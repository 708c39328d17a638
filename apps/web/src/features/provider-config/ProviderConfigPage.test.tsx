import { Role, type Schedule } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import ProviderConfigPage from "./ProviderConfigPage";

const PATHS = {
  exists: "/companies/company-configs/exists",
  addConfig: "/companies/company-configs/add",
  deleteConfig: "/companies/company-configs/delete",
  schedules: "/companies/CalendarSchedules/list",
  addSchedule: "/companies/CalendarSchedules/add",
  feed: "/calendar/feed",
  renew: "/calendar/feed/renew",
};

const NIGHT: Schedule = {
  id: 5,
  title: "Guardia nocturna",
  weekday: "3,1",
  starttime: "22:00",
  endtime: "06:00",
  obsolete: "2027-01-31",
  id_company: 2,
};
const MORNING: Schedule = {
  id: 6,
  title: "Limpieza de portal",
  weekday: "5",
  starttime: "08:00",
  endtime: "10:30",
  obsolete: null,
  id_company: 2,
};

const FEED_URL = "https://coordina.example/ical/0123456789abcdef0123456789abcdef.ics";

type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;

/**
 * The provider's server as far as this page goes: the 24-hour flag, its schedules and its calendar address,
 * each kept as the calls change it; `over` replaces the answer of a path.
 */
function serve({
  seven24 = false,
  schedules = [NIGHT, MORNING],
  feedSince = null as string | null,
  over = {} as Record<string, Answer>,
} = {}) {
  let flag = seven24;
  let rows = schedules;
  let since = feedSince;
  let nextId = 100;
  const calls = stubServer(async (path, body) => {
    const custom = over[path];
    if (custom) return custom(body);
    if (path === PATHS.exists) return json(200, { result: flag });
    if (path === PATHS.addConfig) {
      flag = true;
      return json(200, { result: true });
    }
    if (path === PATHS.deleteConfig) {
      flag = false;
      return json(200, { result: true });
    }
    if (path === PATHS.schedules) return json(200, { result: true, data: rows });
    if (path === PATHS.addSchedule) {
      const data = { ...(body as unknown as Schedule), id: nextId++, id_company: 2 };
      rows = [...rows, data];
      return json(200, { result: true, data });
    }
    const deleted = /^\/companies\/CalendarSchedules\/delete\/(\d+)$/.exec(path);
    if (deleted) {
      rows = rows.filter((row) => row.id !== Number(deleted[1]));
      return json(200, { result: true });
    }
    if (path === PATHS.feed) return json(200, { result: true, data: { url: null, created_at: since } });
    if (path === PATHS.renew) {
      since = "2026-11-27 10:15";
      return json(200, { result: true, data: { url: FEED_URL, created_at: since } });
    }
    return json(404, { result: false, error: "error.not-found" });
  });
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

function renderPage() {
  startTestSession([], { role: Role.gremio, companyId: 2 });
  return renderInApp(<ProviderConfigPage />, { route: "/proveedores/config/calendar" });
}

/** A call that answers only when the test lets it go. */
function held(answer: () => Response) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answerLater = async () => {
    await gate;
    return answer();
  };
  return { answer: answerLater, release: () => release() };
}

const seven24Box = () => screen.findByRole("checkbox", { name: /Servicio 24 horas, 7 días de la semana/ });

describe("'Calendario y servicio': the page", () => {
  it("is titled as its menu entry, with the 24-hour service, 'Programación' and the calendar address", async () => {
    serve();
    renderPage();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Calendario y servicio");
    expect(screen.getByRole("heading", { name: "Servicio 24 horas" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Programación" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Calendario en tu agenda" })).toBeTruthy();
    expect(
      await screen.findByText(
        "Los demás proveedores verán, en todas las comunidades en las que trabajas, que ofreces servicio 24 horas.",
      ),
    ).toBeTruthy();
  });
});

describe("'Servicio 24 horas, 7 días de la semana' (spec 02 §4 '24h service')", () => {
  it("reads {result:false} as not offered, saves the key when ticked and deletes it when unticked", async () => {
    const { callsTo } = serve();
    const { user } = renderPage();
    const box = (await seven24Box()) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(callsTo(PATHS.exists)[0]?.body).toMatchObject({ key: "seven-24" });

    await user.click(box);
    await waitFor(() =>
      expect((screen.getByRole("checkbox", { name: /Servicio 24 horas/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(callsTo(PATHS.addConfig).map((call) => call.body)).toEqual([{ key: "seven-24", value: "1", colg_id: 1 }]);
    // Read again from the server, which now holds the key.
    await waitFor(() => expect(callsTo(PATHS.exists).length).toBe(2));
    expect(await screen.findByText("Guardado: ofreces servicio 24 horas.")).toBeTruthy();

    await user.click(screen.getByRole("checkbox", { name: /Servicio 24 horas/ }));
    await waitFor(() =>
      expect((screen.getByRole("checkbox", { name: /Servicio 24 horas/ }) as HTMLInputElement).checked).toBe(false),
    );
    expect(callsTo(PATHS.deleteConfig).map((call) => call.body)).toEqual([{ key: "seven-24", colg_id: 1 }]);
    await waitFor(() => expect(callsTo(PATHS.exists).length).toBe(3));
  });

  it("shows the service offered when the key is set, and waits, saying so, while a change is saved", async () => {
    const deleteHeld = held(() => json(200, { result: true }));
    const { callsTo } = serve({ seven24: true, over: { [PATHS.deleteConfig]: deleteHeld.answer } });
    const { user } = renderPage();
    const box = (await seven24Box()) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));

    await user.click(box);
    expect(await screen.findByText("Guardando…")).toBeTruthy();
    const waiting = screen.getByRole("checkbox", { name: /Servicio 24 horas/ }) as HTMLInputElement;
    expect(waiting.disabled).toBe(true);
    expect(waiting.checked).toBe(false);
    expect(callsTo(PATHS.deleteConfig)).toHaveLength(1);

    deleteHeld.release();
    await waitFor(() => expect(screen.queryByText("Guardando…")).toBeNull());
    // The server still holds the key (the stub's delete did not change it): the box follows the server.
    await waitFor(() => expect(callsTo(PATHS.exists).length).toBe(2));
    await waitFor(() =>
      expect((screen.getByRole("checkbox", { name: /Servicio 24 horas/ }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it("shows a refusal in Spanish and stays as the server has it", async () => {
    const { callsTo } = serve({
      over: { [PATHS.addConfig]: () => json(403, { result: false, error: "error.forbidden" }) },
    });
    const { user } = renderPage();
    await user.click(await seven24Box());
    expect((await screen.findByTestId("seven24-error")).textContent).toContain(
      "No tienes permiso para realizar esta operación.",
    );
    await waitFor(() => expect(callsTo(PATHS.exists).length).toBe(2));
    expect((screen.getByRole("checkbox", { name: /Servicio 24 horas/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("says why the state could not be read, and asks again on 'Reintentar'", async () => {
    let failures = 1;
    serve({
      over: {
        [PATHS.exists]: () =>
          failures-- > 0 ? json(403, { result: false, error: "error.forbidden" }) : json(200, { result: true }),
      },
    });
    const { user } = renderPage();
    expect(await screen.findByText("No tienes permiso para realizar esta operación.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(async () => expect(((await seven24Box()) as HTMLInputElement).checked).toBe(true));
  });
});

const scheduleRows = () => screen.getAllByTestId("schedule-row");

describe("'Programación' (spec 02 §2, §5 'Schedule form')", () => {
  it("lists each slot with its days in words, its hours (past midnight said so) and its expiry", async () => {
    serve();
    renderPage();
    await screen.findByText("Guardia nocturna");
    const [night, morning] = scheduleRows();
    expect(night?.textContent).toContain("Lunes, Miércoles");
    expect(night?.textContent).toContain("de 22:00 a 06:00 (hasta el día siguiente)");
    expect(night?.textContent).toContain("Hasta 31/01/2027");
    expect(morning?.textContent).toContain("Viernes");
    expect(morning?.textContent).toContain("de 08:00 a 10:30");
    expect(morning?.textContent).not.toContain("día siguiente");
    expect(morning?.textContent).toContain("Sin caducidad");
  });

  it("is a card per slot on a phone", async () => {
    onPhone();
    serve();
    renderPage();
    const cards = within(await screen.findByTestId("schedule-cards")).getAllByTestId("schedule-card");
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("Guardia nocturna");
    expect(cards[0]?.textContent).toContain("de 22:00 a 06:00 (hasta el día siguiente)");
    expect(within(cards[0]!).getByRole("button", { name: "Borrar: Guardia nocturna" })).toBeTruthy();
  });

  it("says so when there is none", async () => {
    serve({ schedules: [] });
    renderPage();
    expect(await screen.findByText("No hay horarios programados")).toBeTruthy();
  });

  it("deletes a slot only after '¿Estás seguro?', with an empty body, and reloads it and the months", async () => {
    const { calls, callsTo } = serve();
    const { user, queryClient } = renderPage();
    // A community's month seen before shows the provider's slots beside the entries: it is read again.
    const month = ["calendar-month", 7, 2026, 12];
    queryClient.setQueryData(month, { result: true, calendar: [], schedules: [], services24: [] });
    await screen.findByText("Guardia nocturna");
    await user.click(screen.getByRole("button", { name: "Borrar: Guardia nocturna" }));
    const question = await screen.findByRole("dialog", { name: "Borrar horario" });
    expect(question.textContent).toContain("¿Estás seguro? Se borrará el horario «Guardia nocturna».");
    await user.click(within(question).getByRole("button", { name: "Cancelar" }));
    expect(calls.some((call) => call.path.includes("/delete/"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Borrar: Guardia nocturna" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Borrar horario" })).getByRole("button", { name: "Borrar" }),
    );
    expect((await screen.findByTestId("schedules-notice")).textContent).toContain(
      "Se ha borrado el horario «Guardia nocturna».",
    );
    const deletes = calls.filter((call) => call.path.includes("/delete/"));
    expect(deletes).toEqual([{ path: "/companies/CalendarSchedules/delete/5", body: { colg_id: 1 } }]);
    await waitFor(() => expect(screen.queryByText("Guardia nocturna")).toBeNull());
    expect(callsTo(PATHS.schedules).length).toBeGreaterThanOrEqual(2);
    expect(queryClient.getQueryState(month)?.isInvalidated).toBe(true);
  });
});

describe("'Añadir' of 'Programación'", () => {
  async function openForm() {
    const rendered = renderPage();
    await screen.findByText("Guardia nocturna");
    await rendered.user.click(screen.getByRole("button", { name: "Añadir" }));
    const dialog = await screen.findByRole("dialog", { name: "Añadir horario" });
    return { ...rendered, dialog };
  }
  const save = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: "Guardar" }) as HTMLButtonElement;

  it("is not closed by a click outside it", async () => {
    serve();
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "Guardia");
    const overlay = document.querySelector<HTMLElement>(".mantine-Modal-overlay");
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(screen.getByRole("dialog", { name: "Añadir horario" })).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: /Título/ }) as HTMLInputElement).value).toBe("Guardia");
  });

  it("saves only with a title, a weekday and both times; weekdays joined Monday first, no expiry unless ticked", async () => {
    const { callsTo } = serve();
    const { user, dialog } = await openForm();
    expect(save(dialog).disabled).toBe(true);

    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "   ");
    await user.click(within(dialog).getByRole("checkbox", { name: "Sábado" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Martes" }));
    await user.type(within(dialog).getByLabelText(/Hora de inicio/), "21:30");
    await user.type(within(dialog).getByLabelText(/Hora de fin/), "07:00");
    // A blank title is no title.
    expect(save(dialog).disabled).toBe(true);
    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "Retén de fin de semana");
    expect(save(dialog).disabled).toBe(false);
    expect(dialog.textContent).toContain(
      "Si la hora de fin es anterior a la de inicio, el horario sigue hasta el día siguiente",
    );

    // Unticking the last weekday, or emptying a time, blocks it again.
    await user.click(within(dialog).getByRole("checkbox", { name: "Sábado" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Martes" }));
    expect(save(dialog).disabled).toBe(true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Sábado" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Martes" }));
    await user.clear(within(dialog).getByLabelText(/Hora de fin/));
    expect(save(dialog).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Hora de fin/), "07:00");

    // The expiry date waits for its checkbox; ticked without a date, nothing is saved.
    const expiry = within(dialog).getByRole("button", { name: "Fecha de caducidad" }) as HTMLButtonElement;
    expect(expiry.disabled).toBe(true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Con fecha de caducidad" }));
    expect(save(dialog).disabled).toBe(true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Con fecha de caducidad" }));

    await user.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Añadir horario" })).toBeNull());
    expect(callsTo(PATHS.addSchedule).map((call) => call.body)).toEqual([
      {
        title: "Retén de fin de semana",
        weekday: "2,6",
        starttime: "21:30",
        endtime: "07:00",
        obsolete: null,
        colg_id: 1,
      },
    ]);
    expect((await screen.findByTestId("schedules-notice")).textContent).toContain(
      "Se ha añadido el horario «Retén de fin de semana».",
    );
    const added = await screen.findByText("Retén de fin de semana");
    expect(added.closest("tr")?.textContent).toContain("Martes, Sábado");
    expect(added.closest("tr")?.textContent).toContain("de 21:30 a 07:00 (hasta el día siguiente)");
  });

  it("sends the expiry date when its checkbox is ticked", async () => {
    const { callsTo } = serve();
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "Mantenimiento");
    await user.click(within(dialog).getByRole("checkbox", { name: "Lunes" }));
    await user.type(within(dialog).getByLabelText(/Hora de inicio/), "08:00");
    await user.type(within(dialog).getByLabelText(/Hora de fin/), "09:00");
    await user.click(within(dialog).getByRole("checkbox", { name: "Con fecha de caducidad" }));
    await user.click(within(dialog).getByRole("button", { name: "Fecha de caducidad" }));
    await user.click(await screen.findByRole("button", { name: /^15 / }));
    await user.click(save(dialog));
    await waitFor(() => expect(callsTo(PATHS.addSchedule)).toHaveLength(1));
    expect(callsTo(PATHS.addSchedule)[0]?.body).toMatchObject({
      weekday: "1",
      obsolete: expect.stringMatching(/^\d{4}-\d{2}-15$/),
    });
  });

  it("shows a refusal in Spanish in the form, which keeps what was typed", async () => {
    serve({
      over: { [PATHS.addSchedule]: () => json(400, { result: false, error: "error.invalid-input" }) },
    });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "Guardia");
    await user.click(within(dialog).getByRole("checkbox", { name: "Domingo" }));
    await user.type(within(dialog).getByLabelText(/Hora de inicio/), "10:00");
    await user.type(within(dialog).getByLabelText(/Hora de fin/), "10:00");
    await user.click(save(dialog));
    expect((await within(dialog).findByTestId("schedule-failure")).textContent).toBe(
      "Los datos enviados no son válidos. Revísalos e inténtalo de nuevo.",
    );
    expect(screen.getByRole("dialog", { name: "Añadir horario" })).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: /Título/ }) as HTMLInputElement).value).toBe("Guardia");
  });
});

describe("'Calendario en tu agenda' (issue 22 item 5)", () => {
  it("creates the first address at once and shows it this once, read-only, with a copy button", async () => {
    const { callsTo } = serve();
    const { user } = renderPage();
    expect((await screen.findByTestId("feed-state")).textContent).toBe(
      "Todavía no tienes una dirección de calendario.",
    );
    expect(screen.queryByTestId("feed-address")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Crear dirección" }));
    const shown = await screen.findByTestId("feed-address");
    expect(callsTo(PATHS.renew)).toHaveLength(1);
    const field = within(shown).getByRole("textbox", { name: "Dirección de tu calendario" }) as HTMLInputElement;
    expect(field.value).toBe(FEED_URL);
    expect(field.readOnly).toBe(true);
    expect(shown.textContent).toContain("solo se muestra esta vez");
    expect(shown.textContent).toContain("«Suscribirse desde URL»");
    expect(screen.getByTestId("feed-state").textContent).toBe(
      "Tienes una dirección de calendario creada el 27/11/2026 10:15.",
    );

    await user.click(within(shown).getByRole("button", { name: "Copiar" }));
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
    expect(await within(shown).findByRole("button", { name: "Copiada" })).toBeTruthy();
  });

  it("renews an address only after warning that the old one stops working; the state never holds the address", async () => {
    const { callsTo } = serve({ feedSince: "2026-10-02 18:40" });
    const { user, unmount } = renderPage();
    expect((await screen.findByTestId("feed-state")).textContent).toBe(
      "Tienes una dirección de calendario creada el 02/10/2026 18:40.",
    );
    await user.click(screen.getByRole("button", { name: "Renovar dirección" }));
    const question = await screen.findByRole("dialog", { name: "Renovar dirección" });
    expect(question.textContent).toContain("La dirección anterior dejará de funcionar");
    await user.click(within(question).getByRole("button", { name: "Cancelar" }));
    expect(callsTo(PATHS.renew)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Renovar dirección" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Renovar dirección" })).getByRole("button", { name: "Renovar" }),
    );
    expect(
      ((await screen.findByRole("textbox", { name: "Dirección de tu calendario" })) as HTMLInputElement).value,
    ).toBe(FEED_URL);
    expect(callsTo(PATHS.renew)).toHaveLength(1);

    // Coming back, only when it was made is known: the address is not shown again.
    unmount();
    renderPage();
    expect((await screen.findByTestId("feed-state")).textContent).toContain("27/11/2026 10:15");
    expect(screen.queryByTestId("feed-address")).toBeNull();
  });

  it("shows a refusal to renew in Spanish", async () => {
    serve({ over: { [PATHS.renew]: () => json(403, { result: false, error: "error.forbidden" }) } });
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Crear dirección" }));
    expect(await screen.findByText("No tienes permiso para realizar esta operación.")).toBeTruthy();
    expect(screen.queryByTestId("feed-address")).toBeNull();
  });
});
