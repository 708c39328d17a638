import { ErrorKey, fileEditSchema, loginRequestSchema } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, DEMO_ACCOUNTS, type TestContext, tokenFor } from "../../test/helpers.js";
import { findForbiddenText, multilineKeys } from "./validation.js";

let ctx: TestContext;
let master: string;
let colegio: string;
beforeAll(async () => {
  ctx = await createTestApp();
  master = await tokenFor(ctx.app, DEMO_ACCOUNTS.master);
  colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
});
afterAll(async () => ctx?.close());

const invalid = { result: false, error: ErrorKey.invalidInput };

describe("control characters at the boundary", () => {
  it.each([
    ["a NUL", "admin@coordina.test\u0000"],
    ["an ESC", "admin\u001b@coordina.test"],
    ["a line feed", "admin@coordina.test\nBcc: otro@coordina.test"],
    ["a carriage return", "admin@coordina.test\r"],
    ["a C1 control", "admin\u0085@coordina.test"],
  ])("refuses %s in a one-line field of a public route with 400 and the envelope", async (_label, email) => {
    const response = await call(ctx.app, "POST", "/companies/users/login", {
      body: { email, password: "Coordina2026!" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
  });

  it("refuses a NUL in a field name and in a query string", async () => {
    const key = await call(ctx.app, "POST", "/companies/users/login", {
      body: { email: DEMO_ACCOUNTS.master, password: "Coordina2026!", "x\u0000": 1 },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(invalid);
    const query = await call(ctx.app, "GET", "/companies/master/index?filter=Madrid%00", { token: master });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(invalid);
    const clean = await call(ctx.app, "GET", "/companies/master/index?filter=Madrid", { token: master });
    expect(clean.statusCode).toBe(200);
  });

  it("lets tabs through, and line breaks only into multiline texts", () => {
    expect(multilineKeys(fileEditSchema)).toEqual(new Set(["description"]));
    expect(multilineKeys(loginRequestSchema).size).toBe(0);
    const multiline = multilineKeys(fileEditSchema);
    expect(findForbiddenText({ name: "a\tb", description: "línea 1\r\nlínea 2" }, multiline)).toBeUndefined();
    expect(findForbiddenText({ name: "línea 1\nlínea 2" }, multiline)).toBe("/name");
    expect(findForbiddenText({ description: "a\u0000b" }, multiline)).toBe("/description");
    expect(findForbiddenText({ list: [{ name: "ok" }, { name: "no\u001b" }] }, multiline)).toBe("/list/1/name");
  });
});

describe("record ids", () => {
  it.each(["+1", "%201", "1%20", "0x10", "1e3", "01", "1.0", "-1", "0", "2147483648"])(
    "refuses the path id %s with 400 and the envelope",
    async (id) => {
      const response = await call(ctx.app, "GET", `/file-manager/fileload/retrieve/${id}`, { token: colegio });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalid);
    },
  );

  it("takes plain decimal ids, as a number in JSON or as digits", async () => {
    const inPath = await call(ctx.app, "GET", "/file-manager/fileload/retrieve/999999", { token: colegio });
    expect(inPath.statusCode).toBe(404);
  });
});
