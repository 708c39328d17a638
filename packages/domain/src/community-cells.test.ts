import { describe, expect, it } from "vitest";
import { communityCellOf } from "./community-cells.js";

/** Live documents oldest first, as the server reads them. */
const doc = (id: number, state: "current" | "expired" | "incomplete") => ({
  id,
  expired: state === "expired",
  needs_expiry: state === "incomplete",
});

describe("what a community holds for one definition (communityCellOf)", () => {
  it("is missing with no document", () => {
    expect(communityCellOf(4, [])).toEqual({ id_definition: 4, state: "missing", document: null, documents_count: 0 });
  });

  it("is current with the newest current document, even when a newer one expired or owes its date", () => {
    const cell = communityCellOf(4, [doc(1, "current"), doc(2, "current"), doc(3, "expired"), doc(5, "incomplete")]);
    expect([cell.state, cell.document?.id, cell.documents_count]).toEqual(["current", 2, 4]);
  });

  it("otherwise says what the newest one is: expired, or incomplete without its expiry date", () => {
    expect(communityCellOf(4, [doc(1, "incomplete"), doc(2, "expired")])).toMatchObject({
      state: "expired",
      document: { id: 2 },
    });
    expect(communityCellOf(4, [doc(1, "expired"), doc(2, "incomplete")])).toMatchObject({
      state: "incomplete",
      document: { id: 2 },
    });
  });
});
