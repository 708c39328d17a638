import { FEATURE } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { PorterAddModal } from "./PorterAddModal";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const PORTER_ROW = {
  id: 31,
  email: "portero@fincas.es",
  company_id: 41,
  name: "portero@fincas.es",
  uploaded_count: 0,
  upload_must: 2,
  read_count: 0,
  read_must: 1,
  created: "2026-11-27T08:00:00.000Z",
};

/** The server: each path answers what `answers` says (in turn when it is a list), and every call is kept. */
function stubServer(answers: Record<string, (() => Response) | (() => Response)[]>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, "http://localhost").pathname;
    calls.push({ path, body: JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown> });
    const answer = answers[path];
    const next = Array.isArray(answer) ? answer.shift() : answer;
    if (!next) throw new Error(`unexpected call ${path}`);
    return next();
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

/** The panel's use of the form: a button opens it; the notice shows what onDone said. */
function Host() {
  const [open, setOpen] = useState(true);
  const [notice, setNotice] = useState("");
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <output data-testid="notice">{notice}</output>
      <PorterAddModal opened={open} communityId={7} onClose={() => setOpen(false)} onDone={setNotice} />
    </>
  );
}

function startSession(flags: string[]) {
  startTestSession(flags);
}

const emailField = () => screen.getByRole("textbox", { name: /E-mail del portero/ });
const addButton = () => screen.getByRole("button", { name: "Añadir" });

describe("the porter form (PorterAddModal)", () => {
  it("refuses a wrong e-mail with the spec's message and sends nothing", async () => {
    const calls = stubServer({});
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "portero@");
    await user.click(addButton());
    expect(await screen.findByText("El e-mail no es válido")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("adds a porter: register with the e-mail and the community, the success text, the lists reload, it closes", async () => {
    const calls = stubServer({ "/porteros/registry/register": () => json(200, { result: true, data: PORTER_ROW }) });
    const { user, queryClient } = renderInApp(<Host />);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await user.type(emailField(), " Portero@Fincas.es ");
    await user.click(addButton());

    await waitFor(() =>
      expect(screen.getByTestId("notice").textContent).toBe("Registro / Invitación realizada correctamente"),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ email: "portero@fincas.es", id_finca: 7 });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toContain("community-porters");
    expect(keys).toContain("porter-summary");
    const figures = invalidate.mock.calls.map(([filters]) => filters?.predicate).filter(Boolean);
    expect(figures.length).toBeGreaterThan(0);
  });

  it("an unknown e-mail offers the invitation; 'Reintentar' goes back with the e-mail, 'Enviar invitación' invites", async () => {
    const notExists = () => json(404, { result: false, error: "user.not.exists" });
    const calls = stubServer({
      "/porteros/registry/register": [notExists, notExists],
      "/porteros/registry/invite": () => json(200, { result: true, invitation: 5 }),
    });
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "nuevo@fincas.es");
    await user.click(addButton());

    const offer = await screen.findByTestId("porter-invite-offer");
    expect(offer.textContent).toContain("No existe ningún usuario con ese e-mail.");
    expect(offer.textContent).toContain("nuevo@fincas.es");
    // The focus goes where the next step is: the offer's button, and back to the e-mail on 'Reintentar'.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(offer).getByRole("button", { name: "Enviar invitación" })),
    );
    await user.click(within(offer).getByRole("button", { name: "Reintentar" }));
    expect((emailField() as HTMLInputElement).value).toBe("nuevo@fincas.es");
    await waitFor(() => expect(document.activeElement).toBe(emailField()));

    await user.click(addButton());
    await user.click(await screen.findByRole("button", { name: "Enviar invitación" }));
    await waitFor(() =>
      expect(screen.getByTestId("notice").textContent).toBe("Registro / Invitación realizada correctamente"),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.map((c) => c.path)).toEqual([
      "/porteros/registry/register",
      "/porteros/registry/register",
      "/porteros/registry/invite",
    ]);
    expect(calls[2]?.body).toMatchObject({ email: "nuevo@fincas.es", id_finca: 7 });
  });

  it.each([
    ["user.not.good.role", 409, "Ese usuario no es un portero."],
    ["user.already.registered", 409, "Ese portero ya está dado de alta en la comunidad."],
    ["error.conflict", 409, "Error desconocido. Contacte con el proveedor de servicio."],
    ["anything", 500, "Error desconocido. Contacte con el proveedor de servicio."],
  ])("a refusal %s shows its text and keeps the form open", async (error, status, text) => {
    stubServer({ "/porteros/registry/register": () => json(status, { result: false, error }) });
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "portero@fincas.es");
    await user.click(addButton());
    expect((await screen.findByTestId("porter-add-error")).textContent).toBe(text);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.getByTestId("notice").textContent).toBe("");
  });

  it("a failed invitation says so and keeps the offer", async () => {
    stubServer({
      "/porteros/registry/register": () => json(404, { result: false, error: "user.not.exists" }),
      "/porteros/registry/invite": () => json(500, { result: false, error: "error.generic-error" }),
    });
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "nuevo@fincas.es");
    await user.click(addButton());
    await user.click(await screen.findByRole("button", { name: "Enviar invitación" }));
    expect((await screen.findByTestId("porter-add-error")).textContent).toBe(
      "Error desconocido. Contacte con el proveedor de servicio.",
    );
    expect(screen.getByTestId("porter-invite-offer")).toBeTruthy();
  });

  it("the form closed and opened again starts empty", async () => {
    stubServer({ "/porteros/registry/register": () => json(409, { result: false, error: "user.not.good.role" }) });
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "portero@fincas.es");
    await user.click(addButton());
    await screen.findByTestId("porter-add-error");
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Abrir" }));
    expect((emailField() as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("porter-add-error")).toBeNull();
  });

  it("has no password or NIF outside the testing mode", () => {
    startSession(["porteros-admin"]);
    stubServer({});
    renderInApp(<Host />);
    expect(screen.queryByLabelText(/Contraseña/)).toBeNull();
    expect(screen.queryByRole("textbox", { name: /NIF/ })).toBeNull();
  });

  it("in testing mode asks for a password under the portal's one rule, with its meter, and a NIF; creates the porter with registerTest", async () => {
    startSession([FEATURE.porterosAdmin, FEATURE.porterosAdminTest]);
    const calls = stubServer({
      "/porteros/registry/registerTest": () => json(200, { result: true, data: PORTER_ROW }),
    });
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "portero@fincas.es");
    // Six characters were enough before (issue 21): now the registration rule says no, in its own words.
    await user.type(screen.getByLabelText(/Contraseña/), "secreto");
    await user.type(screen.getByRole("textbox", { name: /NIF/ }), "12345678Z");
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText("La contraseña debe tener al menos 8 caracteres, una letra mayúscula y un carácter especial"),
    ).toBeTruthy();
    // The registration's meter and hint, the meter settling once typing stops.
    expect(
      screen.getByText("Al menos 8 caracteres, con una letra mayúscula y un carácter especial, como ! ? * o #"),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("password-strength").textContent).toBe("Seguridad: 2/10"));
    expect(screen.getByRole("progressbar", { name: "Nivel de seguridad" })).toBeTruthy();

    await user.clear(screen.getByLabelText(/Contraseña/));
    await user.type(screen.getByLabelText(/Contraseña/), "Portero!2026");
    await waitFor(() => expect(screen.getByTestId("password-strength").textContent).toBe("Seguridad: 10/10"));
    expect(screen.queryByText(/La contraseña debe tener/)).toBeNull();
    expect((addButton() as HTMLButtonElement).disabled).toBe(false);
    await user.click(addButton());
    await waitFor(() =>
      expect(screen.getByTestId("notice").textContent).toBe("Registro / Invitación realizada correctamente"),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: "/porteros/registry/registerTest",
      body: { email: "portero@fincas.es", id_finca: 7, password: "Portero!2026", nif: "12345678Z" },
    });
  });

  it("in testing mode shows the server's refusal of a password in the rule's words", async () => {
    startSession([FEATURE.porterosAdmin, FEATURE.porterosAdminTest]);
    stubServer({
      "/porteros/registry/registerTest": () => json(400, { result: false, error: "login.password-must" }),
    });
    const { user } = renderInApp(<Host />);
    await user.type(emailField(), "portero@fincas.es");
    await user.type(screen.getByLabelText(/Contraseña/), "Portero!2026");
    await user.type(screen.getByRole("textbox", { name: /NIF/ }), "12345678Z");
    await user.click(addButton());
    expect((await screen.findByTestId("porter-add-error")).textContent).toBe(
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula y un carácter especial",
    );
  });
});
