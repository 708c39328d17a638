import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { readImportSheet } from "./read-sheet.js";
import { writeSheet } from "./write-sheet.js";

describe("writeSheet", () => {
  it("writes sheet 'Datos' with the headers and the rows as text, which the import reader reads back", async () => {
    const file = writeSheet(
      ["name", "cif", "email", "tlfn"],
      [
        ["Peña & Hijos, S.L.", "00123456A", "info@peña.es", "0912345678"],
        ["=1+1", "B7", "", "1e5"],
      ],
    );
    const book = XLSX.read(file, { type: "buffer", dense: true });
    expect(book.SheetNames).toEqual(["Datos"]);
    const cells = (book.Sheets.Datos!["!data"] ?? []).flat().filter((cell) => cell !== undefined);
    expect(cells.length).toBe(12);
    // Text cells only: no number, no formula (the leading zeros stay).
    for (const cell of cells) {
      expect(cell.t).toBe("s");
      expect(cell.f).toBeUndefined();
    }
    expect(await readImportSheet(file, ["name", "cif", "email", "tlfn"])).toEqual([
      { row: 2, values: { name: "Peña & Hijos, S.L.", cif: "00123456A", email: "info@peña.es", tlfn: "0912345678" } },
      { row: 3, values: { name: "=1+1", cif: "B7", email: "", tlfn: "1e5" } },
    ]);
  });

  it("writes the headers alone when there are no rows", async () => {
    const file = writeSheet(["cif"], []);
    expect(await readImportSheet(file, ["cif"])).toEqual([]);
  });
});
