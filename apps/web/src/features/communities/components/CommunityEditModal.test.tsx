import type { CommunityView } from "@coordina/domain";
import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../../test/render";
import { addTexts } from "../../../app/i18n";
import texts from "../es.json";
import { CommunityEditModal } from "./CommunityEditModal";

addTexts(texts);

const community = {
  id: 7,
  name: "Comunidad Sol",
  cif: "H12345678",
  email: null,
  person: null,
  tfn: null,
  address: null,
  city: null,
  country: null,
  postcode: null,
  colegio_id: 1,
  owner: 2,
  admin: "Admin",
  proveedores_count: 0,
  porteros_count: 0,
  editable: true,
  menu: { provider_bound_docs: false, porter_docs: false },
} as unknown as CommunityView;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The community panel's use of the editor: a button opens it, saving closes it. */
function Panel({ onSaved }: { onSaved: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Editar
      </button>
      <CommunityEditModal
        community={open ? community : null}
        onClose={() => setOpen(false)}
        onSaved={() => {
          onSaved();
          setOpen(false);
        }}
      />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("community editor (CommunityEditModal)", () => {
  it("a refused save shows its reason, and the editor opened again starts without it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(409, { result: false, error: "error.conflict" })),
    );
    const { user } = renderInApp(<Panel onSaved={() => {}} />);
    await user.type(screen.getByRole("textbox", { name: /Nombre de la comunidad/ }), "X");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByTestId("community-edit-error")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Editar" }));
    await screen.findByRole("dialog");
    expect(screen.queryByTestId("community-edit-error")).toBeNull();
  });

  it("typing while the save is on its way neither sends it twice nor loses its outcome", async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const onSaved = vi.fn();
    const { user } = renderInApp(<Panel onSaved={onSaved} />);
    const name = screen.getByRole("textbox", { name: /Nombre de la comunidad/ });
    await user.type(name, "X");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));

    await user.type(name, "Y");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(fetch).toHaveBeenCalledTimes(1);

    answer(json(200, { result: true }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
