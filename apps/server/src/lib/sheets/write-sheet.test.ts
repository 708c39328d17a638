import { ErrorKey } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { readImportSheet } from "./read-sheet.js";
import { MAX_XLSX_CELL_CHARACTERS, writeSheet } from "./write-sheet.js";

/** The cells of sheet 'Datos' as text, row by row (an empty row: []). */
function cellsOf(file: Buffer): string[][] {
  const sheet = XLSX.read(file, { type: "buffer", dense: true }).Sheets.Datos!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, blankrows: true, defval: "" });
}

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

  it("writes the headers alone when there are no rows (a sheet the import refuses as empty)", async () => {
    const file = writeSheet(["cif"], []);
    expect(cellsOf(file)).toEqual([["cif"]]);
    await expect(readImportSheet(file, ["cif"])).rejects.toMatchObject({ key: ErrorKey.importEmpty });
  });

  it("keeps an empty row empty, so the rows below keep their row numbers", async () => {
    const file = writeSheet(["name", "cif"], [["Finca", "H1"], [], [], ["Otra", "H2"]]);
    expect(cellsOf(file)).toEqual([["name", "cif"], ["Finca", "H1"], [], [], ["Otra", "H2"]]);
    expect((await readImportSheet(file, ["name", "cif"])).map((r) => r.row)).toEqual([2, 5]);
  });

  it(`cuts a cell to Excel's ${MAX_XLSX_CELL_CHARACTERS.toLocaleString("en")} characters, never in the middle of one`, () => {
    const long = "a".repeat(40_000);
    // an emoji (two UTF-16 units) across the limit is dropped whole
    const emoji = `${"b".repeat(MAX_XLSX_CELL_CHARACTERS - 1)}😀tail`;
    const file = writeSheet(
      ["name", "error"],
      [
        [long, "corto"],
        [emoji, ""],
      ],
    );
    const [, first, second] = cellsOf(file);
    expect(first).toEqual(["a".repeat(MAX_XLSX_CELL_CHARACTERS), "corto"]);
    expect(second?.[0]).toBe("b".repeat(MAX_XLSX_CELL_CHARACTERS - 1));
  });
});
