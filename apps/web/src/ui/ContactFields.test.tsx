import type { FullContactField, FullContactValues } from "@coordina/domain";
import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { ContactFields, useContactForm } from "./ContactFields";

const LABELS: Record<FullContactField, string> = {
  name: "Nombre",
  email: "E-mail",
  nif: "NIF",
  person: "Persona de contacto",
  tfn: "Teléfono",
  address: "Dirección",
  city: "Municipio",
  postcode: "Código postal",
  province: "Provincia",
};

const VALID: FullContactValues = {
  name: "Reformas Norte SL",
  email: "gerencia@reformas.example",
  nif: "B12345678",
  person: "Ana Ruiz",
  tfn: "600111222",
  address: "Calle Mayor 1",
  city: "Madrid",
  postcode: "28001",
  province: "Madrid",
};

const REQUIRED = "Debes introducir este valor";

/** A full add form as the features build it: ContactFields, and 'Guardar' sends only when all is fine. */
function ContactForm({ onSave }: { onSave: (values: FullContactValues) => void }) {
  const form = useContactForm();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.checkAll()) onSave(form.values);
      }}
    >
      <ContactFields form={form} label={(field) => LABELS[field]} validMark={<span>Correcto</span>} />
      <button type="submit">Guardar</button>
    </form>
  );
}

function renderForm() {
  const onSave = vi.fn();
  return { ...renderInApp(<ContactForm onSave={onSave} />), onSave };
}

function field(name: FullContactField) {
  return screen.getByRole("textbox", { name: LABELS[name] });
}

/** Pastes each value into its field (faster than typing nine of them key by key). */
async function fill(user: UserEvent, values: Partial<FullContactValues>) {
  for (const [name, value] of Object.entries(values)) {
    await user.click(field(name as FullContactField));
    await user.paste(value);
  }
}

describe("ContactFields with useContactForm", () => {
  it("shows the nine fields, the name first and the one a dialog focuses", () => {
    renderForm();
    expect(screen.getAllByRole("textbox")).toHaveLength(9);
    expect(screen.getAllByRole("textbox")[0]).toBe(field("name"));
    expect(field("name").getAttribute("data-autofocus")).toBe("true");
    expect(field("email").getAttribute("type")).toBe("email");
    expect(field("tfn").getAttribute("type")).toBe("tel");
  });

  it("'Guardar' on the empty form tells off every field and saves nothing", async () => {
    const { user, onSave } = renderForm();
    await user.click(screen.getByRole("button", { name: "Guardar" }));

    expect(screen.getAllByText(REQUIRED)).toHaveLength(9);
    expect(field("province").getAttribute("aria-invalid")).toBe("true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("does not tell off a field left empty before 'Guardar'", async () => {
    const { user } = renderForm();
    await user.click(field("name"));
    await user.tab();
    expect(document.activeElement).toBe(field("email"));
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });

  it("tells off a wrong e-mail as soon as it is left, and stops when it is corrected", async () => {
    const { user } = renderForm();
    await user.type(field("email"), "gerencia@");
    await user.tab();
    expect(screen.getByText("El email no tiene un formato válido")).toBeTruthy();
    expect(field("email").getAttribute("aria-invalid")).toBe("true");

    await user.type(field("email"), "reformas.example");
    expect(screen.queryByText("El email no tiene un formato válido")).toBeNull();
    expect(screen.getByText("Correcto")).toBeTruthy();
  });

  it("takes at most 5 characters of postcode and wants exactly 5", async () => {
    const { user } = renderForm();
    await user.type(field("postcode"), "280015");
    expect((field("postcode") as HTMLInputElement).value).toBe("28001");

    await user.clear(field("postcode"));
    await user.type(field("postcode"), "280");
    await user.tab();
    expect(screen.getByText("El código postal debe tener 5 caracteres")).toBeTruthy();
  });

  it("saves what was typed once every field is fine", async () => {
    const { user, onSave } = renderForm();
    await fill(user, { ...VALID, postcode: "280" });
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText("El código postal debe tener 5 caracteres")).toBeTruthy();

    await user.type(field("postcode"), "01");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).toHaveBeenCalledWith(VALID);
    expect(screen.getAllByText("Correcto")).toHaveLength(9);
  });
});
