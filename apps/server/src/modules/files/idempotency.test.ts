import fs from "node:fs";
import path from "node:path";
import { ErrorKey, Requirement } from "@coordina/domain";
import { count, eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadWorld, define, stagingFiles, UPLOAD_URL } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, makePdf, onPostgres, type TestContext, upload, waitForLockWait } from "../../../test/helpers.js";
import { companyDocuments, definitionTemplates, files, uploadReceipts } from "../../db/schema/index.js";

/**
 * Idempotency keys on the upload routes: a retry with the key of an upload that was stored answers that
 * upload's result again (same status, same body) and stores nothing new; simultaneous requests with one
 * key store one upload. (Race tests run on PostgreSQL in CI: DATABASE_URL.)
 */
let ctx: TestContext;
const t = {} as Record<"gremio" | "colegio" | "administrador", string>;
let definition: number;
let colegioId: number;
const db = () => ctx.database.db;

beforeAll(async () => {
  const world = await createUploadWorld("Certificados (idempotencia)");
  ({ ctx, colegioId, definition } = world);
  Object.assign(t, world.tokens);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const rows = async () => ({
  files: (await db().select({ n: count() }).from(files))[0]!.n,
  documents: (await db().select({ n: count() }).from(companyDocuments))[0]!.n,
  templates: (await db().select({ n: count() }).from(definitionTemplates))[0]!.n,
  receipts: (await db().select({ n: count() }).from(uploadReceipts))[0]!.n,
});
function blobCount(dir = path.join(ctx.app.config.dataDir, "files", "blobs")): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? blobCount(path.join(dir, e.name)) : 1), 0);
}
let serial = 0;
const key = () => `clave-${Date.now().toString(36)}-${++serial}`;
const pdf = (text: string) => makePdf(`${text} ${Math.random()}`).then((data) => ({ name: `${text}.pdf`, data }));
const documentUpload = (token: string, fields: Record<string, string | number>, file: { name: string; data: Buffer }) =>
  upload(ctx.app, `${UPLOAD_URL}?colg_id=${colegioId}`, token, fields, file);

describe("a retry with the same key", () => {
  it("of a document upload answers the first result and stores nothing new", async () => {
    const k = key();
    const file = await pdf("seguro");
    const first = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, file);
    expect(first.statusCode, first.body).toBe(200);
    const after = await rows();
    const blobs = blobCount();
    // The retry sends the same bytes (it cannot know the first got through).
    const again = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, file);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await rows()).toEqual(after);
    expect(blobCount()).toBe(blobs);
    expect(stagingFiles(ctx)).toEqual([]);
    // Even a retry that carries other bytes is answered with the first upload (the key names the upload).
    const other = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, await pdf("otro"));
    expect(other.body).toBe(first.body);
    expect(await rows()).toEqual(after);
    // The receipt was written with the upload: one per stored upload.
    const [receipt] = await db().select().from(uploadReceipts).where(eq(uploadReceipts.key, k));
    expect(receipt?.response).toMatchObject({ body: first.json() });
  });

  it("of a loose file and of a template does the same", async () => {
    for (const [url, token, fields] of [
      ["/file-manager/fileupload/upload", t.gremio, {}],
      ["/plantillas-docs/add", t.colegio, { docDefinitionId: definition }],
      ["/file-manager/fileupload/upload", t.colegio, { docDefinitionId: definition }],
    ] as const) {
      const k = key();
      const file = await pdf("suelto");
      const first = await upload(ctx.app, url, token, { ...fields, idempotencyKey: k }, file);
      expect(first.statusCode, first.body).toBe(200);
      const after = await rows();
      const again = await upload(ctx.app, url, token, { ...fields, idempotencyKey: k }, file);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
      expect(await rows(), url).toEqual(after);
    }
  });

  it("is answered even when the upload could not be made again (its definition deleted since)", async () => {
    const gone = (await define(ctx, t.colegio, { name: "Retirada luego", requirement_origin: Requirement.provider }))
      .id;
    const k = key();
    const file = await pdf("antes");
    const first = await documentUpload(t.gremio, { id_definition: gone, idempotencyKey: k }, file);
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (await call(ctx.app, "POST", `/document-require-definitions/delete/${gone}`, { token: t.colegio })).statusCode,
    ).toBe(200);
    const again = await documentUpload(t.gremio, { id_definition: gone, idempotencyKey: k }, file);
    expect(again.body).toBe(first.body);
    // Without the key it is a new upload, refused.
    expect((await documentUpload(t.gremio, { id_definition: gone }, file)).statusCode).toBe(404);
  });

  it("after a refused attempt is a new attempt: refusals leave no receipt", async () => {
    const k = key();
    const before = await rows();
    const refused = await documentUpload(
      t.gremio,
      { id_definition: definition, idempotencyKey: k },
      { name: "foto.pdf", data: Buffer.from("no es un PDF") },
    );
    expect(refused.statusCode).toBe(415);
    expect(await rows()).toEqual(before);
    const ok = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, await pdf("bueno"));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rows()).toEqual({
      ...before,
      files: before.files + 1,
      documents: before.documents + 1,
      receipts: before.receipts + 1,
    });
  });

  it("used for another request (other fields or another route) is refused with 409, not answered wrongly", async () => {
    const k = key();
    const first = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, await pdf("uno"));
    expect(first.statusCode).toBe(200);
    const after = await rows();
    const elsewhere = await documentUpload(
      t.gremio,
      { id_definition: definition, obsolete: "2031-01-01", idempotencyKey: k },
      await pdf("dos"),
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ result: false, error: ErrorKey.uploadKeyReused });
    const otherRoute = await upload(
      ctx.app,
      "/file-manager/fileupload/upload",
      t.gremio,
      { idempotencyKey: k },
      await pdf("tres"),
    );
    expect(otherRoute.statusCode).toBe(409);
    expect(await rows()).toEqual(after);
  });
});

describe("keys", () => {
  it("belong to their user: two users with one key make two uploads", async () => {
    const k = key();
    const before = await rows();
    const answers = [];
    for (const token of [t.gremio, t.administrador]) {
      const res = await upload(
        ctx.app,
        "/file-manager/fileupload/upload",
        token,
        { idempotencyKey: k },
        await pdf("mio"),
      );
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json().file.id as number);
    }
    expect(answers[0]).not.toBe(answers[1]);
    expect((await rows()).files).toBe(before.files + 2);
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(101)],
    ["with other characters", "clave con espacios"],
    ["with a slash", "clave/123456"],
  ])("%s are refused with 400 before anything is stored", async (_label, bad) => {
    const before = await rows();
    const res = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: bad }, await pdf("x"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ result: false, error: ErrorKey.invalidInput });
    expect(await rows()).toEqual(before);
    expect(stagingFiles(ctx)).toEqual([]);
  });

  it("of 8 and of 100 characters of [A-Za-z0-9_-] are taken", async () => {
    for (const k of ["Ab3_-xyz", `${"Z9_-".repeat(25)}`]) {
      const res = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, await pdf("ok"));
      expect(res.statusCode, `${k}: ${res.body}`).toBe(200);
    }
  });
});

describe("simultaneous requests with one key", () => {
  it.runIf(onPostgres)(
    "a request whose key a transaction in flight holds waits for it: its result when it commits, an upload when it fails",
    async () => {
      // A receipt to hold: the one of a first upload (same route, colegio and fields).
      const k1 = key();
      const first = await documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k1 }, await pdf("uno"));
      expect(first.statusCode).toBe(200);
      const [held] = await db().select().from(uploadReceipts).where(eq(uploadReceipts.key, k1));
      const pool = (db() as unknown as { $client: pg.Pool }).$client;
      for (const outcome of ["commit", "rollback"] as const) {
        const k = key();
        const before = await rows();
        const other = await pool.connect();
        let answer: Awaited<ReturnType<typeof documentUpload>>;
        try {
          await other.query("begin");
          await other.query("insert into upload_receipts (user_id, key, response) values ($1, $2, $3)", [
            held!.userId,
            k,
            JSON.stringify(held!.response),
          ]);
          const pending = documentUpload(t.gremio, { id_definition: definition, idempotencyKey: k }, await pdf("dos"));
          await waitForLockWait(db());
          await other.query(outcome);
          answer = await pending;
        } finally {
          other.release();
        }
        expect(answer.statusCode, answer.body).toBe(200);
        const after = await rows();
        if (outcome === "commit") {
          expect(answer.body).toBe(first.body);
          expect(after).toEqual({ ...before, receipts: before.receipts + 1 });
        } else {
          expect(answer.json().data.id).not.toBe(first.json().data.id);
          expect(after).toEqual({
            files: before.files + 1,
            documents: before.documents + 1,
            templates: before.templates,
            receipts: before.receipts + 1,
          });
        }
      }
    },
  );

  it("store one upload and all answer its result", async () => {
    for (const [url, token, fields] of [
      [`${UPLOAD_URL}?colg_id=${colegioId}`, t.gremio, { id_definition: definition }],
      ["/file-manager/fileupload/upload", t.gremio, {}],
    ] as const) {
      const k = key();
      const before = await rows();
      const file = await pdf("a la vez");
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => upload(ctx.app, url, token, { ...fields, idempotencyKey: k }, file)),
      );
      expect(answers).toHaveLength(6);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toBe(answers[0]!.body);
      }
      const after = await rows();
      expect(after.files, url).toBe(before.files + 1);
      expect(after.receipts, url).toBe(before.receipts + 1);
      expect(after.documents, url).toBe(before.documents + (url.startsWith(UPLOAD_URL) ? 1 : 0));
      expect(stagingFiles(ctx)).toEqual([]);
    }
  });
});
