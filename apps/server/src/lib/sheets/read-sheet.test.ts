import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { ErrorKey, IMPORT_HEADERS, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import {
  MAX_CELL_CHARACTERS,
  MAX_SHEET_CHARACTERS,
  readImportSheet,
  SheetError,
  type SheetErrorKey,
} from "./read-sheet.js";

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

/** SheetJS's zip reader and writer (typed `any` by the package): what changes a part of an .xlsx. */
const CFB = XLSX.CFB as {
  read(file: Buffer, options: { type: "buffer" }): unknown;
  find(container: unknown, path: string): { content: Uint8Array } | null;
  write(container: unknown, options: { fileType: "zip"; type: "buffer"; compression: boolean }): Uint8Array;
};

/** The .xlsx `file` with its part `part` (an XML) changed by `edit`: what another program may write. */
function patched(file: Buffer, part: string, edit: (xml: string) => string): Buffer {
  const container = CFB.read(file, { type: "buffer" });
  const entry = CFB.find(container, `/${part}`);
  if (!entry) throw new Error(`the file has no ${part}`);
  const xml = Buffer.from(entry.content).toString("utf8");
  const changed = edit(xml);
  if (changed === xml) throw new Error(`${part} was not changed`);
  entry.content = Buffer.from(changed, "utf8");
  return Buffer.from(CFB.write(container, { fileType: "zip", type: "buffer", compression: true }));
}

/** An .xlsx whose strings are shared (bookSST): a string repeated in many cells is stored once. */
function sharedStrings(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { dense: true }), "Datos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", bookSST: true, compression: true }) as Buffer;
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
        // the cells that were not text: the phone typed as a number, the date
        types: { tlfn: "number", alta: "date" },
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

/**
 * The per-kind fixtures (README.md next to them): sheet 'Datos' then 'Notas' (junk), row 4 empty, cifs with
 * leading zeros stored as text, cifs and phones stored as numbers, e-mails in mixed case with spaces around.
 */
const KIND_FIXTURES: [file: string, headers: readonly string[], rows: [number, string[]][]][] = [
  [
    "administrators",
    IMPORT_HEADERS.administrators,
    [
      [2, ["Administraciones Núñez S.L.", "B01234567", "Gestion@Nunez-Fincas.ES"]],
      [3, ["Fincas Peña y Asociados", "00123456Z", "Oficina@PenaFincas.com"]],
      [5, ["José Ángel Muñoz Ibáñez", "12345678", "JAngel.Munoz@Example.com"]],
      [6, ["Gestoría Águila S.L.P.", "b-28.123 450", "gestoria@aguila.es"]],
    ],
  ],
  [
    "providers-kinds",
    IMPORT_HEADERS.providers,
    [
      [2, ["Limpiezas Núñez S.L.", "B00123456", "Limpiezas@Nunez.ES", "912345678", "Limpieza, Jardinería"]],
      [3, ["Ascensores Peña S.A.", "A08012345", "Prevencion@AscensoresPena.com", "600 123 456", "Ascensores;Limpieza"]],
      [
        5,
        ["Servicios Integrales Águila", "00234567T", "info@aguila-servicios.es", "", "Limpieza|Jardinería*Ascensores"],
      ],
      [6, ["Jardines Ibáñez", "45678901", "JARDINES@IBANEZ.ES", "611222333", "Jardinería"]],
    ],
  ],
  [
    "communities",
    IMPORT_HEADERS.communities,
    [
      [2, ["Comunidad de Propietarios Calle Águila 3", "H01234567"]],
      [3, ["C.P. Plaza de la Peña 12", "H00012345"]],
      [5, ["Comunidad Núñez de Balboa 45", "28123456"]],
      [6, ["Mancomunidad Ibáñez-Güell", "h-28.654 321"]],
    ],
  ],
  [
    "community-providers",
    IMPORT_HEADERS["community-providers"],
    [
      [2, ["B00123456"]],
      [3, ["00234567T"]],
      [5, ["45678901"]],
      [6, ["a-08.012 345"]],
    ],
  ],
  [
    "pairs",
    IMPORT_HEADERS.pairs,
    [
      [2, ["H01234567", "B00123456"]],
      [3, ["H00012345", "A08012345"]],
      [5, ["28123456", "45678901"]],
      [6, ["H01234567", "00234567T"]],
    ],
  ],
  [
    "administrators-errors",
    IMPORT_HEADERS.administrators,
    [
      [2, ["Administraciones Núñez S.L.", "B01234567", "gestion@nunez-fincas.es"]],
      [3, ["Fincas Sin CIF", "", "sincif@example.com"]],
      [4, ["Gestoría Peña", "B02345678", "correo@"]],
      [5, ["Administraciones Núñez Duplicada", "B01234567", "otra@nunez-fincas.es"]],
    ],
  ],
  [
    "providers-unknown-activity",
    IMPORT_HEADERS.providers,
    [
      [2, ["Limpiezas Núñez S.L.", "B00123456", "limpiezas@nunez.es", "912345678", "Limpieza"]],
      [3, ["Cohetes Peña S.L.", "B03456789", "cohetes@pena.es", "", "Limpieza, Astronáutica"]],
    ],
  ],
];

describe.each(FORMATS)("readImportSheet of the per-kind LibreOffice .%s fixtures", (format) => {
  it.each(KIND_FIXTURES)(
    "reads %s: only 'Datos', trimmed, zeros and accents kept, numbers as typed",
    async (file, headers, rows) => {
      const book = fixture(`${file}.${format}`);
      // the fixture has the junk sheet after 'Datos' that the rows below must not come from
      expect(XLSX.read(book, { type: "buffer", bookSheets: true }).SheetNames).toEqual(["Datos", "Notas"]);

      expect((await readImportSheet(book, headers)).map(({ row, values }) => ({ row, values }))).toEqual(
        rows.map(([row, cells]) => ({
          row,
          values: Object.fromEntries(headers.map((header, i) => [header, cells[i]])),
        })),
      );
    },
  );

  it("reads the cells LibreOffice stored as numbers (a cif and phones) as the digits typed", async () => {
    const sheet = XLSX.read(fixture(`providers-kinds.${format}`), { type: "buffer", dense: true }).Sheets.Datos!;
    const stored = (address: string) => {
      const { r, c } = XLSX.utils.decode_cell(address);
      return sheet["!data"]?.[r]?.[c];
    };
    expect([stored("B6"), stored("D2"), stored("D6")].map((cell) => [cell?.t, cell?.v])).toEqual([
      ["n", 45678901],
      ["n", 912345678],
      ["n", 611222333],
    ]);
    expect([stored("B2")?.v, stored("B5")?.v, stored("C2")?.v]).toEqual([
      "B00123456",
      "00234567T",
      " Limpiezas@Nunez.ES ",
    ]);

    const rows = await readImportSheet(fixture(`providers-kinds.${format}`), IMPORT_HEADERS.providers);
    expect(rows.map((row) => [row.values.cif, row.values.tlfn, row.types])).toEqual([
      ["B00123456", "912345678", { tlfn: "number" }],
      ["A08012345", "600 123 456", undefined],
      ["00234567T", "", undefined],
      ["45678901", "611222333", { cif: "number", tlfn: "number" }],
    ]);
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

describe("readImportSheet of long cells", () => {
  const header = ["name", "cif", "email"];

  it("refuses a small file whose one long shared string fills thousands of cells, naming the first", async () => {
    // Excel takes no cell over 32,767 characters, SheetJS writes none: the string is put in by hand.
    const rows = Array.from({ length: 5_000 }, (_, i) => ["XLONGX", `B${10_000_000 + i}`, `u${i}@ejemplo.es`]);
    const file = patched(sharedStrings([header, ...rows]), "xl/sharedStrings.xml", (xml) =>
      xml.replace("XLONGX", "A".repeat(1024 * 1024)),
    );
    // 5,000 cells of a megabyte each (5 GB of text once copied) in a file under half a megabyte
    expect(file.length).toBeLessThan(512 * 1024);

    const error = await refusal(file, header);
    expect(error.key).toBe(ErrorKey.importCellTooLong);
    expect(error.params).toEqual({ row: "2", column: "A" });
  });

  it(`takes a cell of ${MAX_CELL_CHARACTERS} characters (after trimming), and refuses one more`, async () => {
    const fits = "ñ".repeat(MAX_CELL_CHARACTERS);
    const rows = await readImportSheet(workbook([header, ["Finca", "H1", `  ${fits}  `]], "xlsx"), header);
    expect(rows[0]?.values.email).toBe(fits);

    const error = await refusal(workbook([header, ["Finca", "H1", ""], ["Finca", "H2", `${fits}x`]], "xlsx"), header);
    expect(error.key).toBe(ErrorKey.importCellTooLong);
    expect(error.params).toEqual({ row: "3", column: "C" });
  });

  it("looks only at the columns imported: a long note beside them is no matter", async () => {
    const rows = await readImportSheet(
      workbook(
        [
          [...header, "notas"],
          ["Finca", "H1", "", "N".repeat(5_000)],
        ],
        "xlsx",
      ),
      header,
    );
    expect(rows).toEqual([{ row: 2, values: { name: "Finca", cif: "H1", email: "" } }]);
  });

  it(`refuses as too large a sheet whose cells hold more than ${MAX_SHEET_CHARACTERS.toLocaleString("en")} characters`, async () => {
    const cell = "A".repeat(MAX_CELL_CHARACTERS);
    const count = Math.floor(MAX_SHEET_CHARACTERS / (3 * MAX_CELL_CHARACTERS)) + 1;
    const file = sharedStrings([header, ...Array.from({ length: count }, () => [cell, cell, cell])]);
    expect((await refusal(file, header)).key).toBe(ErrorKey.importTooLarge);

    // one row fewer is within the limit
    const fewer = sharedStrings([header, ...Array.from({ length: count - 1 }, () => [cell, cell, cell])]);
    expect(await readImportSheet(fewer, header)).toHaveLength(count - 1);
  });
});

describe("readImportSheet of odd text", () => {
  const header = ["name", "cif"];

  it("gives well-formed text: a lone surrogate becomes U+FFFD (no JSON column takes it)", async () => {
    const file = patched(sharedStrings([header, ["Nombre XSURROGATEX raro", "B1"]]), "xl/sharedStrings.xml", (xml) =>
      xml.replace("XSURROGATEX", "&#xD800;"),
    );
    // what SheetJS itself gives for that cell
    const sheet = XLSX.read(file, { type: "buffer", dense: true }).Sheets.Datos!;
    expect(sheet["!data"]?.[1]?.[0]?.v).toBe("Nombre \ud800 raro");

    const [row] = await readImportSheet(file, header);
    expect(row?.values.name).toBe("Nombre \ufffd raro");
    expect(JSON.parse(JSON.stringify(row?.values.name))).toBe("Nombre \ufffd raro");
  });

  it("drops control characters but tab, and makes a line break in a cell a space", async () => {
    const rows = await readImportSheet(
      workbook([header, ["Calle\r\nMayor\n10\u0000\u0001\u001f\u007f\u0085 fin\tT", "B\u00001"]], "xlsx"),
      header,
    );
    expect(rows).toEqual([{ row: 2, values: { name: "Calle Mayor 10 fin\tT", cif: "B1" } }]);
  });
});

describe("readImportSheet of rows that do not end where the sheet says", () => {
  const header = ["name", "cif"];
  const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => [`Finca ${i + 1}`, `H${i}`]);
  const SHEET = "xl/worksheets/sheet1.xml";
  const withoutDimension = (file: Buffer) => patched(file, SHEET, (xml) => xml.replace(/<dimension [^>]*\/>/, ""));

  it("refuses 20,001 rows when the sheet has no <dimension>, and reads 20,000", async () => {
    const tooMany = withoutDimension(workbook([header, ...rowsOf(20_001)], "xlsx"));
    expect((await refusal(tooMany)).key).toBe(ErrorKey.importTooManyRows);

    const rows = await readImportSheet(withoutDimension(workbook([header, ...rowsOf(20_000)], "xlsx")), header);
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)?.row).toBe(20_001);
  });

  it("refuses 20,001 rows whose <dimension> says there are two", async () => {
    const lying = patched(workbook([header, ...rowsOf(20_001)], "xlsx"), SHEET, (xml) =>
      xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:B2"/>'),
    );
    expect((await refusal(lying)).key).toBe(ErrorKey.importTooManyRows);
  });

  it("takes 20,000 rows with an empty row below them", async () => {
    const rows = await readImportSheet(workbook([header, ...rowsOf(20_000), ["", ""]], "xlsx"), header);
    expect(rows).toHaveLength(20_000);
  });
});

describe("readImportSheet of the cells' types", () => {
  it("says which cells were a number, a date or true/false, and gives them as text", async () => {
    const header = ["name", "cif", "email"];
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        header,
        ["Fecha", new Date(Date.UTC(2024, 0, 15)), "fecha@ejemplo.es"],
        ["Verdad", true, "bool@ejemplo.es"],
        ["Grande", 1.2345678901234568e21, "grande@ejemplo.es"],
        [12345, "B82000001", "texto@ejemplo.es"],
      ],
      { dense: true, cellDates: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Datos");
    const file = XLSX.write(book, { type: "buffer", bookType: "xlsx", cellDates: true }) as Buffer;

    expect(await readImportSheet(file, header)).toEqual([
      { row: 2, values: { name: "Fecha", cif: "2024-01-15", email: "fecha@ejemplo.es" }, types: { cif: "date" } },
      { row: 3, values: { name: "Verdad", cif: "TRUE", email: "bool@ejemplo.es" }, types: { cif: "boolean" } },
      {
        row: 4,
        values: { name: "Grande", cif: "1.2345678901234568e+21", email: "grande@ejemplo.es" },
        types: { cif: "number" },
      },
      { row: 5, values: { name: "12345", cif: "B82000001", email: "texto@ejemplo.es" }, types: { name: "number" } },
    ]);
  });
});

describe.each([
  ["xlsx", "xlsx"],
  ["xls", "biff8"],
] as const)("readImportSheet of a .%s with nothing to import", (_format, bookType) => {
  it.each<[string, unknown[][]]>([
    ["the headers alone", [["name", "cif"]]],
    ["the headers and empty rows", [["name", "cif"], [], ["", "  "], ["", ""]]],
    [
      "data only in columns not imported",
      [
        ["name", "cif", "notas"],
        ["", "", "una nota"],
      ],
    ],
  ])("refuses %s: import.empty", async (_case, rows) => {
    expect((await refusal(workbook(rows, bookType))).key).toBe(ErrorKey.importEmpty);
  });
});
