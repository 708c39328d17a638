import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ErrorKey, MAX_FILE_SIZE_BYTES, PDF_SIGNATURE, PDF_SIGNATURE_WINDOW } from "@coordina/domain";
import { AppError } from "../../lib/app-error.js";

/** A file received and checked, not yet part of the store: `commit` files it, `discard` forgets it. */
export interface StagedFile {
  sha256: string;
  size: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where file bytes live (DESIGN §2): content-addressed by SHA-256, so one blob serves every record with
 * the same content. The local store keeps them under `DATA_DIR/files`; an S3 store would implement the
 * same three calls.
 */
export interface FileStore {
  /** Streams `source` into a staging area, hashing and checking it (PDF signature, size limit) on the way. */
  stage(source: Readable, options?: { maxBytes?: number }): Promise<StagedFile>;
  /** The bytes of a stored blob, or the whole of a range of them. */
  read(sha256: string, range?: { start: number; end: number }): Readable;
  /** The whole blob in memory, for small files that are sent whole. */
  load(sha256: string): Promise<Buffer>;
}

/** Blobs at most this big are kept in memory once read (they never change: their name is their hash). */
export const CACHED_BLOB_MAX_BYTES = 1024 * 1024;
const BLOB_CACHE_BYTES = 64 * 1024 * 1024;

const SHA256 = /^[0-9a-f]{64}$/;

/** Refuses what is not a PDF (by its signature) and what grows past `maxBytes`, while hashing it. */
class PdfGate extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  private head = Buffer.alloc(0);
  private checked = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new AppError(413, ErrorKey.fileTooLarge));
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= PDF_SIGNATURE_WINDOW + PDF_SIGNATURE.length) {
        const error = this.checkSignature();
        if (error) return done(error);
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: (err?: Error | null) => void) {
    if (this.size === 0) return done(new AppError(400, ErrorKey.fileMissing));
    done(this.checked ? null : this.checkSignature());
  }

  private checkSignature(): Error | null {
    this.checked = true;
    const at = this.head.subarray(0, PDF_SIGNATURE_WINDOW + PDF_SIGNATURE.length).indexOf(PDF_SIGNATURE, 0, "latin1");
    this.head = Buffer.alloc(0);
    return at === -1 ? new AppError(415, ErrorKey.fileNotPdf) : null;
  }
}

export class LocalFileStore implements FileStore {
  private readonly blobs: string;
  private readonly staging: string;
  /** least recently used first */
  private readonly cache = new Map<string, Buffer>();
  private cached = 0;

  constructor(root: string) {
    this.blobs = path.join(root, "blobs");
    this.staging = path.join(root, "staging");
  }

  async init() {
    await mkdir(this.blobs, { recursive: true });
    // Whatever is still staged was cut off by a crash or a stop: no record points to it.
    await rm(this.staging, { recursive: true, force: true });
    await mkdir(this.staging, { recursive: true });
  }

  private blobPath(sha256: string) {
    if (!SHA256.test(sha256)) throw new Error("invalid blob id");
    return path.join(this.blobs, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async stage(source: Readable, options: { maxBytes?: number } = {}): Promise<StagedFile> {
    const temp = path.join(this.staging, `${randomBytes(16).toString("hex")}.part`);
    const gate = new PdfGate(options.maxBytes ?? MAX_FILE_SIZE_BYTES);
    const out = createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(source, gate, out);
      // What is kept as legal evidence is on disk before the record that points to it exists.
      const handle = await open(temp, "r");
      await handle.sync().finally(() => handle.close());
    } catch (error) {
      await rm(temp, { force: true });
      // A stream cut off midway (the client went away) ends as an aborted upload.
      throw error instanceof AppError ? error : new AppError(400, ErrorKey.uploadFailed);
    }
    const sha256 = gate.hash.digest("hex");
    const target = this.blobPath(sha256);
    let done = false;
    return {
      sha256,
      size: gate.size,
      commit: async () => {
        if (done) return;
        done = true;
        await mkdir(path.dirname(target), { recursive: true });
        try {
          // A hard link files it atomically; an existing blob already holds these very bytes.
          await link(temp, target);
          // The new name itself must survive a power cut before the record that points to it commits.
          const dir = await open(path.dirname(target), "r");
          await dir.sync().finally(() => dir.close());
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        } finally {
          await rm(temp, { force: true });
        }
      },
      discard: async () => {
        if (done) return;
        done = true;
        await rm(temp, { force: true });
      },
    };
  }

  read(sha256: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.blobPath(sha256), range);
  }

  async load(sha256: string): Promise<Buffer> {
    const hit = this.cache.get(sha256);
    if (hit) {
      this.cache.delete(sha256);
      this.cache.set(sha256, hit);
      return hit;
    }
    const bytes = await readFile(this.blobPath(sha256));
    if (bytes.length <= CACHED_BLOB_MAX_BYTES) {
      this.cache.set(sha256, bytes);
      this.cached += bytes.length;
      for (const [key, value] of this.cache) {
        if (this.cached <= BLOB_CACHE_BYTES) break;
        this.cache.delete(key);
        this.cached -= value.length;
      }
    }
    return bytes;
  }
}
