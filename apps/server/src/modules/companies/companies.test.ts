import { COMPANY_SORTABLE, ErrorKey, PAGE_SIZE, Role, ValidationKey } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureMemberCompany,
  expectError,
  login,
  outboxTo,
  tokenFor,
} from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";
import { colegioMembers, communities, communityProviders, companies, users } from "../../db/schema/index.js";
import {
  type CompanyInput,
  ensureActivity,
  ensureCommunity,
  type ensureCompany,
  ensureCompanyActivity,
  ensureLegalAccepted,
  ensureMembership,
  ensureProviderLink,
} from "../../db/seed/builders.js";

/**
 * The colegio's and the master's company administration, on a world of three colegios:
 *
 * - colegio A (the demo colegio, master M1) with the demo administrator and provider (P1), three more
 *   providers (P2 'Pinturas 100%', P3 'Electro_Norte', P4 'Zeta' whose membership is deactivated and
 *   that has no manager) and Kappa, an administrator that is also a member of colegio B;
 * - colegio B (also M1's) with its own administrator and provider; P1 and Kappa are members of it too;
 * - colegio C of a second master, M2.
 *
 * The demo administrator administers A1 (seed), A2 and A4 in A (3 live), A3 (erased) and B2 in colegio B.
 * P1 serves A1 and A2 (live), A3 (erased community), A4 (erased link) and B1: 2 communities in A, 1 in B.
 */
let ctx: MailTestContext;
const db = () => ctx.database.db;

type Company = Awaited<ReturnType<typeof ensureCompany>>;
let A: Company;
let B: Company;
let C: Company;
let M1: Company;
let P1: Company;
let P2: Company;
let P3: Company;
let P4: Company;
let kappa: Company;
let adminB: Company;
let providerB: Company;
let admin: Company;
const activity = {} as Record<"Ascensores" | "Limpieza" | "Pintura" | "Electricidad" | "Climatización", number>;
const userId: Record<string, number> = {};
type Who = keyof typeof DEMO_ACCOUNTS | "colegioB" | "colegioC" | "master2" | "superadmin" | "adminB";
const t = {} as Record<Who, string>;

const COLEGIO_A = "Colegio de Administradores de Fincas de Madrid";
const COLEGIO_B = "Colegio de Administradores de Fincas de Barcelona";
const COLEGIO_C = "Colegio de Administradores de Fincas de Valencia";

async function company(colegios: number[], input: CompanyInput, email?: string) {
  const row = await ensureMemberCompany(db(), colegios, input, email);
  if (email && row.managerId !== undefined) userId[email] = row.managerId;
  return row;
}

async function community(colegioId: number, adminCompanyId: number, name: string, cif: string) {
  return ensureCommunity(db(), { colegioId, adminCompanyId, name, cif });
}

beforeAll(async () => {
  ctx = await createMailTestApp();
  ({ master: M1, colegio: A, admin, provider: P1 } = ctx.seed);

  B = await company(
    [],
    { type: Role.colegio, name: COLEGIO_B, cif: "Q0863003J", ownerCompanyId: M1.id, region: "CT" },
    "colegio-b@coordina.test",
  );
  const M2 = await company(
    [],
    { type: Role.master, name: "Segundo Master S.L.", cif: "B00000013" },
    "master2@coordina.test",
  );
  C = await company(
    [],
    { type: Role.colegio, name: COLEGIO_C, cif: "Q4663001C", ownerCompanyId: M2.id },
    "colegio-c@coordina.test",
  );
  await company(
    [],
    { type: Role.superadministrator, name: "Coordina Soporte", cif: "B00000021" },
    "soporte@coordina.test",
  );

  adminB = await company(
    [B.id],
    { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001", ownerCompanyId: B.id },
    "diagonal@fincas.test",
  );
  providerB = await company(
    [B.id],
    { type: Role.gremio, name: "Barna Serveis S.L.", cif: "B08000002", ownerCompanyId: B.id },
    "barna@serveis.test",
  );
  await ensureMembership(db(), B.id, P1.id);
  kappa = await company(
    [A.id, B.id],
    { type: Role.administrador, name: "Kappa Gestión S.L.", cif: "B60000006", ownerCompanyId: A.id },
    "kappa@gestion.test",
  );

  P2 = await company(
    [A.id],
    { type: Role.gremio, name: "Pinturas 100% S.L.", cif: "B10000001", ownerCompanyId: null, phone: "910000011" },
    "pinturas@cien.test",
  );
  P3 = await company(
    [A.id],
    { type: Role.gremio, name: "Electro_Norte S.L.", cif: "B20000002", ownerCompanyId: B.id },
    "electro@norte.test",
  );
  P4 = await company([A.id], {
    type: Role.gremio,
    name: "Zeta Limpiezas S.L.",
    cif: "B30000003",
    ownerCompanyId: A.id,
  });
  await db()
    .update(colegioMembers)
    .set({ erased: true })
    .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, P4.id)));
  for (const [row, day] of [
    [P1, "2024-01-01"],
    [P2, "2024-02-01"],
    [P3, "2024-03-01"],
    [P4, "2024-04-01"],
  ] as const) {
    await db()
      .update(companies)
      .set({ createdAt: new Date(`${day}T00:00:00.000Z`) })
      .where(eq(companies.id, row.id));
  }

  const A1 = ctx.seed.community;
  const A2 = await community(A.id, admin.id, "Comunidad Calle Toledo 5", "H28000002");
  const A3 = await community(A.id, admin.id, "Comunidad Calle Atocha 1", "H28000003");
  const A4 = await community(A.id, admin.id, "Comunidad Calle Prado 2", "H28000004");
  const B1 = await community(B.id, adminB.id, "Comunitat Carrer Balmes 1", "H08000001");
  await community(B.id, admin.id, "Comunitat Diagonal 2", "H08000002");
  for (const f of [A1, A2, A3, A4, B1]) await ensureProviderLink(db(), f.id, P1.id);
  await ensureProviderLink(db(), A2.id, P3.id);
  await ensureProviderLink(db(), B1.id, providerB.id);
  await db().update(communities).set({ erased: true }).where(eq(communities.id, A3.id));
  await db()
    .update(communityProviders)
    .set({ erased: true })
    .where(and(eq(communityProviders.communityId, A4.id), eq(communityProviders.providerCompanyId, P1.id)));

  for (const name of ["Ascensores", "Limpieza", "Pintura", "Electricidad"] as const) {
    activity[name] = (await ensureActivity(db(), A.id, name)).id;
  }
  activity.Climatización = (await ensureActivity(db(), B.id, "Climatización")).id;
  await ensureCompanyActivity(db(), P1.id, activity.Limpieza);
  await ensureCompanyActivity(db(), P1.id, activity.Climatización);
  await ensureCompanyActivity(db(), P2.id, activity.Pintura);

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
    const [user] = await queryRows<{ id: number }>(db(), sql`select id from users where email = ${email}`);
    userId[email] = Number(user!.id);
  }
  for (const [key, email] of [
    ["colegioB", "colegio-b@coordina.test"],
    ["colegioC", "colegio-c@coordina.test"],
    ["master2", "master2@coordina.test"],
    ["superadmin", "soporte@coordina.test"],
    ["adminB", "diagonal@fincas.test"],
  ] as const) {
    t[key] = await tokenFor(ctx.app, email);
  }
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const get = (token: string | undefined, url: string) => call(ctx.app, "GET", url, { token });
type Res = Awaited<ReturnType<typeof post>>;
const ids = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { id: number }) => r.id);
};
const rowOf = (res: Res, id: number) => res.json().data.find((r: { id: number }) => r.id === id);
const FORBIDDEN = { result: false, error: ErrorKey.forbidden };
const providersOf = (token: string | undefined, body: object = {}) =>
  post(token, "/companies/colegio/index", { type: 20, ...body });

describe("the colegio's company lists", () => {
  it("lists its providers with the exact row fields and the true counts, on each of the four paths", async () => {
    const paths = [
      ["/companies/companies/index", { type: Role.gremio }],
      ["/companies/colegio/index", { type: Role.gremio }],
      ["/companies/colegio-providers/index", {}],
      ["/companies/providers/index", {}],
    ] as const;
    for (const [path, body] of paths) {
      const res = await post(t.colegio, path, body);
      expect(res.statusCode, path).toBe(200);
      const page = res.json();
      expect(page.result).toBe(true);
      expect(
        page.data.map((r: { id: number }) => r.id),
        path,
      ).toEqual([P1.id, P3.id, P2.id, P4.id]);
      expect(page.count).toBe(4);
      expect(page.pagination).toEqual({ count: 4, page: 1, limit: PAGE_SIZE.companyLists });
      expect(page.data[0]).toEqual({
        id: P1.id,
        company_id: P1.id,
        company_erased: false,
        company_type: Role.gremio,
        company_name: "Ascensores Levante S.L.",
        company_cif: "B87654321",
        company_owner_company: COLEGIO_A,
        company_owner_user: DEMO_ACCOUNTS.gremio,
        registered: true,
        created: "2024-01-01T00:00:00.000Z",
        // The colegio's own activities only (not colegio B's 'Climatización').
        activities: ["Ascensores", "Limpieza"],
        all_uploaded: 0,
        upload_must: 0,
        read_all: 0,
        read_must: 0,
        pending_validation: 0,
        owned_fincas: 0,
        // A1 and A2; not A3 (erased community), A4 (erased link) nor B1 (colegio B).
        provider_fincas: 2,
      });
    }
    const res = await providersOf(t.colegio);
    expect(rowOf(res, P3.id)).toMatchObject({
      company_owner_company: COLEGIO_B,
      company_owner_user: "electro@norte.test",
      activities: [],
      provider_fincas: 1,
    });
    expect(rowOf(res, P2.id)).toMatchObject({
      company_owner_company: null,
      activities: ["Pintura"],
      provider_fincas: 0,
    });
    // Deactivated in this colegio; a company without a manager is not registered.
    expect(rowOf(res, P4.id)).toMatchObject({
      company_erased: true,
      company_owner_user: null,
      registered: false,
      created: "2024-04-01T00:00:00.000Z",
    });
  });

  it("colegio B lists its own members only, with its own activities and counts", async () => {
    const res = await providersOf(t.colegioB);
    expect(ids(res)).toEqual([P1.id, providerB.id]);
    expect(rowOf(res, P1.id)).toMatchObject({
      activities: ["Climatización"],
      provider_fincas: 1,
      company_erased: false,
    });
    const admins = await post(t.colegioB, "/companies/colegio/index", { type: Role.administrador });
    // The demo administrator administers a community in B but is not B's member: it is not listed.
    expect(ids(admins)).toEqual([adminB.id, kappa.id]);
    expect(rowOf(admins, adminB.id)).toMatchObject({ owned_fincas: 1, provider_fincas: 0 });
    expect(rowOf(admins, kappa.id)).toMatchObject({ owned_fincas: 0 });
  });

  it("lists its administrators with the live communities they administer in this colegio", async () => {
    const res = await post(t.colegio, "/companies/companies/index", { type: Role.administrador });
    expect(ids(res)).toEqual([admin.id, kappa.id]);
    expect(res.json().data[0]).toEqual({
      id: admin.id,
      company_id: admin.id,
      company_erased: false,
      company_type: Role.administrador,
      company_name: "Fincas Centro Administración S.L.",
      company_cif: "B86123450",
      company_owner_company: COLEGIO_A,
      company_owner_user: DEMO_ACCOUNTS.administrador,
      registered: true,
      created: expect.any(String),
      activities: [],
      all_uploaded: 0,
      upload_must: 0,
      read_all: 0,
      read_must: 0,
      pending_validation: 0,
      // A1, A2 and A4; not A3 (erased) nor B2 (colegio B).
      owned_fincas: 3,
      provider_fincas: 0,
    });
    // Without a type the colegio gets its administrators.
    expect(ids(await post(t.colegio, "/companies/companies/index"))).toEqual([admin.id, kappa.id]);
  });

  it("has no document figures yet: every figure is 0 and 'docs pendientes' leaves no company", async () => {
    // The documents issues will make these figures real; until then no company has a document duty.
    for (const type of [Role.administrador, Role.gremio]) {
      const all = await post(t.colegio, "/companies/colegio/index", { type });
      expect(all.json().data.length, String(type)).toBeGreaterThan(0);
      for (const row of all.json().data) {
        expect([row.all_uploaded, row.upload_must, row.read_all, row.read_must, row.pending_validation]).toEqual([
          0, 0, 0, 0, 0,
        ]);
      }
    }
    for (const filterNotRead of [true, "1", 1, "true"]) {
      const res = await providersOf(t.colegio, { filterNotRead });
      expect(res.json(), String(filterNotRead)).toMatchObject({ data: [], count: 0 });
    }
    for (const filterNotRead of [false, "0", 0, ""]) {
      expect((await providersOf(t.colegio, { filterNotRead })).json().count, String(filterNotRead)).toBe(4);
    }
    expectError(await providersOf(t.colegio, { filterNotRead: "quizás" }), 400, ErrorKey.invalidInput);
  });

  it("pages, and tells the total on a page past the end", async () => {
    const first = (await providersOf(t.colegio, { limit: 2 })).json();
    expect(first.data.map((r: { id: number }) => r.id)).toEqual([P1.id, P3.id]);
    expect(first.pagination).toEqual({ count: 4, page: 1, limit: 2 });
    const second = (await providersOf(t.colegio, { limit: 2, page: 2 })).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([P2.id, P4.id]);
    const beyond = (await providersOf(t.colegio, { limit: 2, page: 3 })).json();
    expect(beyond).toMatchObject({ data: [], count: 4, pagination: { count: 4, page: 3, limit: 2 } });
  });

  it.each([
    ["ASCENSORES", () => [P1.id]],
    ["levante s.l", () => [P1.id]],
    ["b2000", () => [P3.id]],
    ["PINTURAS@CIEN", () => [P2.id]],
    // In P2's name and in its manager's e-mail: listed and counted once.
    ["pinturas", () => [P2.id]],
    ["coordina.test", () => [P1.id]],
    ["  electro  ", () => [P3.id]],
    ["%", () => [P2.id]],
    ["100%", () => [P2.id]],
    ["_", () => [P3.id]],
    ["o_n", () => [P3.id]],
    ["\\", () => []],
    ["nadie", () => []],
  ])("searches name, CIF and manager e-mail, ignoring case, with %j taken literally", async (filter, expected) => {
    const res = await providersOf(t.colegio, { filter });
    expect(ids(res)).toEqual(expected());
    expect(res.json().count).toBe(expected().length);
  });

  const SORTS: Record<(typeof COMPANY_SORTABLE)[number], [() => number[], () => number[]]> = {
    name: [() => [P1.id, P3.id, P2.id, P4.id], () => [P4.id, P2.id, P3.id, P1.id]],
    cif: [() => [P2.id, P3.id, P4.id, P1.id], () => [P1.id, P4.id, P3.id, P2.id]],
    // Barcelona < Madrid; P2 has no creator: last both ways; equal names by id, in the sort's direction.
    owner_company: [() => [P3.id, P1.id, P4.id, P2.id], () => [P4.id, P1.id, P3.id, P2.id]],
    // P4 has no manager: last both ways.
    owner_user: [() => [P3.id, P2.id, P1.id, P4.id], () => [P1.id, P2.id, P3.id, P4.id]],
    // P4's membership is deactivated: it shows no figures, so it sorts last both ways by them.
    fincas: [() => [P2.id, P3.id, P1.id, P4.id], () => [P1.id, P3.id, P2.id, P4.id]],
    status: [() => [P1.id, P2.id, P3.id, P4.id], () => [P4.id, P3.id, P2.id, P1.id]],
    created: [() => [P1.id, P2.id, P3.id, P4.id], () => [P4.id, P3.id, P2.id, P1.id]],
    // Every figure is 0 today: the order is the tie-break (id), in the sort's direction; P4 last.
    pending: [() => [P1.id, P2.id, P3.id, P4.id], () => [P3.id, P2.id, P1.id, P4.id]],
  };
  it.each(COMPANY_SORTABLE)("sorts by %s both ways", async (sortBy) => {
    const [asc, desc] = SORTS[sortBy];
    expect(ids(await providersOf(t.colegio, { sortBy }))).toEqual(asc());
    expect(ids(await providersOf(t.colegio, { sortBy, sortDesc: "ASC" }))).toEqual(asc());
    expect(ids(await providersOf(t.colegio, { sortBy, sortDesc: "DESC" }))).toEqual(desc());
  });

  it.each(["e", "test", "s.l"])(
    "sorts what a search for %j matches in every order as it sorts the whole list",
    async (filter) => {
      const matches = new Set<number>(ids(await providersOf(t.colegio, { filter })));
      expect(matches.size).toBeGreaterThan(1);
      for (const sortBy of COMPANY_SORTABLE)
        for (const sortDesc of ["ASC", "DESC"] as const) {
          const whole = ids(await providersOf(t.colegio, { sortBy, sortDesc })).filter((id: number) => matches.has(id));
          const found = await providersOf(t.colegio, { filter, sortBy, sortDesc });
          expect(ids(found), `${sortBy} ${sortDesc}`).toEqual(whole);
          expect(found.json().count).toBe(matches.size);
          // Page by page, the same order.
          const paged: number[] = [];
          for (let page = 1; page <= matches.size; page++)
            paged.push(...ids(await providersOf(t.colegio, { filter, sortBy, sortDesc, limit: 1, page })));
          expect(paged, `${sortBy} ${sortDesc}, one per page`).toEqual(whole);
        }
    },
  );

  it("sorts by the manager's e-mail as it is now, however it was written", async () => {
    const byManager = async (sortDesc: "ASC" | "DESC" = "ASC") =>
      ids(await providersOf(t.colegio, { sortBy: "owner_user", sortDesc }));
    // P3's manager moves past everyone (as the colegio changes it), and P4 gets a manager before everyone's
    // (written directly, as an import or a script would).
    const changed = await post(t.colegio, "/companies/colegio/update", {
      company_id: P3.id,
      email: "zz@norte.test",
      companytype: Role.gremio,
    });
    expect(changed.json()).toEqual({ result: true, email_notified: true });
    const [manager] = await db()
      .insert(users)
      .values({ email: "aa@limpiezas.test", userRole: Role.gremio, companyId: P4.id })
      .returning({ id: users.id });
    await db().update(companies).set({ ownerUserId: manager!.id }).where(eq(companies.id, P4.id));
    expect(await byManager()).toEqual([P4.id, P2.id, P1.id, P3.id]);
    expect(await byManager("DESC")).toEqual([P3.id, P1.id, P2.id, P4.id]);
    // A manager gone: the company has none, last both ways.
    await db().delete(users).where(eq(users.id, manager!.id));
    expect(await byManager()).toEqual([P2.id, P1.id, P3.id, P4.id]);
    expect(await byManager("DESC")).toEqual([P3.id, P1.id, P2.id, P4.id]);
    // The copy is nobody's to write: written, it is read from the manager again.
    await db().update(companies).set({ ownerEmail: "a@primero.test" }).where(eq(companies.id, P2.id));
    expect(await byManager()).toEqual([P2.id, P1.id, P3.id, P4.id]);
    const [copy] = await db()
      .select({ ownerEmail: companies.ownerEmail })
      .from(companies)
      .where(eq(companies.id, P2.id));
    expect(copy).toEqual({ ownerEmail: "pinturas@cien.test" });
    // Nor is the membership's copy (the list walks it): written, it is read from the company again.
    await db().update(colegioMembers).set({ ownerEmail: "0@primero.test" }).where(eq(colegioMembers.companyId, P3.id));
    expect(await byManager()).toEqual([P2.id, P1.id, P3.id, P4.id]);
  });

  it("sorts by the name as it is now, however it was written", async () => {
    const byName = async (sortDesc: "ASC" | "DESC" = "ASC") =>
      ids(await providersOf(t.colegio, { sortBy: "name", sortDesc }));
    // P2 renamed by the colegio to come first, P1 (a member of colegio B too) renamed directly, as an import
    // or a script would, to come after Electro_Norte; the order ignores case.
    const renamed = await post(t.colegio, "/companies/colegio/update", {
      company_id: P2.id,
      name: "abedul 100% S.L.",
      companytype: Role.gremio,
    });
    expect(renamed.json()).toMatchObject({ result: true });
    await db().update(companies).set({ name: "FONTANERÍA Levante S.L." }).where(eq(companies.id, P1.id));
    expect(await byName()).toEqual([P2.id, P3.id, P1.id, P4.id]);
    expect(await byName("DESC")).toEqual([P4.id, P1.id, P3.id, P2.id]);
    // Every membership of the company follows it, in each colegio.
    const keys = await db()
      .select({ colegioId: colegioMembers.colegioId, nameKey: colegioMembers.nameKey })
      .from(colegioMembers)
      .where(eq(colegioMembers.companyId, P1.id))
      .orderBy(colegioMembers.colegioId);
    expect(keys).toEqual(
      [A.id, B.id].sort((x, y) => x - y).map((colegioId) => ({ colegioId, nameKey: "fontanería levante s.l." })),
    );
    // The membership's copy is nobody's to write: written, it is read from the company again.
    await db().update(colegioMembers).set({ nameKey: "0" }).where(eq(colegioMembers.companyId, P4.id));
    expect(await byName()).toEqual([P2.id, P3.id, P1.id, P4.id]);
    // A renaming leaves the company's cached figures as they are: its name is no figure (migration 0025).
    const version = async () =>
      (
        await queryRows<{ version: string }>(
          db(),
          sql`select version::text from compliance_versions where company_id = ${P3.id}`,
        )
      )[0]?.version;
    const before = await version();
    await db().update(companies).set({ name: "Electro Sur S.L." }).where(eq(companies.id, P3.id));
    expect(await version()).toBe(before);
    expect(await byName()).toEqual([P2.id, P3.id, P1.id, P4.id]);
  });

  it("sorts by the tax id as it is now, however it was written", async () => {
    const byCif = async (sortDesc: "ASC" | "DESC" = "ASC") =>
      ids(await providersOf(t.colegio, { sortBy: "cif", sortDesc }));
    // P2's tax id changed by the colegio to come last, P4's written directly to come first.
    const changed = await post(t.colegio, "/companies/colegio/update", {
      company_id: P2.id,
      cif: "Z9999999A",
      companytype: Role.gremio,
    });
    expect(changed.json()).toMatchObject({ result: true });
    await db().update(companies).set({ cif: "A0000000A", cifNorm: "A0000000A" }).where(eq(companies.id, P4.id));
    expect(await byCif()).toEqual([P4.id, P3.id, P1.id, P2.id]);
    expect(await byCif("DESC")).toEqual([P2.id, P1.id, P3.id, P4.id]);
    // The membership's copy is nobody's to write.
    await db().update(colegioMembers).set({ cifNorm: null }).where(eq(colegioMembers.companyId, P4.id));
    expect(await byCif()).toEqual([P4.id, P3.id, P1.id, P2.id]);
  });

  it("sorts administrators by the communities they administer", async () => {
    const list = (sortDesc: string) =>
      post(t.colegio, "/companies/colegio/index", { type: Role.administrador, sortBy: "fincas", sortDesc });
    expect(ids(await list("ASC"))).toEqual([kappa.id, admin.id]);
    expect(ids(await list("DESC"))).toEqual([admin.id, kappa.id]);
  });

  it.each([
    { sortBy: "password_hash" },
    { sortBy: "name; drop table companies" },
    { sortDesc: "SIDEWAYS" },
    { page: 0 },
    { limit: 0 },
    { limit: 101 },
    { type: "proveedores" },
    { filter: "x".repeat(201) },
  ])("refuses %j with 400 error.invalid-input", async (body) => {
    expectError(await providersOf(t.colegio, body), 400, ErrorKey.invalidInput);
  });

  it("the providers paths list providers whatever type the body sends", async () => {
    for (const path of ["/companies/colegio-providers/index", "/companies/providers/index"]) {
      expect(ids(await post(t.colegio, path, { type: Role.administrador }))).toEqual([P1.id, P3.id, P2.id, P4.id]);
    }
  });
});

describe("the master's (and superadministrator's) list of colegios", () => {
  it("lists the master's colegios only, as company rows", async () => {
    const res = await post(t.master, "/companies/companies/index", { type: Role.colegio });
    expect(ids(res)).toEqual([B.id, A.id]);
    expect(res.json().data[1]).toEqual({
      id: A.id,
      company_id: A.id,
      company_erased: false,
      company_type: Role.colegio,
      company_name: COLEGIO_A,
      company_cif: "Q2863006I",
      company_owner_company: null,
      company_owner_user: DEMO_ACCOUNTS.colegio,
      registered: true,
      created: expect.any(String),
      activities: [],
      all_uploaded: 0,
      upload_must: 0,
      read_all: 0,
      read_must: 0,
      pending_validation: 0,
      owned_fincas: 0,
      provider_fincas: 0,
    });
    // Without a type the master gets its colegios.
    expect(ids(await post(t.master, "/companies/companies/index"))).toEqual([B.id, A.id]);
    expect(ids(await post(t.master, "/companies/companies/index", { type: 10, filter: "MADRID" }))).toEqual([A.id]);
    expect(ids(await post(t.master, "/companies/companies/index", { type: 10, sortBy: "cif" }))).toEqual([B.id, A.id]);
    expect(
      ids(await post(t.master, "/companies/companies/index", { type: 10, sortBy: "cif", sortDesc: "DESC" })),
    ).toEqual([A.id, B.id]);
    const paged = (await post(t.master, "/companies/companies/index", { type: 10, limit: 1, page: 2 })).json();
    expect(paged).toMatchObject({ count: 2, pagination: { count: 2, page: 2, limit: 1 } });
    expect(paged.data.map((r: { id: number }) => r.id)).toEqual([A.id]);
  });

  it("a second master sees only its own colegio; the superadministrator sees every colegio", async () => {
    expect(ids(await post(t.master2, "/companies/companies/index", { type: Role.colegio }))).toEqual([C.id]);
    expect(ids(await post(t.superadmin, "/companies/companies/index", { type: Role.colegio }))).toEqual([
      B.id,
      A.id,
      C.id,
    ]);
  });
});

describe("who may list which companies", () => {
  const PATHS = [
    "/companies/companies/index",
    "/companies/colegio/index",
    "/companies/colegio-providers/index",
    "/companies/providers/index",
  ];

  it("the colegio lists no colegios, masters or porters; the master no members", async () => {
    for (const type of [Role.superadministrator, Role.master, Role.colegio, Role.portero, 999]) {
      expectError(await post(t.colegio, "/companies/companies/index", { type }), 403, ErrorKey.forbidden);
    }
    for (const type of [Role.administrador, Role.gremio, Role.master]) {
      expectError(await post(t.master, "/companies/companies/index", { type }), 403, ErrorKey.forbidden);
    }
    expectError(await post(t.master, "/companies/colegio-providers/index"), 403, ErrorKey.forbidden);
    expectError(await post(t.master, "/companies/providers/index"), 403, ErrorKey.forbidden);
  });

  it.each(["administrador", "gremio", "portero"] as const)("%s lists nothing, on any path and type", async (role) => {
    for (const path of PATHS) {
      for (const type of [undefined, Role.colegio, Role.administrador, Role.gremio, Role.portero]) {
        const res = await post(t[role], path, type === undefined ? {} : { type });
        expect(res.json(), `${path} ${type}`).toEqual(FORBIDDEN);
        expect(res.statusCode).toBe(403);
      }
    }
    // Selecting a colegio it belongs to changes nothing.
    if (role !== "portero") {
      expectError(
        await post(t[role], "/companies/colegio/index", { colg_id: A.id, type: 20 }),
        403,
        ErrorKey.forbidden,
      );
    }
  });

  it("answers 401 and no data without a session", async () => {
    for (const path of PATHS) expectError(await post(undefined, path, { type: 20 }), 401, ErrorKey.unauthorized);
    expectError(
      await call(ctx.app, "POST", "/companies/colegio/index", { token: "no-es-un-token", body: {} }),
      401,
      ErrorKey.unauthorized,
    );
  });
});

describe("GET /companies/companies/view/:id", () => {
  const view = (token: string | undefined, id: number | string) => get(token, `/companies/companies/view/${id}`);

  it("shows the colegio a member with its manager and the colegio's activities", async () => {
    const res = await view(t.colegio, P1.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      company: {
        id: P1.id,
        name: "Ascensores Levante S.L.",
        cif: "B87654321",
        type: Role.gremio,
        erased: false,
        email: null,
        person: "Marcos Ruiz",
        tfn: "910000002",
        address: null,
        city: "Madrid",
        country: "Madrid",
        postcode: "28020",
        owner_user: { id: userId[DEMO_ACCOUNTS.gremio], email: DEMO_ACCOUNTS.gremio, user_role: Role.gremio },
        owner_company_id: A.id,
        region: null,
        activities: [
          { id: activity.Ascensores, name: "Ascensores" },
          { id: activity.Limpieza, name: "Limpieza" },
        ],
        // Colegio B shares P1: its name, CIF, manager and type are P1's own business.
        editable: false,
      },
    });
    expect((await view(t.colegio, P2.id)).json().company.editable).toBe(true);
    expect((await view(t.gremio, P1.id)).json().company.editable).toBe(true);
    // Colegio B sees the same company with B's activities.
    expect((await view(t.colegioB, P1.id)).json().company.activities).toEqual([
      { id: activity.Climatización, name: "Climatización" },
    ]);
    // A member whose membership the colegio deactivated is no longer the colegio's to read.
    expectError(await view(t.colegio, P4.id), 403, ErrorKey.memberDeactivated);
  });

  it("shows every role its own company", async () => {
    const own: [Who, () => number][] = [
      ["master", () => M1.id],
      ["colegio", () => A.id],
      ["administrador", () => admin.id],
      ["gremio", () => P1.id],
      ["portero", () => ctx.seed.porterCompany.id],
      ["colegioB", () => B.id],
      ["colegioC", () => C.id],
    ];
    for (const [role, id] of own) {
      const res = await view(t[role], id());
      expect(res.statusCode, role).toBe(200);
      expect(res.json().company.id).toBe(id());
    }
  });

  it("shows a provider its own activities in the colegio it selected (all of them without one)", async () => {
    const names = async (query: string) =>
      (await get(t.gremio, `/companies/companies/view/${P1.id}${query}`))
        .json()
        .company.activities.map((a: { name: string }) => a.name);
    expect(await names(`?colg_id=${A.id}`)).toEqual(["Ascensores", "Limpieza"]);
    expect(await names(`?colg_id=${B.id}`)).toEqual(["Climatización"]);
    expect(await names("")).toEqual(["Ascensores", "Climatización", "Limpieza"]);
    expectError(
      await get(t.gremio, `/companies/companies/view/${P1.id}?colg_id=${C.id}`),
      403,
      ErrorKey.colegioForbidden,
    );
  });

  it("shows the master the colegios it created, with their region", async () => {
    const res = await view(t.master, A.id);
    expect(res.json().company).toMatchObject({
      id: A.id,
      type: Role.colegio,
      region: "MD",
      owner_company_id: M1.id,
      owner_user: { email: DEMO_ACCOUNTS.colegio, user_role: Role.colegio },
      activities: [],
    });
    expect((await view(t.superadmin, C.id)).statusCode).toBe(200);
  });

  it("refuses, with 403 and no data, whoever does not administer the company", async () => {
    const refusals: [Who, () => number][] = [
      ["colegioB", () => admin.id], // A's member, not B's
      ["colegioB", () => P2.id],
      ["colegioB", () => A.id],
      ["colegio", () => adminB.id],
      ["colegio", () => B.id],
      ["colegio", () => M1.id],
      ["administrador", () => P1.id],
      ["administrador", () => kappa.id],
      ["administrador", () => A.id],
      ["gremio", () => admin.id],
      ["gremio", () => P2.id],
      ["portero", () => admin.id],
      ["master", () => C.id],
      ["master", () => P1.id],
      ["master2", () => A.id],
    ];
    for (const [role, id] of refusals) {
      const res = await view(t[role], id());
      expect(res.statusCode, `${role} → ${id()}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    // Selecting the colegio where both are members does not open another member's record.
    expectError(
      await get(t.administrador, `/companies/companies/view/${P1.id}?colg_id=${A.id}`),
      403,
      ErrorKey.forbidden,
    );
  });

  it("answers 404 for an unknown company, 400 for a malformed id and 401 without a session", async () => {
    expectError(await view(t.colegio, 999_999), 404, ErrorKey.notFound);
    expectError(await view(t.colegio, "abc"), 400, ErrorKey.invalidInput);
    expectError(await view(t.colegio, 0), 400, ErrorKey.invalidInput);
    expectError(await view(undefined, P1.id), 401, ErrorKey.unauthorized);
  });
});

describe("providers summary and providers with activities", () => {
  it("summarises the colegio's active providers with the communities they serve here", async () => {
    const res = await post(t.colegio, "/companies/providers/summary");
    expect(res.statusCode).toBe(200);
    const page = res.json();
    // P4's membership is deactivated: it is not summarised.
    expect(page.data).toEqual([
      {
        provider_id: P1.id,
        provider_cif: "B87654321",
        provider_name: "Ascensores Levante S.L.",
        readed: 0,
        must_read: 0,
        uploaded: 0,
        must_upload: 0,
        numfincas: 2,
      },
      expect.objectContaining({ provider_id: P3.id, numfincas: 1 }),
      expect.objectContaining({ provider_id: P2.id, numfincas: 0 }),
    ]);
    expect(page.pagination).toEqual({ count: 3, page: 1, limit: PAGE_SIZE.companyLists });
    const byFincas = await post(t.colegio, "/companies/providers/summary", { sortBy: "fincas", sortDesc: "DESC" });
    expect(byFincas.json().data.map((r: { provider_id: number }) => r.provider_id)).toEqual([P1.id, P3.id, P2.id]);
    const search = await post(t.colegio, "/companies/providers/summary", { filter: "B2000" });
    expect(search.json().data.map((r: { provider_id: number }) => r.provider_id)).toEqual([P3.id]);
    const paged = await post(t.colegio, "/companies/providers/summary", { limit: 1, page: 3 });
    expect(paged.json()).toMatchObject({ count: 3, data: [{ provider_id: P2.id }] });
    const b = await post(t.colegioB, "/companies/providers/summary");
    expect(b.json().data.map((r: { provider_id: number; numfincas: number }) => [r.provider_id, r.numfincas])).toEqual([
      [P1.id, 1],
      [providerB.id, 1],
    ]);
    expectError(await post(t.colegio, "/companies/providers/summary", { sortBy: "email" }), 400, ErrorKey.invalidInput);
  });

  it("sorted by communities, walks the cached counts and merges a deleted company whose membership is live", async () => {
    const order = async (sortDesc: string, filter = "", page = 1, limit = 10) =>
      (
        await post(t.colegio, "/companies/providers/summary", { sortBy: "fincas", sortDesc, filter, page, limit })
      ).json();
    // P3 deleted on the platform: still a live member of A, so still summarised, at its communities' place.
    await db().update(companies).set({ erased: true }).where(eq(companies.id, P3.id));
    try {
      for (const [dir, want] of [
        ["DESC", [P1.id, P3.id, P2.id]],
        ["ASC", [P2.id, P3.id, P1.id]],
      ] as const) {
        const walked = await order(dir);
        expect(
          walked.data.map((r: { provider_id: number }) => r.provider_id),
          dir,
        ).toEqual(want);
        expect(walked.count).toBe(3);
        // The same order as the grouped count behind a search that every one of them matches.
        const counted = await order(dir, "s.l");
        expect(
          counted.data.map((r: { provider_id: number }) => r.provider_id),
          dir,
        ).toEqual(want);
        expect((await order(dir, "", 2, 2)).data.map((r: { provider_id: number }) => r.provider_id)).toEqual([want[2]]);
        expect(await order(dir, "", 3, 2)).toMatchObject({ data: [], count: 3 });
      }
    } finally {
      await db().update(companies).set({ erased: false }).where(eq(companies.id, P3.id));
    }
  });

  it("the summary is the colegio's alone", async () => {
    for (const role of ["master", "administrador", "gremio", "portero", "superadmin"] as const) {
      const body = role === "administrador" || role === "gremio" ? { colg_id: A.id } : {};
      const res = await post(t[role], "/companies/providers/summary", body);
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expectError(await post(undefined, "/companies/providers/summary"), 401, ErrorKey.unauthorized);
  });

  const activities = (token: string | undefined, body: object = {}) =>
    post(token, "/companies/admin-fincas/providersActivities", body);
  const providerIds = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { provider_id: number }) => r.provider_id);
  };

  it("lists the colegio's active providers with their activities of the colegio, 8 a page", async () => {
    const res = await activities(t.colegio);
    const page = res.json();
    expect(page.data).toEqual([
      {
        provider_id: P1.id,
        provider_cif: "B87654321",
        provider_name: "Ascensores Levante S.L.",
        provider_email: DEMO_ACCOUNTS.gremio,
        provider_activities: ["Ascensores", "Limpieza"],
        provider_tlf: "910000002",
      },
      {
        provider_id: P3.id,
        provider_cif: "B20000002",
        provider_name: "Electro_Norte S.L.",
        provider_email: "electro@norte.test",
        provider_activities: [],
        provider_tlf: null,
      },
      {
        provider_id: P2.id,
        provider_cif: "B10000001",
        provider_name: "Pinturas 100% S.L.",
        provider_email: "pinturas@cien.test",
        provider_activities: ["Pintura"],
        provider_tlf: "910000011",
      },
    ]);
    expect(page.pagination).toEqual({ count: 3, page: 1, limit: PAGE_SIZE.providerActivities });
    expect(PAGE_SIZE.providerActivities).toBe(8);
    expect(providerIds(await activities(t.colegio, { filter: "NORTE" }))).toEqual([P3.id]);
    expect(providerIds(await activities(t.colegio, { filter: "cien.test" }))).toEqual([P2.id]);
    expect(providerIds(await activities(t.colegio, { filter: "_" }))).toEqual([P3.id]);
    expect(providerIds(await activities(t.colegio, { sortBy: "cif" }))).toEqual([P2.id, P3.id, P1.id]);
    expect(providerIds(await activities(t.colegio, { sortBy: "email", sortDesc: "DESC" }))).toEqual([
      P1.id,
      P2.id,
      P3.id,
    ]);
  });

  it("filters by one of the colegio's activities (filteract)", async () => {
    expect(providerIds(await activities(t.colegio, { filteract: activity.Limpieza }))).toEqual([P1.id]);
    expect(providerIds(await activities(t.colegio, { filteract: String(activity.Pintura) }))).toEqual([P2.id]);
    expect(providerIds(await activities(t.colegio, { filteract: activity.Electricidad }))).toEqual([]);
    // Colegio B's activity, although P1 has it, filters nothing in in colegio A.
    expect(providerIds(await activities(t.colegio, { filteract: activity.Climatización }))).toEqual([]);
    expect(providerIds(await activities(t.colegioB, { filteract: activity.Climatización }))).toEqual([P1.id]);
    for (const none of [-1, "-1", "", null]) {
      expect(providerIds(await activities(t.colegio, { filteract: none })), String(none)).toEqual([
        P1.id,
        P3.id,
        P2.id,
      ]);
    }
    expectError(await activities(t.colegio, { filteract: "ascensores" }), 400, ErrorKey.invalidInput);
  });

  it("is read by an administrator in the colegio it selects, and by nobody else", async () => {
    expect(providerIds(await activities(t.administrador, { colg_id: A.id }))).toEqual([P1.id, P3.id, P2.id]);
    expect(providerIds(await activities(t.adminB, { colg_id: B.id, filteract: activity.Climatización }))).toEqual([
      P1.id,
    ]);
    expectError(await activities(t.administrador), 403, ErrorKey.colegioForbidden);
    expectError(await activities(t.administrador, { colg_id: -1 }), 403, ErrorKey.colegioForbidden);
    expectError(await activities(t.administrador, { colg_id: B.id }), 403, ErrorKey.colegioForbidden);
    expectError(await activities(t.administrador, { colg_id: "abc" }), 400, ErrorKey.invalidInput);
    expectError(await activities(t.gremio, { colg_id: A.id }), 403, ErrorKey.forbidden);
    expectError(await activities(t.portero), 403, ErrorKey.forbidden);
    expectError(await activities(t.master, { colg_id: A.id }), 403, ErrorKey.forbidden);
    expectError(await activities(undefined), 401, ErrorKey.unauthorized);
  });

  it("filters the colegio's provider list and summary by activity (filteract) too", async () => {
    expect(ids(await providersOf(t.colegio, { filteract: activity.Limpieza }))).toEqual([P1.id]);
    expect(ids(await providersOf(t.colegio, { filteract: activity.Climatización }))).toEqual([]);
    expect(ids(await providersOf(t.colegio, { filteract: -1 })).length).toBeGreaterThan(1);
    const summary = await post(t.colegio, "/companies/providers/summary", { filteract: activity.Pintura });
    expect(summary.json().data.map((r: { provider_id: number }) => r.provider_id)).toEqual([P2.id]);
  });

  it("pages 8 providers by default", async () => {
    // Nine more active providers in colegio C (nobody else's lists change).
    for (let i = 1; i <= 9; i++) {
      await company([C.id], { type: Role.gremio, name: `Proveedor C ${i}`, cif: `B7700000${i}` });
    }
    const first = (await activities(t.colegioC)).json();
    expect(first.data).toHaveLength(8);
    expect(first.pagination).toEqual({ count: 9, page: 1, limit: 8 });
    expect((await activities(t.colegioC, { page: 2 })).json().data).toHaveLength(1);
  });
});

describe("companies/colegio/update", () => {
  const update = (token: string, body: object) => post(token, "/companies/colegio/update", body);
  const viewOf = async (token: string, id: number) =>
    (await get(token, `/companies/companies/view/${id}`)).json().company;

  it("renames a member and changes its CIF", async () => {
    const res = await update(t.colegio, {
      company_id: P3.id,
      name: "  Electro Norte Instalaciones S.L. ",
      cif: "B20000009",
      companytype: Role.gremio,
    });
    expect(res.json()).toEqual({ result: true, email_notified: false });
    expect(await viewOf(t.colegio, P3.id)).toMatchObject({
      name: "Electro Norte Instalaciones S.L.",
      cif: "B20000009",
    });
    expect(ids(await providersOf(t.colegio, { filter: "b20000009" }))).toEqual([P3.id]);
    const [row] = await queryRows<{ cif_norm: string }>(db(), sql`select cif_norm from companies where id = ${P3.id}`);
    expect(row!.cif_norm).toBe("B20000009");
  });

  it("replaces the colegio's activities of a provider, leaving those another colegio gave it", async () => {
    const res = await update(t.colegio, {
      company_id: P1.id,
      companytype: Role.gremio,
      activities: [activity.Pintura, activity.Electricidad, activity.Pintura],
    });
    expect(res.json()).toEqual({ result: true, email_notified: false });
    const names = (c: { activities: { name: string }[] }) => c.activities.map((a) => a.name);
    expect(names(await viewOf(t.colegio, P1.id))).toEqual(["Electricidad", "Pintura"]);
    expect(names(await viewOf(t.colegioB, P1.id))).toEqual(["Climatización"]);
  });

  it("refuses an activity of another colegio (or none) with 400 error.invalid-input and changes nothing", async () => {
    for (const wrong of [activity.Climatización, 999_999]) {
      const res = await update(t.colegio, {
        company_id: P1.id,
        name: "No Debe Cambiar",
        companytype: Role.gremio,
        activities: [activity.Ascensores, wrong],
      });
      expectError(res, 400, ErrorKey.invalidInput);
    }
    const after = await viewOf(t.colegio, P1.id);
    expect(after.name).toBe("Ascensores Levante S.L.");
    expect(after.activities.map((a: { name: string }) => a.name)).toEqual(["Ascensores", "Limpieza"]);
  });

  it("colegio B's edit of a shared provider leaves colegio A's activities alone", async () => {
    const res = await update(t.colegioB, { company_id: P1.id, companytype: Role.gremio, activities: [] });
    expect(res.statusCode).toBe(200);
    expect((await viewOf(t.colegioB, P1.id)).activities).toEqual([]);
    expect((await viewOf(t.colegio, P1.id)).activities.map((a: { name: string }) => a.name)).toEqual([
      "Ascensores",
      "Limpieza",
    ]);
  });

  it("changes a registered manager's e-mail: both addresses are told, and the login follows", async () => {
    // The company's contact e-mail is the manager's: it follows the change.
    await db().update(companies).set({ email: "electro@norte.test" }).where(eq(companies.id, P3.id));
    const res = await update(t.colegio, {
      company_id: P3.id,
      email: " Electro.Nuevo@Norte.test ",
      companytype: Role.gremio,
    });
    expect(res.json()).toEqual({ result: true, email_notified: true });
    const [toOld] = await ctx.smtp.waitFor("electro@norte.test");
    const [toNew] = await ctx.smtp.waitFor("electro.nuevo@norte.test");
    expect(toOld!.subject).toBe("Tu e-mail de acceso a Coordina ha cambiado");
    expect(toOld!.text).toContain("de electro@norte.test a electro.nuevo@norte.test");
    expect(toNew!.subject).toBe("Tu e-mail de acceso a Coordina ha cambiado");
    expect(toNew!.text).toContain("antes electro@norte.test");
    expect((await login(ctx.app, "electro.nuevo@norte.test", DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await login(ctx.app, "electro@norte.test", DEMO_PASSWORD, { ip: "10.20.0.1" })).statusCode).toBe(401);
    expect(rowOf(await providersOf(t.colegio), P3.id).company_owner_user).toBe("electro.nuevo@norte.test");
    expect((await viewOf(t.colegio, P3.id)).owner_user.email).toBe("electro.nuevo@norte.test");
    expect((await viewOf(t.colegio, P3.id)).email).toBe("electro.nuevo@norte.test");

    // The same address in another case is no change: nobody is written to.
    const same = await update(t.colegio, { company_id: P3.id, email: "ELECTRO.NUEVO@norte.test", companytype: 20 });
    expect(same.json()).toEqual({ result: true, email_notified: false });
    expect(await outboxTo(ctx, "electro.nuevo@norte.test")).toEqual(["Tu e-mail de acceso a Coordina ha cambiado"]);
  });

  it("a manager who never set a password gets a fresh registration link at the new address; the old one dies", async () => {
    const registered = await post(t.colegio, "/companies/registry/register", {
      email: "alta@pendiente.test",
      company_name: "Pendiente Reformas S.L.",
      role: Role.gremio,
      cif: "B40000004",
    });
    expect(registered.statusCode).toBe(200);
    const { id } = registered.json().data;
    const [first] = await ctx.smtp.waitFor("alta@pendiente.test");
    expect(rowOf(await providersOf(t.colegio, { filter: "pendiente" }), id)).toMatchObject({
      registered: false,
      company_owner_user: "alta@pendiente.test",
    });

    const res = await update(t.colegio, { company_id: id, email: "gerencia@pendiente.test", companytype: Role.gremio });
    expect(res.json()).toEqual({ result: true, email_notified: true });
    const [mail] = await ctx.smtp.waitFor("gerencia@pendiente.test");
    expect(mail!.subject).toBe("Completa tu registro en Coordina");
    expect(mail!.text).toContain(`${COLEGIO_A} ha dado de alta a «Pendiente Reformas S.L.»`);

    const old = await post(undefined, "/companies/users/checkin", { shakey: linkToken(first!).token });
    expectError(old, 404, ErrorKey.tokenInvalid);
    const oldAccept = await post(undefined, "/companies/users/regcheckin", {
      shakey: linkToken(first!).token,
      password: "Pendiente-2026!",
    });
    expect(oldAccept.statusCode).toBe(404);

    const check = await post(undefined, "/companies/users/checkin", { shakey: linkToken(mail!).token });
    expect(check.json()).toMatchObject({ result: true, email: "gerencia@pendiente.test" });
    const done = await post(undefined, "/companies/users/regcheckin", {
      shakey: linkToken(mail!).token,
      password: "Pendiente-2026!",
    });
    expect(done.statusCode).toBe(200);
    expect((await login(ctx.app, "gerencia@pendiente.test", "Pendiente-2026!")).statusCode).toBe(200);
    expect(rowOf(await providersOf(t.colegio, { filter: "pendiente" }), id)).toMatchObject({
      registered: true,
      company_owner_user: "gerencia@pendiente.test",
    });
    // The old address was told nothing more than its first link.
    expect(ctx.smtp.to("alta@pendiente.test")).toHaveLength(1);
  });

  it("refuses a taken e-mail (409 my-data.email-taken) or CIF (409 invitation.cif-taken), changing nothing", async () => {
    const takenEmail = await update(t.colegio, {
      company_id: P2.id,
      name: "No Debe Cambiar",
      email: DEMO_ACCOUNTS.administrador.toUpperCase(),
      companytype: Role.gremio,
      activities: [],
    });
    expectError(takenEmail, 409, ErrorKey.emailTaken);
    const takenCif = await update(t.colegio, {
      company_id: P2.id,
      name: "No Debe Cambiar",
      cif: "b-8765 4321",
      companytype: Role.gremio,
      activities: [],
    });
    expectError(takenCif, 409, ErrorKey.invitationCifTaken);
    const after = await viewOf(t.colegio, P2.id);
    expect(after).toMatchObject({
      name: "Pinturas 100% S.L.",
      cif: "B10000001",
      owner_user: { email: "pinturas@cien.test" },
    });
    expect(after.activities.map((a: { name: string }) => a.name)).toEqual(["Pintura"]);
    expect((await login(ctx.app, "pinturas@cien.test")).statusCode).toBe(200);
  });

  it.each([
    [{ companytype: Role.colegio }, 400, ErrorKey.companyTypeNotEditable],
    [{ companytype: Role.portero }, 400, ErrorKey.companyTypeNotEditable],
    [{ companytype: Role.master }, 400, ErrorKey.companyTypeNotEditable],
    [{ companytype: undefined }, 400, ValidationKey.companyTypeRequired],
    [{ companytype: 20, email: "sin-arroba" }, 400, ValidationKey.emailFormat],
    [{ companytype: 20, name: "  " }, 400, ValidationKey.nameRequired],
    [{ companytype: 20, cif: " " }, 400, ValidationKey.cifInvalid],
    [{ companytype: 20, activities: ["x"] }, 400, ErrorKey.invalidInput],
    [{ companytype: 20, company_id: "abc" }, 400, ErrorKey.invalidInput],
    [{ companytype: 20, company_id: 999_999 }, 404, ErrorKey.notFound],
  ])("refuses %j", async (extra, status, error) => {
    expectError(await update(t.colegio, { company_id: P2.id, ...extra }), status, error);
  });

  it("refuses a type change while anything counts on the type (409 company.type-in-use)", async () => {
    // The demo administrator administers communities.
    expectError(
      await update(t.colegio, { company_id: admin.id, companytype: Role.gremio }),
      409,
      ErrorKey.companyTypeInUse,
    );
    // P1 and Kappa are colegio B's members too: their type (like their name, CIF and manager) is theirs.
    for (const [id, companytype] of [
      [P1.id, Role.administrador],
      [kappa.id, Role.gremio],
    ] as const) {
      expectError(await update(t.colegio, { company_id: id, companytype }), 403, ErrorKey.companyShared);
    }
    expect((await viewOf(t.colegio, kappa.id)).type).toBe(Role.administrador);
    // Keeping the type is no type change.
    expect((await update(t.colegio, { company_id: admin.id, companytype: Role.administrador })).statusCode).toBe(200);
  });

  it("changes a fresh company's type, and its users' role with it", async () => {
    const res = await update(t.colegio, { company_id: P2.id, companytype: Role.administrador, activities: [] });
    expect(res.json()).toEqual({ result: true, email_notified: false });
    const viewed = await viewOf(t.colegio, P2.id);
    expect(viewed).toMatchObject({ type: Role.administrador, owner_user: { user_role: Role.administrador } });
    // The colegio's activities went with the provider type.
    expect(viewed.activities).toEqual([]);
    const users = await queryRows<{ user_role: number }>(
      db(),
      sql`select user_role from users where company_id = ${P2.id}`,
    );
    expect(users.map((u) => Number(u.user_role))).toEqual([Role.administrador]);
    const session = (await login(ctx.app, "pinturas@cien.test")).json().data;
    expect(session.user.user_role).toBe(Role.administrador);
    expect(session.company.type).toBe(Role.administrador);
    // A new role has its own terms: the acceptance of the provider's terms does not carry over.
    expectError(await post(session.token, "/companies/users/index"), 403, ErrorKey.legalNotAccepted);
    expect(ids(await post(t.colegio, "/companies/colegio/index", { type: 15 }))).toContain(P2.id);
    expect(ids(await providersOf(t.colegio))).not.toContain(P2.id);

    const back = await update(t.colegio, {
      company_id: P2.id,
      companytype: Role.gremio,
      activities: [activity.Pintura],
    });
    expect(back.statusCode).toBe(200);
    expect((await login(ctx.app, "pinturas@cien.test")).json().data.user.user_role).toBe(Role.gremio);
    await ensureLegalAccepted(db(), userId["pinturas@cien.test"]!);
    expect(rowOf(await providersOf(t.colegio), P2.id).activities).toEqual(["Pintura"]);
  });

  it("leaves a company other colegios share to itself: only its activities of this colegio change", async () => {
    const before = await viewOf(t.colegio, kappa.id);
    for (const change of [{ name: "Kappa Tomada S.L." }, { cif: "B99999999" }, { email: "nuevo@kappa.test" }]) {
      expectError(
        await update(t.colegio, { company_id: kappa.id, companytype: Role.administrador, ...change }),
        403,
        ErrorKey.companyShared,
      );
    }
    const settings = await post(t.colegio, "/companies/companies/update", { id: kappa.id, name: "Kappa Tomada S.L." });
    expectError(settings, 403, ErrorKey.companyShared);
    const colleague = await post(t.colegio, "/companies/companies/invite", {
      action: "create-company-user",
      email: "intruso@colegio.test",
      company_id: kappa.id,
    });
    expectError(colleague, 403, ErrorKey.forbidden);
    expect(await viewOf(t.colegio, kappa.id)).toEqual(before);
    // Sending its current values is no change.
    const same = await update(t.colegio, {
      company_id: kappa.id,
      companytype: Role.administrador,
      name: before.name,
      cif: before.cif,
      email: before.owner_user.email,
    });
    expect(same.json()).toEqual({ result: true, email_notified: false });
  });

  it("ends the sessions of a manager whose e-mail the colegio changes", async () => {
    const token = await tokenFor(ctx.app, "pinturas@cien.test");
    expect((await get(token, "/companies/users/company")).statusCode).toBe(200);
    const res = await update(t.colegio, {
      company_id: P2.id,
      companytype: Role.gremio,
      activities: [activity.Pintura],
      email: "pinturas2@cien.test",
    });
    expect(res.json()).toEqual({ result: true, email_notified: true });
    expectError(await get(token, "/companies/users/company"), 401, ErrorKey.unauthorized);
    await update(t.colegio, {
      company_id: P2.id,
      companytype: Role.gremio,
      activities: [activity.Pintura],
      email: "pinturas@cien.test",
    });
  });

  it("is the colegio's for its own members only: others get 403 and nothing changes", async () => {
    const attempts: [Who, () => number, number][] = [
      ["colegioB", () => admin.id, Role.administrador],
      ["colegioB", () => P2.id, Role.gremio],
      ["colegio", () => adminB.id, Role.administrador],
      ["colegio", () => A.id, Role.administrador],
      ["administrador", () => admin.id, Role.administrador],
      ["administrador", () => P2.id, Role.gremio],
      ["gremio", () => P1.id, Role.gremio],
      ["portero", () => ctx.seed.porterCompany.id, Role.administrador],
      // The master administers the colegios it created, but this is the colegio's editor: it may not
      // turn a colegio into an administrator company.
      ["master", () => A.id, Role.administrador],
      ["master", () => B.id, Role.gremio],
      ["superadmin", () => C.id, Role.administrador],
      ["master", () => P1.id, Role.gremio],
    ];
    for (const [role, id, companytype] of attempts) {
      const res = await update(t[role], { company_id: id(), companytype, name: "Tomada S.L." });
      expect(res.statusCode, `${role} → ${id()}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from companies where name = 'Tomada S.L.'`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const types = await queryRows<{ id: number; type: number }>(
      db(),
      sql`select id, type from companies where id in (${A.id}, ${B.id}, ${C.id}) order by id`,
    );
    expect(types.map((r) => Number(r.type))).toEqual([Role.colegio, Role.colegio, Role.colegio]);
    const users = await queryRows<{ user_role: number }>(
      db(),
      sql`select user_role from users where company_id in (${A.id}, ${B.id}, ${C.id})`,
    );
    expect(users.length).toBeGreaterThanOrEqual(3);
    expect(users.filter((u) => Number(u.user_role) !== Role.colegio)).toEqual([]);
    expectError(
      await post(undefined, "/companies/colegio/update", { company_id: P2.id, companytype: 20 }),
      401,
      ErrorKey.unauthorized,
    );
  });
});

describe("deactivating and activating", () => {
  const setActive = (token: string | undefined, action: "activate" | "deactivate", id: number) =>
    post(token, `/companies/companies/${action}`, { id });
  const colegiosOf = async (token: string) =>
    (await get(token, "/companies/colegio/listcolegios")).json().colegios.map((c: { id: number }) => c.id);

  it("the colegio deactivates its membership of a provider; the provider keeps its other colegio", async () => {
    expect(await colegiosOf(t.gremio)).toEqual([B.id, A.id]);
    expect((await setActive(t.colegio, "deactivate", P1.id)).json()).toEqual({ result: true });

    expect(rowOf(await providersOf(t.colegio), P1.id).company_erased).toBe(true);
    expect(rowOf(await providersOf(t.colegioB), P1.id).company_erased).toBe(false);
    // Its row is the relation only: name, CIF and status, none of its data or figures.
    expect(rowOf(await providersOf(t.colegio), P1.id)).toMatchObject({
      company_name: rowOf(await providersOf(t.colegioB), P1.id).company_name,
      company_owner_user: null,
      activities: [],
      provider_fincas: 0,
      upload_must: 0,
      read_must: 0,
    });
    expect(rowOf(await providersOf(t.colegioB), P1.id).company_owner_user).toBe(DEMO_ACCOUNTS.gremio);
    // Its manager's e-mail no longer finds it; its name still does.
    const byManager = await providersOf(t.colegio, { filter: DEMO_ACCOUNTS.gremio });
    expect(rowOf(byManager, P1.id)).toBeUndefined();
    const byName = await providersOf(t.colegio, { filter: rowOf(await providersOf(t.colegioB), P1.id).company_name });
    expect(rowOf(byName, P1.id)).toBeDefined();
    // The colegio that deactivated it reads none of its data any more (its row and 'Activar' stay);
    // colegio B, where it is still a member, reads it as before.
    expectError(await get(t.colegio, `/companies/companies/view/${P1.id}`), 403, ErrorKey.memberDeactivated);
    expectError(
      await post(t.colegio, "/companies/users/index", { company_id: P1.id }),
      403,
      ErrorKey.memberDeactivated,
    );
    expectError(await post(t.colegio, `/companies/colegio-providers/fincas/${P1.id}`), 403, ErrorKey.forbidden);
    expectError(
      await post(t.colegio, "/companies/companies/update", { id: P1.id, name: "Otro nombre" }),
      403,
      ErrorKey.memberDeactivated,
    );
    const inB = await get(t.colegioB, `/companies/companies/view/${P1.id}`);
    expect(inB.json().company).toMatchObject({ id: P1.id, erased: false });
    expect((await post(t.colegioB, "/companies/users/index", { company_id: P1.id })).statusCode).toBe(200);
    // A deactivated member no longer counts among the providers of the colegio's activities.
    const limpieza = (await post(t.colegio, "/companies/activities/index", { filter: "Limpieza" })).json().data[0];
    expect(limpieza).toMatchObject({ name: "Limpieza", providers: 0 });
    expect(await colegiosOf(t.gremio)).toEqual([B.id]);
    expectError(await get(t.gremio, `/companies/users/company?colg_id=${A.id}`), 403, ErrorKey.colegioForbidden);
    expectError(
      await post(t.gremio, "/companies/users/index", { colg_id: String(A.id) }),
      403,
      ErrorKey.colegioForbidden,
    );
    expect((await get(t.gremio, `/companies/users/company?colg_id=${B.id}`)).statusCode).toBe(200);
    // Its company is not deactivated: it still logs in.
    expect((await login(ctx.app, DEMO_ACCOUNTS.gremio)).statusCode).toBe(200);
    // Deactivated members leave the colegio's provider pickers and summary.
    const picker = await post(t.colegio, "/companies/admin-fincas/providersActivities");
    expect(picker.json().data.map((r: { provider_id: number }) => r.provider_id)).not.toContain(P1.id);
    const summary = await post(t.colegio, "/companies/providers/summary");
    expect(summary.json().data.map((r: { provider_id: number }) => r.provider_id)).not.toContain(P1.id);
    const pickerB = await post(t.colegioB, "/companies/admin-fincas/providersActivities");
    expect(pickerB.json().data.map((r: { provider_id: number }) => r.provider_id)).toContain(P1.id);

    // Deactivating twice is harmless.
    expect((await setActive(t.colegio, "deactivate", P1.id)).statusCode).toBe(200);
    expect((await setActive(t.colegio, "activate", P1.id)).json()).toEqual({ result: true });
    expect(rowOf(await providersOf(t.colegio), P1.id).company_erased).toBe(false);
    expect((await get(t.colegio, `/companies/companies/view/${P1.id}`)).statusCode).toBe(200);
    expect((await post(t.colegio, "/companies/users/index", { company_id: P1.id })).statusCode).toBe(200);
    expect(await colegiosOf(t.gremio)).toEqual([B.id, A.id]);
    expect((await get(t.gremio, `/companies/users/company?colg_id=${A.id}`)).statusCode).toBe(200);
  });

  it("the master deactivates a colegio it created: its staff are out, then back when it is activated", async () => {
    const staff = await tokenFor(ctx.app, "colegio-b@coordina.test");
    expect((await setActive(t.master, "deactivate", B.id)).json()).toEqual({ result: true });
    expectError(await providersOf(staff), 401, ErrorKey.unauthorized);
    expectError(await login(ctx.app, "colegio-b@coordina.test"), 403, ErrorKey.accountDisabled);
    // Its members no longer have it among their colegios.
    expect(await colegiosOf(t.gremio)).toEqual([A.id]);
    expectError(await get(t.adminB, `/companies/users/company?colg_id=${B.id}`), 403, ErrorKey.colegioForbidden);
    const listed = await post(t.master, "/companies/companies/index", { type: Role.colegio });
    expect(rowOf(listed, B.id).company_erased).toBe(true);
    // The master still reads it.
    expect((await get(t.master, `/companies/companies/view/${B.id}`)).json().company.erased).toBe(true);

    expect((await setActive(t.master, "activate", B.id)).json()).toEqual({ result: true });
    expect((await login(ctx.app, "colegio-b@coordina.test")).statusCode).toBe(200);
    expect((await providersOf(staff)).statusCode).toBe(200);
    expect(await colegiosOf(t.gremio)).toEqual([B.id, A.id]);
    // The superadministrator may do the same with any colegio.
    expect((await setActive(t.superadmin, "deactivate", C.id)).statusCode).toBe(200);
    expect((await setActive(t.superadmin, "activate", C.id)).statusCode).toBe(200);
  });

  it("refuses, with 403 and no change, whoever does not administer the company", async () => {
    const attempts: [Who, () => number][] = [
      ["colegioB", () => admin.id],
      ["colegioB", () => A.id],
      ["colegio", () => adminB.id],
      ["colegio", () => A.id],
      ["colegio", () => B.id],
      ["colegio", () => M1.id],
      ["master", () => C.id],
      ["master", () => P1.id],
      ["master", () => M1.id],
      ["master2", () => A.id],
      ["administrador", () => admin.id],
      ["administrador", () => P1.id],
      ["gremio", () => P1.id],
      ["gremio", () => A.id],
      ["portero", () => ctx.seed.porterCompany.id],
    ];
    for (const [role, id] of attempts) {
      for (const action of ["deactivate", "activate"] as const) {
        const res = await setActive(t[role], action, id());
        expect(res.statusCode, `${role} ${action} ${id()}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
    const erased = await queryRows(db(), sql`select id from companies where erased`);
    expect(erased).toEqual([]);
    const members = await queryRows<{ company_id: number }>(
      db(),
      sql`select company_id from colegio_members where erased`,
    );
    expect(members.map((m) => Number(m.company_id))).toEqual([P4.id]);
    expectError(await setActive(t.colegio, "deactivate", 999_999), 404, ErrorKey.notFound);
    expectError(await post(t.colegio, "/companies/companies/deactivate", { id: "x" }), 400, ErrorKey.invalidInput);
    expectError(await setActive(undefined, "deactivate", P1.id), 401, ErrorKey.unauthorized);
  });
});

describe("companies/companies/update (company settings)", () => {
  const save = (token: string, body: object) => post(token, "/companies/companies/update", body);
  const viewOf = async (token: string, id: number) =>
    (await get(token, `/companies/companies/view/${id}`)).json().company;
  const adminData = {
    email: "oficina@fincascentro.test",
    person: "Laura Gómez Ruiz",
    tfn: "910000009",
    address: "Calle Mayor 12",
    city: "Madrid",
    country: "Madrid",
    postcode: "28013",
  };

  it("saves the caller's own company", async () => {
    const res = await save(t.administrador, {
      id: admin.id,
      name: " Fincas Centro Administración S.L. ",
      cif: "B86123450",
      company_data: adminData,
    });
    expect(res.json()).toEqual({ result: true });
    expect(await viewOf(t.administrador, admin.id)).toMatchObject({
      name: "Fincas Centro Administración S.L.",
      cif: "B86123450",
      email: "oficina@fincascentro.test",
      person: "Laura Gómez Ruiz",
      tfn: "910000009",
      address: "Calle Mayor 12",
      city: "Madrid",
      country: "Madrid",
      postcode: "28013",
    });
  });

  it("takes an empty postcode and e-mail (stored as none)", async () => {
    const res = await save(t.administrador, {
      id: admin.id,
      name: "Fincas Centro Administración S.L.",
      company_data: { ...adminData, postcode: "", email: "" },
    });
    expect(res.statusCode).toBe(200);
    expect(await viewOf(t.administrador, admin.id)).toMatchObject({
      postcode: null,
      email: null,
      person: "Laura Gómez Ruiz",
    });
  });

  it.each([
    [{ company_data: { ...adminData, postcode: "2800" } }, ValidationKey.postcodeOptional],
    [{ company_data: { ...adminData, postcode: "280130" } }, ValidationKey.postcodeOptional],
    [{ company_data: { ...adminData, email: "no-es-email" } }, ValidationKey.emailFormat],
    [{ name: "" }, ValidationKey.nameRequired],
    [{ name: "   " }, ValidationKey.nameRequired],
    [{ name: undefined }, ValidationKey.nameRequired],
    [{ company_data: { ...adminData, region: "XX" } }, ErrorKey.invalidInput],
    [{ id: "abc" }, ErrorKey.invalidInput],
  ])("refuses %j with 400 and the field's message", async (extra, error) => {
    const res = await save(t.administrador, { id: admin.id, name: "Cambiada S.L.", company_data: adminData, ...extra });
    expectError(res, 400, error);
    expect((await viewOf(t.administrador, admin.id)).name).toBe("Fincas Centro Administración S.L.");
  });

  it("stores a region for a colegio only", async () => {
    expect(
      (await save(t.administrador, { id: admin.id, name: admin.name, company_data: { ...adminData, region: "CT" } }))
        .statusCode,
    ).toBe(200);
    expect((await viewOf(t.administrador, admin.id)).region).toBeNull();
    expect(
      (await save(t.colegio, { id: A.id, name: COLEGIO_A, cif: "Q2863006I", company_data: { region: "AN" } }))
        .statusCode,
    ).toBe(200);
    expect((await viewOf(t.master, A.id)).region).toBe("AN");
    await save(t.colegio, { id: A.id, name: COLEGIO_A, company_data: { region: "MD" } });
    expect((await viewOf(t.master, A.id)).region).toBe("MD");
  });

  it("writes only the fields sent: a payload without company_data keeps the contact data", async () => {
    const own = (await get(t.administrador, `/companies/companies/view/${admin.id}`)).json().company;
    const res = await post(t.administrador, "/companies/companies/update", { id: admin.id, name: own.name });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get(t.administrador, `/companies/companies/view/${admin.id}`)).json().company;
    expect(after).toEqual(own);
  });

  it("lets the colegio edit a member's data", async () => {
    const res = await save(t.colegio, {
      id: P2.id,
      name: "Pinturas 100% S.L.",
      company_data: { person: "Ana Pintor", tfn: "910000012", postcode: "28001" },
    });
    expect(res.statusCode).toBe(200);
    expect(await viewOf(t.colegio, P2.id)).toMatchObject({ person: "Ana Pintor", tfn: "910000012", postcode: "28001" });
  });

  it("refuses another company's data with 403 and changes nothing", async () => {
    const attempts: [Who, () => number][] = [
      ["administrador", () => P1.id],
      ["administrador", () => A.id],
      ["gremio", () => admin.id],
      ["portero", () => admin.id],
      ["colegioB", () => admin.id],
      ["colegio", () => adminB.id],
      ["colegio", () => B.id],
      ["master", () => A.id],
      ["master2", () => A.id],
    ];
    for (const [role, id] of attempts) {
      const res = await save(t[role], { id: id(), name: "Tomada S.L." });
      expect(res.statusCode, `${role} → ${id()}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    const rows = await queryRows(db(), sql`select id from companies where name = 'Tomada S.L.'`);
    expect(rows).toEqual([]);
    expectError(await save(t.colegio, { id: 999_999, name: "X" }), 404, ErrorKey.notFound);
    expectError(
      await post(undefined, "/companies/companies/update", { id: admin.id, name: "X" }),
      401,
      ErrorKey.unauthorized,
    );
  });

  it("refuses a CIF another company has (409 invitation.cif-taken)", async () => {
    const res = await save(t.administrador, {
      id: admin.id,
      name: "Fincas Centro Administración S.L.",
      cif: "b-87654321",
      company_data: adminData,
    });
    expectError(res, 409, ErrorKey.invitationCifTaken);
    expect((await viewOf(t.administrador, admin.id)).cif).toBe("B86123450");
  });
});
