import { describe, expect, it } from "vitest";
import { withHeld } from "./heldRows";

const idOf = (row: { id: number }) => row.id;
const rows = (...ids: number[]) => ids.map((id) => ({ id, v: "server" }));
const held = (id: number, index: number) => ({ row: { id, v: "held" }, index });
const shown = (list: { id: number; v: string }[]) => list.map((r) => `${r.id}${r.v === "held" ? "*" : ""}`);

describe("rows held in a list after the server stopped answering them", () => {
  it("go back where they were, so the list looks as before", () => {
    expect(shown(withHeld(rows(1, 3), [held(2, 1)], idOf))).toEqual(["1", "2*", "3"]);
    // Held one after another (each index among the rows shown then), and the next page's row come in.
    expect(shown(withHeld(rows(1, 4), [held(3, 2), held(2, 1)], idOf))).toEqual(["1", "2*", "3*", "4"]);
    expect(shown(withHeld(rows(), [held(1, 0), held(2, 1)], idOf))).toEqual(["1*", "2*"]);
  });

  it("stay at the end when the list shrank under them, and show their own version once answered again", () => {
    expect(shown(withHeld(rows(1), [held(2, 5)], idOf))).toEqual(["1", "2*"]);
    expect(shown(withHeld(rows(1, 2, 3), [held(2, 1)], idOf))).toEqual(["1", "2*", "3"]);
    expect(shown(withHeld(rows(1, 2), [], idOf))).toEqual(["1", "2"]);
  });
});
