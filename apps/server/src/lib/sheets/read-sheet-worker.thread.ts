/**
 * The body of the worker of read-sheet-worker.ts (loaded by read-sheet-worker.entry.mjs as CommonJS, so no
 * top-level await): reads the sheet it was given and posts one answer. It imports only the reader and what
 * the reader needs (xlsx, yauzl, sheet-errors.ts), not `@coordina/domain`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readImportSheet, SheetError } from "./read-sheet.js";
import type { SheetWorkerAnswer, SheetWorkerInput } from "./read-sheet-worker.js";

const { file, headers } = workerData as SheetWorkerInput;

async function answer(): Promise<SheetWorkerAnswer> {
  try {
    return { rows: await readImportSheet(Buffer.from(file.buffer, file.byteOffset, file.byteLength), headers) };
  } catch (error) {
    if (error instanceof SheetError) return { sheetError: { key: error.key, params: error.params } };
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    return { failure: { message, stack } };
  }
}

void answer().then((message) => parentPort?.postMessage(message));
