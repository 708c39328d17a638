import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DEMO_ACCOUNTS, makePdf, type TestContext, tokenFor } from "../test/helpers.js";
import { seedDemoDocuments } from "./db/seed/demo.js";

/**
 * Every route of the OpenAPI description, sent what a careless or hostile client sends: malformed JSON,
 * wrong types, NUL and other control characters, huge strings and numbers, non-canonical ids, broken
 * multipart bodies and real PDFs with bad form fields. Each case goes on top of a plausible request (one
 * field changed at a time) as a caller the route lets in, so it reaches the schemas and the services; the
 * answer is never a 5xx and always the envelope `{result, error?}`, and no bad value reaches PostgreSQL
 * (the database refusing it would mean the boundary let it through). Deterministic: the same requests in
 * the same order on every run.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
};
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
let pdfBytes: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoDocuments(ctx.database.db, ctx.seed.colegio.id);
  colegioId = ctx.seed.colegio.id;
  pdfBytes = await makePdf("Documento de la prueba de fuzz");
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
/** Form fields sent with a real PDF: known ones with bad values, unknown ones with bad names or values. */
const BAD_FORM_FIELDS: [string, string][] = [
  ["otro\u0000", "x"],
  ["nota", "línea\r\notra"],
  ["obsolete", "2026-02-30"],
  ["id_definition", "1e3"],
  ["id_finca", "+1"],
  ["docDefinitionId", "0x10"],
  ["idempotencyKey", "corta"],
];

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

/** A value the schema takes, as a client filling the form would send it. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return "1";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf?.length) return sample(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return baseBody(schema);
    default:
      if (schema.format === "email") return "fuzz@coordina.test";
      if (schema.format === "date") return "2026-12-31";
      return "Texto de prueba".padEnd(schema.minLength ?? 0, "x");
  }
}

/** A body whose every field holds a plausible value: the fuzz changes one field at a time on top of it. */
function baseBody(schema: Schema | undefined): Record<string, unknown> {
  const shape = schema?.properties ?? schema?.anyOf?.find((s) => s.properties)?.properties ?? {};
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, sample(field)]));
}

/** A multipart body: the fields first, then (with `pdf`) a real PDF whose name holds a control character. */
function multipart(fields: [string, string][], pdf?: Buffer): Buffer {
  const parts = fields.map(
    ([name, value]) => `--b\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = pdf
    ? [
        Buffer.from(
          '--b\r\ncontent-disposition: form-data; name="file"; filename="fuzz\u0085.pdf"\r\ncontent-type: application/pdf\r\n\r\n',
        ),
        pdf,
        Buffer.from("\r\n"),
      ]
    : [];
  return Buffer.concat([Buffer.from(parts.join("")), ...file, Buffer.from("--b--\r\n")]);
}

/** A plausible request of the route: what the probe sends to learn who it lets in. */
function plausible(path: string, method: string, op: Operation): Case {
  const upper = method.toUpperCase();
  const url = withColegio(fillPath(path, "1"));
  const content = op.requestBody?.content ?? {};
  if (content["multipart/form-data"]) {
    const fields: [string, string][] = [
      ["id_definition", "1"],
      ["docDefinitionId", "1"],
    ];
    return {
      method: upper,
      url,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      payload: multipart(fields, pdfBytes),
    };
  }
  if (upper === "GET" || upper === "DELETE") return { method: upper, url };
  const payload = JSON.stringify(baseBody(content["application/json"]?.schema));
  return { method: upper, url, headers: { "content-type": "application/json" }, payload };
}

function casesFor(path: string, method: string, op: Operation): Case[] {
  const upper = method.toUpperCase();
  const url = fillPath(path, "1");
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
    const form = { "content-type": "multipart/form-data; boundary=b" };
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
        headers: form,
        payload: '--b\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncado',
      },
      { method: upper, url: target, headers: form, payload: multipart([["docDefinitionId", NUL]]) },
    );
    for (const [i, field] of BAD_FORM_FIELDS.entries()) {
      const fields: [string, string][] = [["idempotencyKey", `clave-fuzz-${path.length}-${i}`], field];
      cases.push({ method: upper, url: target, headers: form, payload: multipart(fields, pdfBytes) });
    }
  }
  if (upper === "POST" || upper === "PUT" || upper === "PATCH" || content["application/json"]) {
    const json = { "content-type": "application/json" };
    for (const body of BAD_BODIES) cases.push({ method: upper, url: withColegio(url), headers: json, payload: body });
    const schema = content["application/json"]?.schema;
    const base = baseBody(schema);
    for (const field of fieldsOf(schema)) {
      for (const value of BAD_VALUES) {
        const payload = JSON.stringify({ ...base, [field]: value });
        cases.push({ method: upper, url: withColegio(url), headers: json, payload });
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
  it("answers malformed input from any caller with the envelope, never a 5xx, and lets none of it reach the database", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api-docs/json" })).json() as Doc;
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        // Logging out, or deactivating the demo colegio or companies, would end the callers' sessions and
        // leave the rest of the run refused at the door.
        .filter(() => path !== "/companies/users/logout" && !/deactivate/.test(path))
        .map(([method, op]) => ({ path, method, op })),
    );
    // The description lists the whole API: a handful of routes would mean the fuzz tested nothing.
    expect(routes.length).toBeGreaterThan(80);

    const problems: string[] = [];
    let sent = 0;
    let reachedPastAuth = 0;
    const send = async (c: Case, token: string | undefined) => {
      const mark = ctx.logs.lines.length;
      const res = await ctx.app.inject({
        method: c.method as "GET",
        url: c.url,
        headers: { ...(token ? { authentication: `Bearer ${token}` } : {}), ...c.headers },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
        remoteAddress: `10.9.${(sent >> 8) & 255}.${sent & 255}`,
      });
      sent++;
      const logged = ctx.logs.lines.slice(mark).join("");
      const leaked = /"msg":"(invalid input refused by the database|unexpected error)"/.exec(logged)?.[1];
      return { res, problem: problemOf(res) ?? (leaked ? `logged "${leaked}"` : undefined) };
    };
    for (const route of routes) {
      // The callers the route lets in (a plausible request answered with neither 401 nor 403), so that the
      // cases reach the schemas and the services; with none, every caller in turn, nobody included.
      const probe = plausible(route.path, route.method, route.op);
      const allowed: (string | undefined)[] = [];
      for (const token of actors) {
        const { res, problem } = await send(probe, token);
        if (problem) problems.push(`${probe.method} ${probe.url} (plausible) -> ${problem}`);
        if (res.statusCode !== 401 && res.statusCode !== 403) allowed.push(token);
      }
      if (allowed.some((t) => t !== undefined)) reachedPastAuth++;
      const callers = allowed.length > 0 ? allowed : actors;
      for (const [i, c] of casesFor(route.path, route.method, route.op).entries()) {
        const { problem } = await send(c, callers[i % callers.length]);
        if (problem)
          problems.push(`${c.method} ${c.url.slice(0, 120)} ${String(c.payload ?? "").slice(0, 80)} -> ${problem}`);
      }
    }
    expect(sent).toBeGreaterThan(4000);
    // Most routes were reached by a caller they let in, not only refused at the door.
    expect(reachedPastAuth).toBeGreaterThan(routes.length * 0.7);
    expect(problems.join("\n")).toBe("");
    // Several thousand requests, one after another, over every route: its time grows with the API.
  }, 240_000);
});
