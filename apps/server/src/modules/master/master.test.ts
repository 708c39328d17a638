import { ErrorKey, PAGE_SIZE, REGIONS, Role, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, DEMO_ACCOUNTS, DEMO_PASSWORD, expectError, login, tokenFor } from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";
import { ensureCompany, ensureUser } from "../../db/seed/builders.js";

/**
 * The master's colegios: A (demo, Madrid, region MD), B (Barcelona, CT) and Z (Alcalá, MD, no manager)
 * belong to the demo master M1; C (Valencia, VC) to a second master M2.
 */
let ctx: MailTestContext;
const db = () => ctx.database.db;
type Company = Awaited<ReturnType<typeof ensureCompany>>;
let A: Company;
let B: Company;
let C: Company;
let Z: Company;
type Who = keyof typeof DEMO_ACCOUNTS | "master2" | "superadmin";
const t = {} as Record<Who, string>;
const PASSWORD = "Colegio-2026!";

beforeAll(async () => {
  ctx = await createMailTestApp();
  A = ctx.seed.colegio;
  const M1 = ctx.seed.master;
  B = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: M1.id,
    region: "CT",
  });
  await ensureUser(db(), { email: "colegio-b@coordina.test", password: DEMO_PASSWORD, companyId: B.id, role: 10 });
  Z = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Alcalá",
    cif: "Q2800560D",
    ownerCompanyId: M1.id,
    region: "MD",
  });
  const M2 = await ensureCompany(db(), { type: Role.master, name: "Segundo Master S.L.", cif: "B00000013" });
  await ensureUser(db(), { email: "master2@coordina.test", password: DEMO_PASSWORD, companyId: M2.id, role: 5 });
  C = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Valencia",
    cif: "Q4663001C",
    ownerCompanyId: M2.id,
    region: "VC",
  });
  const S = await ensureCompany(db(), { type: Role.superadministrator, name: "Coordina Soporte", cif: "B00000021" });
  await ensureUser(db(), { email: "soporte@coordina.test", password: DEMO_PASSWORD, companyId: S.id, role: 0 });

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
  }
  t.master2 = await tokenFor(ctx.app, "master2@coordina.test");
  t.superadmin = await tokenFor(ctx.app, "soporte@coordina.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const get = (token: string | undefined, url: string) => call(ctx.app, "GET", url, { token });
const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
type Res = Awaited<ReturnType<typeof get>>;
const ids = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { id: number }) => r.id);
};
const dashboardOf = async (token: string) => {
  const res = await get(token, "/companies/master/dashboard");
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    res.json().data.map((r: { region: string; colegios: { id: number; name: string }[] }) => [r.region, r.colegios]),
  ) as Record<string, { id: number; name: string }[]>;
};

describe("GET /companies/master/ and /companies/master/index", () => {
  it.each(["/companies/master/", "/companies/master/index"])("%s lists the master's colegios by name", async (path) => {
    const res = await get(t.master, path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      data: [
        {
          id: Z.id,
          c_cif: "Q2800560D",
          c_name: "Colegio de Administradores de Fincas de Alcalá",
          u_email: null,
          flag: "MD",
          erased: false,
        },
        {
          id: B.id,
          c_cif: "Q0863003J",
          c_name: "Colegio de Administradores de Fincas de Barcelona",
          u_email: "colegio-b@coordina.test",
          flag: "CT",
          erased: false,
        },
        {
          id: A.id,
          c_cif: "Q2863006I",
          c_name: "Colegio de Administradores de Fincas de Madrid",
          u_email: DEMO_ACCOUNTS.colegio,
          flag: "MD",
          erased: false,
        },
      ],
      count: 3,
      pagination: { count: 3, page: 1, limit: PAGE_SIZE.companyLists },
    });
  });

  it("pages, searches and sorts with the query string", async () => {
    const page = await get(t.master, "/companies/master/index?page=2&limit=1");
    expect(page.json()).toMatchObject({ count: 3, pagination: { count: 3, page: 2, limit: 1 } });
    expect(ids(page)).toEqual([B.id]);
    expect(ids(await get(t.master, "/companies/master/index?filter=BARCELONA"))).toEqual([B.id]);
    expect(ids(await get(t.master, "/companies/master/index?filter=colegio%40coordina"))).toEqual([A.id]);
    expect(ids(await get(t.master, "/companies/master/index?filter=q286"))).toEqual([A.id]);
    expect(ids(await get(t.master, "/companies/master/index?filter=%25"))).toEqual([]);
    expect(ids(await get(t.master, "/companies/master/index?sortBy=cif"))).toEqual([B.id, Z.id, A.id]);
    expect(ids(await get(t.master, "/companies/master/index?sortBy=cif&sortDesc=DESC"))).toEqual([A.id, Z.id, B.id]);
    // Same region: by id, in the sort's direction; no manager: last both ways.
    expect(ids(await get(t.master, "/companies/master/index?sortBy=region"))).toEqual([B.id, A.id, Z.id]);
    expect(ids(await get(t.master, "/companies/master/index?sortBy=region&sortDesc=DESC"))).toEqual([Z.id, A.id, B.id]);
    expect(ids(await get(t.master, "/companies/master/index?sortBy=email&sortDesc=DESC"))).toEqual([A.id, B.id, Z.id]);
    expect(ids(await get(t.master, "/companies/master/index?sortBy=name&sortDesc=DESC"))).toEqual([A.id, B.id, Z.id]);
    for (const bad of ["sortBy=password", "sortDesc=UP", "limit=101", "page=0", "page=x"]) {
      expectError(await get(t.master, `/companies/master/index?${bad}`), 400, ErrorKey.invalidInput);
    }
  });

  it("a second master sees only its colegio; the superadministrator every colegio", async () => {
    expect(ids(await get(t.master2, "/companies/master/"))).toEqual([C.id]);
    expect(ids(await get(t.superadmin, "/companies/master/"))).toEqual([Z.id, B.id, A.id, C.id]);
  });
});

describe("POST /companies/master/invite", () => {
  const invite = (body: object, token: string | undefined = t.master) => post(token, "/companies/master/invite", body);
  const SEVILLA = "Colegio de Administradores de Fincas de Sevilla";

  it("invites a colegio: it exists once the invitee accepts, with its region and flag", async () => {
    const res = await invite({ email: " Decana@ColegioSevilla.test ", name: ` ${SEVILLA} `, region: "AN" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, data: { id: expect.any(Number) } });
    // Nothing but the invitation exists yet.
    expect(ids(await get(t.master, "/companies/master/"))).toHaveLength(3);

    const [mail] = await ctx.smtp.waitFor("decana@colegiosevilla.test");
    expect(mail!.subject).toBe("Invitación a Coordina");
    expect(mail!.text).toContain(
      `Coordina Master te ha invitado a dar de alta «${SEVILLA}» como Colegio de Administradores`,
    );
    const { token, page } = linkToken(mail!);
    expect(page).toBe("invitation");
    const check = await post(undefined, "/companies/users/checkin", { shakey: token });
    expect(check.json()).toEqual({
      result: true,
      action: "invitation",
      email: "decana@colegiosevilla.test",
      company_name: SEVILLA,
    });
    const accepted = await post(undefined, "/companies/users/regcheckin", { shakey: token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const [created] = await queryRows<{ id: number; type: number; region: string; owner_company_id: number }>(
      db(),
      sql`select id, type, region, owner_company_id from companies where name = ${SEVILLA}`,
    );
    expect(created).toMatchObject({ type: Role.colegio, region: "AN", owner_company_id: ctx.seed.master.id });
    const id = Number(created!.id);
    const listed = (await get(t.master, "/companies/master/index?filter=sevilla")).json().data;
    expect(listed).toEqual([
      { id, c_cif: "", c_name: SEVILLA, u_email: "decana@colegiosevilla.test", flag: "AN", erased: false },
    ]);
    expect((await dashboardOf(t.master)).AN).toEqual([{ id, name: SEVILLA }]);

    // Its manager logs in as the colegio's staff, with an empty colegio.
    const session = (await login(ctx.app, "decana@colegiosevilla.test", PASSWORD)).json().data;
    expect(session.user.user_role).toBe(Role.colegio);
    expect(session.company).toMatchObject({ id, type: Role.colegio });
    const admins = await post(session.token, "/companies/colegio/index", { type: Role.administrador });
    expect(admins.json()).toMatchObject({ data: [], count: 0 });
    // The other master does not see it.
    expect(ids(await get(t.master2, "/companies/master/"))).toEqual([C.id]);
    // Its manager is a user now: a new invitation to that address, in any case, is refused.
    expectError(await invite({ email: "Decana@ColegioSevilla.test", name: "X" }), 409, ErrorKey.invitationUserExists);
  });

  it("invites without a region: the colegio has no flag and is on no region of the dashboard", async () => {
    const res = await invite({ email: "sin.region@coordina.test", name: "Colegio Sin Región" });
    expect(res.statusCode).toBe(200);
    const [mail] = await ctx.smtp.waitFor("sin.region@coordina.test");
    await post(undefined, "/companies/users/regcheckin", { shakey: linkToken(mail!).token, password: PASSWORD });
    const row = (await get(t.master, "/companies/master/index?filter=sin%20regi")).json().data[0];
    expect(row).toMatchObject({ c_name: "Colegio Sin Región", flag: null });
    const everywhere = Object.values(await dashboardOf(t.master)).flat();
    expect(everywhere.map((c) => c.id)).not.toContain(row.id);
  });

  it.each([
    [{ email: "x@coordina.test", name: "X", region: "XX" }, 400, ErrorKey.invalidInput],
    [{ email: "x@coordina.test", name: "X", region: "an" }, 400, ErrorKey.invalidInput],
    [{ email: "x@coordina.test", name: "X", region: null }, 400, ErrorKey.invalidInput],
    [{ email: "no-es-email", name: "X" }, 400, ValidationKey.emailFormat],
    [{ name: "X" }, 400, ValidationKey.emailFormat],
    [{ email: "x@coordina.test", name: "  " }, 400, ValidationKey.companyNameRequired],
    [{ email: "x@coordina.test" }, 400, ValidationKey.companyNameRequired],
    [{ email: DEMO_ACCOUNTS.colegio, name: "X" }, 409, ErrorKey.invitationUserExists],
    [{ email: "ADMIN@coordina.test", name: "X", region: "MD" }, 409, ErrorKey.invitationUserExists],
  ])("refuses %j", async (body, status, error) => {
    expectError(await invite(body), status, error);
  });

  it("refuses a second pending invitation to the same address", async () => {
    expect((await invite({ email: "pendiente@colegio.test", name: "Colegio Pendiente" })).statusCode).toBe(200);
    expectError(
      await invite({ email: "PENDIENTE@colegio.test", name: "Otro", region: "GA" }),
      409,
      ErrorKey.invitationPendingExists,
    );
  });

  it("the superadministrator may invite a colegio too", async () => {
    expect((await invite({ email: "soporte.invita@coordina.test", name: "Colegio X" }, t.superadmin)).statusCode).toBe(
      200,
    );
  });
});

describe("GET /companies/master/dashboard", () => {
  it("answers the 18 regions in REGIONS order with the master's active colegios by name", async () => {
    const res = await get(t.master, "/companies/master/dashboard");
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { region: string; colegios: { id: number; name: string }[] }[];
    expect(data).toHaveLength(18);
    expect(data.map((r) => r.region)).toEqual(REGIONS.map((r) => r.code));
    const byRegion = await dashboardOf(t.master);
    expect(byRegion.MD).toEqual([
      { id: Z.id, name: "Colegio de Administradores de Fincas de Alcalá" },
      { id: A.id, name: "Colegio de Administradores de Fincas de Madrid" },
    ]);
    expect(byRegion.CT).toEqual([{ id: B.id, name: "Colegio de Administradores de Fincas de Barcelona" }]);
    // C is the second master's.
    expect(byRegion.VC).toEqual([]);
    expect((await dashboardOf(t.master2)).VC).toEqual([
      { id: C.id, name: "Colegio de Administradores de Fincas de Valencia" },
    ]);
    // All 18 regions, even for a master with a single colegio.
    expect(Object.keys(await dashboardOf(t.master2))).toHaveLength(18);
    expect(Object.values(await dashboardOf(t.master2)).flat()).toHaveLength(1);
    expect((await dashboardOf(t.superadmin)).VC).toEqual([
      { id: C.id, name: "Colegio de Administradores de Fincas de Valencia" },
    ]);
  });

  it("leaves out deactivated colegios (still in the list, as deactivated)", async () => {
    expect((await post(t.master, "/companies/companies/deactivate", { id: Z.id })).statusCode).toBe(200);
    expect((await dashboardOf(t.master)).MD).toEqual([
      { id: A.id, name: "Colegio de Administradores de Fincas de Madrid" },
    ]);
    const row = (await get(t.master, "/companies/master/index?filter=alcal")).json().data[0];
    expect(row).toMatchObject({ id: Z.id, erased: true });
    expect((await post(t.master, "/companies/companies/activate", { id: Z.id })).statusCode).toBe(200);
    expect((await dashboardOf(t.master)).MD?.map((c) => c.id)).toEqual([Z.id, A.id]);
  });
});

describe("the master's routes are the master's", () => {
  it.each(["colegio", "administrador", "gremio", "portero"] as const)("%s gets 403 and no data", async (role) => {
    const colg = role === "administrador" || role === "gremio" ? `?colg_id=${A.id}` : "";
    for (const path of ["/companies/master/", "/companies/master/index", "/companies/master/dashboard"]) {
      expectError(await get(t[role], `${path}${colg}`), 403, ErrorKey.forbidden);
    }
    const email = `intruso-${role}@coordina.test`;
    expectError(
      await post(t[role], "/companies/master/invite", { email, name: "Colegio Intruso", region: "MD" }),
      403,
      ErrorKey.forbidden,
    );
    const invitations = await queryRows(db(), sql`select id from invitations where email = ${email}`);
    expect(invitations).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    for (const path of ["/companies/master/", "/companies/master/index", "/companies/master/dashboard"]) {
      expectError(await get(undefined, path), 401, ErrorKey.unauthorized);
    }
    expectError(
      await post(undefined, "/companies/master/invite", { email: "anon@coordina.test", name: "X" }),
      401,
      ErrorKey.unauthorized,
    );
  });
});
