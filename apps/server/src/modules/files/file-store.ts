import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, open, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ErrorKey, MAX_FILE_SIZE_BYTES, PDF_SIGNATURE, PDF_SIGNATURE_WINDOW } from "@coordina/domain";
import { AppError } from "../../lib/app-error.js";

/**
 * A file received and checked, not yet part of the store. The upload files it (`commit`) before writing
 * its record, then, once the record's transaction is over, `settle`s it (committed) or `discard`s it
 * (failed, or never recorded). See the sweep protocol on LocalFileStore.
 */
export interface StagedFile {
  sha256: string;
  size: number;
  /** Files the bytes under their hash, before the record that points to them is written; the staged copy stays. */
  commit(): Promise<void>;
  /**
   * After the record committed: makes sure the blob is in place (filed again from the staged copy when a
   * sweep removed it meanwhile), then drops the staged copy.
   */
  settle(): Promise<void>;
  /** Drops the staged copy (nothing was recorded); a no-op after `settle`. */
  discard(): Promise<void>;
}

/** What a sweep of the store may remove, and how it learns which blobs are referenced. */
export interface BlobSweepOptions {
  /** which of these hashes some `files` row names (deleted or not) */
  referenced(hashes: string[]): Promise<Set<string>>;
  /** a blob untouched for less than this is left alone (an upload may be about to record it) */
  orphanGraceMs: number;
  /** a staged file untouched for less than this belongs to an upload still running */
  stagingGraceMs: number;
  /** a blob set aside by a sweep for less than this may still be put back by that sweep */
  asideGraceMs: number;
  /** only these blobs (the blobs of records just removed), whatever their age, instead of walking the store */
  only?: string[];
  /** stops the sweep between blobs (the server is closing) */
  signal?: AbortSignal;
  /** steps of the protocol, for tests that drive an interleaving */
  hooks?: { afterSetAside?(sha256: string): Promise<void> };
}

export interface BlobSweepReport {
  /** blobs removed: no record named them */
  removed: string[];
  /** blobs put back: a record appeared while they were set aside, or a crashed sweep left them aside */
  restored: number;
  /** staged files a crash or a stopped upload left behind, removed */
  stagingRemoved: number;
  /** blobs filed again from such a staged file, because their record exists and the blob did not */
  stagingRecovered: number;
}

/**
 * Where file bytes live (DESIGN §2): content-addressed by SHA-256, so one blob serves every record with
 * the same content. The local store keeps them under `DATA_DIR/files`; an S3 store would implement the
 * same calls.
 */
export interface FileStore {
  /** Streams `source` into a staging area, hashing and checking it (PDF signature, size limit) on the way. */
  stage(source: Readable, options?: { maxBytes?: number }): Promise<StagedFile>;
  /** The bytes of a stored blob, or the whole of a range of them. */
  read(sha256: string, range?: { start: number; end: number }): Readable;
  /** The whole blob in memory, for small files that are sent whole. */
  load(sha256: string): Promise<Buffer>;
  /** Removes the blobs no record names (and what crashes left in staging); see LocalFileStore. */
  sweep?(options: BlobSweepOptions): Promise<BlobSweepReport>;
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

/** The name a sweep gives a blob it sets aside: `<sha256>.aside-<random>`, in the blob's own directory. */
const ASIDE = /^([0-9a-f]{64})\.aside-[0-9a-f]{16}$/;
/** How many blobs one query about references covers. */
const SWEEP_BATCH = 500;

const isErrno = (error: unknown, code: string) => (error as NodeJS.ErrnoException | undefined)?.code === code;

async function fsyncDir(dir: string) {
  const handle = await open(dir, "r");
  await handle.sync().finally(() => handle.close());
}

async function exists(file: string) {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return false;
    throw error;
  }
}

/**
 * When a blob or staged file was last written (its modification time: an upload's U2 refreshes it on a
 * blob it reuses), or, with `renamed`, when an aside blob was set aside (a rename changes only the change time).
 */
async function touchedAt(file: string, renamed = false): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return renamed ? info.ctimeMs : info.mtimeMs;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
}

async function hashOf(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * Blobs on local disk under `root/blobs/ab/cd/<sha256>`, staged in `root/staging`.
 *
 * ## Uploads and the sweep: why no record ever loses its blob (no locks, any number of instances)
 *
 * A blob is *referenced* when some `files` row (deleted or not: soft-deleted files are evidence) has its
 * hash. Blobs nobody references (an upload whose record failed or never committed; the blob of a loose
 * file the sweep removed) are swept. An upload and a sweep meet only through the file system and the
 * database, in these steps:
 *
 * - upload: U1 stage the bytes in `staging/<random>.part` and fsync them; U2 hard-link the staged file to
 *   `blobs/…/<sha256>` (or find the blob there: same hash, same bytes) and fsync the directory; U3 write the
 *   record in a transaction; U4, once U3 committed, check that `blobs/…/<sha256>` exists and, if not, link
 *   the staged file there again; U5 remove the staged file. (U3 failing: U5 only.)
 * - sweep, for a blob with no record at S1: S2 rename it to `<sha256>.aside-<random>` (atomic; ENOENT:
 *   another sweep took it), S3 ask the database again, S4 delete the aside name when still no record, or
 *   rename it back when one appeared.
 *
 * The name `blobs/…/<sha256>` is missing only between a sweep's S2 and its S4. Take an upload whose record
 * commits at time C, and any sweep that sets the blob aside at S2 and re-checks at S3 (S2 before S3):
 * - S3 after C: S3 sees the record and S4 renames the blob back. The name was gone in between, so a U4
 *   in that window links the staged copy back first; renaming over it is harmless (same bytes).
 * - S3 before C: then S2 < S3 < C < U4. At U4 the name is gone unless something put the same bytes back
 *   since (another upload's U2 or U4, or a sweep's rename back), so U4 sees it missing and links the staged
 *   copy, which U5 removes only after that. Whatever holds the name after U4 can only be taken by a later
 *   S2, whose S3 comes after C and puts it back.
 * So every committed record has its blob once its U4 has run. Two sweeps cannot remove a blob twice (the
 * second rename fails with ENOENT), and a blob set aside is never lost by a sweep that crashes: aside names
 * older than `asideGraceMs` are put back when referenced and deleted otherwise.
 *
 * A crash between U3 and U4 could leave a record whose blob a sweep removed meanwhile, with its bytes only
 * in staging. So staging is not emptied blindly at start-up: every sweep (the first runs at start-up) hashes
 * each staged file and files it again when its record exists and its blob does not, and removes it only once
 * untouched for `stagingGraceMs` (uploads in flight touch their staged file with every write, or hold it
 * for the few milliseconds of U2..U5; other instances may share the directory). The grace periods keep sweeps from setting aside blobs an upload is about to record (U2 also
 * refreshes the time of a blob it finds there); correctness does not depend on them. Directories are
 * never removed, so an upload's mkdir-then-link cannot race a sweep.
 */
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
    // Staging keeps what a crash left there until a sweep has looked at it (see above).
    await mkdir(this.blobs, { recursive: true });
    await mkdir(this.staging, { recursive: true });
  }

  private blobPath(sha256: string) {
    if (!SHA256.test(sha256)) throw new Error("invalid blob id");
    return path.join(this.blobs, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** Links `from` to the blob's name (U2, U4, staging recovery); false when the name already existed. */
  private async file(from: string, sha256: string): Promise<boolean> {
    const target = this.blobPath(sha256);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // A hard link files it atomically; an existing blob already holds these very bytes.
      await link(from, target);
    } catch (error) {
      if (!isErrno(error, "EEXIST")) throw error;
      return false;
    }
    // The new name itself must survive a power cut before the record that points to it commits.
    await fsyncDir(path.dirname(target));
    return true;
  }

  async stage(source: Readable, options: { maxBytes?: number } = {}): Promise<StagedFile> {
    const temp = path.join(this.staging, `${randomBytes(16).toString("hex")}.part`);
    const gate = new PdfGate(options.maxBytes ?? MAX_FILE_SIZE_BYTES);
    // The file is created before any byte flows: a write stream that opens it itself can still be opening
    // when a refused first chunk fails the pipeline, and would create the file after its removal below.
    const out = (await open(temp, "wx")).createWriteStream();
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
    let state: "staged" | "filed" | "done" = "staged";
    return {
      sha256,
      size: gate.size,
      commit: async () => {
        if (state !== "staged") return;
        state = "filed";
        if (!(await this.file(temp, sha256))) {
          // U2 found the blob: mark it as in use, so that a sweep's age check leaves it alone.
          const now = new Date();
          await utimes(target, now, now).catch((error) => {
            if (!isErrno(error, "ENOENT")) throw error;
          });
        }
      },
      settle: async () => {
        if (state === "done") return;
        const filed = state === "filed";
        state = "done";
        // The staged copy goes only once the blob is surely there: should re-linking fail (a full disk), it
        // stays in staging, where the sweep re-links it for its record later (U4).
        if (filed && !(await exists(target))) await this.file(temp, sha256);
        await rm(temp, { force: true });
      },
      discard: async () => {
        if (state === "done") return;
        state = "done";
        await rm(temp, { force: true });
      },
    };
  }

  async sweep(options: BlobSweepOptions): Promise<BlobSweepReport> {
    const report: BlobSweepReport = { removed: [], restored: 0, stagingRemoved: 0, stagingRecovered: 0 };
    if (options.only) {
      for (let at = 0; at < options.only.length; at += SWEEP_BATCH) {
        await this.removeUnreferenced(options.only.slice(at, at + SWEEP_BATCH), options, report, 0);
      }
      return report;
    }
    let batch: string[] = [];
    for await (const name of this.blobNames()) {
      if (options.signal?.aborted) return report;
      const aside = ASIDE.exec(path.basename(name));
      if (aside) {
        await this.settleAside(name, aside[1]!, options, report);
        continue;
      }
      batch.push(path.basename(name));
      if (batch.length >= SWEEP_BATCH) {
        await this.removeUnreferenced(batch, options, report, options.orphanGraceMs);
        batch = [];
      }
    }
    if (batch.length > 0) await this.removeUnreferenced(batch, options, report, options.orphanGraceMs);
    await this.sweepStaging(options, report);
    return report;
  }

  /** Every name under blobs/ab/cd/, as a path. */
  private async *blobNames(): AsyncGenerator<string> {
    const dirsOf = async (dir: string) =>
      (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const first of await dirsOf(this.blobs)) {
      for (const second of await dirsOf(path.join(this.blobs, first))) {
        const dir = path.join(this.blobs, first, second);
        for (const name of await readdir(dir).catch(() => [])) yield path.join(dir, name);
      }
    }
  }

  /** S1..S4 for a batch of blob names, leaving those touched less than `graceMs` ago. */
  private async removeUnreferenced(
    hashes: string[],
    options: BlobSweepOptions,
    report: BlobSweepReport,
    graceMs: number,
  ) {
    const valid = hashes.filter((h) => SHA256.test(h));
    if (valid.length === 0) return;
    // S1
    const known = await options.referenced(valid);
    const now = Date.now();
    const aside: { sha256: string; name: string }[] = [];
    for (const sha256 of valid) {
      if (known.has(sha256)) continue;
      const blob = this.blobPath(sha256);
      const touched = await touchedAt(blob);
      if (touched === undefined || now - touched < graceMs) continue;
      // S2
      const name = `${blob}.aside-${randomBytes(8).toString("hex")}`;
      try {
        await rename(blob, name);
      } catch (error) {
        if (isErrno(error, "ENOENT")) continue;
        throw error;
      }
      aside.push({ sha256, name });
      await options.hooks?.afterSetAside?.(sha256);
    }
    if (aside.length === 0) return;
    // S3, after every rename of the batch.
    let again: Set<string>;
    try {
      again = await options.referenced(aside.map((a) => a.sha256));
    } catch (error) {
      // Without an answer nothing may be deleted: put everything back.
      for (const a of aside) await this.putBack(a.name, a.sha256);
      throw error;
    }
    // S4
    for (const a of aside) {
      if (again.has(a.sha256)) {
        await this.putBack(a.name, a.sha256);
        report.restored++;
      } else {
        await rm(a.name, { force: true });
        report.removed.push(a.sha256);
      }
    }
  }

  /**
   * Renames an aside blob back to its name (over a copy an upload's U4 may have filed meanwhile). Gone
   * already: another sweep settled it, after its own check (and a record newer than that check has had its
   * U4 file the blob again).
   */
  private async putBack(aside: string, sha256: string) {
    try {
      await rename(aside, this.blobPath(sha256));
    } catch (error) {
      if (isErrno(error, "ENOENT")) return;
      throw error;
    }
    await fsyncDir(path.dirname(aside));
  }

  /** A blob a sweep set aside and did not settle (it crashed, or is slow): back when referenced, else gone. */
  private async settleAside(name: string, sha256: string, options: BlobSweepOptions, report: BlobSweepReport) {
    const touched = await touchedAt(name, true);
    if (touched === undefined || Date.now() - touched < options.asideGraceMs) return;
    const referenced = (await options.referenced([sha256])).has(sha256);
    if (referenced && !(await exists(this.blobPath(sha256)))) {
      await this.putBack(name, sha256);
      report.restored++;
    } else {
      await rm(name, { force: true });
      if (!referenced) report.removed.push(sha256);
    }
  }

  /**
   * Staged files: each is filed when a record names its bytes and their blob is missing (always safe: U4
   * would do the same; a file still being written hashes to nothing recorded), and removed once untouched
   * for the grace.
   */
  private async sweepStaging(options: BlobSweepOptions, report: BlobSweepReport) {
    const now = Date.now();
    for (const name of await readdir(this.staging).catch(() => [])) {
      if (options.signal?.aborted) return;
      const file = path.join(this.staging, name);
      const sha256 = await hashOf(file).catch(() => undefined);
      if (
        sha256 &&
        !(await exists(this.blobPath(sha256))) &&
        (await options.referenced([sha256])).has(sha256) &&
        (await this.file(file, sha256).catch(() => false))
      ) {
        report.stagingRecovered++;
      }
      const touched = await touchedAt(file);
      if (touched === undefined || now - touched < options.stagingGraceMs) continue;
      await rm(file, { force: true });
      report.stagingRemoved++;
    }
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
