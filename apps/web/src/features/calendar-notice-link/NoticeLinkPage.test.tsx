import { type CalendarNotice, Role } from "@coordina/domain";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { AppRoutes } from "../../app/router";

const TOKEN = "k3Jx9Qm2Vt7Lp4Zr8Wc1";

const NOTICE: CalendarNotice = {
  id: 41,
  id_finca: 7,
  finca_name: "Comunidad Río Duero 12",
  kind: "entry",
  id_entry: 300,
  from_provider: { id: 50, name: "Ascensores Levante S.L." },
  to_provider: { id: 51, name: "Limpiezas Duero S.L." },
  startdate: "2026-12-01 09:00",
  enddate: "2026-12-01 13:00",
  overlap_start: "2026-12-01 10:00",
  overlap_end: "2026-12-01 11:30",
  created_at: "2026-11-27 18:02",
  sent_at: "2026-11-27 18:03",
  delivered_at: "2026-11-27 18:04",
  acknowledged_at: null,
  acknowledged_by: null,
  can_acknowledge: false,
};

/** The two link calls: the notice the token names (404 for any other token), and 'Enterado' on it. */
function serve({ notice = NOTICE, acknowledge = undefined as (() => Response) | undefined } = {}) {
  let current = notice;
  return stubServer((path, body) => {
    if (body.token !== TOKEN) return json(404, { result: false, error: "error.not-found" });
    if (path === "/calendar/notice-link") return json(200, { result: true, data: current });
    if (path === "/calendar/acknowledge-link") {
      if (acknowledge) return acknowledge();
      current = { ...current, acknowledged_at: current.acknowledged_at ?? "2026-11-28 09:12" };
      return json(200, { result: true, data: current });
    }
    return json(404, { result: false, error: "error.not-found" });
  });
}

/** The whole app at the link's address, as the mail opens it. */
const openLink = (search: string) => renderInApp(<AppRoutes />, { route: `/aviso${search}` });

describe("the 'Enterado' link of a coincidence notice (/aviso?token=…)", () => {
  it("opens without a session, outside the app shell, and shows the notice", async () => {
    const calls = serve();
    openLink(`?token=${TOKEN}`);
    const notice = await screen.findByTestId("notice-link");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Aviso de coincidencia");
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(notice.textContent).toContain("Comunidad Río Duero 12");
    expect(notice.textContent).toContain("De Ascensores Levante S.L. para Limpiezas Duero S.L.");
    expect(notice.textContent).toContain("Visita de Ascensores Levante S.L.01/12/2026, de 09:00 a 13:00");
    expect(notice.textContent).toContain("Coincidencia01/12/2026, de 10:00 a 11:30");
    expect(notice.textContent).toContain("Enviado27/11/2026 18:03");
    expect(calls).toEqual([{ path: "/calendar/notice-link", body: { token: TOKEN } }]);
  });

  it("answers 'Enterado' once pressed, then says when", async () => {
    const calls = serve();
    const { user } = openLink(`?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Enterado" }));
    expect((await screen.findByTestId("notice-link-acknowledged")).textContent).toContain(
      "Has confirmado que estás enterado el 28/11/2026 09:12.",
    );
    expect(screen.queryByRole("button", { name: "Enterado" })).toBeNull();
    expect(calls.filter((call) => call.path === "/calendar/acknowledge-link")).toEqual([
      { path: "/calendar/acknowledge-link", body: { token: TOKEN } },
    ]);
  });

  it("shows an answer given before directly, without 'Enterado'", async () => {
    serve({ notice: { ...NOTICE, acknowledged_at: "2026-11-27 20:30", acknowledged_by: "gestor@limpiezas.es" } });
    openLink(`?token=${TOKEN}`);
    const done = await screen.findByTestId("notice-link-acknowledged");
    expect(done.textContent).toContain("Has confirmado que estás enterado el 27/11/2026 20:30.");
    expect(done.textContent).toContain("Confirmado por gestor@limpiezas.es.");
    expect(screen.queryByRole("button", { name: "Enterado" })).toBeNull();
  });

  it("shows across days a visit past midnight", async () => {
    serve({ notice: { ...NOTICE, startdate: "2026-12-01 22:00", enddate: "2026-12-02 06:00" } });
    openLink(`?token=${TOKEN}`);
    expect((await screen.findByTestId("notice-link")).textContent).toContain(
      "del 01/12/2026 22:00 al 02/12/2026 06:00",
    );
  });

  it("tells a link it does not know in Spanish, with the way to log in", async () => {
    serve();
    openLink("?token=desconocido-0000000000");
    const invalid = await screen.findByTestId("notice-link-invalid");
    expect(invalid.textContent).toContain("Este enlace de aviso no es válido o ya no está disponible.");
    expect(screen.getByRole("link", { name: "Acceder a Coordina" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: "Enterado" })).toBeNull();
  });

  it("asks nothing without a token", async () => {
    const calls = serve();
    openLink("");
    expect((await screen.findByTestId("notice-link-invalid")).textContent).toContain(
      "Este enlace de aviso no es válido",
    );
    expect(calls).toEqual([]);
  });

  it("keeps 'Enterado' and says why when the answer fails", async () => {
    serve({ acknowledge: () => json(429, { result: false, error: "error.too-many-requests" }) });
    const { user } = openLink(`?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Enterado" }));
    expect(
      await screen.findByText("Demasiadas solicitudes seguidas. Espera unos minutos e inténtalo de nuevo."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enterado" })).toBeTruthy();
    expect(screen.queryByTestId("notice-link-acknowledged")).toBeNull();
  });

  it("works as well with a session open in the browser, still outside the app shell", async () => {
    startTestSession([], { role: Role.gremio, companyId: 51 });
    const calls = serve();
    const { user } = openLink(`?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Enterado" }));
    await screen.findByTestId("notice-link-acknowledged");
    expect(screen.queryByRole("navigation")).toBeNull();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/calendar/acknowledge-link"));
    expect(screen.getByRole("link", { name: "Ver el calendario de la comunidad" }).getAttribute("href")).toBe(
      "/comunidades/comunidad/7/gremio/calendar",
    );
  });
});
