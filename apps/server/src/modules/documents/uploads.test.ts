import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ErrorKey, MAX_FILE_SIZE_BYTES, Requirement, ValidationKey } from "@coordina/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blobPath,
  buildDocumentsWorld,
  type DocumentRowLike,
  type DocumentsWorld,
  define,
  stagingFiles,
  UPLOAD_URL,
  uploadDocument,
  uploaded,
} from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  expectError,
  makePdf,
  multipartBody,
  type TestContext,
  upload,
} from "../../../test/helpers.js";
import { companyDocuments, files, users } from "../../db/schema/index.js";
import { ensureMembership, ensureProviderLink } from "../../db/seed/builders.js";

/**
 * Uploading, editing and erasing company documents through HTTP (spec 02 §3 'Uploaded company
 * document', §4 'Document validity', 'Expiry indicator', §5 'Document edit', §9 'Maximum file size'), on
 * the shared documents world (test/documents-world.ts). Here P1 also serves B1 of colegio B and is a
 * member of B, so that only the colegio keeps it from uploading colegio A's documents there.
 *
 * Colegio A's definitions, all uploaded by providers unless said otherwise: GEN (general), ONE (a single
 * file), EXP (expiry required), BOUND (per community), ADMIN (uploaded by administrators), PORTER
 * (uploaded by porters, per community).
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const def = {} as Record<"GEN" | "ONE" | "EXP" | "BOUND" | "ADMIN" | "PORTER" | "MANY", number>;
let providerUserId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  await ensureMembership(db(), w.B.id, w.P1.id);
  await ensureProviderLink(db(), w.B1.id, w.P1.id);
  const provider = Requirement.provider;
  for (const [key, input] of [
    ["GEN", { name: "Seguro de responsabilidad civil", requirement_origin: provider }],
    ["ONE", { name: "Certificado único", requirement_origin: provider, oneonly: true }],
    ["EXP", { name: "Certificado con caducidad", requirement_origin: provider, obsoletable: true }],
    ["BOUND", { name: "Plan de trabajo en la comunidad", requirement_origin: provider, assocfinca: true }],
    ["ADMIN", { name: "Contrato del administrador", requirement_origin: Requirement.administrator }],
    ["PORTER", { name: "Parte del portero", requirement_origin: Requirement.portero, assocfinca: true }],
    ["MANY", { name: "Albaranes", requirement_origin: provider }],
  ] as const) {
    def[key] = (await define(ctx, w.t.colegio, input)).id;
  }
  const [user] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.gremio));
  providerUserId = user!.id;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const countFiles = async () => (await db().select({ n: count() }).from(files))[0]!.n;
const countDocuments = async () => (await db().select({ n: count() }).from(companyDocuments))[0]!.n;
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const getUploaded = (token: string, id: number, colegio?: number) =>
  call(ctx.app, "GET", `/companies/documents/getcompanyuploaded/${id}${colegio ? `?colg_id=${colegio}` : ""}`, {
    token,
  });
const companyDefined = (token: string, body: object) => post(token, "/companies/documents/getcompanydefined", body);
/** The ids of the documents a company has for one definition in a getcompanydefined answer. */
const documentIdsIn = (res: Awaited<ReturnType<typeof post>>, definitionId: number) => {
  expect(res.statusCode, res.body).toBe(200);
  const entry = res.json().data.find((d: { definition: { id: number } }) => d.definition.id === definitionId) as
    | { documents: DocumentRowLike[] }
    | undefined;
  return entry?.documents.map((d) => d.id);
};

/** A 1×1 PNG: not a PDF whatever its name says. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** A file of `size` bytes that starts like a PDF. */
const pdfOfSize = (size: number) => {
  const data = Buffer.alloc(size, 0x20);
  data.write("%PDF-1.7\n", 0, "latin1");
  return data;
};

/** Nothing was recorded and nothing is left in staging. */
async function expectNothingKept(before: { files: number; documents: number }) {
  expect(await countFiles()).toBe(before.files);
  expect(await countDocuments()).toBe(before.documents);
  expect(stagingFiles(ctx)).toEqual([]);
}
const counts = async () => ({ files: await countFiles(), documents: await countDocuments() });

describe("storing an upload (companies/documents/upload-defined-file)", () => {
  it("keeps a real PDF under its SHA-256 with the same bytes, and records who uploaded what", async () => {
    const pdf = await makePdf("Póliza de responsabilidad civil", 2);
    const startedAt = Date.now();
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.GEN },
      { name: "póliza rc.pdf", data: pdf },
    );
    const answeredAt = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      result: true,
      needs_expiry: false,
      data: {
        id: expect.any(Number),
        id_document_require_definition: def.GEN,
        company_id: w.P1.id,
        company_name: w.P1.name,
        id_finca: null,
        fileupload_id: body.data.fileupload.id,
        fileupload: {
          id: expect.any(Number),
          name: "póliza rc.pdf",
          description: "",
          size: pdf.length,
          ftype: "application/pdf",
          obsolete: null,
          created: expect.any(String),
        },
        user_origin: providerUserId,
        validated: false,
        expired: false,
        needs_expiry: false,
        can_edit: true,
      },
    });
    // Recorded while the request was being served.
    expect(Date.parse(body.data.fileupload.created)).toBeGreaterThanOrEqual(startedAt);
    expect(Date.parse(body.data.fileupload.created)).toBeLessThanOrEqual(answeredAt);

    const [row] = await db().select().from(files).where(eq(files.id, body.data.fileupload_id));
    expect(row).toMatchObject({
      sha256: sha256(pdf),
      size: pdf.length,
      name: "póliza rc.pdf",
      ftype: "application/pdf",
      ownerUserId: providerUserId,
      ownerCompanyId: w.P1.id,
      deleted: false,
    });
    const stored = blobPath(ctx, sha256(pdf));
    expect(stored).toMatch(
      new RegExp(`files/blobs/${sha256(pdf).slice(0, 2)}/${sha256(pdf).slice(2, 4)}/${sha256(pdf)}$`),
    );
    expect(fs.readFileSync(stored).equals(pdf)).toBe(true);
    expect(stagingFiles(ctx)).toEqual([]);
    const [doc] = await db().select().from(companyDocuments).where(eq(companyDocuments.id, body.data.id));
    expect(doc).toMatchObject({ companyId: w.P1.id, communityId: null, userId: providerUserId, erased: false });
  });

  it("keeps only the base name of the file, without control characters", async () => {
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "C:\\fakepath\\..\\informe\u0007.pdf", data: await makePdf("x") },
    );
    expect(res.json().data.fileupload.name).toBe("informe.pdf");
  });

  it.each([
    ["a PNG named .pdf", PNG],
    ["a long file that is not a PDF", Buffer.concat([PNG, Buffer.alloc(64 * 1024, 1)])],
    ["a PDF signature after the first kilobyte", Buffer.concat([Buffer.alloc(1100, 0x20), pdfOfSize(2000)])],
  ])("refuses %s with 415 and keeps nothing", async (_label, data) => {
    const before = await counts();
    const res = await uploadDocument(ctx, w.t.gremio, w.A.id, { id_definition: def.GEN }, { name: "foto.pdf", data });
    expectError(res, 415, ErrorKey.fileNotPdf);
    await expectNothingKept(before);
  });

  it("checks the fields and the caller's right before reading the file: a refused caller gets 403, not 415", async () => {
    const forAdmins = await define(ctx, w.t.colegio, {
      name: "Solo administradores",
      requirement_origin: Requirement.administrator,
    });
    const before = await counts();
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: forAdmins.id },
      { name: "foto.pdf", data: PNG },
    );
    expectError(res, 403, ErrorKey.forbidden);
    // A file without its fields before it: refused as invalid when the file begins.
    const late = multipartBody({}, { name: "doc.pdf", data: await makePdf("late") });
    const misplaced = await ctx.app.inject({
      method: "POST",
      url: `${UPLOAD_URL}?colg_id=${w.A.id}`,
      headers: { authentication: `Bearer ${w.t.gremio}`, "content-type": late.contentType },
      payload: late.payload,
    });
    expect(misplaced.statusCode).toBe(400);
    await expectNothingKept(before);
  });

  it("accepts a PDF with a little junk before its signature", async () => {
    const data = Buffer.concat([Buffer.from("\r\n\r\n"), await makePdf("junk")]);
    const res = await uploadDocument(ctx, w.t.gremio, w.A.id, { id_definition: def.MANY }, { name: "junk.pdf", data });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("accepts a file of exactly the maximum size (10 MB), byte for byte", async () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(10 * 1024 * 1024);
    const data = pdfOfSize(MAX_FILE_SIZE_BYTES);
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "grande.pdf", data },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fileupload.size).toBe(MAX_FILE_SIZE_BYTES);
    expect(fs.statSync(blobPath(ctx, sha256(data))).size).toBe(MAX_FILE_SIZE_BYTES);
    expect(stagingFiles(ctx)).toEqual([]);
  });

  it.each([
    ["one byte over the maximum", MAX_FILE_SIZE_BYTES + 1],
    ["well over the maximum", MAX_FILE_SIZE_BYTES + 3 * 1024 * 1024],
  ])("refuses a file %s with 413 and keeps nothing", async (_label, size) => {
    const before = await counts();
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "enorme.pdf", data: pdfOfSize(size) },
    );
    expectError(res, 413, ErrorKey.fileTooLarge);
    await expectNothingKept(before);
  });

  it("without a file, or with an empty one, answers 400 fileupload.no-file", async () => {
    const before = await counts();
    expectError(await uploadDocument(ctx, w.t.gremio, w.A.id, { id_definition: def.GEN }), 400, ErrorKey.fileMissing);
    expectError(
      await uploadDocument(
        ctx,
        w.t.gremio,
        w.A.id,
        { id_definition: def.GEN },
        { name: "vacío.pdf", data: Buffer.alloc(0) },
      ),
      400,
      ErrorKey.fileMissing,
    );
    await expectNothingKept(before);
  });

  it("refuses a body that is not multipart, two files, or bad fields, keeping nothing", async () => {
    const before = await counts();
    expectError(
      await post(w.t.gremio, `${UPLOAD_URL}?colg_id=${w.A.id}`, { id_definition: def.GEN }),
      415,
      ErrorKey.unsupportedMediaType,
    );
    const pdf = await makePdf("dos");
    const one = multipartBody({ id_definition: def.GEN }, { name: "a.pdf", data: pdf });
    const boundary = one.contentType.split("boundary=")[1]!;
    const second = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file2"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const payload = Buffer.concat([
      one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length),
      second,
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const two = await ctx.app.inject({
      method: "POST",
      url: `${UPLOAD_URL}?colg_id=${w.A.id}`,
      headers: { authentication: `Bearer ${w.t.gremio}`, "content-type": one.contentType },
      payload,
    });
    expectError(two, 400, ErrorKey.invalidInput);
    const badFields: [Record<string, string | number>, string][] = [
      [{}, ErrorKey.invalidInput],
      [{ id_definition: "abc" }, ErrorKey.invalidInput],
      [{ id_definition: def.GEN, id_finca: "x" }, ErrorKey.invalidInput],
      [{ id_definition: def.EXP, obsolete: "2025-02-30" }, ValidationKey.dateInvalid],
      [{ id_definition: def.EXP, obsolete: "31/12/2030" }, ValidationKey.dateInvalid],
    ];
    for (const [fields, key] of badFields) {
      expectError(await uploadDocument(ctx, w.t.gremio, w.A.id, fields, { name: "a.pdf", data: pdf }), 400, key);
    }
    expectError(
      await uploadDocument(ctx, w.t.gremio, w.A.id, { id_definition: 999_999 }, { name: "a.pdf", data: pdf }),
      404,
      ErrorKey.notFound,
    );
    await expectNothingKept(before);
  });

  it("identical content uploaded twice shares one blob but has two records", async () => {
    const pdf = await makePdf("Mismo contenido");
    const first = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "uno.pdf", data: pdf },
    );
    const second = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "dos.pdf", data: pdf },
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const [a, b] = [first.json().data, second.json().data];
    expect(a.id).not.toBe(b.id);
    expect(a.fileupload_id).not.toBe(b.fileupload_id);
    const rows = await db()
      .select()
      .from(files)
      .where(eq(files.sha256, sha256(pdf)));
    expect(rows.map((r) => r.name).sort()).toEqual(["dos.pdf", "uno.pdf"]);
    const dir = blobPath(ctx, sha256(pdf)).replace(/\/[0-9a-f]{64}$/, "");
    expect(fs.readdirSync(dir).filter((name) => name === sha256(pdf))).toHaveLength(1);
    expect(fs.readFileSync(blobPath(ctx, sha256(pdf))).equals(pdf)).toBe(true);
  });

  it("identical content uploaded at the same moment by several companies is stored once, recorded for each", async () => {
    const pdf = await makePdf("Modelo común");
    const responses = await Promise.all(
      (["gremio", "p3", "gremio", "p3"] as const).map((who, i) =>
        uploadDocument(ctx, w.t[who], w.A.id, { id_definition: def.MANY }, { name: `comun-${i}.pdf`, data: pdf }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const rows = await db()
      .select()
      .from(files)
      .where(eq(files.sha256, sha256(pdf)));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.ownerCompanyId))).toEqual(new Set([w.P1.id, w.P3.id]));
    expect(fs.readFileSync(blobPath(ctx, sha256(pdf))).equals(pdf)).toBe(true);
    expect(stagingFiles(ctx)).toEqual([]);
  });
});

describe("uploads at once", () => {
  it("ten uploads by the same provider at the same time all succeed and are all listed", async () => {
    const earlier = documentIdsIn(await companyDefined(w.t.p3, { colg_id: w.A.id }), def.MANY)!;
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf(`Albarán ${i}`)));
    const responses = await Promise.all(
      pdfs.map((data, i) =>
        uploadDocument(ctx, w.t.p3, w.A.id, { id_definition: def.MANY }, { name: `albaran-${i}.pdf`, data }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const ids = responses.map((r) => r.json().data.id as number);
    expect(new Set(ids).size).toBe(10);
    const listed = documentIdsIn(await companyDefined(w.t.p3, { colg_id: w.A.id }), def.MANY);
    expect([...listed!].sort()).toEqual([...earlier, ...ids].sort());
    for (const data of pdfs) expect(fs.readFileSync(blobPath(ctx, sha256(data))).equals(data)).toBe(true);
    expect(stagingFiles(ctx)).toEqual([]);
  });

  it("ten uploads at once for a single-file definition leave exactly one live document", async () => {
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf(`Único ${i}`)));
    const responses = await Promise.all(
      pdfs.map((data, i) =>
        uploadDocument(ctx, w.t.gremio, w.A.id, { id_definition: def.ONE }, { name: `unico-${i}.pdf`, data }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const live = await db()
      .select()
      .from(companyDocuments)
      .where(
        and(
          eq(companyDocuments.definitionId, def.ONE),
          eq(companyDocuments.companyId, w.P1.id),
          eq(companyDocuments.erased, false),
        ),
      );
    expect(live).toHaveLength(1);
    const all = await db().select().from(companyDocuments).where(eq(companyDocuments.definitionId, def.ONE));
    expect(all).toHaveLength(10);
    expect(documentIdsIn(await companyDefined(w.t.gremio, { colg_id: w.A.id }), def.ONE)).toEqual([live[0]!.id]);
    // A later upload replaces it.
    const next = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.ONE });
    expect(documentIdsIn(await companyDefined(w.t.gremio, { colg_id: w.A.id }), def.ONE)).toEqual([next.id]);
  });
});

describe("over a real connection", () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  /** Sends a multipart body in pieces of 64 KiB, as a browser does, and answers status, headers and body. */
  function sendInPieces(body: ReturnType<typeof multipartBody>, agent?: http.Agent) {
    return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer in 10 s")), 10_000);
      const request = http.request(
        {
          ...(agent ? { agent } : {}),
          host: "127.0.0.1",
          port,
          method: "POST",
          path: `${UPLOAD_URL}?colg_id=${w.A.id}`,
          headers: {
            authentication: `Bearer ${w.t.gremio}`,
            "content-type": body.contentType,
            "content-length": body.payload.length,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers });
          });
        },
      );
      request.on("error", reject);
      let offset = 0;
      const write = () => {
        while (offset < body.payload.length) {
          const more = request.write(body.payload.subarray(offset, offset + 65_536));
          offset += 65_536;
          if (!more) return void request.once("drain", write);
        }
        request.end();
      };
      write();
    });
  }

  it("a file streamed in pieces one byte over the maximum, or far over, is refused with 413", async () => {
    const before = await counts();
    for (const size of [MAX_FILE_SIZE_BYTES + 1, MAX_FILE_SIZE_BYTES + 2 * 1024 * 1024]) {
      const res = await sendInPieces(
        multipartBody({ id_definition: def.MANY }, { name: "a.pdf", data: pdfOfSize(size) }),
      );
      expect(res.status, String(size)).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ result: false, error: ErrorKey.fileTooLarge });
    }
    await expectNothingKept(before);
    const ok = await sendInPieces(
      multipartBody({ id_definition: def.MANY }, { name: "a.pdf", data: pdfOfSize(MAX_FILE_SIZE_BYTES) }),
    );
    expect(ok.status, ok.body).toBe(200);
  });

  it("a refused upload closes its connection, so the browser's next request on it is not stuck", async () => {
    // One kept-alive connection, as a browser reuses it for its next upload.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 6; round++) {
        const refused = await sendInPieces(
          multipartBody({ id_definition: def.MANY }, { name: "a.pdf", data: pdfOfSize(MAX_FILE_SIZE_BYTES + 65_536) }),
          agent,
        );
        expect(refused.status).toBe(413);
        const notPdf = await sendInPieces(
          multipartBody({ id_definition: def.MANY }, { name: "b.pdf", data: Buffer.alloc(4 * 1024 * 1024, 1) }),
          agent,
        );
        expect(notPdf.status).toBe(415);
        const ok = await sendInPieces(
          multipartBody({ id_definition: def.MANY }, { name: `ok-${round}.pdf`, data: await makePdf(`ok ${round}`) }),
          agent,
        );
        expect(ok.status, ok.body).toBe(200);
      }
    } finally {
      agent.destroy();
    }
    expect(stagingFiles(ctx)).toEqual([]);
  });

  it("an upload cut off midway leaves no record and no staged file", async () => {
    const before = await counts();
    const body = multipartBody({ id_definition: def.MANY }, { name: "cortado.pdf", data: pdfOfSize(4 * 1024 * 1024) });
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: `${UPLOAD_URL}?colg_id=${w.A.id}`,
      headers: {
        authentication: `Bearer ${w.t.gremio}`,
        "content-type": body.contentType,
        "content-length": body.payload.length,
      },
    });
    const answered = new Promise<number | "closed">((resolve) => {
      request.on("response", (res) => resolve(res.statusCode ?? 0));
      request.on("error", () => resolve("closed"));
    });
    request.write(body.payload.subarray(0, body.payload.length / 2));
    // The first half reaches the store's staging area…
    await expect.poll(() => stagingFiles(ctx), { timeout: 10_000 }).toHaveLength(1);
    // …then the client goes away.
    request.destroy();
    expect(await answered).toBe("closed");
    await expect.poll(() => stagingFiles(ctx), { timeout: 10_000 }).toHaveLength(0);
    await expectNothingKept(before);
    // The server is still well: the same upload, whole, goes through.
    const whole = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "entero.pdf", data: await makePdf("entero") },
    );
    expect(whole.statusCode).toBe(200);
  });
});

describe("where an upload goes", () => {
  it("a definition bound to communities needs the community (400 documents.finca-required)", async () => {
    const before = await counts();
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.BOUND },
      { name: "a.pdf", data: await makePdf("a") },
    );
    expectError(res, 400, ErrorKey.fincaRequired);
    // Those who do not upload for it learn nothing about it: the same 403 as anywhere else.
    for (const [who, colegio] of [
      ["pB", null],
      ["administrador", w.A.id],
      ["portero", null],
      ["colegioB", null],
    ] as const) {
      const refused = await uploadDocument(
        ctx,
        w.t[who],
        colegio,
        { id_definition: def.BOUND },
        { name: "a.pdf", data: await makePdf("a") },
      );
      expect(refused.statusCode, `${who}: ${refused.body}`).toBe(403);
      expect(refused.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    await expectNothingKept(before);
  });

  it("a deleted definition takes no uploads (404), whoever asks and wherever", async () => {
    const gone = (
      await define(ctx, w.t.colegio, { name: "Retirada", requirement_origin: Requirement.provider, assocfinca: true })
    ).id;
    expect((await post(w.t.colegio, `/document-require-definitions/delete/${gone}`)).statusCode).toBe(200);
    const before = await counts();
    const places: Record<string, number>[] = [{ id_definition: gone }, { id_definition: gone, id_finca: w.C1.id }];
    for (const fields of places) {
      const res = await uploadDocument(ctx, w.t.gremio, w.A.id, fields, { name: "a.pdf", data: await makePdf("a") });
      expectError(res, 404, ErrorKey.notFound);
    }
    await expectNothingKept(before);
  });

  it("without a session nothing is read nor kept (401)", async () => {
    const before = await counts();
    const body = multipartBody({ id_definition: def.GEN }, { name: "a.pdf", data: await makePdf("anónimo") });
    const res = await ctx.app.inject({
      method: "POST",
      url: UPLOAD_URL,
      headers: { "content-type": body.contentType },
      payload: body.payload,
    });
    expectError(res, 401, ErrorKey.unauthorized);
    await expectNothingKept(before);
  });

  it("a provider uploads a bound document for a community it serves, and it counts only there", async () => {
    const doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.BOUND, id_finca: w.C1.id });
    expect(doc.id_finca).toBe(w.C1.id);
    expect(documentIdsIn(await companyDefined(w.t.gremio, { id_finca: w.C1.id }), def.BOUND)).toEqual([doc.id]);
    expect(documentIdsIn(await companyDefined(w.t.gremio, { id_finca: w.C2.id }), def.BOUND)).toEqual([]);
    // Its general documents' list has no bound definitions at all.
    expect(documentIdsIn(await companyDefined(w.t.gremio, { colg_id: w.A.id }), def.BOUND)).toBeUndefined();
  });

  it.each([
    ["a community it does not serve", (): number => w.R1.id, 403, ErrorKey.forbidden],
    ["a community of another colegio it serves", (): number => w.B1.id, 403, ErrorKey.forbidden],
    ["a community that does not exist", (): number => 999_999, 404, ErrorKey.notFound],
  ])("a provider cannot upload a bound document for %s", async (_label, community, status, key) => {
    const before = await counts();
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.BOUND, id_finca: community() },
      { name: "a.pdf", data: await makePdf("a") },
    );
    expectError(res, status, key);
    await expectNothingKept(before);
  });

  it("uploads only what its party uploads, in a colegio it works in", async () => {
    const before = await counts();
    const pdf = await makePdf("ajeno");
    for (const [label, token, colegio, fields] of [
      ["provider, administrator's definition", w.t.gremio, w.A.id, { id_definition: def.ADMIN }],
      ["administrator, provider's definition", w.t.administrador, w.A.id, { id_definition: def.GEN }],
      ["porter, provider's definition", w.t.portero, w.A.id, { id_definition: def.GEN }],
      ["provider of another colegio", w.t.pB, null, { id_definition: def.GEN }],
      ["provider working in colegio B", w.t.gremio, w.B.id, { id_definition: def.GEN }],
      [
        "porter for a community it does not work in",
        w.t.conserje,
        null,
        { id_definition: def.PORTER, id_finca: w.C1.id },
      ],
    ] as const) {
      const res = await uploadDocument(ctx, token, colegio, fields, { name: "a.pdf", data: pdf });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
      expect(res.json(), label).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expectError(
      await upload(ctx.app, UPLOAD_URL, w.t.colegio, { id_definition: def.GEN }, { name: "a.pdf", data: pdf }),
      403,
      ErrorKey.forbidden,
    );
    expectError(
      await upload(ctx.app, UPLOAD_URL, w.t.master, { id_definition: def.GEN }, { name: "a.pdf", data: pdf }),
      403,
      ErrorKey.forbidden,
    );
    await expectNothingKept(before);
  });

  it("administrators and porters upload their own definitions", async () => {
    const adminDoc = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.ADMIN });
    expect(adminDoc).toMatchObject({ company_id: w.admin.id, id_finca: null, can_edit: true });
    const porterDoc = await uploaded(ctx, w.t.conserje, null, { id_definition: def.PORTER, id_finca: w.C2.id });
    expect(porterDoc).toMatchObject({ company_id: w.conserje.id, id_finca: w.C2.id, can_edit: true });
  });

  it("a general document counts for the company in every community", async () => {
    const doc = await uploaded(ctx, w.t.p3, w.A.id, { id_definition: def.GEN });
    await ensureProviderLink(db(), w.C2.id, w.P3.id);
    const inC1 = documentIdsIn(await companyDefined(w.t.p3, { id_finca: w.C1.id }), def.GEN);
    const inC2 = documentIdsIn(await companyDefined(w.t.p3, { id_finca: w.C2.id }), def.GEN);
    const general = documentIdsIn(await companyDefined(w.t.p3, { colg_id: w.A.id }), def.GEN);
    expect(inC1).toEqual([doc.id]);
    expect(inC2).toEqual([doc.id]);
    expect(general).toEqual([doc.id]);
  });
});

describe("expiry", () => {
  it("an upload with `obsolete` keeps the expiry; without it an obsoletable definition needs one", async () => {
    const dated = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.EXP, obsolete: "2031-06-30" },
      { name: "con-fecha.pdf", data: await makePdf("fecha") },
    );
    expect(dated.json()).toMatchObject({
      needs_expiry: false,
      data: { expired: false, fileupload: { obsolete: "2031-06-30" } },
    });
    const undated = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.EXP },
      { name: "sin-fecha.pdf", data: await makePdf("sin") },
    );
    expect(undated.json()).toMatchObject({ needs_expiry: true, data: { fileupload: { obsolete: null } } });
    // Not obsoletable: no expiry is needed.
    const plain = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.MANY },
      { name: "x.pdf", data: await makePdf("x") },
    );
    expect(plain.json().needs_expiry).toBe(false);
  });

  it("a document whose expiry has passed is marked expired", async () => {
    const res = await uploadDocument(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: def.EXP, obsolete: "2020-01-31" },
      { name: "viejo.pdf", data: await makePdf("viejo") },
    );
    expect(res.json()).toMatchObject({
      needs_expiry: false,
      data: { expired: true, fileupload: { obsolete: "2020-01-31" } },
    });
  });
});

describe("editing a document's file (file-manager/fileupload/edit/{id})", () => {
  let doc: Awaited<ReturnType<typeof uploaded>>;
  let plain: Awaited<ReturnType<typeof uploaded>>;
  const edit = (token: string, fileId: number, body: object) =>
    post(token, `/file-manager/fileupload/edit/${fileId}`, body);

  beforeAll(async () => {
    doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.EXP }, "seguro.pdf");
    plain = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.MANY }, "albaran.pdf");
  });
  freshWorldForEachTest(() => ctx);

  it("an obsoletable definition's document cannot be left without expiry (400), and takes one", async () => {
    for (const body of [
      { name: "seguro.pdf" },
      { name: "seguro.pdf", obsolete: "" },
      { name: "seguro.pdf", obsolete: null },
    ]) {
      expectError(await edit(w.t.gremio, doc.fileupload_id, body), 400, ErrorKey.expiryRequired);
    }
    expectError(
      await edit(w.t.gremio, doc.fileupload_id, { name: "seguro.pdf", obsolete: "2030-02-30" }),
      400,
      ValidationKey.dateInvalid,
    );
    const res = await edit(w.t.gremio, doc.fileupload_id, {
      name: "Seguro 2030.pdf",
      obsolete: "2030-12-31",
      description: "Póliza",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      file: { ...doc.fileupload, name: "Seguro 2030.pdf", obsolete: "2030-12-31", description: "Póliza" },
    });
    const seen = await getUploaded(w.t.gremio, doc.id);
    expect(seen.json()).toMatchObject({ needs_expiry: false, data: { fileupload: { obsolete: "2030-12-31" } } });
    // Renaming keeps the expiry; clearing it is refused again.
    const renamed = await edit(w.t.gremio, doc.fileupload_id, { name: "Seguro.pdf" });
    expect(renamed.json().file).toMatchObject({ name: "Seguro.pdf", obsolete: "2030-12-31", description: "Póliza" });
    expectError(
      await edit(w.t.gremio, doc.fileupload_id, { name: "Seguro.pdf", obsolete: "" }),
      400,
      ErrorKey.expiryRequired,
    );
    const [row] = await db().select().from(files).where(eq(files.id, doc.fileupload_id));
    expect(row).toMatchObject({ name: "Seguro.pdf", obsolete: "2030-12-31" });
  });

  it("another definition's document may lose its expiry", async () => {
    expect(
      (await edit(w.t.gremio, plain.fileupload_id, { name: "a.pdf", obsolete: "2030-01-01" })).json().file.obsolete,
    ).toBe("2030-01-01");
    expect(
      (await edit(w.t.gremio, plain.fileupload_id, { name: "a.pdf", obsolete: "" })).json().file.obsolete,
    ).toBeNull();
  });

  it("needs a name", async () => {
    expectError(await edit(w.t.gremio, plain.fileupload_id, { name: "  " }), 400, ValidationKey.fileName);
  });

  it("only the uploader's company edits: others who see it, or do not, get 403 and nothing changes", async () => {
    for (const [who, body] of [
      ["p3", { colg_id: w.A.id }],
      ["administrador", { colg_id: w.A.id }],
      ["colegio", {}],
      ["colegioB", {}],
      ["pB", {}],
    ] as const) {
      const res = await edit(w.t[who], doc.fileupload_id, { ...body, name: "robado.pdf", obsolete: "2040-01-01" });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    const [row] = await db().select().from(files).where(eq(files.id, doc.fileupload_id));
    expect(row).toMatchObject({ name: "seguro.pdf", obsolete: null });
    expectError(await edit(w.t.gremio, 999_999, { name: "x.pdf" }), 404, ErrorKey.notFound);
  });
});

describe("erasing a document (companies/documents/erasecompanydefined/{id})", () => {
  let doc: Awaited<ReturnType<typeof uploaded>>;
  const erase = (token: string, id: number, body: object = {}) =>
    post(token, `/companies/documents/erasecompanydefined/${id}`, body);

  beforeAll(async () => {
    doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.GEN }, "para-borrar.pdf");
  });
  freshWorldForEachTest(() => ctx);

  it("another company cannot erase it (403), not even the administrator who sees it", async () => {
    expectError(await erase(w.t.p3, doc.id, { colg_id: w.A.id }), 403, ErrorKey.forbidden);
    expectError(await erase(w.t.administrador, doc.id, { colg_id: w.A.id }), 403, ErrorKey.forbidden);
    expectError(await erase(w.t.colegio, doc.id), 403, ErrorKey.forbidden);
    expectError(await erase(w.t.pB, doc.id), 403, ErrorKey.forbidden);
    expect((await getUploaded(w.t.gremio, doc.id)).statusCode).toBe(200);
  });

  it("the uploader erases it softly: the document is gone, its file record and bytes stay", async () => {
    expect((await erase(w.t.gremio, doc.id)).json()).toEqual({ result: true });
    const [row] = await db().select().from(companyDocuments).where(eq(companyDocuments.id, doc.id));
    expect(row!.erased).toBe(true);
    expect(row!.erasedAt).toBeInstanceOf(Date);
    const [file] = await db().select().from(files).where(eq(files.id, doc.fileupload_id));
    expect(file!.deleted).toBe(false);
    expect(fs.readFileSync(blobPath(ctx, file!.sha256)).equals(doc.bytes)).toBe(true);
    expect(documentIdsIn(await companyDefined(w.t.gremio, { colg_id: w.A.id }), def.GEN)).not.toContain(doc.id);
    expectError(await getUploaded(w.t.gremio, doc.id), 404, ErrorKey.notFound);
    expectError(await getUploaded(w.t.administrador, doc.id, w.A.id), 404, ErrorKey.notFound);
    expectError(
      await post(w.t.gremio, `/file-manager/fileupload/edit/${doc.fileupload_id}`, { name: "otra.pdf" }),
      404,
      ErrorKey.notFound,
    );
  });

  it("a second erase says it is already erased (409); strangers still get 403", async () => {
    expect((await erase(w.t.gremio, doc.id)).json()).toEqual({ result: true });
    expectError(await erase(w.t.gremio, doc.id), 409, ErrorKey.documentAlreadyErased);
    expectError(await erase(w.t.p3, doc.id, { colg_id: w.A.id }), 403, ErrorKey.forbidden);
    expectError(await erase(w.t.gremio, 999_999), 404, ErrorKey.notFound);
  });
});

describe("seeing one document (companies/documents/getcompanyuploaded/{id})", () => {
  let doc: Awaited<ReturnType<typeof uploaded>>;
  beforeAll(async () => {
    // A general document of P1 for the administrator (the definition's default destination).
    doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.GEN }, "visible.pdf");
  });
  freshWorldForEachTest(() => ctx);

  it("the uploader, the administrator of a community it serves and the colegio see it; only the uploader edits", async () => {
    for (const [who, colegio, canEdit] of [
      ["gremio", undefined, true],
      ["gremio", w.A.id, true],
      ["administrador", w.A.id, false],
      ["administrador", undefined, false],
      ["colegio", undefined, false],
    ] as const) {
      const res = await getUploaded(w.t[who], doc.id, colegio);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const { bytes: _bytes, ...row } = doc;
      expect(res.json(), who).toEqual({ result: true, needs_expiry: false, data: { ...row, can_edit: canEdit } });
    }
  });

  it("nobody else sees it: 403 and no data", async () => {
    for (const [who, colegio] of [
      ["p3", w.A.id], // a provider of the same community: the document is for the administrator
      ["p0", w.A.id],
      ["portero", undefined],
      ["admin2", w.A.id], // P1 serves none of its communities
      ["colegioB", undefined],
      ["adminB", undefined],
      ["pB", undefined],
      ["gremio", w.B.id], // its own, but working in colegio B
    ] as const) {
      const res = await getUploaded(w.t[who], doc.id, colegio);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expectError(await getUploaded(w.t.master, doc.id), 403, ErrorKey.forbidden);
    expectError(await getUploaded(w.t.gremio, 999_999), 404, ErrorKey.notFound);
  });
});

describe("a file uploaded first, then attached (companies/documents/uploaddefined)", () => {
  it("becomes the company's document; nobody else's file can be attached, nor one twice", async () => {
    const res = await upload(
      ctx.app,
      "/file-manager/fileupload/upload",
      w.t.gremio,
      {},
      { name: "suelto.pdf", data: await makePdf("suelto") },
    );
    expect(res.statusCode, res.body).toBe(200);
    const fileId = res.json().file.id as number;
    expect(res.json().template).toBeUndefined();

    expectError(
      await post(w.t.p3, "/companies/documents/uploaddefined", {
        colg_id: w.A.id,
        id_definition: def.MANY,
        fileupload_id: fileId,
      }),
      403,
      ErrorKey.forbidden,
    );
    const attached = await post(w.t.gremio, "/companies/documents/uploaddefined", {
      colg_id: w.A.id,
      id_definition: def.MANY,
      fileupload_id: fileId,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({
      fileupload_id: fileId,
      company_id: w.P1.id,
      id_document_require_definition: def.MANY,
    });
    expectError(
      await post(w.t.gremio, "/companies/documents/uploaddefined", {
        colg_id: w.A.id,
        id_definition: def.GEN,
        fileupload_id: fileId,
      }),
      409,
      ErrorKey.fileAlreadyAttached,
    );
  });

  it("takes the expiry with it, and two attaches of one file at once leave one document and a 409", async () => {
    const loose = async (name: string) => {
      const res = await upload(
        ctx.app,
        "/file-manager/fileupload/upload",
        w.t.gremio,
        {},
        { name, data: await makePdf(name) },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().file.id as number;
    };
    const dated = await post(w.t.gremio, "/companies/documents/uploaddefined", {
      colg_id: w.A.id,
      id_definition: def.MANY,
      fileupload_id: await loose("con-fecha.pdf"),
      obsolete: "2031-01-31",
    });
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json().data.fileupload.obsolete).toBe("2031-01-31");

    const fileId = await loose("doble.pdf");
    const both = await Promise.all(
      [1, 2].map(() =>
        post(w.t.gremio, "/companies/documents/uploaddefined", {
          colg_id: w.A.id,
          id_definition: def.MANY,
          fileupload_id: fileId,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(both.find((r) => r.statusCode === 409)!, 409, ErrorKey.fileAlreadyAttached);
  });
});
