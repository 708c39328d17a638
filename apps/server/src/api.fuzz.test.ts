import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DEMO_ACCOUNTS, type TestContext, tokenFor } from "../test/helpers.js";
import { seedDemoDocuments } from "./db/seed/demo.js";

/**
 * Every route of the OpenAPI description, sent what a careless or hostile client sends: malformed JSON,
 * wrong types, NUL and other control characters, huge strings and numbers, non-canonical ids, broken
 * multipart bodies. Whatever the caller (each role and nobody), the answer is never a 5xx and always the
 * envelope `{result, error?}`. Deterministic: the same requests in the same order on every run.
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[] };
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

interface Case {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

let ctx: TestContext;
let actors: (string | undefined)[];
let colegioId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoDocuments(ctx.database.db, ctx.seed.colegio.id);
  colegioId = ctx.seed.colegio.id;
  actors = [undefined];
  for (const email of Object.values(DEMO_ACCOUNTS)) actors.push(await tokenFor(ctx.app, email));
});
afterAll(async () => ctx?.close());

const NUL = "a\u0000b";
const HUGE_TEXT = "x".repeat(200_000);
/** Values every field is tried with, in place of what it expects. */
const BAD_VALUES: unknown[] = [
  NUL,
  "\u001b[31mrojo",
  "línea\r\notra",
  "\u0085\u009f",
  HUGE_TEXT,
  "",
  " 1",
  "+1",
  "0x10",
  "1e3",
  "99999999999999999999999",
  1e308,
  -1e308,
  2 ** 53 + 1,
  -2_147_483_649,
  0.5,
  true,
  null,
  [],
  [NUL],
  {},
  { $gt: "" },
];
const BAD_IDS = ["+1", "%201", "0x10", "1e3", "-1", "0", "01", "1.5", "99999999999999999999", "%00", "a%0Ab", "x"];
const BAD_QUERY = ["%00", "a%1Bb", "%0D%0A", "x".repeat(5000), "+1", "0x10", "1e3", "-1", "%E0%A4%A"];
const BAD_BODIES = ['{"a":', "[]", '"texto"', "123", "null", '{"a":"\\u0000"}', '{"__proto__":{"x":1}}'];

function fillPath(path: string, id: string) {
  return path.replace(/\{[^}]+\}/g, id);
}

function withColegio(url: string) {
  return `${url}${url.includes("?") ? "&" : "?"}colg_id=${colegioId}`;
}

function fieldsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const own = Object.keys(schema.properties ?? {});
  const nested = (schema.anyOf ?? []).flatMap(fieldsOf);
  return [...new Set([...own, ...nested])];
}

function casesFor(path: string, method: string, op: Operation): Case[] {
  const upper = method.toUpperCase();
  const validId = "1";
  const url = fillPath(path, validId);
  const cases: Case[] = [];
  if (path.includes("{")) {
    for (const id of BAD_IDS) cases.push({ method: upper, url: withColegio(fillPath(path, id)) });
    cases.push({ method: upper, url: withColegio(fillPath(path, "9".repeat(300))) });
  }
  for (const colg of ["%00", "1e3", "0x10", "-2", "99999999999"]) {
    cases.push({ method: upper, url: `${url}?colg_id=${colg}` });
  }
  for (const name of (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name)) {
    for (const bad of BAD_QUERY) cases.push({ method: upper, url: withColegio(`${url}?${name}=${bad}`) });
  }
  const content = op.requestBody?.content ?? {};
  if (content["multipart/form-data"]) {
    const target = withColegio(url);
    cases.push(
      { method: upper, url: target, headers: { "content-type": "multipart/form-data" }, payload: "--x\r\n" },
      {
        method: upper,
        url: target,
        headers: { "content-type": "multipart/form-data; boundary=nada" },
        payload: '--otra\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--otra--\r\n',
      },
      {
        method: upper,
        url: target,
        headers: { "content-type": "multipart/form-data; boundary=b" },
        payload: '--b\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncado',
      },
      {
        method: upper,
        url: target,
        headers: { "content-type": "multipart/form-data; boundary=b" },
        payload: `--b\r\ncontent-disposition: form-data; name="docDefinitionId"\r\n\r\n${NUL}\r\n--b--\r\n`,
      },
    );
  }
  if (upper === "POST" || upper === "PUT" || upper === "PATCH" || content["application/json"]) {
    const json = { "content-type": "application/json" };
    for (const body of BAD_BODIES) cases.push({ method: upper, url: withColegio(url), headers: json, payload: body });
    const fields = fieldsOf(content["application/json"]?.schema);
    for (const field of fields) {
      for (const value of BAD_VALUES) {
        cases.push({
          method: upper,
          url: withColegio(url),
          headers: json,
          payload: JSON.stringify({ [field]: value }),
        });
      }
    }
  }
  return cases;
}

/** What the answer must be: below 500, and the envelope (unless it is a successful file or CSV). */
function problemOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = String(res.headers["content-type"] ?? "");
  if (res.statusCode < 300 && !type.startsWith("application/json")) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON (${res.statusCode}, ${type}): ${res.body.slice(0, 200)}`;
  }
  const envelope = body as { result?: unknown; error?: unknown };
  if (res.statusCode >= 400) {
    if (envelope.result !== false || typeof envelope.error !== "string") return `not the error envelope: ${res.body}`;
    if (Object.keys(envelope).some((k) => k !== "result" && k !== "error")) return `extra keys: ${res.body}`;
  } else if (typeof envelope.result !== "boolean") {
    return `no result: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

describe("every route, fuzzed", () => {
  it("answers malformed input from any caller with the envelope, never a 5xx", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api-docs/json" })).json() as Doc;
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        // Logging out would end the callers' sessions and leave the rest of the run anonymous.
        .filter(() => path !== "/companies/users/logout")
        .map(([method, op]) => ({ path, method, op })),
    );
    // The description lists the whole API: a handful of routes would mean the fuzz tested nothing.
    expect(routes.length).toBeGreaterThan(80);

    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const cases = casesFor(route.path, route.method, route.op);
      for (const [i, c] of cases.entries()) {
        // Each case as a different caller, in turn: every role (and nobody) reaches every route.
        const token = actors[(sent + i) % actors.length];
        const res = await ctx.app.inject({
          method: c.method as "GET",
          url: c.url,
          headers: { ...(token ? { authentication: `Bearer ${token}` } : {}), ...c.headers },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
          remoteAddress: `10.9.${(sent >> 8) & 255}.${sent & 255}`,
        });
        const problem = problemOf(res);
        if (problem)
          problems.push(`${c.method} ${c.url.slice(0, 120)} ${String(c.payload ?? "").slice(0, 80)} -> ${problem}`);
      }
      sent += cases.length;
    }
    expect(sent).toBeGreaterThan(3000);
    expect(problems.join("\n")).toBe("");
  });
});
