import type { DefinitionDocuments } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { documentRow, expiringDefinition } from "../../../test/documents";
import { placeOf, uploadChoices } from "./uploadChoices";

/** A definition's box as getcompanydefined answers it. */
function item(id: number, name: string, over: Partial<DefinitionDocuments> & { assocfinca?: boolean } = {}) {
  const { assocfinca = true, ...rest } = over;
  return {
    definition: { ...expiringDefinition(id, name), assocfinca },
    documents: [],
    templates: [],
    can_upload: true,
    can_validate: false,
    ...rest,
  } satisfies DefinitionDocuments;
}

describe("the definitions /documents/upload offers", () => {
  const data = [
    item(1, "Acta", { documents: [documentRow(1, "acta.pdf", 1, "2099-01-01")] }),
    item(2, "Boletín", { documents: [documentRow(2, "boletin.pdf", 2, "2020-01-01", { expired: true })] }),
    item(3, "Certificado"),
    item(4, "Declaración", { documents: [documentRow(4, "declaracion.pdf", 4)] }),
    item(5, "Evaluación", { can_upload: false }),
    item(6, "Póliza general", { assocfinca: false }),
  ];

  it("in a community: its per-community ones the caller uploads, those still to do first, each group in order", () => {
    expect(uploadChoices(data, 7).map((c) => [c.item.definition.name, c.state])).toEqual([
      ["Boletín", "expired"],
      ["Certificado", "missing"],
      ["Declaración", "incomplete"],
      ["Acta", "current"],
    ]);
  });

  it("for every community: the general ones only", () => {
    expect(uploadChoices(data, "all").map((c) => [c.item.definition.name, c.state])).toEqual([
      ["Póliza general", "missing"],
    ]);
  });

  it("reads the address's finca: an id, 'all', or nothing chosen", () => {
    expect(placeOf("12")).toBe(12);
    expect(placeOf("all")).toBe("all");
    for (const value of [null, "", "0", "-3", "1.5", "x"]) expect(placeOf(value)).toBeNull();
  });
});
