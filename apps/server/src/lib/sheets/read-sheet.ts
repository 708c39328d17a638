/**
 * Reads the sheet 'Datos' of an import file (.xlsx or .xls, spec 01 §5/§9) into trimmed text values by
 * header, refusing what is not a plain spreadsheet of a sensible size (issue 20 Rules).
 */
import { ErrorKey, type ErrorKeyValue, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import * as XLSX from "xlsx";
import yauzl from "yauzl";

export const SHEET_NAME = "Datos";
export const MAX_SHEET_ROWS = 20_000;
export const MAX_SHEET_COLUMNS = 100;

/** Zip budget of an .xlsx before SheetJS inflates it (SheetJS itself has none). */
const ZIP_LIMITS = { entries: 200, entryBytes: 50 * 1024 * 1024, totalBytes: 100 * 1024 * 1024 };
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const XLSX_REQUIRED_ENTRIES = ["[Content_Types].xml", "xl/workbook.xml"];

export type SheetRow = {
  /** 1-based row number in the spreadsheet, as the user sees it in Excel */
  row: number;
  /** by expected header, as given to readImportSheet; "" when the cell is empty */
  values: Record<string, string>;
};

export type SheetErrorKey =
  | typeof ErrorKey.importTooLarge
  | typeof ErrorKey.importNotASpreadsheet
  | typeof ErrorKey.importNoDatosSheet
  | typeof ErrorKey.importHeaderMissing
  | typeof ErrorKey.importFormulas
  | typeof ErrorKey.importTooManyRows
  | typeof ErrorKey.importTooWide;

/** The file cannot be imported as a whole; `params` fill the Spanish text of `key`. */
export class SheetError extends Error {
  constructor(
    readonly key: SheetErrorKey & ErrorKeyValue,
    readonly params?: Record<string, string>,
  ) {
    super(key);
  }
}

export async function readImportSheet(file: Buffer, headers: readonly string[]): Promise<SheetRow[]> {
  if (file.length > MAX_FILE_SIZE_BYTES) throw new SheetError(ErrorKey.importTooLarge);
  if (startsWith(file, ZIP_SIGNATURE)) await checkXlsxZip(file);
  else if (!startsWith(file, OLE2_SIGNATURE)) throw new SheetError(ErrorKey.importNotASpreadsheet);

  const sheet = parseDatosSheet(file);
  const grid = sheet["!data"] ?? [];
  const fullRange = XLSX.utils.decode_range(sheet["!fullref"] ?? sheet["!ref"] ?? "A1");
  // sheetRows stopped reading: rows below were never looked at, so refuse rather than drop them.
  if (fullRange.e.r > MAX_SHEET_ROWS) throw new SheetError(ErrorKey.importTooManyRows);

  let widest = 0;
  for (const cells of grid) {
    if (!cells) continue;
    cells.forEach((cell, column) => {
      if (!cell || cell.t === "z") return;
      if (cell.f !== undefined || cell.F !== undefined) throw new SheetError(ErrorKey.importFormulas);
      widest = Math.max(widest, column + 1);
    });
  }
  if (widest > MAX_SHEET_COLUMNS) throw new SheetError(ErrorKey.importTooWide);

  const columns = headerColumns(grid[0] ?? [], headers);
  const rows: SheetRow[] = [];
  for (let index = 1; index < grid.length; index++) {
    const cells = grid[index];
    if (!cells) continue;
    const values: Record<string, string> = {};
    let empty = true;
    for (const [header, column] of columns) {
      const value = cellText(cells[column]);
      values[header] = value;
      if (value !== "") empty = false;
    }
    if (!empty) rows.push({ row: index + 1, values });
  }
  if (rows.length > MAX_SHEET_ROWS) throw new SheetError(ErrorKey.importTooManyRows);
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
      // the header row and one row more than allowed, so that too many rows is noticed
      sheetRows: MAX_SHEET_ROWS + 1,
      cellFormula: true,
      cellDates: true,
      cellHTML: false,
      cellText: false,
    });
  } catch {
    throw new SheetError(ErrorKey.importNotASpreadsheet);
  }
  const sheet = workbook.Sheets[SHEET_NAME];
  if (!sheet) throw new SheetError(ErrorKey.importNoDatosSheet);
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
    if (column === undefined) throw new SheetError(ErrorKey.importHeaderMissing, { title: header });
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
  return String(value).trim();
}

/**
 * Walks the zip with a budget before anything inflates it for real: a bounded number of entries, declared
 * and actually inflated sizes under the limits (a zip bomb stops here), and the parts every .xlsx has.
 */
async function checkXlsxZip(file: Buffer): Promise<void> {
  const names = await new Promise<Set<string>>((resolve, reject) => {
    const refuse = (key: SheetErrorKey = ErrorKey.importNotASpreadsheet) => reject(new SheetError(key));
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
  if (!XLSX_REQUIRED_ENTRIES.every((name) => names.has(name))) throw new SheetError(ErrorKey.importNotASpreadsheet);
}
