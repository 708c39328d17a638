import { DEFAULT_FEATURES, FEATURE, type OwnInclusionRequest, Role, type SessionData } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { json, stubServer } from "../../test/fakeServer";
import { renderInApp } from "../../test/render";
import { queryClient } from "./queryClient";
import { AppRoutes } from "./router";
import { session } from "./session";

/*
 * Issue 21: a provider that registered on its own belongs to no colegio. Its screens say why instead of
 * 'Elige primero un colegio.', ask the server nothing that needs a colegio, and let it ask a colegio to
 * include it. Users of several colegios find the colegio picker in the menu too (a phone's only way).
 */

const MADRID = { id: 1, name: "Colegio de Administradores de Fincas de Madrid" };
const BARCELONA = { id: 2, name: "Col·legi d'Administradors de Finques de Barcelona" };

function signIn(colegios: { id: number; name: string }[], flags = [...DEFAULT_FEATURES, FEATURE.pendingTasks]) {
  const data = {
    token: "t",
    user: { id: 4, email: "gestor@reformasnueva.es", user_role: Role.gremio },
    company: { id: 5, name: "Reformas Nueva S.L." },
    colegios,
    flags,
    issuer: "test",
  } as unknown as SessionData;
  session.start(data, false, true);
  return data;
}

/** The server of a provider in no colegio: its open requests live here, as the server keeps them. */
function serveNoColegio(data: SessionData) {
  let open: OwnInclusionRequest[] = [];
  const calls = stubServer((path, body) => {
    if (path === "/companies/users/current") return json(200, { result: true, data });
    if (path === "/inclusion/requests") {
      if (body.colegio_id === undefined) return json(200, { result: true, data: open });
      const colegio = [MADRID, BARCELONA].find((c) => c.id === body.colegio_id)!;
      open = [{ id: 9, colegio, message: (body.message as string) ?? null, created_at: "2026-11-20T10:00:00Z" }];
      return json(200, { result: true, data: { id: 9 } });
    }
    if (path === "/inclusion/colegios") return json(200, { result: true, data: [MADRID, BARCELONA] });
    if (path === "/inclusion/requests/9/withdraw") {
      open = [];
      return json(200, { result: true });
    }
    return json(400, { result: false, error: "documents.colegio-required" });
  });
  return calls;
}

afterEach(() => queryClient.clear());

describe("a provider in no colegio", () => {
  it("is told why on 'Tareas pendientes', asks a colegio to include it, sees the request and withdraws it", async () => {
    const calls = serveNoColegio(signIn([]));
    const { user } = renderInApp(<AppRoutes />, { route: "/proveedores/main" });

    const notice = await screen.findByTestId("no-colegio");
    expect(within(notice).getByRole("heading", { name: "Tu empresa aún no pertenece a ningún colegio" })).toBeTruthy();
    expect(screen.queryByText("Elige primero un colegio.")).toBeNull();

    await user.click(await within(notice).findByRole("button", { name: "Solicitar inclusión" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitar inclusión en un colegio" });
    // Sending without a colegio says what is missing and sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Enviar solicitud" }));
    expect(within(dialog).getByText("Elige el colegio al que quieres pedírselo")).toBeTruthy();
    await user.click(within(dialog).getByRole("combobox", { name: "Colegio" }));
    await user.click(await screen.findByRole("option", { name: MADRID.name }));
    await user.type(
      within(dialog).getByRole("textbox", { name: "Mensaje para el colegio (opcional)" }),
      "Trabajamos en la calle Mayor",
    );
    await user.click(within(dialog).getByRole("button", { name: "Enviar solicitud" }));

    expect(
      await within(notice).findByText(`Solicitud enviada a ${MADRID.name}. Te avisaremos por e-mail cuando responda.`),
    ).toBeTruthy();
    const request = await within(notice).findByTestId("inclusion-request");
    expect(request.textContent).toContain(`Enviada a ${MADRID.name} el 20/11/2026. Pendiente de respuesta.`);
    const sent = calls.filter((c) => c.path === "/inclusion/requests" && c.body.colegio_id !== undefined);
    expect(sent.map((c) => c.body)).toEqual([{ colegio_id: 1, message: "Trabajamos en la calle Mayor" }]);

    await user.click(within(request).getByRole("button", { name: `Retirar la solicitud a ${MADRID.name}` }));
    expect(await within(notice).findByText(`Has retirado la solicitud a ${MADRID.name}.`)).toBeTruthy();
    expect(within(notice).queryByTestId("inclusion-request")).toBeNull();
    // Nothing that needs a colegio was asked.
    expect(
      calls.filter((c) => c.path.startsWith("/companies/providers/") || c.path.startsWith("/companies/documents/")),
    ).toEqual([]);
  });

  it("on its start page and its general documents: the summary explains, and getcompanydefined is never called", async () => {
    const calls = serveNoColegio(signIn([], [...DEFAULT_FEATURES]));
    const { user } = renderInApp(<AppRoutes />, { route: "/" });
    const summary = await screen.findByRole("region", { name: "Tareas pendientes" });
    expect(await within(summary).findByText(/Tu empresa aún no pertenece a ningún colegio/)).toBeTruthy();
    expect(within(summary).getByRole("button", { name: "Solicitar inclusión" })).toBeTruthy();

    await user.click(
      within(screen.getByRole("navigation", { name: "Menú" })).getByRole("link", { name: "Documentos generales" }),
    );
    expect(await screen.findByTestId("no-colegio")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/companies/documents/getcompanydefined")).toEqual([]);
    expect(calls.filter((c) => c.path.startsWith("/companies/providers/"))).toEqual([]);
  });
  it("sees the colegio that included it on coming back to the tab, instead of being invited to ask again", async () => {
    const data = signIn([]);
    let included = false;
    const request: OwnInclusionRequest = { id: 9, colegio: MADRID, message: null, created_at: "2026-11-20T10:00:00Z" };
    stubServer((path) => {
      if (path === "/companies/users/current")
        return json(200, { result: true, data: { ...data, colegios: included ? [MADRID] : [] } });
      if (path === "/inclusion/requests") return json(200, { result: true, data: included ? [] : [request] });
      return json(200, { result: true, data: [] });
    });
    renderInApp(<AppRoutes />, { route: "/proveedores/main" });
    const notice = await screen.findByTestId("no-colegio");
    expect(await within(notice).findByTestId("inclusion-request")).toBeTruthy();

    // Madrid includes it (its session, read less than 5 minutes ago, still says no colegio); it comes back.
    included = true;
    window.dispatchEvent(new Event("visibilitychange"));
    expect((await screen.findByTestId("current-colegio")).textContent).toBe(MADRID.name);
    expect(screen.queryByTestId("no-colegio")).toBeNull();
    expect(session.get()?.colegio).toEqual(MADRID);
  });
});

describe("the colegio picker", () => {
  it("is in the menu as well (the burger on a phone), and switches the colegio from there", async () => {
    const data = signIn([MADRID, BARCELONA]);
    stubServer((path) => {
      if (path === "/companies/users/current") return json(200, { result: true, data });
      return json(200, { result: true, data: [] });
    });
    const { user } = renderInApp(<AppRoutes />, { route: "/proveedores/main" });
    const menu = await screen.findByRole("navigation", { name: "Menú" });
    // The burger opens the menu (full screen on a phone)…
    const burger = screen.getByRole("button", { name: "Menú" });
    await user.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("true");
    const picker = within(menu).getByRole("combobox", { name: "Colegio" });
    await user.click(picker);
    await user.click(await screen.findByRole("option", { name: BARCELONA.name }));
    expect(session.get()?.colegio).toEqual(BARCELONA);
    expect((within(menu).getByRole("combobox", { name: "Colegio" }) as HTMLInputElement).value).toBe(BARCELONA.name);
    // …which a switch closes, showing the colegio's screen.
    expect(burger.getAttribute("aria-expanded")).toBe("false");
  });

  it("names the only colegio in the menu too", async () => {
    const data = signIn([MADRID]);
    stubServer((path) => {
      if (path === "/companies/users/current") return json(200, { result: true, data });
      return json(200, { result: true, data: [] });
    });
    renderInApp(<AppRoutes />, { route: "/proveedores/main" });
    const menu = await screen.findByRole("navigation", { name: "Menú" });
    expect(within(menu).getByTestId("current-colegio-menu").textContent).toBe(MADRID.name);
  });
});
