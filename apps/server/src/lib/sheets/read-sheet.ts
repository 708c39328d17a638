/**
 * Reads the sheet 'Datos' of an import file (.xlsx or .xls, spec 01 §5/§9) into trimmed text values by
 * header, refusing what is not a plain spreadsheet of a sensible size (issue 20 Rules).
 */
import * as XLSX from "xlsx";
import yauzl from "yauzl";
import { MAX_SHEET_FILE_BYTES, SheetErrorKey } from "./sheet-errors.js";

export type { SheetErrorKey } from "./sheet-errors.js";

export const SHEET_NAME = "Datos";
export const MAX_SHEET_ROWS = 20_000;
export const MAX_SHEET_COLUMNS = 100;
/**
 * Longest cell of the columns imported: a name, a tax id, an e-mail or a few activities are far shorter.
 * A longer one is refused as it is read, before any row is built: one long shared string referenced by
 * thousands of cells costs nothing in the file and little in SheetJS, but every reference becomes a copy
 * when the rows leave the reading thread.
 */
export const MAX_CELL_CHARACTERS = 1_000;
/** All the cells of the columns imported together (a full sheet of long cells is far less). */
export const MAX_SHEET_CHARACTERS = 20_000_000;

/** Zip budget of an .xlsx before SheetJS inflates it (SheetJS itself has none). */
const ZIP_LIMITS = { entries: 200, entryBytes: 50 * 1024 * 1024, totalBytes: 100 * 1024 * 1024 };
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const XLSX_REQUIRED_ENTRIES = ["[Content_Types].xml", "xl/workbook.xml"];

/** What a cell held when it was not text: `values` has it as text (a number as typed, a date YYYY-MM-DD). */
export type SheetCellType = "number" | "date" | "boolean";

export type SheetRow = {
  /** 1-based row number in the spreadsheet, as the user sees it in Excel */
  row: number;
  /** by expected header, as given to readImportSheet; "" when the cell is empty */
  values: Record<string, string>;
  /** by expected header, the cells of the row that were not text (absent when every cell was text) */
  types?: Record<string, SheetCellType>;
};

/** The file cannot be imported as a whole; `params` fill the Spanish text of `key`. */
export class SheetError extends Error {
  constructor(
    readonly key: SheetErrorKey,
    readonly params?: Record<string, string>,
  ) {
    super(key);
  }
}

export async function readImportSheet(file: Buffer, headers: readonly string[]): Promise<SheetRow[]> {
  if (file.length > MAX_SHEET_FILE_BYTES) throw new SheetError(SheetErrorKey.importTooLarge);
  if (startsWith(file, ZIP_SIGNATURE)) await checkXlsxZip(file);
  else if (!startsWith(file, OLE2_SIGNATURE)) throw new SheetError(SheetErrorKey.importNotASpreadsheet);

  const sheet = parseDatosSheet(file);
  const grid = sheet["!data"] ?? [];
  // The sheet's own <dimension> says it goes on below the rows read (sheetRows cut it there): refuse rather
  // than drop rows never looked at. A missing or lying dimension says nothing: the row read beyond the
  // last allowed one tells (below).
  if (sheet["!fullref"] !== undefined) throw new SheetError(SheetErrorKey.importTooManyRows);

  let widest = 0;
  for (const cells of grid) {
    if (!cells) continue;
    cells.forEach((cell, column) => {
      if (!cell || cell.t === "z") return;
      if (cell.f !== undefined || cell.F !== undefined) throw new SheetError(SheetErrorKey.importFormulas);
      widest = Math.max(widest, column + 1);
    });
  }
  if (widest > MAX_SHEET_COLUMNS) throw new SheetError(SheetErrorKey.importTooWide);

  const columns = headerColumns(grid[0] ?? [], headers);
  const rows: SheetRow[] = [];
  let characters = 0;
  for (let index = 1; index < grid.length; index++) {
    const cells = grid[index];
    if (!cells) continue;
    const values: Record<string, string> = {};
    let types: Record<string, SheetCellType> | undefined;
    let empty = true;
    for (const [header, column] of columns) {
      const cell = cells[column];
      const value = cellText(cell);
      if (value.length > MAX_CELL_CHARACTERS)
        throw new SheetError(SheetErrorKey.importCellTooLong, {
          row: String(index + 1),
          column: XLSX.utils.encode_col(column),
        });
      characters += value.length;
      values[header] = value;
      if (value === "") continue;
      empty = false;
      const type = cellType(cell);
      if (type) {
        types ??= {};
        types[header] = type;
      }
    }
    if (characters > MAX_SHEET_CHARACTERS) throw new SheetError(SheetErrorKey.importTooLarge);
    if (empty) continue;
    // the header, MAX_SHEET_ROWS rows, and this one: one too many
    if (index > MAX_SHEET_ROWS) throw new SheetError(SheetErrorKey.importTooManyRows);
    rows.push(types ? { row: index + 1, values, types } : { row: index + 1, values });
  }
  if (rows.length === 0) throw new SheetError(SheetErrorKey.importEmpty);
  return rows;
}

function startsWith(file: Buffer, signature: Buffer): boolean {
  return file.length >= signature.length && file.subarray(0, signature.length).equals(signature);
}

function parseDatosSheet(file: Buffer): XLSX.WorkSheet {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(file, {
      type: "buffer",
      dense: true,
      sheets: SHEET_NAME,
      // the header row, the rows allowed, and one more: a row there with something in it is one too many
      sheetRows: MAX_SHEET_ROWS + 2,
      cellFormula: true,
      cellDates: true,
      cellHTML: false,
      cellText: false,
    });
  } catch {
    throw new SheetError(SheetErrorKey.importNotASpreadsheet);
  }
  const sheet = workbook.Sheets[SHEET_NAME];
  if (!sheet) throw new SheetError(SheetErrorKey.importNoDatosSheet);
  return sheet;
}

/** Column of each expected header in the first row (trimmed, any case); names the first one missing. */
function headerColumns(firstRow: XLSX.CellObject[], headers: readonly string[]): [string, number][] {
  const found = new Map<string, number>();
  firstRow.forEach((cell, column) => {
    const title = cellText(cell).toLowerCase();
    if (title !== "" && !found.has(title)) found.set(title, column);
  });
  return headers.map((header) => {
    const column = found.get(header.trim().toLowerCase());
    if (column === undefined) throw new SheetError(SheetErrorKey.importHeaderMissing, { title: header });
    return [header, column];
  });
}

/** A cell as the trimmed text a user typed: 123 not "123.0", text keeps its leading zeros, dates YYYY-MM-DD. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  const value = cell.v;
  // SheetJS 0.20 gives dates at UTC midnight whatever the server's time zone.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (cell.t === "e") return "";
  return plainText(String(value)).trim();
}

/** The type of a cell that was not text, for the columns that take text only (a tax id). */
function cellType(cell: XLSX.CellObject | undefined): SheetCellType | undefined {
  const value = cell?.v;
  if (value instanceof Date) return "date";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/g;

/**
 * Text any column can store and show: a line break (Alt+Enter in a cell) a space, no other control
 * character but tab (PostgreSQL refuses NUL), and well-formed, a lone surrogate (which no JSON column
 * takes) replaced by U+FFFD.
 */
function plainText(text: string): string {
  const wellFormed = (text as string & { toWellFormed(): string }).toWellFormed();
  return wellFormed.replace(LINE_BREAKS, " ").replace(CONTROLS, "");
}

/**
 * Walks the zip with a budget before anything inflates it for real: a bounded number of entries, declared
 * and actually inflated sizes under the limits (a zip bomb stops here), and the parts every .xlsx has.
 */
async function checkXlsxZip(file: Buffer): Promise<void> {
  const names = await new Promise<Set<string>>((resolve, reject) => {
    const refuse = (key: SheetErrorKey = SheetErrorKey.importNotASpreadsheet) => reject(new SheetError(key));
    yauzl.fromBuffer(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (openError, zip) => {
      if (openError || !zip) return refuse();
      if (zip.entryCount > ZIP_LIMITS.entries) {
        zip.close();
        return refuse();
      }
      const seen = new Set<string>();
      let declared = 0;
      let inflated = 0;
      const fail = (key?: SheetErrorKey) => {
        zip.close();
        refuse(key);
      };
      zip.on("error", () => refuse());
      zip.on("end", () => resolve(seen));
      zip.on("entry", (entry: yauzl.Entry) => {
        seen.add(entry.fileName);
        declared += entry.uncompressedSize;
        if (entry.uncompressedSize > ZIP_LIMITS.entryBytes || declared > ZIP_LIMITS.totalBytes) return fail();
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail();
          stream.on("data", (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > ZIP_LIMITS.totalBytes) {
              stream.destroy();
              fail();
            }
          });
          stream.on("error", () => fail());
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
  if (!XLSX_REQUIRED_ENTRIES.every((name) => names.has(name)))
    throw new SheetError(SheetErrorKey.importNotASpreadsheet);
}
