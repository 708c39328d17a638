import { CALENDAR, ErrorKey, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  ensureMemberCompany,
  expectError,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";

/**
 * The provider configuration (spec 02 §3 'Provider config', §7 'Provider config'): the 24-hour service key
 * `seven-24` = '1'. On the demo world and a second provider of the demo colegio.
 */
let ctx: TestContext;
const t = {} as Record<keyof typeof DEMO_ACCOUNTS | "other", string>;
let otherId: number;

const ADD = "/companies/company-configs/add";
const DELETE = "/companies/company-configs/delete";
const EXISTS = "/companies/company-configs/exists";
const SEVEN24 = { key: CALENDAR.seven24Key };
const post = (token: string | undefined, url: string, body: object) => call(ctx.app, "POST", url, { token, body });

beforeAll(async () => {
  ctx = await createTestApp();
  const other = await ensureMemberCompany(
    ctx.database.db,
    [ctx.seed.colegio.id],
    { type: Role.gremio, name: "Zeta Limpiezas S.L.", cif: "B30000003" },
    "zeta@limpiezas.test",
  );
  otherId = other.id;
  for (const [who, email] of Object.entries(DEMO_ACCOUNTS))
    t[who as keyof typeof DEMO_ACCOUNTS] = await tokenFor(ctx.app, email);
  t.other = await tokenFor(ctx.app, "zeta@limpiezas.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

async function exists(token: string): Promise<boolean> {
  const res = await post(token, EXISTS, SEVEN24);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as boolean;
}
async function ok(token: string, url: string, body: object) {
  const res = await post(token, url, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ result: true });
}
const rowsOf = (companyId: number) =>
  queryRows<{ key: string; value: string }>(
    ctx.database.db,
    sql`select key, value from company_configs where company_id = ${companyId}`,
  );

describe("the 24-hour service key", () => {
  it("is unset at first; add sets it (a second add changes nothing), delete unsets it, only for the caller", async () => {
    expect(await exists(t.gremio)).toBe(false);
    await ok(t.gremio, ADD, { ...SEVEN24, value: CALENDAR.seven24Value });
    expect(await exists(t.gremio)).toBe(true);
    await ok(t.gremio, ADD, { ...SEVEN24, value: CALENDAR.seven24Value });
    expect(await rowsOf(ctx.seed.provider.id)).toEqual([{ key: "seven-24", value: "1" }]);
    // another provider's key is its own
    expect(await exists(t.other)).toBe(false);
    expect(await rowsOf(otherId)).toEqual([]);

    await ok(t.gremio, DELETE, SEVEN24);
    expect(await exists(t.gremio)).toBe(false);
    expect(await rowsOf(ctx.seed.provider.id)).toEqual([]);
  });

  it("delete of a key not set answers true (it is unset either way)", async () => {
    await ok(t.gremio, DELETE, SEVEN24);
    expect(await exists(t.gremio)).toBe(false);
  });

  it("one provider's delete leaves another's key", async () => {
    await ok(t.gremio, ADD, { ...SEVEN24, value: "1" });
    await ok(t.other, ADD, { ...SEVEN24, value: "1" });
    await ok(t.other, DELETE, SEVEN24);
    expect(await exists(t.gremio)).toBe(true);
    expect(await exists(t.other)).toBe(false);
  });

  it.each([
    [ADD, { key: "otra", value: "1" }],
    [ADD, { key: "seven-24", value: "0" }],
    [ADD, { key: "seven-24" }],
    [ADD, {}],
    [DELETE, { key: "otra" }],
    [EXISTS, { key: "SEVEN-24" }],
    [EXISTS, {}],
  ])("refuses an unknown key or value with 400 (%s %o)", async (url, body) => {
    expectError(await post(t.gremio, url, body), 400, ErrorKey.invalidInput);
    expect(await rowsOf(ctx.seed.provider.id)).toEqual([]);
  });

  it("refuses every role but the provider with 403, and no session with 401", async () => {
    for (const who of ["administrador", "colegio", "master", "portero"] as const) {
      expectError(await post(t[who], ADD, { ...SEVEN24, value: "1" }), 403, ErrorKey.forbidden);
      expectError(await post(t[who], DELETE, SEVEN24), 403, ErrorKey.forbidden);
      expectError(await post(t[who], EXISTS, SEVEN24), 403, ErrorKey.forbidden);
    }
    for (const url of [ADD, DELETE, EXISTS])
      expectError(await post(undefined, url, { ...SEVEN24, value: "1" }), 401, ErrorKey.unauthorized);
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from company_configs`,
    );
    expect(count!.n).toBe(0);
  });
});
