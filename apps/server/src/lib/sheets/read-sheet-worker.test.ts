import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { ErrorKey, IMPORT_HEADERS } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { readImportSheet, SheetError } from "./read-sheet.js";
import { readImportSheetInWorker, SHEET_WORKER_LIMITS } from "./read-sheet-worker.js";

const serverDir = path.resolve(import.meta.dirname, "../../..");
const fixtures = path.join(serverDir, "test/fixtures/sheets");
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const PROVIDERS = IMPORT_HEADERS.providers;

/** A providers sheet 'Datos' of `count` rows written by SheetJS as .xls (about 5 MB for 20,000 rows). */
function bigSheet(count: number): Buffer {
  const rows = Array.from({ length: count }, (_, i) => [
    `Empresa número ${i + 1}`,
    `B${String(i).padStart(8, "0")}`,
    `correo${i}@example.com`,
    900_000_000 + i,
    "Limpieza, Jardinería",
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...PROVIDERS], ...rows], { dense: true }), "Datos");
  return XLSX.write(book, { type: "buffer", bookType: "biff8" });
}

async function refusal(work: Promise<unknown>): Promise<SheetError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SheetError);
  return error as SheetError;
}

/** How many turns the event loop made until `work` settled, counted by a chain of setImmediate. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    counting = false;
  }
  return turns;
}

describe("readImportSheetInWorker", () => {
  it.each([
    ["administrators", IMPORT_HEADERS.administrators],
    ["providers-kinds", PROVIDERS],
    ["communities", IMPORT_HEADERS.communities],
    ["community-providers", IMPORT_HEADERS["community-providers"]],
    ["pairs", IMPORT_HEADERS.pairs],
    ["administrators-errors", IMPORT_HEADERS.administrators],
    ["providers-unknown-activity", PROVIDERS],
    ["providers", [...PROVIDERS, "alta"]],
  ])("reads the fixture %s (.xlsx and .xls) as readImportSheet does", async (name, headers) => {
    for (const format of ["xlsx", "xls"]) {
      const direct = await readImportSheet(fixture(`${name}.${format}`), headers);
      expect(direct.length).toBeGreaterThan(0);

      expect(await readImportSheetInWorker(fixture(`${name}.${format}`), headers)).toEqual(direct);
    }
  });

  it.each([
    ["missing-cif.xlsx", ["name", "cif"], ErrorKey.importHeaderMissing, { title: "cif" }],
    ["missing-cif.xls", ["name", "email", "nif"], ErrorKey.importHeaderMissing, { title: "nif" }],
    ["no-datos.xls", ["name", "cif"], ErrorKey.importNoDatosSheet, undefined],
    ["formula.xlsx", ["name", "cif"], ErrorKey.importFormulas, undefined],
  ])("answers the SheetError of %s with its key and params", async (name, headers, key, params) => {
    const error = await refusal(readImportSheetInWorker(fixture(name), headers));

    expect([error.key, error.params]).toEqual([key, params]);
  });

  it("refuses what is not a spreadsheet, as readImportSheet does", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n");

    expect((await refusal(readImportSheetInWorker(pdf, ["name"]))).key).toBe(ErrorKey.importNotASpreadsheet);
  });

  it("hands the file's memory to the worker instead of copying it, and copies a Buffer of Node's shared pool", async () => {
    const file = Buffer.from(fixture("pairs.xlsx"));
    const size = file.length;
    expect(size).toBeGreaterThan(4096);

    const rows = await readImportSheetInWorker(file, IMPORT_HEADERS.pairs);
    expect(rows).toHaveLength(4);
    expect(file.length).toBe(0);

    // a small Buffer.from lives in a pool other Buffers share: it must stay whole for its owner
    const pooled = Buffer.from("not a spreadsheet");
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    await refusal(readImportSheetInWorker(pooled, ["name"]));
    expect(pooled.toString()).toBe("not a spreadsheet");
  });

  it("keeps the event loop turning while a 20,000-row sheet is parsed", async () => {
    const file = bigSheet(20_000);
    // parsed on the event loop, the .xls holds it until the rows are there: not one turn in between
    const onTheLoop = await turnsDuring(async () =>
      expect(await readImportSheet(file, PROVIDERS)).toHaveLength(20_000),
    );
    expect(onTheLoop).toBe(0);

    const inTheWorker = await turnsDuring(async () =>
      expect(await readImportSheetInWorker(file, PROVIDERS)).toHaveLength(20_000),
    );
    expect(inTheWorker).toBeGreaterThan(100);
  });

  it("refuses as not a spreadsheet a sheet whose parse runs out of the worker's memory, and the server goes on", async () => {
    const limits = { ...SHEET_WORKER_LIMITS, maxOldGenerationSizeMb: 32 };
    // the same limits are enough for a sheet of a few rows...
    expect(await readImportSheetInWorker(fixture("providers-kinds.xls"), PROVIDERS, limits)).toHaveLength(4);

    // ...and not for 20,000: the worker dies of it, this process does not
    const error = await refusal(readImportSheetInWorker(bigSheet(20_000), PROVIDERS, limits));
    expect([error.key, error.params]).toEqual([ErrorKey.importNotASpreadsheet, undefined]);
    expect(await readImportSheetInWorker(fixture("communities.xlsx"), IMPORT_HEADERS.communities)).toHaveLength(4);
  });

  it("refuses as not a spreadsheet a sheet not read within the time limit", async () => {
    // a worker cannot even start in 1 ms
    const limits = { ...SHEET_WORKER_LIMITS, timeoutMs: 1 };

    const error = await refusal(readImportSheetInWorker(fixture("providers-kinds.xlsx"), PROVIDERS, limits));
    expect(error.key).toBe(ErrorKey.importNotASpreadsheet);
  });

  it("lets a bug in the reading reach the caller as an error, not as a refusal of the user's file", async () => {
    const notAHeader = undefined as unknown as string;

    const error = await readImportSheetInWorker(fixture("pairs.xlsx"), [notAHeader]).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SheetError);
    expect((error as Error).message).toMatch(/reading the sheet failed in its worker: .*trim/);
  });

  it("starts its worker under `node --import tsx`, as the server runs", async () => {
    const script = [
      'import { readFileSync } from "node:fs";',
      'import { readImportSheetInWorker } from "./src/lib/sheets/read-sheet-worker.ts";',
      'const rows = await readImportSheetInWorker(readFileSync("test/fixtures/sheets/pairs.xls"), ["cif_finca", "cif_provider"]);',
      "console.log(JSON.stringify(rows.map((row) => row.row)));",
    ].join("\n");

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "--eval", script],
      { cwd: serverDir },
    );
    expect(stdout.trim()).toBe("[2,3,5,6]");
  });
});
