import type { OwnInclusionRequest } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { ownInclusionRequestsQuery } from "./api/ownInclusionRequests";
import { NoColegioNotice } from "./NoColegioNotice";

const MADRID = { id: 1, name: "Colegio de Administradores de Fincas de Madrid" };
const BARCELONA = { id: 2, name: "Col·legi d'Administradors de Finques de Barcelona" };
const TO_MADRID: OwnInclusionRequest = { id: 9, colegio: MADRID, message: null, created_at: "2026-11-20T10:00:00Z" };
const FAILED = () => json(500, { result: false, error: "error.generic-error" });

/** An answer the test gives when it chooses. */
function later() {
  let give!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => {
    give = resolve;
  });
  return { response, give };
}

const askButton = (notice: HTMLElement) =>
  within(notice).getByRole("button", { name: "Solicitar inclusión" }) as HTMLButtonElement;

describe("the notice of a provider in no colegio", () => {
  it("says when its requests cannot be read, still lets it ask, and 'Reintentar' reads them again", async () => {
    let asked = 0;
    const first = later();
    stubServer((path) => {
      if (path === "/inclusion/requests")
        return ++asked === 1 ? first.response : json(200, { result: true, data: [TO_MADRID] });
      if (path === "/inclusion/colegios") return json(200, { result: true, data: [MADRID, BARCELONA] });
      throw new Error(`unexpected call to ${path}`);
    });
    const { user } = renderInApp(<NoColegioNotice />);
    const notice = screen.getByTestId("no-colegio");
    // While its requests load, it says so, and waits to offer asking.
    expect(within(notice).getByText("Cargando tus solicitudes…")).toBeTruthy();
    expect(askButton(notice).disabled).toBe(true);

    first.give(FAILED());
    const error = await within(notice).findByTestId("inclusion-requests-error");
    expect(error.textContent).toContain("No se han podido cargar tus solicitudes de inclusión.");
    expect(within(notice).queryByText("Cargando tus solicitudes…")).toBeNull();
    // Not stuck: it may still ask (the server refuses a second request to the same colegio).
    expect(askButton(notice).disabled).toBe(false);
    await user.click(askButton(notice));
    expect(await screen.findByRole("dialog", { name: "Solicitar inclusión en un colegio" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancelar" }));

    await user.click(within(error).getByRole("button", { name: "Reintentar" }));
    const request = await within(notice).findByTestId("inclusion-request");
    expect(request.textContent).toContain(`Enviada a ${MADRID.name} el 20/11/2026. Pendiente de respuesta.`);
    expect(within(notice).queryByTestId("inclusion-requests-error")).toBeNull();
  });

  it("says in the dialog when the colegios cannot be read, sends nothing, and 'Reintentar' reads them", async () => {
    let listed = 0;
    const calls = stubServer((path, body) => {
      if (path === "/inclusion/requests") {
        if (body.colegio_id === undefined) return json(200, { result: true, data: [] });
        return json(200, { result: true, data: { id: 10 } });
      }
      if (path === "/inclusion/colegios")
        return ++listed === 1 ? FAILED() : json(200, { result: true, data: [MADRID, BARCELONA] });
      throw new Error(`unexpected call to ${path}`);
    });
    const { user } = renderInApp(<NoColegioNotice />);
    const notice = screen.getByTestId("no-colegio");
    await waitFor(() => expect(askButton(notice).disabled).toBe(false));
    await user.click(askButton(notice));
    const dialog = await screen.findByRole("dialog", { name: "Solicitar inclusión en un colegio" });

    const error = await within(dialog).findByTestId("inclusion-colegios-error");
    expect(error.textContent).toContain("No se han podido cargar los colegios a los que puedes pedírselo.");
    const send = within(dialog).getByRole("button", { name: "Enviar solicitud" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    await user.click(within(error).getByRole("button", { name: "Reintentar" }));
    await user.click(await within(dialog).findByRole("combobox", { name: "Colegio" }));
    await user.click(await screen.findByRole("option", { name: BARCELONA.name }));
    expect(within(dialog).queryByTestId("inclusion-colegios-error")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Enviar solicitud" }));
    expect(
      await within(notice).findByText(
        `Solicitud enviada a ${BARCELONA.name}. Te avisaremos por e-mail cuando responda.`,
      ),
    ).toBeTruthy();
    // The one request sent is the one made after the colegios were read.
    expect(calls.filter((c) => c.body.colegio_id !== undefined).map((c) => c.body)).toEqual([{ colegio_id: 2 }]);
  });

  it("takes a withdrawn request away at once, before its list is read again, so it is withdrawn once", async () => {
    let asked = 0;
    const reread = later();
    const calls = stubServer((path) => {
      if (path === "/inclusion/requests")
        return ++asked === 1 ? json(200, { result: true, data: [TO_MADRID] }) : reread.response;
      if (path === "/inclusion/requests/9/withdraw") return json(200, { result: true });
      throw new Error(`unexpected call to ${path}`);
    });
    const { user, queryClient } = renderInApp(<NoColegioNotice />);
    const notice = screen.getByTestId("no-colegio");
    const request = await within(notice).findByTestId("inclusion-request");

    await user.click(within(request).getByRole("button", { name: `Retirar la solicitud a ${MADRID.name}` }));
    expect(await within(notice).findByText(`Has retirado la solicitud a ${MADRID.name}.`)).toBeTruthy();
    // The list is still being read again, and the request is gone already.
    expect(asked).toBe(2);
    expect(within(notice).queryByTestId("inclusion-request")).toBeNull();

    reread.give(json(200, { result: true, data: [] }));
    await waitFor(() =>
      expect(queryClient.getQueryState(ownInclusionRequestsQuery().queryKey)?.fetchStatus).toBe("idle"),
    );
    expect(within(notice).queryByTestId("inclusion-request")).toBeNull();
    expect(calls.filter((c) => c.path.endsWith("/withdraw"))).toHaveLength(1);
  });
});
