import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ErrorKey, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadWorld, stagingFiles, UPLOAD_URL } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { makePdf, multipartBody, type TestContext } from "../../../test/helpers.js";
import { postRaw } from "../../../test/http-client.js";
import { companyDocuments, definitionTemplates, files } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { closeAfterUnreadBody, holdAnswerUntilBodyRead } from "../../plugins/unread-body.js";

/**
 * What reaches the upload routes broken, or is refused before it is read: malformed multipart bodies
 * answer 400 (never 500) and store nothing; over a real connection, a client that is still sending when
 * it is refused (no session, too large, not a PDF) reads the whole answer and sees no reset.
 */
let ctx: TestContext;
let provider: string;
let colegio: string;
let definition: number;
let colegioId: number;
const db = () => ctx.database.db;

beforeAll(async () => {
  const world = await createUploadWorld("Seguro (HTTP)");
  ({ ctx, colegioId, definition } = world);
  ({ gremio: provider, colegio } = world.tokens);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const blobsDir = () => path.join(ctx.app.config.dataDir, "files", "blobs");
function blobCount(dir = blobsDir()): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? blobCount(path.join(dir, entry.name)) : 1;
  }
  return n;
}
async function stored() {
  return {
    files: (await db().select().from(files)).length,
    documents: (await db().select().from(companyDocuments)).length,
    templates: (await db().select().from(definitionTemplates)).length,
    blobs: blobCount(),
  };
}

/** A file of `size` bytes that starts like a PDF. */
const pdfOfSize = (size: number) => {
  const data = Buffer.alloc(size, 0x20);
  data.write("%PDF-1.7\n", 0, "latin1");
  return data;
};

describe("malformed multipart bodies answer 400, never 5xx, and store nothing", () => {
  const routes = [
    { url: "/file-manager/fileupload/upload", who: () => provider, fields: () => ({}) },
    { url: "/plantillas-docs/add", who: () => colegio, fields: () => ({ docDefinitionId: definition }) },
    { url: `${UPLOAD_URL}?colg_id=`, who: () => provider, fields: () => ({ id_definition: definition }) },
  ];

  it.each(routes.map((r) => [r.url.split("?")[0]!, r] as const))("%s", async (_url, route) => {
    const url = route.url.endsWith("=") ? `${route.url}${colegioId}` : route.url;
    const good = multipartBody(route.fields(), { name: "a.pdf", data: await makePdf("bien formado") });
    const boundary = good.contentType.split("boundary=")[1]!;
    const fileStarts = good.payload.indexOf("%PDF");
    const headersStart = good.payload.indexOf('name="file"');
    const shapes: [string, string, Buffer, string][] = [
      ["no boundary at all", "multipart/form-data", good.payload, ErrorKey.invalidInput],
      [
        "a boundary that never appears",
        "multipart/form-data; boundary=nunca-aparece",
        good.payload,
        ErrorKey.invalidInput,
      ],
      [
        "a boundary longer than 70 characters",
        `multipart/form-data; boundary=${"b".repeat(71)}`,
        good.payload,
        ErrorKey.invalidInput,
      ],
      [
        "a body cut inside the file",
        good.contentType,
        good.payload.subarray(0, fileStarts + 200),
        ErrorKey.uploadFailed,
      ],
      [
        "a body cut inside a part's headers",
        good.contentType,
        good.payload.subarray(0, headersStart + 4),
        ErrorKey.invalidInput,
      ],
      [
        "a body without its closing boundary",
        good.contentType,
        good.payload.subarray(0, good.payload.length - `--${boundary}--\r\n`.length),
        ErrorKey.uploadFailed,
      ],
      [
        "bytes that are no multipart at all",
        good.contentType,
        Buffer.from("esto no es un formulario"),
        ErrorKey.invalidInput,
      ],
    ];
    const before = await stored();
    for (const [label, type, payload, key] of shapes) {
      const res = await ctx.app.inject({
        method: "POST",
        url,
        headers: { authentication: `Bearer ${route.who()}`, "content-type": type },
        payload,
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toEqual({ result: false, error: key });
    }
    expect(await stored()).toEqual(before);
    expect(stagingFiles(ctx)).toEqual([]);
    // The same route still takes a well-formed upload.
    const ok = await ctx.app.inject({
      method: "POST",
      url,
      headers: { authentication: `Bearer ${route.who()}`, "content-type": good.contentType },
      payload: good.payload,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("a refused upload over a real connection: the client reads the answer, no reset", () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  const send = (url: string, body: ReturnType<typeof multipartBody>, token?: string) =>
    postRaw({
      port,
      path: url,
      headers: {
        ...(token ? { authentication: `Bearer ${token}` } : {}),
        "content-type": body.contentType,
        "content-length": body.payload.length,
      },
      body: body.payload,
    });

  /** The envelope, read whole, and nothing but a clean close. */
  function expectAnswered(answer: Awaited<ReturnType<typeof send>>, status: number, error: string, label: string) {
    expect(answer.errors, label).toEqual([]);
    expect(answer.status, `${label}: ${answer.body}`).toBe(status);
    expect(JSON.parse(answer.body), label).toEqual({ result: false, error });
    expect(answer.headers.connection, label).toBe("close");
    // The client could send everything it had.
    expect(answer.written, label).toBeGreaterThan(0);
  }

  it("an anonymous multi-MB upload receives its 401, on every route, time after time", async () => {
    const before = await stored();
    const body = multipartBody({ id_definition: definition }, { name: "grande.pdf", data: pdfOfSize(8 * 1024 * 1024) });
    for (let round = 0; round < 4; round++) {
      for (const url of [
        "/file-manager/fileupload/upload",
        `${UPLOAD_URL}?colg_id=${colegioId}`,
        "/plantillas-docs/add",
      ]) {
        const answer = await send(url, body);
        expectAnswered(answer, 401, ErrorKey.unauthorized, `${url} #${round}`);
        expect(answer.written).toBe(body.payload.length);
      }
    }
    // Also with an expired or made-up session.
    const answer = await send(`${UPLOAD_URL}?colg_id=${colegioId}`, body, "no-es-una-sesion");
    expectAnswered(answer, 401, ErrorKey.unauthorized, "made-up token");
    expect(await stored()).toEqual(before);
  });

  it("an upload refused by its size (413) or its PDF check (415) midway gets the answer too", async () => {
    const before = await stored();
    const url = `${UPLOAD_URL}?colg_id=${colegioId}`;
    for (let round = 0; round < 3; round++) {
      const tooLarge = multipartBody(
        { id_definition: definition },
        { name: "enorme.pdf", data: pdfOfSize(MAX_FILE_SIZE_BYTES + 512 * 1024) },
      );
      expectAnswered(await send(url, tooLarge, provider), 413, ErrorKey.fileTooLarge, `413 #${round}`);
      const notPdf = multipartBody(
        { id_definition: definition },
        { name: "foto.pdf", data: Buffer.alloc(6 * 1024 * 1024, 0x41) },
      );
      expectAnswered(await send(url, notPdf, provider), 415, ErrorKey.fileNotPdf, `415 #${round}`);
      // Refused by its fields before the file: a definition that does not exist.
      const nowhere = multipartBody({ id_definition: 999_999 }, { name: "a.pdf", data: pdfOfSize(4 * 1024 * 1024) });
      expectAnswered(await send(url, nowhere, provider), 404, ErrorKey.notFound, `404 #${round}`);
    }
    expect(await stored()).toEqual(before);
    expect(stagingFiles(ctx)).toEqual([]);
  });

  it("fetch (undici) reads the 401 of an anonymous upload", async () => {
    for (let round = 0; round < 3; round++) {
      const form = new FormData();
      form.set("id_definition", String(definition));
      form.set("file", new Blob([pdfOfSize(6 * 1024 * 1024)], { type: "application/pdf" }), "grande.pdf");
      const res = await fetch(`http://127.0.0.1:${port}${UPLOAD_URL}?colg_id=${colegioId}`, {
        method: "POST",
        body: form,
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
    }
  });
});

describe("the drain is bounded", () => {
  /** A route refused before its body is read, draining within `limits`. */
  async function refusingApp(limits: { maxBytes: number; maxMs: number }) {
    const app = Fastify();
    app.setErrorHandler((error, request, reply) => {
      closeAfterUnreadBody(request, reply, limits);
      return reply
        .status(error instanceof AppError ? error.status : 500)
        .send({ result: false, error: ErrorKey.unauthorized });
    });
    app.addContentTypeParser("application/octet-stream", (_request, _payload, done) => done(null));
    app.addHook("onSend", holdAnswerUntilBodyRead);
    app.post(
      "/refused",
      { preValidation: async () => Promise.reject(new AppError(401, ErrorKey.unauthorized)) },
      () => ({}),
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { app, port: (app.server.address() as AddressInfo).port };
  }
  let quick: Awaited<ReturnType<typeof refusingApp>>;
  let patient: Awaited<ReturnType<typeof refusingApp>>;
  beforeAll(async () => {
    quick = await refusingApp({ maxBytes: 256 * 1024, maxMs: 300 });
    // Waits a minute: a test that ends well before proves something else ended the drain.
    patient = await refusingApp({ maxBytes: 256 * 1024, maxMs: 60_000 });
  });
  afterAll(async () => {
    await quick?.app.close();
    await patient?.app.close();
  });

  const post = (
    port: number,
    body: Buffer,
    extra: { stallAfter?: number; headers?: Record<string, string | number> } = {},
  ) =>
    postRaw({
      port,
      path: "/refused",
      headers: { "content-type": "application/octet-stream", ...extra.headers },
      body,
      ...(extra.stallAfter !== undefined ? { stallAfter: extra.stallAfter } : {}),
      timeoutMs: 10_000,
    });

  it("within the limits, the client sends everything and reads the answer", async () => {
    const body = Buffer.alloc(200 * 1024, 1);
    for (const { port } of [quick, patient]) {
      const answer = await post(port, body, { headers: { "content-length": body.length } });
      expect(answer.errors).toEqual([]);
      expect(answer.status).toBe(401);
      expect(answer.written).toBe(body.length);
    }
  });

  it("a client that stops sending gets the answer after maxMs, and the connection ends", async () => {
    const body = Buffer.alloc(200 * 1024, 1);
    const answer = await post(quick.port, body, { stallAfter: 64 * 1024, headers: { "content-length": body.length } });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ result: false, error: ErrorKey.unauthorized });
  });

  it("a body declared past maxBytes is not waited for: the connection ends at once", async () => {
    const body = Buffer.alloc(1024 * 1024, 1);
    // The client declares 1 MB, sends 64 KB and waits: only the server can end this exchange.
    const answer = await post(patient.port, body, {
      stallAfter: 64 * 1024,
      headers: { "content-length": body.length },
    });
    expect(answer.written).toBeLessThan(body.length);
  });

  it("a body sent past maxBytes (no length declared) is read no further: the connection ends", async () => {
    const body = Buffer.alloc(1024 * 1024, 1);
    const answer = await post(patient.port, body, { stallAfter: 512 * 1024 });
    expect(answer.written).toBeLessThan(body.length);
  });
});
