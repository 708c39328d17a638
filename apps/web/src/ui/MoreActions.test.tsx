import { IconPencil, IconTrash } from "@tabler/icons-react";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { MoreActions } from "./MoreActions";

describe("MoreActions", () => {
  it("opens a menu named after its item with each other action, which runs when chosen", async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const { user } = renderInApp(
      <MoreActions
        name="Comunidad Norte"
        items={[
          { label: "Editar", icon: <IconPencil size={16} />, onClick: edit },
          { label: "Eliminar", icon: <IconTrash size={16} />, color: "red", disabled: true, onClick: remove },
        ]}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Más acciones: Comunidad Norte" }));
    const entries = await screen.findAllByRole("menuitem");
    expect(entries.map((entry) => entry.textContent)).toEqual(["Editar", "Eliminar"]);
    expect(screen.getByRole("menuitem", { name: "Eliminar" }).hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("menuitem", { name: "Editar" }));
    expect(edit).toHaveBeenCalledOnce();
    expect(remove).not.toHaveBeenCalled();
  });

  it("gives the focus back to '…' before an entry's action runs (a dialog it opens returns it there)", async () => {
    let focusedWhenRun: Element | null = null;
    const { user } = renderInApp(
      <MoreActions
        name="Comunidad Norte"
        items={[
          {
            label: "Borrar",
            icon: <IconTrash size={16} />,
            onClick: () => {
              focusedWhenRun = document.activeElement;
            },
          },
        ]}
      />,
    );
    const more = screen.getByRole("button", { name: "Más acciones: Comunidad Norte" });
    await user.click(more);
    await user.click(await screen.findByRole("menuitem", { name: "Borrar" }));
    expect(focusedWhenRun).toBe(more);
  });

  it("is nothing when there is no other action", () => {
    renderInApp(<MoreActions name="Comunidad Norte" items={[]} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
