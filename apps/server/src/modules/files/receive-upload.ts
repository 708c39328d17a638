import path from "node:path";
import { ErrorKey } from "@coordina/domain";
import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.js";
import { CONTROL_CHARACTER, LINE_BREAK, withoutControls } from "../../lib/text.js";
import type { FileStore, StagedFile } from "./file-store.js";

/** A file received whole and checked, waiting for its record. */
export type ReceivedFile = StagedFile & { name: string };

/** A multipart upload read to its end: its form fields and its file, unless the file was skipped. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  /** undefined only when `beforeFile` asked to skip it */
  file: ReceivedFile | undefined;
}

/** The name a user sees: the base name the browser sent, without control characters, at most 200 long. */
function cleanFileName(raw: string | undefined): string {
  const base = withoutControls(path.basename((raw ?? "").replace(/\\/g, "/"))).trim();
  return (base || "documento.pdf").slice(0, 200);
}

/**
 * What the multipart parser throws about the body itself (no boundary, a boundary that never comes, a
 * body cut short, malformed part headers) is the client's fault: 400. The limits it reports keep their
 * own codes (`FST_…`, mapped by the error handler); anything else is ours.
 */
function malformed(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === "string" && code.startsWith("FST_")) return error;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(400, ErrorKey.invalidInput);
}

/**
 * Reads a multipart upload: its fields (first) and exactly one file, streamed through the store's checks into
 * staging (never held in memory whole). On any failure, including a client that goes away midway, the
 * staged bytes are removed and nothing is recorded. `beforeFile` checks the fields received so far when the
 * file begins (they come first), so a refused upload is refused before anything is stored; when it answers
 * "skip", the file is read and thrown away (a retry whose first answer is already known).
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  beforeFile?: (fields: Record<string, string>) => Promise<"store" | "skip" | undefined>,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, ErrorKey.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let skipped = false;
  try {
    let parts: AsyncIterator<Multipart>;
    try {
      parts = request.parts()[Symbol.asyncIterator]();
    } catch (error) {
      throw malformed(error);
    }
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw malformed(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === "field") {
        // A field longer than the limit arrives cut short, silently: a list of communities cut mid-way would
        // name fewer (or other) communities than were sent. Refused instead.
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(400, ErrorKey.invalidInput);
        // The same boundary check as every JSON field (plugins/validation.ts): no form field is multiline.
        const texts = [part.fieldname, typeof part.value === "string" ? part.value : ""];
        if (texts.some((t) => CONTROL_CHARACTER.test(t) || LINE_BREAK.test(t))) {
          throw new AppError(400, ErrorKey.invalidInput);
        }
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (file || skipped) {
        part.file.resume();
        throw new AppError(400, ErrorKey.invalidInput);
      }
      let decision: "store" | "skip" | undefined;
      try {
        decision = await beforeFile?.(fields);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      if (decision === "skip") {
        skipped = true;
        await new Promise<void>((resolve, reject) => {
          part.file.once("end", resolve).once("error", reject).resume();
        }).catch(() => {
          throw new AppError(400, ErrorKey.uploadFailed);
        });
        continue;
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
  if (!file && !skipped) throw new AppError(400, ErrorKey.fileMissing);
  return { fields, file };
}
