import { ErrorKey, IMPORT_KINDS, MAX_FILE_SIZE_BYTES, Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { countsToSay, mayImport, rowData, sheetRefusal, toneOf } from "./importRules";

describe("mayImport", () => {
  it("lets the colegio import its administrators and providers, and nothing else", () => {
    expect(IMPORT_KINDS.filter((kind) => mayImport(Role.colegio, kind, true))).toEqual(["administrators", "providers"]);
  });

  it("lets an administrator import communities and pairs, and a community's providers only where it manages", () => {
    expect(IMPORT_KINDS.filter((kind) => mayImport(Role.administrador, kind))).toEqual(["communities", "pairs"]);
    expect(mayImport(Role.administrador, "community-providers", true)).toBe(true);
  });

  it("lets no other role import", () => {
    for (const role of [Role.master, Role.superadministrator, Role.gremio, Role.portero, undefined]) {
      expect(
        IMPORT_KINDS.filter((kind) => mayImport(role, kind, true)),
        String(role),
      ).toEqual([]);
    }
  });
});

describe("sheetRefusal", () => {
  it("takes .xlsx and .xls files of up to 10 MB, whatever the case of the name", () => {
    expect(sheetRefusal({ name: "proveedores.xlsx", size: 100 })).toBeNull();
    expect(sheetRefusal({ name: "COMUNIDADES.XLS", size: MAX_FILE_SIZE_BYTES })).toBeNull();
  });

  it("refuses other files and files over 10 MB with the importer's texts", () => {
    expect(sheetRefusal({ name: "proveedores.pdf", size: 100 })).toBe(ErrorKey.importNotASpreadsheet);
    expect(sheetRefusal({ name: "proveedores.csv", size: 100 })).toBe(ErrorKey.importNotASpreadsheet);
    expect(sheetRefusal({ name: "proveedores.xlsx", size: MAX_FILE_SIZE_BYTES + 1 })).toBe(ErrorKey.importTooLarge);
  });
});

describe("rowData", () => {
  it("joins the row's values in the kind's header order, an empty cell as a dash", () => {
    expect(rowData("administrators", { email: "a@b.es", cif: "B12345678", name: "Núñez S.L." })).toBe(
      "Núñez S.L. · B12345678 · a@b.es",
    );
    expect(rowData("pairs", { cif_provider: "A08012345", cif_finca: " " })).toBe("— · A08012345");
  });
});

describe("toneOf and countsToSay", () => {
  it("marks written rows green, wrong ones red and the rest grey", () => {
    expect(["created", "included", "linked"].map((o) => toneOf(o as "created"))).toEqual(["done", "done", "done"]);
    expect(toneOf("invalid")).toBe("problem");
    expect(toneOf("failed")).toBe("problem");
    expect(toneOf("already")).toBe("neutral");
    expect(toneOf(null)).toBe("neutral");
  });

  it("says the counts above zero, in a fixed order", () => {
    const said = countsToSay({ created: 2, included: 0, linked: 0, already: 1, invalid: 0, failed: 3 });
    expect(said).toEqual([
      { name: "created", count: 2 },
      { name: "already", count: 1 },
      { name: "failed", count: 3 },
    ]);
  });
});
