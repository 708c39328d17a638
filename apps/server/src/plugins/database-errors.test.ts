import { ErrorKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectError, type TestContext } from "../../test/helpers.js";
import { type Database, openPostgres, queryRows } from "../db/client.js";

/*
 * What the error handler answers when the database refuses a statement or cannot be reached: never the
 * generic 500. Text that got past the schemas and that PostgreSQL refuses to store (NUL, too long) is the
 * caller's 400, any other data exception a bug's 500; a database that cannot be reached (its connection cut or refused, a read
 * already retried once) is a 503 to try again. Both are logged at warn with the request id, and nothing
 * of the error is sent. On PGlite and PostgreSQL alike.
 */

let ctx: TestContext;
let unreachable: Database;

/** A test-only route per statement: each runs its SQL (with a bound parameter) and answers the rows. */
const STATEMENTS = {
  nul: sql`select ${"a\u0000b"}::text as t`,
  notNumber: sql`select ${"x"}::int as n`,
  outOfRange: sql`select ${"99999999999"}::int as n`,
  notDate: sql`select ${"ayer"}::date as d`,
  noSuchDay: sql`select ${"2026-02-30"}::date as d`,
  /** a data exception whose server message quotes the value (invalid input syntax for type integer: "…") */
  personal: sql`select ${"ana.garcia@ejemplo.es"}::int as n`,
  /** a bug of ours (no such table) in a statement that carries personal data as its parameter */
  noTable: sql`select * from no_such_table where email = ${"ana.garcia@ejemplo.es"}`,
};

beforeAll(async () => {
  // Port 1 on the loopback refuses at once: a PostgreSQL database that cannot be reached at all.
  unreachable = await openPostgres("postgresql://postgres@127.0.0.1:1/none", 1);
  ctx = await createTestApp({
    extend: (app) => {
      for (const [name, statement] of Object.entries(STATEMENTS)) {
        app.get(`/test/db/${name}`, async () => ({ result: true, data: await queryRows(app.db, statement) }));
      }
      // Storing a value longer than its column (an explicit cast would cut it silently).
      app.get("/test/db/tooLong", async () => ({
        result: true,
        data: await app.db.transaction(async (tx) => {
          await tx.execute(sql`create temporary table too_long (v varchar(2)) on commit drop`);
          return queryRows(tx, sql`insert into too_long values (${"abc"}) returning v`);
        }),
      }));
      app.get("/test/db/unreachable", async () => ({
        result: true,
        data: await queryRows(unreachable.db, sql`select 1 as n`),
      }));
      app.post("/test/db/unreachable", async () => ({
        result: true,
        data: await unreachable.db.transaction((tx) => queryRows(tx, sql`select 1 as n`)),
      }));
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await unreachable?.close();
});

/** The log lines of one request, parsed. */
function logOf(requestId: string) {
  const lines = ctx.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return lines.filter((entry) => entry.reqId === requestId);
}

describe("text PostgreSQL refuses to store (bad input past the schemas)", () => {
  it.each([
    ["nul", "22021"],
    ["tooLong", "22001"],
  ])("%s answers 400 invalid input, logged at warn with SQLSTATE %s", async (name, sqlState) => {
    const res = await ctx.app.inject({ method: "GET", url: `/test/db/${name}` });
    expectError(res, 400, ErrorKey.invalidInput);
    const entries = logOf(res.headers["x-request-id"] as string);
    const warn = entries.find((entry) => entry.msg === "invalid input refused by the database");
    expect(warn).toMatchObject({ level: 40, sqlState });
    // Only the SQLSTATE: the server's message would quote the input.
    expect(warn).not.toHaveProperty("err");
    expect(warn).not.toHaveProperty("message");
    expect(entries.some((entry) => entry.level === 50)).toBe(false);
  });
});

describe("any other data exception (the server's own values)", () => {
  it.each([
    ["notNumber", "22P02"],
    ["outOfRange", "22003"],
    ["notDate", "22007"],
    ["noSuchDay", "22008"],
  ])("%s stays an unexpected 500, logged as an error (SQLSTATE %s), never passed off as bad input", async (name) => {
    const res = await ctx.app.inject({ method: "GET", url: `/test/db/${name}` });
    expectError(res, 500, ErrorKey.generic);
    const entries = logOf(res.headers["x-request-id"] as string);
    expect(entries.some((entry) => entry.msg === "unexpected error" && entry.level === 50)).toBe(true);
  });
});

describe("a database that cannot be reached", () => {
  it.each([
    ["a read (after its one retry)", "GET"],
    ["a transaction", "POST"],
  ] as const)("%s answers 503 service unavailable, logged at warn, no stack sent", async (_what, method) => {
    const res = await ctx.app.inject({
      method,
      url: "/test/db/unreachable",
      ...(method === "POST" ? { payload: {} } : {}),
    });
    expectError(res, 503, ErrorKey.serviceUnavailable);
    expect(res.body).not.toContain("ECONNREFUSED");
    const entries = logOf(res.headers["x-request-id"] as string);
    const warn = entries.find((entry) => entry.msg === "database unavailable");
    expect(warn).toMatchObject({ level: 40, db: { code: "ECONNREFUSED" } });
    expect(JSON.stringify(warn)).not.toContain("stack");
    expect(entries.some((entry) => entry.level === 50)).toBe(false);
  });
});

describe("the log of an unexpected database error", () => {
  it.each([
    ["personal", "22P02", undefined],
    ["noTable", "42P01", 'relation "no_such_table" does not exist'],
  ])(
    "%s: its class, SQLSTATE %s, statement and stack, never the parameters nor a message quoting them",
    async (name, code, message) => {
      const res = await ctx.app.inject({ method: "GET", url: `/test/db/${name}` });
      expectError(res, 500, ErrorKey.generic);
      const entries = logOf(res.headers["x-request-id"] as string);
      const error = entries.find((entry) => entry.msg === "unexpected error");
      expect(error).toMatchObject({ level: 50, db: { type: "DrizzleQueryError", code } });
      expect(error).not.toHaveProperty("err");
      const err = error!.db as Record<string, unknown>;
      expect(err.message).toBe(message);
      expect(String(err.query)).toMatch(/^select .*\$1/);
      expect(String(err.stack)).toMatch(/^\s+at /);
      // the parameter appears nowhere in the request's log
      expect(JSON.stringify(entries)).not.toContain("ana.garcia");
      expect(JSON.stringify(entries)).not.toContain("params");
    },
  );
});
