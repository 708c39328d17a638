/**
 * Writes a small .xlsx with one sheet 'Datos' (the import template, the error file of an import): the
 * headers, then the rows, every cell as text (type "s"), so that a CIF keeps its leading zeros and a
 * phone number is not shown as 9,1E+08 when the user opens the file and saves it again.
 */
import * as XLSX from "xlsx";
import { SHEET_NAME } from "./read-sheet.js";

/** The .xlsx media type, for Content-Type. */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The most characters a cell of an .xlsx holds (Excel's limit; SheetJS refuses to write more). */
export const MAX_XLSX_CELL_CHARACTERS = 32_767;

/** A cell's text within Excel's limit, never cutting a character in two (a surrogate pair). */
function cellText(value: string): string {
  if (value.length <= MAX_XLSX_CELL_CHARACTERS) return value;
  const cut = MAX_XLSX_CELL_CHARACTERS - (/[\uD800-\uDBFF]/.test(value[MAX_XLSX_CELL_CHARACTERS - 1]!) ? 1 : 0);
  return value.slice(0, cut);
}

/** `rows` go below the headers in order: an empty row (`[]`) stays an empty row of the sheet. */
export function writeSheet(headers: readonly string[], rows: readonly (readonly string[])[]): Buffer {
  const grid = [headers, ...rows];
  // Strings only: SheetJS keeps a string a text cell, never a number, a date or a formula.
  const sheet = XLSX.utils.aoa_to_sheet(
    grid.map((cells) => cells.map((cell) => cellText(String(cell)))),
    { dense: true },
  );
  const width = Math.max(1, ...grid.map((cells) => cells.length));
  // Columns wide enough for their longest text (capped), as a person would size them.
  sheet["!cols"] = Array.from({ length: width }, (_, column) => ({
    wch: Math.min(60, Math.max(8, ...grid.map((cells) => (cells[column] ?? "").length + 2))),
  }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, SHEET_NAME);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
