import path from "node:path";
import { ErrorKey, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.js";
import { withoutControls } from "../../lib/text.js";

/** An import file as it came: its name (as the user sees it) and its bytes. */
export interface ReceivedSheet {
  name: string;
  data: Buffer;
}

const tooLarge = () => new AppError(413, ErrorKey.importTooLarge);

/** The base name the browser sent, without control characters, at most 200 long. */
function cleanFileName(raw: string | undefined): string {
  const base = withoutControls(path.basename((raw ?? "").replace(/\\/g, "/"))).trim();
  return (base || "importacion.xlsx").slice(0, 200);
}

/**
 * What the multipart parser throws: its size limit is the import's 'too large'; its other limits and a
 * malformed body are the client's 400 (the error handler maps the `FST_…` codes); anything else is ours.
 */
function parserError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (typeof code === "string" && code.startsWith("FST_")) return error;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(400, ErrorKey.invalidInput);
}

/**
 * Reads the one file of an import (multipart field `file`, at most MAX_FILE_SIZE_BYTES) into memory: a
 * spreadsheet is parsed whole anyway, and the multipart limits (UPLOAD_LIMITS) stop a larger one at the
 * limit. Form fields are ignored; another file field, or none, is refused.
 */
export async function receiveSheet(request: FastifyRequest): Promise<ReceivedSheet> {
  if (!request.isMultipart()) throw new AppError(415, ErrorKey.unsupportedMediaType);
  let received: ReceivedSheet | undefined;
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw parserError(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw parserError(error);
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === "field") continue;
    if (received || part.fieldname !== "file") {
      part.file.resume();
      throw new AppError(400, ErrorKey.invalidInput);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= MAX_FILE_SIZE_BYTES) chunks.push(chunk);
      }
    } catch (error) {
      throw parserError(error);
    }
    // busboy stops a file at the multipart limit and marks it truncated instead of failing.
    if (part.file.truncated || size > MAX_FILE_SIZE_BYTES) throw tooLarge();
    received = { name: cleanFileName(part.filename), data: Buffer.concat(chunks) };
  }
  if (!received) throw new AppError(400, ErrorKey.fileMissing);
  return received;
}
