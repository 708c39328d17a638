import { type ColegioInclusionRequest, Role } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../../test/fakeServer";
import { renderInApp } from "../../../../test/render";
import { startTestSession } from "../../../../test/session";
import { colegioInclusionRequestsQuery } from "../api/inclusionRequests";
import { InclusionRequestsCard } from "./InclusionRequestsCard";

const request = (id: number, name: string, message: string | null): ColegioInclusionRequest => ({
  id,
  company: { id: 100 + id, name, cif: `B4600000${id}`, email: `gestor${id}@empresa.es` },
  requested_by: `gestor${id}@empresa.es`,
  message,
  created_at: "2026-11-20T10:00:00Z",
});

/** The colegio's server: its open requests, which an answer closes. */
function serve(initial: ColegioInclusionRequest[]) {
  let open = initial;
  return stubServer((path) => {
    if (path === "/inclusion/colegio/requests") return json(200, { result: true, data: open });
    const decided = /^\/inclusion\/colegio\/requests\/(\d+)\/(include|decline)$/.exec(path);
    if (decided) {
      open = open.filter((r) => r.id !== Number(decided[1]));
      return json(200, { result: true });
    }
    throw new Error(`unexpected call to ${path}`);
  });
}

describe("'Solicitudes de inclusión' above the colegio's providers", () => {
  it("lists who asks, includes with one click and declines after a question, telling what happened", async () => {
    startTestSession([], { role: Role.colegio, email: "colegio@coordina.test" });
    const calls = serve([
      request(1, "Reformas Nueva S.L.", "Trabajamos en la calle Mayor"),
      request(2, "Pinturas Sol S.L.", null),
    ]);
    const { user } = renderInApp(<InclusionRequestsCard />);

    const card = await screen.findByRole("region", { name: "Solicitudes de inclusión" });
    const items = within(card).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("Reformas Nueva S.L.");
    expect(items[0]!.textContent).toContain("NIF/CIF B46000001 · Pedido el 20/11/2026 por gestor1@empresa.es");
    expect(items[0]!.textContent).toContain("Mensaje: «Trabajamos en la calle Mayor»");

    await user.click(within(card).getByRole("button", { name: "Incluir a Reformas Nueva S.L." }));
    expect(
      await screen.findByText("«Reformas Nueva S.L.» ya es proveedor del colegio. Le hemos avisado por e-mail."),
    ).toBeTruthy();
    expect(await within(card).findByRole("listitem")).toBeTruthy();
    expect(within(card).getAllByRole("listitem")).toHaveLength(1);

    await user.click(within(card).getByRole("button", { name: "Rechazar la solicitud de Pinturas Sol S.L." }));
    const dialog = await screen.findByRole("dialog", { name: "Rechazar la solicitud" });
    await user.click(within(dialog).getByRole("button", { name: "Rechazar" }));
    expect(
      await screen.findByText("Has rechazado la solicitud de «Pinturas Sol S.L.». Le hemos avisado por e-mail."),
    ).toBeTruthy();
    // None left: the card goes, the notice stays.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Solicitudes de inclusión" })).toBeNull());
    expect(screen.getByTestId("inclusion-notice")).toBeTruthy();
    expect(calls.map((c) => c.path).filter((p) => p.includes("/requests/"))).toEqual([
      "/inclusion/colegio/requests/1/include",
      "/inclusion/colegio/requests/2/decline",
    ]);
  });

  it("says when the requests cannot be read, and 'Reintentar' reads them again", async () => {
    startTestSession([], { role: Role.colegio, email: "colegio@coordina.test" });
    let asked = 0;
    stubServer((path) => {
      if (path === "/inclusion/colegio/requests")
        return ++asked === 1
          ? json(500, { result: false, error: "error.generic-error" })
          : json(200, { result: true, data: [request(1, "Reformas Nueva S.L.", null)] });
      throw new Error(`unexpected call to ${path}`);
    });
    const { user } = renderInApp(<InclusionRequestsCard />);
    const error = await screen.findByTestId("inclusion-requests-error");
    expect(error.textContent).toContain("No se han podido cargar las solicitudes de inclusión de proveedores.");

    await user.click(within(error).getByRole("button", { name: "Reintentar" }));
    const card = await screen.findByRole("region", { name: "Solicitudes de inclusión" });
    expect(within(card).getByRole("listitem").textContent).toContain("Reformas Nueva S.L.");
    expect(screen.queryByTestId("inclusion-requests-error")).toBeNull();
  });

  it("tells the outcome of two quick decisions, and takes each decided request away before the list is read again", async () => {
    startTestSession([], { role: Role.colegio, email: "colegio@coordina.test" });
    // The answers to both decisions and to the list read again come when the test gives them.
    const answers = new Map<string, (response: Response) => void>();
    const later = (key: string) => new Promise<Response>((resolve) => answers.set(key, resolve));
    let listed = 0;
    const calls = stubServer((path) => {
      if (path === "/inclusion/colegio/requests")
        return ++listed === 1
          ? json(200, {
              result: true,
              data: [request(1, "Reformas Nueva S.L.", null), request(2, "Pinturas Sol S.L.", null)],
            })
          : later(`list-${listed}`);
      if (path.startsWith("/inclusion/colegio/requests/")) return later(path);
      throw new Error(`unexpected call to ${path}`);
    });
    const { user } = renderInApp(<InclusionRequestsCard />);
    const card = await screen.findByRole("region", { name: "Solicitudes de inclusión" });
    const include = (name: string) =>
      within(card).queryByRole("button", { name: `Incluir a ${name}` }) as HTMLButtonElement | null;

    await user.click(include("Reformas Nueva S.L.")!);
    await user.click(include("Pinturas Sol S.L.")!);
    // Both are being decided: neither can be clicked again.
    expect(include("Reformas Nueva S.L.")!.disabled).toBe(true);
    expect(include("Pinturas Sol S.L.")!.disabled).toBe(true);

    await waitFor(() => expect(answers.has("/inclusion/colegio/requests/2/include")).toBe(true));
    answers.get("/inclusion/colegio/requests/1/include")!(json(200, { result: true }));
    answers.get("/inclusion/colegio/requests/2/include")!(json(200, { result: true }));
    const notice = await screen.findByTestId("inclusion-notice");
    await waitFor(() => expect(notice.textContent).toContain("«Pinturas Sol S.L.» ya es proveedor del colegio."));
    expect(notice.textContent).toContain("«Reformas Nueva S.L.» ya es proveedor del colegio.");
    // The list is still being read again, and neither request is left to click.
    expect(screen.queryByRole("region", { name: "Solicitudes de inclusión" })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith("/inclusion/colegio/requests/")).map((c) => c.path)).toEqual([
      "/inclusion/colegio/requests/1/include",
      "/inclusion/colegio/requests/2/include",
    ]);
    for (const [key, give] of answers) if (key.startsWith("list-")) give(json(200, { result: true, data: [] }));
  });

  it("shows nothing while there are no requests", async () => {
    startTestSession([], { role: Role.colegio, email: "colegio@coordina.test" });
    const calls = serve([]);
    const { queryClient } = renderInApp(<InclusionRequestsCard />);
    // The list was read, and its empty answer shown.
    await waitFor(() =>
      expect(queryClient.getQueryState(colegioInclusionRequestsQuery().queryKey)?.status).toBe("success"),
    );
    expect(calls.map((c) => c.path)).toEqual(["/inclusion/colegio/requests"]);
    expect(screen.queryByRole("region", { name: "Solicitudes de inclusión" })).toBeNull();
  });
});
