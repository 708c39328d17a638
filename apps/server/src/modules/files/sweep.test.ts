import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ErrorKey, PDF_MIME } from "@coordina/domain";
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blobPath, createUploadWorld, UPLOAD_URL } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  DEMO_ACCOUNTS,
  LogCapture,
  makePdf,
  onPostgres,
  type TestContext,
  upload,
  waitForLockWait,
} from "../../../test/helpers.js";
import { buildApp } from "../../app.js";
import { companyDocuments, fileLinks, files, uploadReceipts, users } from "../../db/schema/index.js";
import { type FileStore, LocalFileStore, type StagedFile } from "./file-store.js";
import { insertFile } from "./files.repository.js";
import { SWEEP_DEFAULTS, type SweepSettings, scheduleSweeps, sweepFiles } from "./sweep.js";

/**
 * The sweep (sweep.ts, LocalFileStore's protocol): loose files past their age go with their blobs,
 * blobs without a record go after a grace, crash leftovers are recovered or removed, and none of it ever
 * leaves a record without its blob or a document without its file, whatever runs at the same time.
 */
let ctx: TestContext;
let provider: string;
let definition: number;
let colegioId: number;
let owner: { userId: number; companyId: number };
const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  const world = await createUploadWorld("Barrido");
  ({ ctx, colegioId, definition } = world);
  provider = world.tokens.gremio;
  const [user] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.gremio));
  owner = { userId: user!.id, companyId: ctx.seed.provider.id };
});
freshWorldForEachTest(() => ctx);
// The world's rows are restored after each test but its blobs stay on disk, so an earlier test (in any
// order: CI shuffles) may leave an aged blob whose record is gone. Clearing those first makes each test's
// sweep report count only what that test set up.
beforeEach(async () => {
  await sweepFiles(db(), appStore(), settings());
});
afterAll(async () => ctx?.close());

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
/** The app's own store, on the test's data dir. */
const appStore = () => new LocalFileStore(path.join(ctx.app.config.dataDir, "files"));
/** Settings that take only what these tests age on purpose (days-old rows, hours-old blobs). */
const settings = (over: Partial<SweepSettings> = {}): SweepSettings => ({ ...SWEEP_DEFAULTS, ...over });

/** A loose file uploaded over HTTP (optionally with an idempotency key): its id and bytes. */
async function looseFile(text: string, data?: Buffer, key?: string) {
  const bytes = data ?? (await makePdf(`${text} ${Math.random()}`));
  const res = await upload(ctx.app, "/file-manager/fileupload/upload", provider, key ? { idempotencyKey: key } : {}, {
    name: `${text}.pdf`,
    data: bytes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().file.id as number, bytes, sha: sha256(bytes) };
}
/** Makes rows look uploaded `hours` ago. */
async function ageRows(ids: number[], hours: number) {
  await db()
    .update(files)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(inArray(files.id, ids));
}
/** Makes a blob (or any file) look written `hours` ago. */
function ageFile(file: string, hours: number) {
  const then = new Date(Date.now() - hours * HOUR);
  fs.utimesSync(file, then, then);
}
const fileRow = async (id: number) => (await db().select().from(files).where(eq(files.id, id)))[0];
const attach = (fileId: number) =>
  call(ctx.app, "POST", "/companies/documents/uploaddefined", {
    token: provider,
    body: { colg_id: colegioId, id_definition: definition, fileupload_id: fileId },
  });

describe("loose files", () => {
  it("older than the limit go with their blob and links; recent, attached and shared ones stay", async () => {
    const old = await looseFile("viejo", undefined, `sweep-${Date.now()}`);
    const recent = await looseFile("reciente");
    const attached = await looseFile("adjuntado");
    expect((await attach(attached.id)).statusCode).toBe(200);
    // The same bytes as a loose file and as a document: the blob is the document's too.
    const sharedBytes = await makePdf(`compartido ${Math.random()}`);
    const sharedLoose = await looseFile("compartido", sharedBytes);
    const doc = await upload(
      ctx.app,
      `${UPLOAD_URL}?colg_id=${colegioId}`,
      provider,
      { id_definition: definition },
      { name: "compartido.pdf", data: sharedBytes },
    );
    expect(doc.statusCode, doc.body).toBe(200);
    // A view link of the old one (a row in file_links).
    expect(
      (
        await call(ctx.app, "GET", `/file-manager/fileload/retrieve/${old.id}?colg_id=${colegioId}`, {
          token: provider,
        })
      ).statusCode,
    ).toBe(200);
    await ageRows([old.id, attached.id, sharedLoose.id], 25);
    await db()
      .update(uploadReceipts)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(uploadReceipts.userId, owner.userId));

    const report = await sweepFiles(db(), appStore(), settings());
    expect(report).toMatchObject({ looseFiles: 2, blobs: 1, receipts: 1 });
    expect(await fileRow(old.id)).toBeUndefined();
    expect(await db().select().from(fileLinks).where(eq(fileLinks.fileId, old.id))).toEqual([]);
    expect(fs.existsSync(blobPath(ctx, old.sha))).toBe(false);
    expect(await fileRow(sharedLoose.id)).toBeUndefined();
    expect(fs.readFileSync(blobPath(ctx, sharedLoose.sha)).equals(sharedBytes)).toBe(true);
    for (const kept of [recent, attached]) {
      expect(await fileRow(kept.id)).toBeDefined();
      expect(fs.readFileSync(blobPath(ctx, kept.sha)).equals(kept.bytes)).toBe(true);
    }
    // Nothing left to do the second time.
    expect(await sweepFiles(db(), appStore(), settings())).toMatchObject({ looseFiles: 0, blobs: 0 });
  });

  it("an attach that comes while the sweep holds the file gets a clear 404, never a document without its file", async () => {
    const loose = await looseFile("carrera");
    await ageRows([loose.id], 25);
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const sweeping = sweepFiles(db(), appStore(), settings(), {
      hooks: {
        afterLock: (ids) => {
          if (!ids.includes(loose.id)) return Promise.resolve();
          locked();
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      },
    });
    await isLocked;
    const attaching = attach(loose.id);
    // On PostgreSQL the attach runs until it waits for the sweep's row lock (or its transaction); PGlite
    // runs one transaction at a time, so there it waits for the sweep before its first query.
    if (onPostgres) await waitForLockWait(db());
    release();
    const [answer, report] = await Promise.all([attaching, sweeping]);
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json()).toEqual({ result: false, error: ErrorKey.notFound });
    expect(report.looseFiles).toBeGreaterThanOrEqual(1);
    expect(await fileRow(loose.id)).toBeUndefined();
    expect(await db().select().from(companyDocuments).where(eq(companyDocuments.fileId, loose.id))).toEqual([]);
  });

  it("an attach done before the sweep keeps the file", async () => {
    const loose = await looseFile("a tiempo");
    await ageRows([loose.id], 25);
    expect((await attach(loose.id)).statusCode).toBe(200);
    await sweepFiles(db(), appStore(), settings());
    expect(await fileRow(loose.id)).toBeDefined();
    expect(fs.existsSync(blobPath(ctx, loose.sha))).toBe(true);
  });

  it.runIf(onPostgres)("an attach still in its transaction is not waited for, and wins", async () => {
    const loose = await looseFile("en vuelo");
    await ageRows([loose.id], 25);
    const pool = (db() as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query("begin");
      // What insertDocument writes, not yet committed: its row lock on the file keeps the sweep off it.
      await other.query(
        "insert into company_documents (definition_id, company_id, community_id, file_id, user_id) values ($1, $2, null, $3, $4)",
        [definition, owner.companyId, loose.id, owner.userId],
      );
      await sweepFiles(db(), appStore(), settings());
      await other.query("commit");
    } finally {
      other.release();
    }
    expect(await fileRow(loose.id)).toBeDefined();
    expect(fs.existsSync(blobPath(ctx, loose.sha))).toBe(true);
    // Now it is a document: later sweeps keep it.
    await sweepFiles(db(), appStore(), settings());
    expect(await fileRow(loose.id)).toBeDefined();
  });
});

describe("orphan blobs", () => {
  it("bytes without a record go once older than the grace; younger ones and referenced ones stay", async () => {
    const store = appStore();
    const orphan = await makePdf(`huérfano ${Math.random()}`);
    const staged = await store.stage(Readable.from([orphan]));
    await staged.commit();
    await staged.discard();
    const blob = blobPath(ctx, sha256(orphan));
    expect(fs.existsSync(blob)).toBe(true);
    const kept = await looseFile("con registro");
    ageFile(blobPath(ctx, kept.sha), 5);

    await sweepFiles(db(), store, settings());
    expect(fs.existsSync(blob)).toBe(true);
    ageFile(blob, 2);
    const report = await sweepFiles(db(), store, settings());
    expect(report.blobs).toBe(1);
    expect(fs.existsSync(blob)).toBe(false);
    expect(fs.readFileSync(blobPath(ctx, kept.sha)).equals(kept.bytes)).toBe(true);
    // No aside names left behind.
    expect(fs.readdirSync(path.dirname(blob)).filter((n) => n.includes(".aside-"))).toEqual([]);
  });

  it("an upload that reuses an old orphan blob refreshes it, so a sweep with a grace leaves it", async () => {
    const store = appStore();
    const bytes = await makePdf(`reusado ${Math.random()}`);
    const first = await store.stage(Readable.from([bytes]));
    await first.commit();
    await first.discard();
    ageFile(blobPath(ctx, sha256(bytes)), 3);
    // U2 of a new upload of the same bytes finds the blob there…
    const second = await store.stage(Readable.from([bytes]));
    await second.commit();
    // …and a sweep before its record commits leaves it alone.
    await sweepFiles(db(), store, settings());
    expect(fs.existsSync(blobPath(ctx, sha256(bytes)))).toBe(true);
    await second.discard();
  });
});

describe("a sweep racing an upload of the same bytes never leaves a record without its blob", () => {
  let store: LocalFileStore;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-sweep-"));
    store = new LocalFileStore(root);
    await store.init();
  });
  const blobOf = (sha: string) => path.join(root, "blobs", sha.slice(0, 2), sha.slice(2, 4), sha);
  const asides = (sha: string) =>
    fs.existsSync(path.dirname(blobOf(sha)))
      ? fs.readdirSync(path.dirname(blobOf(sha))).filter((n) => n.startsWith(`${sha}.aside-`))
      : [];
  const zeroGrace = settings({ orphanGraceMs: 0 });

  /** An old blob with these bytes and no record (an earlier upload whose record failed). */
  async function orphanOf(bytes: Buffer) {
    const staged = await store.stage(Readable.from([bytes]));
    await staged.commit();
    await staged.discard();
    ageFile(blobOf(sha256(bytes)), 2);
  }
  /** U1 and U2 of an upload of `bytes`. */
  async function uploadFiled(bytes: Buffer): Promise<StagedFile> {
    const staged = await store.stage(Readable.from([bytes]));
    await staged.commit();
    return staged;
  }
  /** U3: the record, committed. */
  async function record(staged: StagedFile) {
    return db().transaction(async (tx) =>
      insertFile(tx, {
        sha256: staged.sha256,
        size: staged.size,
        name: "carrera.pdf",
        ftype: PDF_MIME,
        ownerUserId: owner.userId,
        ownerCompanyId: owner.companyId,
      }),
    );
  }
  /** A sweep held right after it set this blob aside (S2), until `resume` (then S3, S4). */
  function heldSweep(sha: string) {
    let resume!: () => void;
    let aside!: () => void;
    const setAside = new Promise<void>((resolve) => {
      aside = resolve;
    });
    const done = sweepFiles(db(), store, zeroGrace, {
      hooks: {
        afterSetAside: (blob) => {
          if (blob !== sha) return Promise.resolve();
          aside();
          return new Promise<void>((resolve) => {
            resume = resolve;
          });
        },
      },
    });
    return { setAside, resume: () => resume(), done };
  }
  async function expectBlobOf(bytes: Buffer) {
    expect(fs.readFileSync(blobOf(sha256(bytes))).equals(bytes)).toBe(true);
    expect(asides(sha256(bytes))).toEqual([]);
    expect(fs.readdirSync(path.join(root, "staging"))).toEqual([]);
  }

  it("S1..S4 (blob deleted), then U3 commits: U4 files the blob again from staging", async () => {
    const bytes = await makePdf(`carrera A ${Math.random()}`);
    await orphanOf(bytes);
    const staged = await uploadFiled(bytes);
    const report = await sweepFiles(db(), store, zeroGrace);
    expect(report.blobs).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(blobOf(staged.sha256))).toBe(false);
    await record(staged);
    await staged.settle();
    await expectBlobOf(bytes);
  });

  it("S2, then U3 commits, then S3 sees the record and puts the blob back; U4 finds it", async () => {
    const bytes = await makePdf(`carrera B ${Math.random()}`);
    await orphanOf(bytes);
    const staged = await uploadFiled(bytes);
    const sweep = heldSweep(staged.sha256);
    await sweep.setAside;
    expect(fs.existsSync(blobOf(staged.sha256))).toBe(false);
    await record(staged);
    sweep.resume();
    expect((await sweep.done).restored).toBeGreaterThanOrEqual(1);
    await staged.settle();
    await expectBlobOf(bytes);
  });

  it("S2, then U3 and U4 (which files the blob again), then S3 and S4 put the aside copy back over it", async () => {
    const bytes = await makePdf(`carrera C ${Math.random()}`);
    await orphanOf(bytes);
    const staged = await uploadFiled(bytes);
    const sweep = heldSweep(staged.sha256);
    await sweep.setAside;
    await record(staged);
    await staged.settle();
    expect(fs.readFileSync(blobOf(staged.sha256)).equals(bytes)).toBe(true);
    sweep.resume();
    await sweep.done;
    await expectBlobOf(bytes);
  });

  it("S2 and S3 before U3: S4 deletes the aside copy, U4 files the blob from staging", async () => {
    const bytes = await makePdf(`carrera D ${Math.random()}`);
    await orphanOf(bytes);
    const staged = await uploadFiled(bytes);
    const sweep = heldSweep(staged.sha256);
    await sweep.setAside;
    sweep.resume();
    await sweep.done;
    expect(fs.existsSync(blobOf(staged.sha256))).toBe(false);
    await record(staged);
    await staged.settle();
    await expectBlobOf(bytes);
  });

  it("a crash between U3 and U4, after a sweep took the blob: the next sweep files it from staging", async () => {
    const bytes = await makePdf(`carrera E ${Math.random()}`);
    await orphanOf(bytes);
    const staged = await uploadFiled(bytes);
    await sweepFiles(db(), store, zeroGrace);
    await record(staged);
    // The process dies here: no U4, no U5. The staged file stays (start-up no longer empties staging).
    const restarted = new LocalFileStore(root);
    await restarted.init();
    expect(fs.readdirSync(path.join(root, "staging"))).toHaveLength(1);
    // The start-up sweep files it at once; the staged copy goes once past its grace.
    const first = await sweepFiles(db(), restarted, settings({ orphanGraceMs: 0 }));
    expect(first).toMatchObject({ stagingRecovered: 1, stagingRemoved: 0 });
    expect(fs.readFileSync(blobOf(sha256(bytes))).equals(bytes)).toBe(true);
    const later = await sweepFiles(db(), restarted, settings({ orphanGraceMs: 0, stagingGraceMs: 0 }));
    expect(later).toMatchObject({ stagingRecovered: 0, stagingRemoved: 1 });
    await expectBlobOf(bytes);
  });

  it("a sweep that died with a blob set aside: the next one puts it back (record) or removes it (none)", async () => {
    const kept = await makePdf(`aparte con registro ${Math.random()}`);
    const dropped = await makePdf(`aparte sin registro ${Math.random()}`);
    for (const bytes of [kept, dropped]) {
      const staged = await uploadFiled(bytes);
      if (bytes === kept) await record(staged);
      await staged.settle();
      await staged.discard();
      fs.renameSync(blobOf(sha256(bytes)), `${blobOf(sha256(bytes))}.aside-0123456789abcdef`);
    }
    // A fresh aside may still be settled by its own sweep: left alone within the grace.
    await sweepFiles(db(), store, settings({ orphanGraceMs: 0 }));
    expect(asides(sha256(kept))).toHaveLength(1);
    const report = await sweepFiles(db(), store, settings({ orphanGraceMs: 0, asideGraceMs: 0 }));
    expect(report.restored).toBeGreaterThanOrEqual(1);
    await expectBlobOf(kept);
    expect(fs.existsSync(blobOf(sha256(dropped)))).toBe(false);
    expect(asides(sha256(dropped))).toEqual([]);
  });

  it("staged files: a stale partial one goes, a fresh one (an upload running) stays", async () => {
    const staging = path.join(root, "staging");
    fs.writeFileSync(path.join(staging, "viejo.part"), "%PDF-1.4 a medias");
    fs.writeFileSync(path.join(staging, "nuevo.part"), "%PDF-1.4 subiendo");
    ageFile(path.join(staging, "viejo.part"), 2);
    const report = await sweepFiles(db(), store, settings());
    expect(report).toMatchObject({ stagingRemoved: 1, stagingRecovered: 0 });
    expect(fs.readdirSync(staging)).toEqual(["nuevo.part"]);
    fs.rmSync(path.join(staging, "nuevo.part"));
  });
});

describe("running the sweep", () => {
  function fakeLog() {
    const lines: { level: string; args: unknown[] }[] = [];
    const log = Object.fromEntries(
      ["info", "error", "warn", "debug", "trace", "fatal"].map((level) => [
        level,
        (...args: unknown[]) => lines.push({ level, args }),
      ]),
    ) as unknown as FastifyBaseLogger;
    return { log, lines };
  }

  it("a failing sweep is logged, never thrown; stop waits for it", async () => {
    const broken: FileStore = {
      stage: () => Promise.reject(new Error("no")),
      read: () => Readable.from([]),
      load: () => Promise.reject(new Error("no")),
      sweep: () => Promise.reject(new Error("disco roto")),
    };
    const { log, lines } = fakeLog();
    const sweeps = scheduleSweeps(db(), broken, log);
    sweeps.start();
    // The first sweep runs on the next turn of the event loop.
    await expect.poll(() => lines.some((l) => l.level === "error"), { timeout: 20_000, interval: 1 }).toBe(true);
    await sweeps.stop();
    expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
    expect(String(lines.find((l) => l.level === "error")!.args[1])).toBe("files sweep failed");
  });

  it("the app sweeps at start-up in the background and logs what it removed at info", async () => {
    const loose = await looseFile("arranque");
    await ageRows([loose.id], 30);
    const logs = new LogCapture();
    const app = await buildApp({
      config: ctx.app.config,
      database: ctx.database,
      logger: { level: "info", stream: logs },
    });
    await app.ready();
    try {
      await expect.poll(() => logs.text, { timeout: 30_000 }).toContain('"msg":"files sweep"');
      const line = logs.lines.map((l) => JSON.parse(l)).find((l) => l.msg === "files sweep");
      expect(line).toMatchObject({ level: 30, sweep: { looseFiles: 1, blobs: 1 } });
    } finally {
      await app.close();
    }
    expect(await fileRow(loose.id)).toBeUndefined();
    expect(fs.existsSync(blobPath(ctx, loose.sha))).toBe(false);
  });
});
