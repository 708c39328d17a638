import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { ErrorKey, IMPORT_HEADERS } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { readImportSheet, SheetError } from "./read-sheet.js";
import {
  MAX_SHEET_WORKERS,
  readImportSheetInWorker,
  SHEET_WORKER_LIMITS,
  SHEET_WORKER_SLOTS,
  WorkerSlots,
} from "./read-sheet-worker.js";

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

/** A task that records its start and ends when told to (or fails, with `fail`). */
function blockingTask(name: string, started: string[]) {
  let end!: (value: string) => void;
  let fail!: (error: Error) => void;
  let markStarted!: () => void;
  const hasStarted = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const task = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      markStarted();
      end = resolve;
      fail = reject;
    });
  return { task, hasStarted, end: () => end(name), fail: (error: Error) => fail(error) };
}

describe("WorkerSlots", () => {
  it("runs two tasks at once; the others wait in line and start, in order, as running ones end", async () => {
    const slots = new WorkerSlots(2);
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => blockingTask(name, started)) as [
      ReturnType<typeof blockingTask>,
      ReturnType<typeof blockingTask>,
      ReturnType<typeof blockingTask>,
      ReturnType<typeof blockingTask>,
    ];
    const results = [a, b, c, d].map((t) => slots.run(t.task));

    // two start at once; the third and fourth wait
    expect(started).toEqual(["a", "b"]);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);

    // b ends: c (first in line) takes its slot, d still waits
    b.end();
    await c.hasStarted;
    expect(started).toEqual(["a", "b", "c"]);
    expect([slots.running, slots.waiting]).toEqual([2, 1]);

    // a fails: its slot is given back all the same, and d starts
    a.fail(new Error("roto"));
    await d.hasStarted;
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect([slots.running, slots.waiting]).toEqual([2, 0]);

    c.end();
    d.end();
    const settled = await Promise.allSettled(results);
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "roto",
      "b",
      "c",
      "d",
    ]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
    await slots.idle();
  });
});

describe("readImportSheetInWorker", () => {
  it(`keeps at most ${MAX_SHEET_WORKERS} sheet workers alive at once: a third read waits for one of them`, async () => {
    expect(MAX_SHEET_WORKERS).toBe(2);
    // the workers of the tests before (shuffled) gone: they answer before they exit
    await SHEET_WORKER_SLOTS.idle();
    // Files that own their memory: each is handed to its worker when that worker starts, and not before.
    const files = ["pairs.xlsx", "communities.xlsx", "administrators.xlsx"].map((name) => Buffer.from(fixture(name)));
    const sizes = files.map((f) => f.length);
    expect(Math.min(...sizes)).toBeGreaterThan(4096);

    const reads = [
      readImportSheetInWorker(files[0]!, IMPORT_HEADERS.pairs),
      readImportSheetInWorker(files[1]!, IMPORT_HEADERS.communities),
      readImportSheetInWorker(files[2]!, IMPORT_HEADERS.administrators),
    ];

    // two workers took their files; the third file is still the caller's, its read in line
    expect(files.map((f) => f.length)).toEqual([0, 0, sizes[2]]);
    expect([SHEET_WORKER_SLOTS.running, SHEET_WORKER_SLOTS.waiting]).toEqual([2, 1]);

    // ...and it is read once one of the first two ends: every read answers its rows
    const rows = await Promise.all(reads);
    expect(rows.map((r) => r.length)).toEqual([4, 4, 4]);
    expect(files.map((f) => f.length)).toEqual([0, 0, 0]);
    await SHEET_WORKER_SLOTS.idle();
    expect([SHEET_WORKER_SLOTS.running, SHEET_WORKER_SLOTS.waiting]).toEqual([0, 0]);
  });

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
