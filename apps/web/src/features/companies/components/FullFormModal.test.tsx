import { Role } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../../test/render";
import { addTexts } from "../../../app/i18n";
import texts from "../es.json";
import { FullFormModal } from "./FullFormModal";

// The companies pages load these texts with their route.
addTexts(texts);

const TYPED = {
  Nombre: "Reformas Norte SL",
  "E-mail": "gerencia@reformas.example",
  NIF: "B12345678",
  "Persona de contacto": "Ana Ruiz",
  Teléfono: "600111222",
  Dirección: "Calle Mayor 1",
  Municipio: "Madrid",
  "Código postal": "28001",
  Provincia: "Madrid",
};

/** The API as the browser reaches it: each call answered by `answer`, in order. */
function fakeApi(...answers: { status: number; json: unknown }[]) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    const { status, json } = answers.shift() ?? { status: 500, json: {} };
    return new Response(JSON.stringify(json), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderModal() {
  const onAdded = vi.fn();
  const onClose = vi.fn();
  const rendered = renderInApp(<FullFormModal opened type={Role.gremio} onClose={onClose} onAdded={onAdded} />);
  return { ...rendered, onAdded, onClose, dialog: screen.getByRole("dialog", { name: "Alta completa de proveedor" }) };
}

async function fillIn(user: UserEvent, dialog: HTMLElement) {
  for (const [label, value] of Object.entries(TYPED)) {
    await user.click(within(dialog).getByRole("textbox", { name: label }));
    await user.paste(value);
  }
}

describe("FullFormModal (the full add form of a provider)", () => {
  it("sends nothing while a field is missing, and says which", async () => {
    const fetch = fakeApi();
    const { user, dialog, onAdded } = renderModal();
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(within(dialog).getAllByText("Debes introducir este valor")).toHaveLength(9);
    expect(fetch).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("registers the provider with what was typed and says so", async () => {
    const fetch = fakeApi({ status: 200, json: { result: true, data: { id: 41 } } });
    const { user, dialog, onAdded } = renderModal();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith("Proveedor dado de alta correctamente"));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/companies/registry/register");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({
      email: "gerencia@reformas.example",
      company_name: "Reformas Norte SL",
      cif: "B12345678",
      company_data: {
        cif: "B12345678",
        person: "Ana Ruiz",
        tfn: "600111222",
        address: "Calle Mayor 1",
        city: "Madrid",
        country: "Madrid",
        postcode: "28001",
      },
      type: Role.gremio,
    });
    // Ready for the next one.
    const name = within(dialog).getByRole("textbox", { name: "Nombre" }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe(""));
  });

  it("shows the server's refusal in Spanish and keeps what was typed", async () => {
    fakeApi({ status: 409, json: { result: false, error: "registry.type-mismatch" } });
    const { user, dialog, onAdded } = renderModal();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await within(dialog).findByText("Ya existe una compañía de otro tipo con ese NIF/CIF")).toBeTruthy();
    expect(within(dialog).getByText("Error en el guardado")).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: "NIF" }) as HTMLInputElement).value).toBe("B12345678");
    expect(onAdded).not.toHaveBeenCalled();
  });
});
