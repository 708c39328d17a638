import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { IconAction, RowActionHost, TRASH, useRowActions } from "./RowActions";

type Row = { id: number; name: string };
const ROW: Row = { id: 1, name: "Fontanería" };
const ask = {
  title: "Eliminar",
  text: (row: Row) => `¿Eliminar ${row.name}?`,
  cancelLabel: "Cancelar",
  confirmLabel: "Eliminar",
};

function List({ run }: { run: (row: Row) => Promise<unknown> }) {
  const actions = useRowActions((row: Row) => row.id, {
    remove: { label: (row) => `Eliminar ${row.name}`, ...TRASH, run, ask, done: () => "Eliminado" },
  });
  return (
    <>
      <IconAction {...actions.button("remove", ROW)} />
      <RowActionHost actions={actions} testId="notice" />
    </>
  );
}

describe("row actions (ui/RowActions)", () => {
  it("asks first, and focus goes back to the row's button when the question is closed, the first time too", async () => {
    const run = vi.fn(async () => {});
    const { user } = renderInApp(<List run={run} />);
    const trash = screen.getByRole("button", { name: "Eliminar Fontanería" });
    for (const attempt of [1, 2]) {
      trash.focus();
      await user.keyboard("{Enter}");
      const dialog = await screen.findByRole("dialog");
      expect(dialog.textContent, `attempt ${attempt}`).toContain("¿Eliminar Fontanería?");
      await user.click(screen.getByRole("button", { name: "Cancelar" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement, `attempt ${attempt}`).toBe(trash));
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("confirmed, it runs the action on the row and shows its notice", async () => {
    const run = vi.fn(async () => {});
    const { user } = renderInApp(<List run={run} />);
    await user.click(screen.getByRole("button", { name: "Eliminar Fontanería" }));
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByTestId("notice")).toHaveProperty("textContent", expect.stringContaining("Eliminado"));
    expect(run).toHaveBeenCalledWith(ROW);
  });
});
