import path from "node:path";
import { ErrorKey } from "@coordina/domain";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.js";
import type { FileStore, StagedFile } from "./file-store.js";

/** A file received whole and checked, waiting for its record, with the form fields that came with it. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file: StagedFile & { name: string };
}

/** The name a user sees: the base name the browser sent, without control characters, at most 200 long. */
export function cleanFileName(raw: string | undefined): string {
  const chars = [...path.basename((raw ?? "").replace(/\\/g, "/"))];
  const base = chars
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  return (base || "documento.pdf").slice(0, 200);
}

/**
 * Reads a multipart upload: its fields (first) and exactly one file, streamed through the store's checks into
 * staging (never held in memory whole). On any failure, including a client that goes away midway, the
 * staged bytes are removed and nothing is recorded.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  /** checks the fields received so far when the file begins (they come first): refuse before storing */
  beforeFile?: (fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, ErrorKey.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: ReceivedUpload["file"] | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (file) {
        part.file.resume();
        throw new AppError(400, ErrorKey.invalidInput);
      }
      if (beforeFile) {
        try {
          await beforeFile(fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      const staged = await store.stage(part.file);
      // busboy stops a file at the size limit and marks it truncated instead of failing.
      if (part.file.truncated) {
        await staged.discard();
        throw new AppError(413, ErrorKey.fileTooLarge);
      }
      file = { ...staged, name: cleanFileName(part.filename) };
    }
  } catch (error) {
    await file?.discard();
    throw error;
  }
  if (!file) throw new AppError(400, ErrorKey.fileMissing);
  return { fields, file };
}
