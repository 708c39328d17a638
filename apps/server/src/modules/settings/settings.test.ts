import { ErrorKey } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, DEMO_ACCOUNTS, type TestContext, tokenFor } from "../../../test/helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

describe("assigned settings (accepted-legal)", () => {
  it("reads only one's own settings", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const own = await call(
      ctx.app,
      "GET",
      `/settings/assigned-settings/all/${(await ctx.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, DEMO_ACCOUNTS.administrador) }))!.id}`,
      { token },
    );
    expect(own.json().data).toEqual([
      expect.objectContaining({ name: "accepted-legal", value: "true", valuetype: "boolean" }),
    ]);
    const other = await call(ctx.app, "GET", `/settings/assigned-settings/all/${ctx.seed.porter.id}`, { token });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ result: false, error: ErrorKey.forbidden });
  });

  it("accepts only known settings and values, and never another user's setting", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.portero);
    const unknown = await call(ctx.app, "POST", "/settings/assigned-settings/add", {
      token,
      body: { name: "is-admin", valuetype: "boolean", value: "true" },
    });
    expect(unknown.json()).toEqual({ result: false, error: ErrorKey.settingUnknown });
    const withdraw = await call(ctx.app, "POST", "/settings/assigned-settings/add", {
      token,
      body: { name: "accepted-legal", valuetype: "boolean", value: "false" },
    });
    expect(withdraw.statusCode).toBe(400);

    const added = await call(ctx.app, "POST", "/settings/assigned-settings/add", {
      token,
      body: { name: "accepted-legal", valuetype: "boolean", value: true },
    });
    const setting = added.json().data;
    expect(setting).toMatchObject({ name: "accepted-legal", value: "true", id_assigned: ctx.seed.porter.id });
    const edited = await call(ctx.app, "POST", `/settings/assigned-settings/edit/${setting.id}`, {
      token,
      body: { name: "accepted-legal", valuetype: "boolean", value: "true" },
    });
    expect(edited.json().data.id).toBe(setting.id);

    const intruder = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const foreign = await call(ctx.app, "POST", `/settings/assigned-settings/edit/${setting.id}`, {
      token: intruder,
      body: { name: "accepted-legal", valuetype: "boolean", value: "true" },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("needs a session", async () => {
    expect((await call(ctx.app, "GET", "/settings/assigned-settings/all/1")).statusCode).toBe(401);
  });
});
