import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { ErrorKey, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { readImportSheet, SheetError, type SheetErrorKey } from "./read-sheet.js";

// Made by LibreOffice Calc from the .fods sources (scripts/make-sheet-fixtures.sh).
const fixtures = path.resolve(import.meta.dirname, "../../../test/fixtures/sheets");
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const PROVIDER_HEADERS = ["name", "cif", "email", "tlfn", "activity"] as const;
const FORMATS = ["xlsx", "xls"] as const;

async function refusal(file: Buffer, headers: readonly string[] = ["name", "cif"]) {
  const error = await readImportSheet(file, headers).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SheetError);
  return error as SheetError;
}

/** A workbook written by SheetJS, with 'Datos' holding `rows` (first row the headers). */
function workbook(rows: unknown[][], bookType: "xlsx" | "biff8"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { dense: true }), "Datos");
  return XLSX.write(book, { type: "buffer", bookType, compression: true });
}

/** A zip with the parts of an .xlsx, its sheet deflating to `inflated` zero bytes while declaring `declared`. */
function zipBomb(inflated: number, declared: number): Buffer {
  return zip([
    ["xl/worksheets/sheet1.xml", Buffer.alloc(inflated), declared],
    ["[Content_Types].xml", Buffer.from("<Types/>")],
    ["xl/workbook.xml", Buffer.from("<workbook/>")],
  ]);
}

/** A zip written by hand, so that an entry can declare another size than its content's. */
function zip(entries: [name: string, content: Buffer, declared?: number][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content, declared] of entries) {
    const data = deflateRawSync(content);
    const size = declared ?? content.length;
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe.each(FORMATS)("readImportSheet of a LibreOffice .%s", (format) => {
  it("reads 'Datos' (not the sheet before it) by header, trimmed, with the spreadsheet's row numbers", async () => {
    const rows = await readImportSheet(fixture(`providers.${format}`), [...PROVIDER_HEADERS, "alta"]);

    // row 4 is empty in the sheet: skipped, and the next row keeps its number 5
    expect(rows).toEqual([
      {
        row: 2,
        values: {
          name: "Fontanería Peña S.L.",
          cif: "01234567L",
          email: "pena@example.com",
          tlfn: "912345678",
          activity: "Fontanería, Electricidad",
          alta: "2024-03-01",
        },
      },
      {
        row: 3,
        values: {
          name: "Ascensores Ibáñez",
          cif: "B00012345",
          email: "ibanez@example.com",
          tlfn: "0034 600 000 000",
          activity: "Ascensores",
          alta: "",
        },
      },
      {
        row: 5,
        values: {
          name: "Limpiezas Güell",
          cif: "00000001R",
          email: "guell@example.com",
          tlfn: "",
          activity: "Limpieza",
          alta: "",
        },
      },
    ]);
  });

  it("ignores the columns it was not asked for and gives decimals as written", async () => {
    const rows = await readImportSheet(fixture(`providers.${format}`), ["CIF", "Notas"]);

    expect(rows.map((row) => row.values)).toEqual([
      { CIF: "01234567L", Notas: "extra" },
      { CIF: "B00012345", Notas: "12.5" },
      { CIF: "00000001R", Notas: "" },
    ]);
  });

  it("refuses a workbook without the sheet 'Datos'", async () => {
    expect((await refusal(fixture(`no-datos.${format}`))).key).toBe(ErrorKey.importNoDatosSheet);
  });

  it("names the first expected header missing", async () => {
    const error = await refusal(fixture(`missing-cif.${format}`), ["name", "cif", "email", "nif"]);

    expect(error.key).toBe(ErrorKey.importHeaderMissing);
    expect(error.params).toEqual({ title: "cif" });
  });

  it("refuses a sheet with a formula", async () => {
    expect((await refusal(fixture(`formula.${format}`))).key).toBe(ErrorKey.importFormulas);
  });
});

describe.each([
  ["xlsx", "xlsx"],
  ["xls", "biff8"],
] as const)("readImportSheet of a generated .%s", (_format, bookType) => {
  const header = ["name", "cif"];
  const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => [`Finca ${i + 1}`, `H${i}`]);

  it("reads 20,000 rows, and refuses 20,001", async () => {
    const rows = await readImportSheet(workbook([header, ...rowsOf(20_000)], bookType), header);
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)).toEqual({ row: 20_001, values: { name: "Finca 20000", cif: "H19999" } });

    const error = await refusal(workbook([header, ...rowsOf(20_001)], bookType));
    expect(error.key).toBe(ErrorKey.importTooManyRows);
  });

  it.each<[string, unknown[][]]>([
    [
      "101 headers",
      [
        [...header, ...Array.from({ length: 99 }, (_, i) => `extra${i}`)],
        ["Finca", "H1"],
      ],
    ],
    ["1,000 empty cells on a row", [header, ["Finca", "H1", ...Array.from({ length: 998 }, () => "")]]],
  ])("refuses a sheet more than 100 columns wide: %s", async (_case, rows) => {
    expect((await refusal(workbook(rows, bookType))).key).toBe(ErrorKey.importTooWide);
  });

  it("accepts 100 columns", async () => {
    const wide = [
      [...header, ...Array.from({ length: 98 }, (_, i) => `extra${i}`)],
      ["Finca", "H1"],
    ];
    expect(await readImportSheet(workbook(wide, bookType), header)).toEqual([
      { row: 2, values: { name: "Finca", cif: "H1" } },
    ]);
  });
});

describe("readImportSheet of what is not a spreadsheet", () => {
  it.each<[string, Buffer, SheetErrorKey]>([
    ["a PDF renamed .xlsx", Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n"), ErrorKey.importNotASpreadsheet],
    ["a CSV", Buffer.from("name,cif\nFinca,H1\n"), ErrorKey.importNotASpreadsheet],
    ["an empty file", Buffer.alloc(0), ErrorKey.importNotASpreadsheet],
    ["a broken zip", zipBomb(10, 10).subarray(0, 60), ErrorKey.importNotASpreadsheet],
    [
      "a zip without the parts of an .xlsx",
      zip([["word/document.xml", Buffer.from("<w:document/>")]]),
      ErrorKey.importNotASpreadsheet,
    ],
    ["a zip bomb declaring its size", zipBomb(60 * 1024 * 1024, 60 * 1024 * 1024), ErrorKey.importNotASpreadsheet],
    ["a zip bomb lying about its size", zipBomb(60 * 1024 * 1024, 1024), ErrorKey.importNotASpreadsheet],
    ["11 MB", Buffer.concat([fixture("providers.xlsx"), Buffer.alloc(11 * 1024 * 1024)]), ErrorKey.importTooLarge],
  ])("refuses %s", async (_case, file, key) => {
    expect((await refusal(file)).key).toBe(key);
  });

  it("takes 10 MB as not too large, and then looks at what it is", async () => {
    const file = Buffer.concat([Buffer.from("%PDF"), Buffer.alloc(MAX_FILE_SIZE_BYTES - 4)]);
    expect((await refusal(file)).key).toBe(ErrorKey.importNotASpreadsheet);
  });
});
