/**
 * readImportSheet in a worker thread: SheetJS parses synchronously, and a 10 MB sheet would hold the
 * server's event loop for seconds. Same answers as readImportSheet (rows, or SheetError with its key and
 * params); a worker that runs out of memory or past its time limit is ended and answers
 * `import.not-a-spreadsheet`, never a crash of the server.
 */
import { Worker } from "node:worker_threads";
import { ErrorKey } from "@coordina/domain";
import { SheetError, type SheetErrorKey, type SheetRow } from "./read-sheet.js";

export type SheetWorkerLimits = {
  /** the worker's heap (V8 old generation); a sheet that needs more is refused */
  maxOldGenerationSizeMb: number;
  /** from the worker's start to its answer; past it the worker is ended and the sheet refused */
  timeoutMs: number;
};

export const SHEET_WORKER_LIMITS: SheetWorkerLimits = { maxOldGenerationSizeMb: 512, timeoutMs: 60_000 };

/** What the worker is given (read-sheet-worker.thread.ts). */
export type SheetWorkerInput = { file: Uint8Array; headers: readonly string[] };

/** What the worker answers: the rows, the SheetError, or an unexpected error (a bug: the caller's 500). */
export type SheetWorkerAnswer =
  | { rows: SheetRow[] }
  | { sheetError: { key: SheetErrorKey; params: Record<string, string> | undefined } }
  | { failure: { message: string; stack: string | undefined } };

/**
 * The server runs TypeScript through tsx, whose `--import` hook does not reach a worker's first module on
 * Node 20: the entry is plain JavaScript that loads the TypeScript body through tsx's API. The same works
 * under vitest and under `node --import tsx`.
 */
const ENTRY = new URL("./read-sheet-worker.entry.mjs", import.meta.url);

/**
 * readImportSheet(file, headers) in a worker thread, under `limits`. The file's memory moves to the
 * worker without a copy when `file` owns its whole ArrayBuffer (what a multipart upload of more than
 * 4 KB gives): `file` is then empty (length 0) for the caller afterwards. A smaller Buffer sharing Node's
 * pool is copied.
 */
export function readImportSheetInWorker(
  file: Buffer,
  headers: readonly string[],
  limits: SheetWorkerLimits = SHEET_WORKER_LIMITS,
): Promise<SheetRow[]> {
  const own = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength && file.buffer instanceof ArrayBuffer;
  const bytes = own ? new Uint8Array(file.buffer, 0, file.byteLength) : new Uint8Array(file);
  const input: SheetWorkerInput = { file: bytes, headers: [...headers] };

  return new Promise<SheetRow[]>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const refuse = () => settle(() => reject(new SheetError(ErrorKey.importNotASpreadsheet)));

    const worker = new Worker(ENTRY, {
      workerData: input,
      transferList: [bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
      // not the server's `--import tsx`: the entry loads tsx itself (see ENTRY)
      execArgv: [],
    });
    const timer = setTimeout(() => {
      refuse();
      void worker.terminate();
    }, limits.timeoutMs);

    worker.on("message", (answer: SheetWorkerAnswer) => {
      if ("rows" in answer) settle(() => resolve(answer.rows));
      else if ("sheetError" in answer) {
        const { key, params } = answer.sheetError;
        settle(() => reject(new SheetError(key, params)));
      } else {
        const error = new Error(`reading the sheet failed in its worker: ${answer.failure.message}`);
        if (answer.failure.stack) error.stack = answer.failure.stack;
        settle(() => reject(error));
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      // the heap limit reached: the sheet is more than a spreadsheet of the sizes accepted should need
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") refuse();
      else settle(() => reject(error));
    });
    worker.on("exit", (code) => {
      settle(() => reject(new Error(`the sheet worker stopped (exit code ${code}) without an answer`)));
    });
  });
}
