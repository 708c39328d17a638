import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { APP_VERSION, ErrorKey } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, testConfig } from "../test/helpers.js";

let ctx: TestContext;
let webDist: string;
const CHUNK = `console.log(${JSON.stringify("Coordina ".repeat(400))});`;
beforeAll(async () => {
  const config = testConfig();
  webDist = config.webDist;
  fs.mkdirSync(path.join(webDist, "assets"), { recursive: true });
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Coordina</title>");
  fs.writeFileSync(path.join(webDist, "assets", "index-abc123.js"), "console.log(1)");
  // A built chunk with its copies (scripts/precompress.mjs makes them at build time).
  const chunk = path.join(webDist, "assets", "chunk-def456.js");
  fs.writeFileSync(chunk, CHUNK);
  fs.writeFileSync(`${chunk}.br`, brotliCompressSync(CHUNK));
  fs.writeFileSync(`${chunk}.gz`, gzipSync(CHUNK));
  ctx = await createTestApp({
    config,
    extend: (app) =>
      app.get("/boom", async () => {
        throw new Error("detalle interno secreto");
      }),
  });
});
afterAll(async () => ctx?.close());

describe("health", () => {
  it("answers /health without touching the database, and ?deep=1 with it", async () => {
    const quick = await ctx.app.inject({ method: "GET", url: "/health" });
    expect(quick.statusCode).toBe(200);
    expect(quick.json()).toEqual({ result: true, data: { status: "ok", version: APP_VERSION } });
    const deep = await ctx.app.inject({ method: "GET", url: "/health?deep=1" });
    expect(deep.json().data.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    // The test apps start without the figures warm-up (figures-warmup.test.ts starts one with it).
    expect(deep.json().data.figures).toBeNull();
  });
});

describe("errors", () => {
  it("answers an unexpected failure with 500, the generic key and a request id, never the details", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.generic });
    expect(response.body).not.toContain("secreto");
    expect(response.body).not.toContain("at ");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // The details are in the log, under that request id.
    expect(ctx.logs.text).toContain(response.headers["x-request-id"] as string);
    expect(ctx.logs.text).toContain("detalle interno secreto");
  });

  it("answers an unknown path with the 404 envelope", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/companies/no-existe", payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.notFound });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/companies/users/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.es", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.invalidJson });
  });

  it("answers a body over 1 MB with 413", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/companies/users/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.es", password: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.payloadTooLarge });
  });

  it("answers an unsupported content type with 415", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/companies/users/login",
      headers: { "content-type": "text/plain" },
      payload: "email=a@b.es",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.unsupportedMediaType });
  });
});

describe("web app and headers", () => {
  it("redirects / to /webapp/", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/webapp/");
  });

  it("serves index.html revalidated and hashed assets cached for a year", async () => {
    const index = await ctx.app.inject({ method: "GET", url: "/webapp/" });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("Coordina");
    expect(index.headers["cache-control"]).toBe("no-cache");
    const asset = await ctx.app.inject({ method: "GET", url: "/webapp/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the brotli or gzip copy of a chunk the browser accepts, and the plain file otherwise", async () => {
    const get = (encoding?: string) =>
      ctx.app.inject({
        method: "GET",
        url: "/webapp/assets/chunk-def456.js",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
    expect(br.rawPayload.length).toBeLessThan(CHUNK.length / 10);
    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(CHUNK);
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    // A file without copies is sent as it is, whatever the browser accepts.
    const small = await ctx.app.inject({
      method: "GET",
      url: "/webapp/assets/index-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("console.log(1)");
  });

  it("sends security headers that work over plain HTTP", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/webapp/" });
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

describe("OpenAPI", () => {
  it("documents the routes from their schemas", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api-docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths["/companies/users/login"].post;
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["email", "password"]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
    const ui = await ctx.app.inject({ method: "GET", url: "/api-docs/" });
    expect(ui.statusCode).toBe(200);
  });
});

describe("hardening at the boundary", () => {
  it("serves the API description over plain HTTP without upgrading its assets to https", async () => {
    const ui = await ctx.app.inject({ method: "GET", url: "/api-docs/" });
    expect(ui.statusCode).toBe(200);
    const csp = String(ui.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("keeps upgrade-insecure-requests on the API description when served over https", async () => {
    const secure = await createTestApp({ config: testConfig({ PUBLIC_URL: "https://coordina.example.es" }) });
    try {
      const ui = await secure.app.inject({ method: "GET", url: "/api-docs/" });
      expect(String(ui.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await secure.close();
    }
  });

  it("answers a path parameter over the router's limit in the envelope, echoing nothing", async () => {
    const long = "7".repeat(400);
    const response = await ctx.app.inject({ method: "GET", url: `/file-manager/fileload/retrieve/${long}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.invalidInput });
    expect(response.body).not.toContain(long);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const broken = await ctx.app.inject({ method: "GET", url: "/file-manager/fileload/retrieve/%E0%A4%A" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ result: false, error: ErrorKey.invalidInput });
  });
});
