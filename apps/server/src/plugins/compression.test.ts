import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Role } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ensureMemberCompany, type TestContext, tokenFor } from "../../test/helpers.js";
import { DEMO_ACCOUNTS } from "../db/seed/demo.js";
import { COMPRESS_FROM_BYTES } from "./compression.js";

let ctx: TestContext;
let colegio: string;
beforeAll(async () => {
  ctx = await createTestApp();
  colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
  // Enough providers for a page of a few kilobytes, as a real colegio's.
  for (let i = 1; i <= 8; i++)
    await ensureMemberCompany(ctx.database.db, [ctx.seed.colegio.id], {
      type: Role.gremio,
      name: `Proveedor de prueba ${i}`,
      cif: `B1000000${i}`,
    });
});
afterAll(async () => ctx?.close());

/** The colegio's providers list (a JSON answer over the threshold) as a client accepting `encoding` asks it. */
const providers = (encoding?: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/companies/companies/index",
    headers: { authentication: `Bearer ${colegio}`, ...(encoding ? { "accept-encoding": encoding } : {}) },
    payload: { type: Role.gremio, limit: 100 },
  });

describe("compressed JSON answers", () => {
  it("sends a list gzip- or brotli-compressed as the client accepts, the same JSON, and plain otherwise", async () => {
    const plain = await providers();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    const answer = plain.json();
    expect(answer.data.length).toBeGreaterThan(0);

    // A browser accepts both: gzip, the faster at these sizes.
    const gzip = await providers("gzip, deflate, br");
    expect(gzip.headers).toMatchObject({ "content-encoding": "gzip", vary: expect.stringMatching(/accept-encoding/i) });
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString("utf8"))).toEqual(answer);

    const br = await providers("br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(answer);

    const identity = await providers("identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.json()).toEqual(answer);
  });

  it("sends small answers and errors as they are", async () => {
    const none = await ctx.app.inject({
      method: "POST",
      url: "/companies/companies/index",
      headers: { authentication: `Bearer ${colegio}`, "accept-encoding": "br" },
      payload: { type: Role.gremio, filter: "nadie" },
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.json()).toMatchObject({ result: true, data: [], count: 0 });
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/companies/companies/index",
      headers: { "accept-encoding": "br" },
      payload: { type: Role.gremio },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toMatchObject({ result: false });
  });
});
