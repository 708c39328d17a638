import { ErrorKey, Role, ValidationKey } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureMemberCompany,
  expectError,
  outboxMessagesTo,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { colegioMembers } from "../../db/schema/index.js";
import {
  ensureActivity,
  ensureCommunity,
  ensureCompany,
  ensureCompanyActivity,
  ensureProviderLink,
  ensureUser,
} from "../../db/seed/builders.js";

/**
 * The NIF form (registry/getntype, registry/insertCompanyOnColegio): colegio A finds companies registered
 * in colegio B by their tax id and includes them. Colegio B (also the demo master's) has an administrator,
 * a provider serving two of B's communities (and, oddly, one of A's), a company without a manager and
 * two more providers to include.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
type Company = Awaited<ReturnType<typeof ensureCompany>>;
let A: Company;
let B: Company;
let adminB: Company;
let providerB: Company;
let noManager: Company;
let racer: Company;
type Who = keyof typeof DEMO_ACCOUNTS | "colegioB" | "providerB";
const t = {} as Record<Who, string>;

/** A company of colegio `colegioId`, created by it, with its manager when `userEmail` is given. */
const company = (
  colegioId: number,
  input: { type: number; name: string; cif: string; email?: string },
  userEmail?: string,
) => ensureMemberCompany(db(), [colegioId], { ...input, ownerCompanyId: colegioId }, userEmail);

beforeAll(async () => {
  ctx = await createTestApp();
  A = ctx.seed.colegio;
  B = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  await ensureUser(db(), { email: "colegio-b@coordina.test", password: DEMO_PASSWORD, companyId: B.id, role: 10 });
  adminB = await company(
    B.id,
    { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001" },
    "diagonal@fincas.test",
  );
  providerB = await company(
    B.id,
    { type: Role.gremio, name: "Barna Serveis S.L.", cif: "B08000002" },
    "barna@serveis.test",
  );
  noManager = await company(B.id, {
    type: Role.gremio,
    name: "Sin Gestor S.L.",
    cif: "B08000003",
    email: "info@singestor.test",
  });
  racer = await company(B.id, { type: Role.gremio, name: "Carrera S.L.", cif: "B08000004" });

  const B1 = await ensureCommunity(db(), {
    colegioId: B.id,
    adminCompanyId: adminB.id,
    name: "Balmes 1",
    cif: "H08000001",
  });
  const B2 = await ensureCommunity(db(), {
    colegioId: B.id,
    adminCompanyId: adminB.id,
    name: "Balmes 2",
    cif: "H08000002",
  });
  const A2 = await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: ctx.seed.admin.id,
    name: "Calle Toledo 5",
    cif: "H28000002",
  });
  for (const f of [B1, B2, A2]) await ensureProviderLink(db(), f.id, providerB.id);
  await ensureCompanyActivity(db(), providerB.id, (await ensureActivity(db(), B.id, "Fontanería")).id);

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
  }
  t.colegioB = await tokenFor(ctx.app, "colegio-b@coordina.test");
  t.providerB = await tokenFor(ctx.app, "barna@serveis.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
/** As colegio A, unless another caller (or `null`: no session) is given. */
const lookup = (body: object, token: string | null = t.colegio) => post(token ?? undefined, "/registry/getntype", body);
const include = (body: object, token: string | null = t.colegio) =>
  post(token ?? undefined, "/registry/insertCompanyOnColegio", body);
const membersOf = async (colegioId: number) =>
  (
    await queryRows<{ company_id: number }>(
      db(),
      sql`select company_id from colegio_members where colegio_id = ${colegioId} order by company_id`,
    )
  ).map((r) => Number(r.company_id));

describe("registry/getntype: find a registered company by NIF/CIF", () => {
  it("finds a company of another colegio, not yet a member", async () => {
    const res = await lookup({ nif: "B08000002", type: Role.gremio });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      company: {
        id: providerB.id,
        u_email: "barna@serveis.test",
        c_name: "Barna Serveis S.L.",
        type: Role.gremio,
        member: false,
      },
    });
  });

  it.each(["b08000002", "b-08000002", "B 0800 0002", " B.080.000.02 ", "b-0800-0002"])(
    "normalises the NIF as typed: %j",
    async (nif) => {
      const res = await lookup({ nif, type: String(Role.gremio) });
      expect(res.json().company?.id).toBe(providerB.id);
    },
  );

  it("says whether the company is already a member of the caller's colegio", async () => {
    expect((await lookup({ nif: "B87654321", type: Role.gremio })).json().company).toMatchObject({
      id: ctx.seed.provider.id,
      u_email: DEMO_ACCOUNTS.gremio,
      member: true,
    });
    expect((await lookup({ nif: "b86123450", type: Role.administrador })).json().company).toMatchObject({
      id: ctx.seed.admin.id,
      member: true,
    });
    // Seen from colegio B, the same companies are not members; its own are.
    expect((await lookup({ nif: "B87654321", type: 20 }, t.colegioB)).json().company.member).toBe(false);
    expect((await lookup({ nif: "B08000002", type: 20 }, t.colegioB)).json().company.member).toBe(true);
  });

  it("gives the company's e-mail when it has no manager", async () => {
    expect((await lookup({ nif: "B08000003", type: Role.gremio })).json().company).toEqual({
      id: noManager.id,
      u_email: "info@singestor.test",
      c_name: "Sin Gestor S.L.",
      type: Role.gremio,
      member: false,
    });
  });

  it("answers company null for a NIF nobody registered", async () => {
    expect((await lookup({ nif: "B99999999", type: Role.gremio })).json()).toEqual({ result: true, company: null });
  });

  it("refuses a company of another type (409 registry.type-mismatch)", async () => {
    expectError(await lookup({ nif: "B08000001", type: Role.gremio }), 409, ErrorKey.companyTypeMismatch);
    expectError(await lookup({ nif: "B08000002", type: Role.administrador }), 409, ErrorKey.companyTypeMismatch);
    // A colegio or the master cannot be found as an administrator.
    expectError(await lookup({ nif: "Q0863003J", type: Role.administrador }), 409, ErrorKey.companyTypeMismatch);
    expectError(await lookup({ nif: "B00000005", type: Role.gremio }), 409, ErrorKey.companyTypeMismatch);
  });

  it("looks up only the levels the colegio administers", async () => {
    for (const type of [Role.colegio, Role.master, Role.portero, 999]) {
      expectError(await lookup({ nif: "Q0863003J", type }), 403, ErrorKey.forbidden);
    }
  });

  it.each([
    [{ nif: "", type: 20 }, ValidationKey.cifInvalid],
    [{ nif: "   ", type: 20 }, ValidationKey.cifInvalid],
    [{ type: 20 }, ValidationKey.cifInvalid],
    [{ nif: "B08000002" }, ValidationKey.companyTypeRequired],
    [{ nif: "B08000002", type: "proveedor" }, ValidationKey.companyTypeRequired],
    [{ nif: "B".repeat(21), type: 20 }, ValidationKey.cifInvalid],
  ])("validates %j", async (body, error) => {
    expectError(await lookup(body), 400, error);
  });

  it("is the colegio's alone: 403 and no data for everyone else, 401 without a session", async () => {
    const others: [Who, object][] = [
      ["administrador", { colg_id: A.id }],
      ["administrador", {}],
      ["gremio", { colg_id: A.id }],
      ["portero", {}],
      ["master", {}],
      ["providerB", { colg_id: B.id }],
    ];
    for (const [role, extra] of others) {
      for (const type of [Role.administrador, Role.gremio]) {
        const res = await lookup({ nif: "B08000002", type, ...extra }, t[role]);
        expect(res.statusCode, role).toBe(403);
        expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
      }
    }
    expectError(await lookup({ nif: "B08000002", type: 20 }, null), 401, ErrorKey.unauthorized);
  });
});

describe("registry/insertCompanyOnColegio: include a registered company", () => {
  it("includes a provider of another colegio; it is listed here with this colegio's figures", async () => {
    const res = await include({ nif: "b-0800 0002", type: Role.gremio });
    expect(res.json()).toEqual({ result: true, data: { id: providerB.id } });
    // Its manager is told which colegio included the company.
    const [told] = (await outboxMessagesTo(ctx.database.db, "barna@serveis.test")).filter(
      (m) => m.kind === "colegio-inclusion",
    );
    expect(told?.subject).toBe("Tu empresa se ha incluido en un colegio de Coordina");
    expect(told?.text).toContain("Colegio de Administradores de Fincas de Madrid ha incluido a «Barna Serveis S.L.»");
    expect((await lookup({ nif: "B08000002", type: 20 })).json().company.member).toBe(true);

    const listA = (await post(t.colegio, "/companies/colegio/index", { type: Role.gremio })).json();
    const row = listA.data.find((r: { id: number }) => r.id === providerB.id);
    expect(row).toMatchObject({
      company_name: "Barna Serveis S.L.",
      company_erased: false,
      company_owner_user: "barna@serveis.test",
      registered: true,
      // B's activity is not one of A's; one of A's communities, not B's two.
      activities: [],
      provider_fincas: 1,
    });
    const listB = (await post(t.colegioB, "/companies/colegio/index", { type: Role.gremio })).json();
    expect(listB.data.find((r: { id: number }) => r.id === providerB.id)).toMatchObject({
      activities: ["Fontanería"],
      provider_fincas: 2,
    });
    // The provider now works in both colegios.
    const colegios = await call(ctx.app, "GET", "/companies/colegio/listcolegios", { token: t.providerB });
    expect(colegios.json().colegios.map((c: { id: number }) => c.id)).toEqual([B.id, A.id]);
    const inA = await call(ctx.app, "GET", `/companies/users/company?colg_id=${A.id}`, { token: t.providerB });
    expect(inA.statusCode).toBe(200);
  });

  it("includes by NIF alone (no type) an administrator, listed with the communities it administers here", async () => {
    expect((await include({ nif: "B08000001" })).json()).toEqual({ result: true, data: { id: adminB.id } });
    const admins = (await post(t.colegio, "/companies/colegio/index", { type: Role.administrador })).json();
    expect(admins.data.find((r: { id: number }) => r.id === adminB.id)).toMatchObject({ owned_fincas: 0 });
    const inB = (await post(t.colegioB, "/companies/colegio/index", { type: Role.administrador })).json();
    expect(inB.data.find((r: { id: number }) => r.id === adminB.id)).toMatchObject({ owned_fincas: 2 });
  });

  it("refuses a company that is already a member (409 registry.already-member), deactivated or not", async () => {
    expect((await include({ nif: "B08000002", type: 20 })).json()).toEqual({
      result: true,
      data: { id: providerB.id },
    });
    expectError(await include({ nif: "B08000002", type: 20 }), 409, ErrorKey.companyAlreadyMember);
    expectError(await include({ nif: "B87654321" }), 409, ErrorKey.companyAlreadyMember);
    // A deactivated membership is still a membership: activating it is the way back.
    await db()
      .update(colegioMembers)
      .set({ erased: true })
      .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, ctx.seed.provider.id)));
    expectError(await include({ nif: "B87654321", type: 20 }), 409, ErrorKey.companyAlreadyMember);
    const [row] = await queryRows<{ erased: boolean }>(
      db(),
      sql`select erased from colegio_members where colegio_id = ${A.id} and company_id = ${ctx.seed.provider.id}`,
    );
    expect(row!.erased).toBe(true);
    await db()
      .update(colegioMembers)
      .set({ erased: false })
      .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, ctx.seed.provider.id)));
  });

  it("answers 404 registry.not-registered for an unknown NIF", async () => {
    expectError(await include({ nif: "B99999999", type: 20 }), 404, ErrorKey.companyNotRegistered);
    expectError(await include({ nif: "B99999999" }), 404, ErrorKey.companyNotRegistered);
  });

  it("refuses a type mismatch, and companies that are not administrators or providers (409)", async () => {
    const before = await membersOf(A.id);
    expectError(await include({ nif: "B08000003", type: Role.administrador }), 409, ErrorKey.companyTypeMismatch);
    for (const nif of ["Q0863003J", "Q2863006I", "B00000005", "12345678Z"]) {
      expectError(await include({ nif }), 409, ErrorKey.companyTypeMismatch);
      expectError(await include({ nif, type: Role.gremio }), 409, ErrorKey.companyTypeMismatch);
    }
    expect(await membersOf(A.id)).toEqual(before);
  });

  it("two inclusions at once leave one membership and one 409", async () => {
    const answers = await Promise.all([include({ nif: "B08000004" }), include({ nif: "B08000004", type: 20 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(ErrorKey.companyAlreadyMember);
    expect((await membersOf(A.id)).filter((id) => id === racer.id)).toHaveLength(1);
  });

  it("validates the NIF", async () => {
    expectError(await include({ nif: "" }), 400, ValidationKey.cifInvalid);
    expectError(await include({}), 400, ValidationKey.cifInvalid);
    expectError(await include({ nif: "B08000003", type: "x" }), 400, ErrorKey.invalidInput);
  });

  it("is the colegio's alone: 403 and nothing included for everyone else, 401 without a session", async () => {
    const before = await membersOf(A.id);
    const others: [Who, object][] = [
      ["administrador", { colg_id: A.id }],
      ["gremio", { colg_id: A.id }],
      ["portero", {}],
      ["master", {}],
      ["providerB", { colg_id: A.id }],
    ];
    for (const [role, extra] of others) {
      const res = await include({ nif: "B08000003", ...extra }, t[role]);
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expectError(await include({ nif: "B08000003" }, null), 401, ErrorKey.unauthorized);
    expect(await membersOf(A.id)).toEqual(before);
    expect(before).not.toContain(noManager.id);
  });
});
