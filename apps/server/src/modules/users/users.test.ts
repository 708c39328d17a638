import { ErrorKey, Role, ValidationKey } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_ACCOUNTS, login, tokenFor } from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { ensureLegalAccepted, ensureUser } from "../../db/seed/builders.js";

let ctx: MailTestContext;

beforeAll(async () => {
  ctx = await createMailTestApp();
  for (let i = 1; i <= 12; i++) {
    const user = await ensureUser(ctx.database.db, {
      email: `empleado${String(i).padStart(2, "0")}@levante.test`,
      password: "Empleado-2026!",
      companyId: ctx.seed.provider.id,
      role: Role.gremio,
    });
    await ensureLegalAccepted(ctx.database.db, user.id);
  }
});
afterAll(async () => ctx?.close());

describe("users of a company", () => {
  it("pages and searches the caller's company users, marking the manager", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const first = (
      await call(ctx.app, "POST", "/companies/users/index", { token, body: { page: 1, limit: 10 } })
    ).json();
    expect(first.count).toBe(13);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({ count: 13, page: 1, limit: 10 });
    const second = (
      await call(ctx.app, "POST", "/companies/users/index", { token, body: { page: 2, limit: 10 } })
    ).json();
    expect(second.data).toHaveLength(3);
    // A page past the end is empty but still tells the pager how many there are.
    const beyond = (
      await call(ctx.app, "POST", "/companies/users/index", { token, body: { page: 9, limit: 10 } })
    ).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ count: 13, page: 9, limit: 10 });
    const manager = [...first.data, ...second.data].filter((u: { manager: boolean }) => u.manager);
    expect(manager).toEqual([expect.objectContaining({ email: DEMO_ACCOUNTS.gremio, active: true })]);

    const search = (await call(ctx.app, "POST", "/companies/users", { token, body: { filter: "EMPLEADO1" } })).json();
    expect(search.data.map((u: { email: string }) => u.email)).toEqual([
      "empleado10@levante.test",
      "empleado11@levante.test",
      "empleado12@levante.test",
    ]);
    const desc = (
      await call(ctx.app, "POST", "/companies/users", { token, body: { sortBy: "email", sortDesc: "DESC" } })
    ).json();
    expect(desc.data[0].email).toBe(DEMO_ACCOUNTS.gremio);
    const badSort = await call(ctx.app, "POST", "/companies/users", { token, body: { sortBy: "password_hash" } });
    expect(badSort.statusCode).toBe(400);
  });

  it("lets the colegio see a member company's users, and nobody else a foreign company's", async () => {
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const ok = await call(ctx.app, "POST", "/companies/users/index", {
      token: colegio,
      body: { company_id: ctx.seed.provider.id },
    });
    expect(ok.json().count).toBe(13);
    const admin = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const denied = await call(ctx.app, "POST", "/companies/users/index", {
      token: admin,
      body: { company_id: ctx.seed.provider.id },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    const masterCompany = await call(ctx.app, "POST", "/companies/users/index", {
      token: colegio,
      body: { company_id: ctx.seed.master.id },
    });
    expect(masterCompany.statusCode).toBe(403);
  });

  it("answers the caller's company", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const company = (await call(ctx.app, "GET", "/companies/users/company", { token })).json().data;
    expect(company).toMatchObject({
      id: ctx.seed.admin.id,
      name: "Fincas Centro Administración S.L.",
      cif: "B86123450",
      type: Role.administrador,
      person: "Laura Gómez",
      postcode: "28013",
      owner_user: { email: DEMO_ACCOUNTS.administrador, user_role: Role.administrador },
    });
  });
});

describe("Mis datos: changing one's own e-mail", () => {
  it("saves a new unique e-mail, tells both addresses, and the user logs in with it", async () => {
    // A recovery link mailed to the old address before the change…
    await call(ctx.app, "POST", "/companies/users/recover", { body: { email: "empleado01@levante.test" } });
    const [recovery] = await ctx.smtp.waitFor("empleado01@levante.test");
    const session = (await login(ctx.app, "empleado01@levante.test", "Empleado-2026!")).json().data;
    const response = await call(ctx.app, "POST", `/companies/users/edit/${session.user.id}`, {
      token: session.token,
      body: { email: "Nuevo.Correo@Levante.test" },
    });
    expect(response.json()).toEqual({
      result: true,
      user: { id: session.user.id, email: "nuevo.correo@levante.test" },
    });
    const toOld = (await ctx.smtp.waitFor("empleado01@levante.test", 2)).find((m) => m !== recovery);
    const [toNew] = await ctx.smtp.waitFor("nuevo.correo@levante.test");
    expect(toOld!.subject).toBe("Tu e-mail de acceso a Coordina ha cambiado");
    expect(toOld!.text).toContain("nuevo.correo@levante.test");
    expect(toNew!.subject).toBe("Tu e-mail de acceso a Coordina ha cambiado");
    expect((await login(ctx.app, "nuevo.correo@levante.test", "Empleado-2026!")).statusCode).toBe(200);
    expect((await login(ctx.app, "empleado01@levante.test", "Empleado-2026!")).statusCode).toBe(401);
    // …no longer works once the e-mail has changed.
    const check = await call(ctx.app, "POST", "/companies/user-recovery/check", {
      body: { shakey: linkToken(recovery!).token },
    });
    expect(check.json()).toEqual({ result: false, error: ErrorKey.tokenInvalid });
  });

  it("refuses a taken e-mail, a malformed one and another user's record", async () => {
    const session = (await login(ctx.app, "empleado02@levante.test", "Empleado-2026!")).json().data;
    const edit = (id: number, email: string) =>
      call(ctx.app, "POST", `/companies/users/edit/${id}`, { token: session.token, body: { email } });
    const taken = await edit(session.user.id, DEMO_ACCOUNTS.colegio);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(ErrorKey.emailTaken);
    const malformed = await edit(session.user.id, "sin-arroba");
    expect(malformed.json()).toEqual({ result: false, error: ValidationKey.emailFormat });
    const other = await edit(ctx.seed.porter.id, "robado@levante.test");
    expect(other.statusCode).toBe(403);
    expect((await login(ctx.app, DEMO_ACCOUNTS.portero)).statusCode).toBe(200);
  });
});
