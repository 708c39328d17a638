/**
 * readImportSheet in a worker thread: SheetJS parses synchronously, and a 10 MB sheet would hold the
 * server's event loop for seconds. Same answers as readImportSheet (rows, or SheetError with its key and
 * params); a worker that runs out of memory or past its time limit is ended and answers
 * `import.not-a-spreadsheet`, never a crash of the server. At most MAX_SHEET_WORKERS workers live at once
 * in a process; a read beyond them waits for one to end.
 */
import { Worker } from "node:worker_threads";
import { SheetError, type SheetRow } from "./read-sheet.js";
import { SheetErrorKey } from "./sheet-errors.js";

export type SheetWorkerLimits = {
  /** the worker's heap (V8 old generation); a sheet that needs more is refused */
  maxOldGenerationSizeMb: number;
  /**
   * the worker's young generation, where the parse's short-lived objects live: V8's default (some 48 MB)
   * filled up before each collection and made the worker's memory about half as much again
   */
  maxYoungGenerationSizeMb: number;
  /** from the worker's start to its answer; past it the worker is ended and the sheet refused */
  timeoutMs: number;
};

export const SHEET_WORKER_LIMITS: SheetWorkerLimits = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 4,
  timeoutMs: 60_000,
};

/** What the worker is given (read-sheet-worker.thread.ts). */
export type SheetWorkerInput = { file: Uint8Array; headers: readonly string[] };

/** What the worker answers: the rows, the SheetError, or an unexpected error (a bug: the caller's 500). */
export type SheetWorkerAnswer =
  | { rows: SheetRow[] }
  | { sheetError: { key: SheetErrorKey; params: Record<string, string> | undefined } }
  | { failure: { message: string; stack: string | undefined } };

/**
 * The server runs TypeScript through tsx, whose `--import` hook does not reach a worker's first module on
 * Node 20: the entry is plain JavaScript that loads the TypeScript body through tsx's CommonJS API. The
 * same works under vitest and under `node --import tsx`.
 */
const ENTRY = new URL("./read-sheet-worker.entry.mjs", import.meta.url);

/**
 * A count of things running at once, at most `max`; a task beyond them waits in line (first come, first
 * served) and starts when one ends, taking its place.
 */
export class WorkerSlots {
  #running = 0;
  readonly #line: (() => void)[] = [];
  readonly #idle: (() => void)[] = [];

  constructor(readonly max: number) {}

  /** tasks running now */
  get running() {
    return this.#running;
  }

  /** tasks waiting for one of them to end */
  get waiting() {
    return this.#line.length;
  }

  /** Resolves once no task runs (nor waits). */
  idle(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Runs `task` once a slot is free: at once when one is (`task` is called before this returns). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.max) this.#running++;
    else await new Promise<void>((start) => this.#line.push(start));
    try {
      return await task();
    } finally {
      // the slot goes straight to the first in line, so a newcomer cannot take it before
      const next = this.#line.shift();
      if (next) next();
      else if (--this.#running === 0) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }
}

/**
 * Sheet workers alive at once in this process: each may take up to SHEET_WORKER_LIMITS' heap, so a third
 * read waits for one of two to end (its worker gone) instead of adding another 512 MB.
 */
export const MAX_SHEET_WORKERS = 2;
export const SHEET_WORKER_SLOTS = new WorkerSlots(MAX_SHEET_WORKERS);

/**
 * readImportSheet(file, headers) in a worker thread, under `limits`, once `slots` has room for it (the
 * slot is held until the worker has exited, not only answered). The file's memory moves to the worker
 * without a copy when `file` owns its whole ArrayBuffer (what a multipart upload of more than 4 KB gives):
 * `file` is then empty (length 0) for the caller once the worker has started. A smaller Buffer sharing
 * Node's pool is copied at once.
 */
export function readImportSheetInWorker(
  file: Buffer,
  headers: readonly string[],
  limits: SheetWorkerLimits = SHEET_WORKER_LIMITS,
  slots: WorkerSlots = SHEET_WORKER_SLOTS,
): Promise<SheetRow[]> {
  const own = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength && file.buffer instanceof ArrayBuffer;
  const bytes = own ? new Uint8Array(file.buffer, 0, file.byteLength) : new Uint8Array(file);
  const input: SheetWorkerInput = { file: bytes, headers: [...headers] };

  return new Promise<SheetRow[]>((resolve, reject) => {
    slots.run(() => readInWorker(input, limits, resolve, reject)).catch(reject);
  });
}

/**
 * One worker reading `input`: `answer` or `fail` is called once, as soon as the outcome is known; the
 * promise resolves once the worker has exited (its memory given back).
 */
function readInWorker(
  input: SheetWorkerInput,
  limits: SheetWorkerLimits,
  answer: (rows: SheetRow[]) => void,
  fail: (error: Error) => void,
): Promise<void> {
  return new Promise<void>((exited) => {
    let done = false;
    const settle = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      outcome();
      // its answer given, the worker has nothing left to do: it ends now, and its slot with it
      void worker.terminate();
    };
    const refuse = () => settle(() => fail(new SheetError(SheetErrorKey.importNotASpreadsheet)));

    const worker = new Worker(ENTRY, {
      workerData: input,
      transferList: [input.file.buffer as ArrayBuffer],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      },
      // not the server's `--import tsx`: the entry loads tsx itself (see ENTRY)
      execArgv: [],
    });
    const timer = setTimeout(refuse, limits.timeoutMs);

    worker.on("message", (message: SheetWorkerAnswer) => {
      if ("rows" in message) settle(() => answer(message.rows));
      else if ("sheetError" in message) {
        const { key, params } = message.sheetError;
        settle(() => fail(new SheetError(key, params)));
      } else {
        const error = new Error(`reading the sheet failed in its worker: ${message.failure.message}`);
        if (message.failure.stack) error.stack = message.failure.stack;
        settle(() => fail(error));
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      // the heap limit reached: the sheet is more than a spreadsheet of the sizes accepted should need
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") refuse();
      else settle(() => fail(error));
    });
    worker.on("exit", (code) => {
      settle(() => fail(new Error(`the sheet worker stopped (exit code ${code}) without an answer`)));
      exited();
    });
  });
}
