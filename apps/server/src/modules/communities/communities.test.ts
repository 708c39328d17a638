import { COMMUNITY_SORTABLE, ErrorKey, PAGE_SIZE, Role, ValidationKey } from "@coordina/domain";
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
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { colegioMembers, communities, communityPorters, communityProviders, companies } from "../../db/schema/index.js";
import {
  type CompanyInput,
  ensureCommunity,
  type ensureCompany,
  ensureMembership,
  ensurePorterLink,
  ensureProviderLink,
  ensureUser,
} from "../../db/seed/builders.js";

/**
 * Communities (fincas) through HTTP, on a world of two colegios:
 *
 * - colegio A (the demo colegio) with the demo administrator ('Fincas Centro', also a member of B),
 *   'Gestiones Retiro' (another administrator of A, eleven communities R01…R11) and 'Administraciones
 *   Baja' (its membership of A deactivated, one community G1; still a member of B);
 * - colegio B with its administrator 'Diagonal' (community B1) and the demo administrator's AB;
 * - providers: the demo provider P1 (member of A and B), P2 (A), P3 (deactivated in A, active in B), P4 (B only),
 *   P5 (member of A, company erased);
 * - porters: the demo porter (A1, A2), 'conserje' (A2) and 'antiguo' (A2, link removed).
 *
 * The demo administrator's communities in A: A1 (seed, P1, the demo porter), A2 (P1, P2, P3, P5 live and
 * P4 removed; two live porters and one removed), A3 (erased), A4 (its only link, P1's, removed).
 * P1 also serves R01, B1 and the erased A3.
 */
let ctx: TestContext;
const db = () => ctx.database.db;

type Company = Awaited<ReturnType<typeof ensureCompany>>;
type Community = Awaited<ReturnType<typeof ensureCommunity>>;
let A: Company;
let B: Company;
let admin: Company;
let admin2: Company;
let adminGone: Company;
let adminB: Company;
let P1: Company;
let P3: Company;
let A1: Community;
let A2: Community;
let A3: Community;
let A4: Community;
let G1: Community;
let B1: Community;
let AB: Community;
const R: Community[] = [];

type Who =
  | keyof typeof DEMO_ACCOUNTS
  | "colegioB"
  | "superadmin"
  | "sat"
  | "admin2"
  | "adminGone"
  | "adminB"
  | "P2"
  | "P3"
  | "conserje"
  | "antiguo";
const t = {} as Record<Who, string>;

const ADMIN_NAME = "Fincas Centro Administración S.L.";
const ADMIN2_NAME = "Gestiones Retiro S.L.";

const company = (colegios: number[], input: CompanyInput, email?: string) =>
  ensureMemberCompany(db(), colegios, input, email);

async function community(
  colegioId: number,
  adminCompanyId: number,
  name: string,
  cif: string,
  created: string,
  extra: Partial<Parameters<typeof ensureCommunity>[1]> = {},
) {
  const row = await ensureCommunity(db(), { colegioId, adminCompanyId, name, cif, ...extra });
  await db()
    .update(communities)
    .set({ createdAt: new Date(`${created}T00:00:00.000Z`) })
    .where(eq(communities.id, row.id));
  return row;
}

const porterUser = (email: string, companyId: number) =>
  ensureUser(db(), { email, password: DEMO_PASSWORD, companyId, role: Role.portero });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ colegio: A, admin, provider: P1, community: A1 } = ctx.seed);
  const { master, porter, porterCompany } = ctx.seed;
  await db()
    .update(communities)
    .set({ createdAt: new Date("2024-01-01T00:00:00.000Z") })
    .where(eq(communities.id, A1.id));

  B = await company(
    [],
    {
      type: Role.colegio,
      name: "Colegio de Administradores de Fincas de Barcelona",
      cif: "Q0863003J",
      ownerCompanyId: master.id,
    },
    "colegio-b@coordina.test",
  );
  await company(
    [],
    { type: Role.superadministrator, name: "Coordina Soporte", cif: "B00000021" },
    "soporte@coordina.test",
  );
  await company([], { type: Role.sat, name: "Coordina SAT", cif: "B00000039" }, "sat@coordina.test");

  await ensureMembership(db(), B.id, admin.id);
  await ensureMembership(db(), B.id, P1.id);
  admin2 = await company(
    [A.id],
    { type: Role.administrador, name: ADMIN2_NAME, cif: "B28000010" },
    "retiro@gestiones.test",
  );
  adminGone = await company(
    [A.id],
    { type: Role.administrador, name: "Administraciones Baja S.L.", cif: "B28000020" },
    "baja@fincas.test",
  );
  await db()
    .update(colegioMembers)
    .set({ erased: true })
    .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, adminGone.id)));
  // Still working in colegio B: its deactivation in A must count although it is a member somewhere.
  await ensureMembership(db(), B.id, adminGone.id);
  adminB = await company(
    [B.id],
    { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001" },
    "diagonal@fincas.test",
  );

  const P2 = await company(
    [A.id],
    { type: Role.gremio, name: "Pinturas Sol S.L.", cif: "B10000001" },
    "pinturas@sol.test",
  );
  P3 = await company(
    [A.id],
    { type: Role.gremio, name: "Zeta Limpiezas S.L.", cif: "B30000003" },
    "zeta@limpiezas.test",
  );
  await db()
    .update(colegioMembers)
    .set({ erased: true })
    .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, P3.id)));
  await ensureMembership(db(), B.id, P3.id);
  const P4 = await company([B.id], { type: Role.gremio, name: "Electro Norte S.L.", cif: "B20000002" });
  const P5 = await company([A.id], { type: Role.gremio, name: "Cerrajeros Cerrados S.L.", cif: "B50000005" });
  await db().update(companies).set({ erased: true }).where(eq(companies.id, P5.id));

  A2 = await community(A.id, admin.id, "Comunidad Calle Toledo 5", "H28000002", "2024-03-01", {
    email: "toledo5@comunidad.test",
    contactPerson: "Ana Ruiz",
    phone: "910000055",
    address: "Calle Toledo 5",
    city: "Madrid",
    province: "Madrid",
    postcode: "28005",
  });
  A3 = await community(A.id, admin.id, "Comunidad Calle Atocha 1", "H28000003", "2024-02-01");
  A4 = await community(A.id, admin.id, "Comunidad Calle Prado 2", "H28000004", "2024-02-15");
  for (let i = 1; i <= 11; i++) {
    const n = String(i).padStart(2, "0");
    R.push(await community(A.id, admin2.id, `Residencial Retiro ${n}`, `H281000${n}`, `2023-01-${n}`));
  }
  G1 = await community(A.id, adminGone.id, "Comunidad Calle Baja 3", "H28000009", "2024-04-01");
  B1 = await community(B.id, adminB.id, "Comunitat Carrer Balmes 1", "H08000001", "2024-01-01");
  AB = await community(B.id, admin.id, "Comunitat Diagonal 2", "H08000002", "2024-01-01");

  for (const p of [P1, P2, P3, P4, P5]) await ensureProviderLink(db(), A2.id, p.id);
  for (const f of [A3, A4, R[0]!, B1]) await ensureProviderLink(db(), f.id, P1.id);
  await ensureProviderLink(db(), R[1]!.id, P2.id);
  await ensureProviderLink(db(), B1.id, P4.id);
  await db().update(communities).set({ erased: true }).where(eq(communities.id, A3.id));
  const unlink = (communityId: number, providerId: number) =>
    db()
      .update(communityProviders)
      .set({ erased: true })
      .where(
        and(eq(communityProviders.communityId, communityId), eq(communityProviders.providerCompanyId, providerId)),
      );
  await unlink(A4.id, P1.id);
  await unlink(A2.id, P4.id);

  const conserje = await porterUser("conserje@fincas.test", porterCompany.id);
  const antiguo = await porterUser("antiguo@fincas.test", porterCompany.id);
  await ensurePorterLink(db(), A2.id, porter.id);
  await ensurePorterLink(db(), A2.id, conserje.id);
  await ensurePorterLink(db(), A2.id, antiguo.id);
  await db()
    .update(communityPorters)
    .set({ erased: true })
    .where(and(eq(communityPorters.communityId, A2.id), eq(communityPorters.porterUserId, antiguo.id)));

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
  }
  for (const [key, email] of [
    ["colegioB", "colegio-b@coordina.test"],
    ["superadmin", "soporte@coordina.test"],
    ["sat", "sat@coordina.test"],
    ["admin2", "retiro@gestiones.test"],
    ["adminGone", "baja@fincas.test"],
    ["adminB", "diagonal@fincas.test"],
    ["P2", "pinturas@sol.test"],
    ["P3", "zeta@limpiezas.test"],
    ["conserje", "conserje@fincas.test"],
    ["antiguo", "antiguo@fincas.test"],
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
const inA = () => ({ colg_id: A.id });
const list = (token: string | undefined, body: object = {}) => post(token, "/companies/fincas/index", body);
const served = (token: string | undefined, body: object = {}) => post(token, "/companies/fincas/provider", body);
const view = (token: string | undefined, id: number, colgId?: number) =>
  get(token, `/companies/fincas/view/${id}${colgId === undefined ? "" : `?colg_id=${colgId}`}`);
const row = async (id: number) => (await db().select().from(communities).where(eq(communities.id, id)))[0]!;

/** The body a role sends: the members of colegio A choose it. */
const bodyFor = (who: Who): { colg_id?: number } => (["administrador", "gremio", "admin2"].includes(who) ? inA() : {});
/** Each of `who` gets 403 error.forbidden and nothing else. */
async function refusedTo(who: Who[], request: (token: string, who: Who) => Promise<Res>) {
  for (const w of who) {
    const res = await request(t[w], w);
    expect(res.statusCode, `${w}: ${res.body}`).toBe(403);
    expect(res.json(), w).toEqual({ result: false, error: ErrorKey.forbidden });
  }
}

describe("the administrator's communities list (companies/fincas/index)", () => {
  it("lists its live communities in the chosen colegio, by name, with the exact row a user sees", async () => {
    const res = await list(t.administrador, inA());
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.result).toBe(true);
    // Not A3 (erased), G1 / R… (other administrators) nor AB (colegio B).
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([A4.id, A2.id, A1.id]);
    expect(page.count).toBe(3);
    expect(page.pagination).toEqual({ count: 3, page: 1, limit: PAGE_SIZE.communities });
    expect(PAGE_SIZE.communities).toBe(10);
    const figures = {
      mandatory_count: 0,
      mandatory_uploaded_count: 0,
      expected_count_read: 0,
      count_read: 0,
      proveedores_uploaded: false,
      proveedores_read: false,
    };
    expect(page.data[1]).toEqual({
      id: A2.id,
      nombre: "Comunidad Calle Toledo 5",
      name: "Comunidad Calle Toledo 5",
      cif: "H28000002",
      // P1, P2, P3 (deactivated in A) and P5 (erased company) still hold live links; P4's was removed.
      proveedores_count: 4,
      ...figures,
      porteros: true,
      // the demo porter and 'conserje'; not 'antiguo' (link removed)
      porteros_count: 2,
      owner: admin.id,
      admin: ADMIN_NAME,
      created: "2024-03-01T00:00:00.000Z",
    });
    expect(page.data[0]).toEqual({
      id: A4.id,
      nombre: "Comunidad Calle Prado 2",
      name: "Comunidad Calle Prado 2",
      cif: "H28000004",
      // its only link (P1's) was removed
      proveedores_count: 0,
      ...figures,
      porteros: false,
      porteros_count: 0,
      owner: admin.id,
      admin: ADMIN_NAME,
      created: "2024-02-15T00:00:00.000Z",
    });
    expect(page.data[2]).toMatchObject({ id: A1.id, proveedores_count: 1, porteros: true, porteros_count: 1 });
  });

  it("lists only the chosen colegio's: colegio B shows the administrator's AB", async () => {
    const res = await list(t.administrador, { colg_id: B.id });
    expect(ids(res)).toEqual([AB.id]);
    expect(res.json().data[0]).toMatchObject({ name: "Comunitat Diagonal 2", proveedores_count: 0, admin: ADMIN_NAME });
    expect(ids(await list(t.admin2, inA()))).toEqual(R.map((f) => f.id).slice(0, 10));
    expect((await list(t.admin2, inA())).json().count).toBe(11);
  });

  it("refuses a colegio the administrator does not work in", async () => {
    expectError(await list(t.admin2, { colg_id: B.id }), 403, ErrorKey.colegioForbidden);
    // Its membership of A was deactivated: it no longer reaches A.
    expectError(await list(t.adminGone, inA()), 403, ErrorKey.colegioForbidden);
    // In B, where it still works, its community of A is not listed.
    expect(ids(await list(t.adminGone, { colg_id: B.id }))).toEqual([]);
  });

  it("before a colegio is chosen, lists the administrator's communities of every colegio it works in", async () => {
    const inBoth = [...ids(await list(t.administrador, inA())), ...ids(await list(t.administrador, { colg_id: B.id }))];
    const all = await list(t.administrador);
    expect(ids(all).sort()).toEqual(inBoth.sort());
    expect(all.json().count).toBe(inBoth.length);
    // -1 is the web app's "none chosen".
    expect(ids(await list(t.administrador, { colg_id: -1 })).sort()).toEqual(inBoth.sort());
    // Deactivated in A, still in B (where it has none): nothing, and nothing of A.
    expect(ids(await list(t.adminGone))).toEqual([]);
  });

  it.each([
    ["toledo", () => [A2.id]],
    ["CALLE", () => [A4.id, A2.id, A1.id]],
    ["h28000004", () => [A4.id]],
    ["  prado ", () => [A4.id]],
    ["%", () => []],
    ["_", () => []],
    ["atocha", () => []],
    ["retiro", () => []],
  ])("searches name and CIF, ignoring case, with %j taken literally", async (filter, expected) => {
    const res = await list(t.administrador, { ...inA(), filter });
    expect(ids(res)).toEqual(expected());
    expect(res.json().count).toBe(expected().length);
  });

  const SORTS: Record<(typeof COMMUNITY_SORTABLE)[number], [() => number[], () => number[]]> = {
    name: [() => [A4.id, A2.id, A1.id], () => [A1.id, A2.id, A4.id]],
    cif: [() => [A2.id, A4.id, A1.id], () => [A1.id, A4.id, A2.id]],
    providers: [() => [A4.id, A1.id, A2.id], () => [A2.id, A1.id, A4.id]],
    // One administrator: the tie-break (id) in the sort's direction.
    admin: [() => [A1.id, A2.id, A4.id], () => [A4.id, A2.id, A1.id]],
    created: [() => [A1.id, A4.id, A2.id], () => [A2.id, A4.id, A1.id]],
  };
  it.each(COMMUNITY_SORTABLE)("sorts by %s both ways", async (sortBy) => {
    const [asc, desc] = SORTS[sortBy];
    expect(ids(await list(t.administrador, { ...inA(), sortBy }))).toEqual(asc());
    expect(ids(await list(t.administrador, { ...inA(), sortBy, sortDesc: "ASC" }))).toEqual(asc());
    expect(ids(await list(t.administrador, { ...inA(), sortBy, sortDesc: "DESC" }))).toEqual(desc());
  });

  it("sorts name descending without sortBy too", async () => {
    expect(ids(await list(t.administrador, { ...inA(), sortDesc: "DESC" }))).toEqual([A1.id, A2.id, A4.id]);
  });

  it("pages, and tells the total on a page past the end", async () => {
    const first = (await list(t.administrador, { ...inA(), limit: 2 })).json();
    expect(first.data.map((r: { id: number }) => r.id)).toEqual([A4.id, A2.id]);
    expect(first.pagination).toEqual({ count: 3, page: 1, limit: 2 });
    const second = (await list(t.administrador, { ...inA(), limit: 2, page: 2 })).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([A1.id]);
    const beyond = (await list(t.administrador, { ...inA(), limit: 2, page: 3 })).json();
    expect(beyond).toEqual({ result: true, data: [], count: 3, pagination: { count: 3, page: 3, limit: 2 } });
  });

  it.each([
    { sortBy: "cif_norm" },
    { sortBy: "name; drop table communities" },
    { sortDesc: "desc" },
    { page: 0 },
    { limit: 0 },
    { limit: 101 },
    { filter: "x".repeat(201) },
  ])("refuses %j with 400 error.invalid-input", async (body) => {
    expectError(await list(t.administrador, { ...inA(), ...body }), 400, ErrorKey.invalidInput);
  });

  it("is the administrator's and the colegio's only; 401 without a session", async () => {
    await refusedTo(["master", "superadmin", "sat", "gremio", "portero"], (token, w) => list(token, bodyFor(w)));
    expectError(await list(undefined, inA()), 401, ErrorKey.unauthorized);
  });
});

describe("the colegio's communities list (companies/fincas/index)", () => {
  /** Colegio A's 15 live communities by name: G1, A4, A2, A1, R01…R11. */
  const allOfA = () => [G1.id, A4.id, A2.id, A1.id, ...R.map((f) => f.id)];

  it("lists every administrator's live communities of its colegio, 10 a page, and none of B's", async () => {
    const first = (await list(t.colegio)).json();
    expect(first.data.map((r: { id: number }) => r.id)).toEqual(allOfA().slice(0, 10));
    expect(first.count).toBe(15);
    expect(first.pagination).toEqual({ count: 15, page: 1, limit: 10 });
    const second = (await list(t.colegio, { page: 2 })).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual(allOfA().slice(10));
    expect(second.pagination).toEqual({ count: 15, page: 2, limit: 10 });
    expect(first.data[0]).toMatchObject({ id: G1.id, owner: adminGone.id, admin: "Administraciones Baja S.L." });
    expect(first.data[4]).toMatchObject({ id: R[0]!.id, owner: admin2.id, admin: ADMIN2_NAME, proveedores_count: 1 });
    // colg_id does not move a colegio out of its own colegio.
    expect(ids(await list(t.colegio, { colg_id: A.id, limit: 100 }))).toEqual(allOfA());
  });

  it("colegio B lists B1 and AB only", async () => {
    const res = await list(t.colegioB);
    expect(ids(res)).toEqual([B1.id, AB.id]);
    expect(res.json().data[0]).toMatchObject({ admin: "Administraciones Diagonal S.L.", proveedores_count: 2 });
  });

  it("sorts by administrator and searches across administrators", async () => {
    const byAdmin = ids(await list(t.colegio, { sortBy: "admin", limit: 100 }));
    expect(byAdmin).toEqual([G1.id, A1.id, A2.id, A4.id, ...R.map((f) => f.id)]);
    const desc = ids(await list(t.colegio, { sortBy: "admin", sortDesc: "DESC", limit: 100 }));
    expect(desc).toEqual([...R.map((f) => f.id).reverse(), A4.id, A2.id, A1.id, G1.id]);
    expect(ids(await list(t.colegio, { filter: "retiro 1" }))).toEqual([R[9]!.id, R[10]!.id]);
    expect(ids(await list(t.colegio, { filter: "H2810000" }))).toEqual(R.slice(0, 9).map((f) => f.id));
    expect(ids(await list(t.colegioB, { filter: "balmes" }))).toEqual([B1.id]);
  });
});

describe("the provider's communities list (companies/fincas/provider)", () => {
  it("lists the live communities it serves in the chosen colegio, with their administrator and porters", async () => {
    const res = await served(t.gremio, inA());
    expect(res.statusCode, res.body).toBe(200);
    // Not A3 (erased community), A4 (link removed) nor B1 (colegio B).
    expect(res.json()).toEqual({
      result: true,
      data: [
        {
          id: A2.id,
          name: "Comunidad Calle Toledo 5",
          cif: "H28000002",
          owner: admin.id,
          admin: ADMIN_NAME,
          porteros: ["conserje@fincas.test", DEMO_ACCOUNTS.portero],
        },
        {
          id: A1.id,
          name: "Comunidad de Propietarios Calle Mayor 10",
          cif: "H28123456",
          owner: admin.id,
          admin: ADMIN_NAME,
          porteros: [DEMO_ACCOUNTS.portero],
        },
        {
          id: R[0]!.id,
          name: "Residencial Retiro 01",
          cif: "H28100001",
          owner: admin2.id,
          admin: ADMIN2_NAME,
          porteros: [],
        },
      ],
      count: 3,
      pagination: { count: 3, page: 1, limit: 10 },
    });
  });

  it("is scoped to the chosen colegio", async () => {
    const res = await served(t.gremio, { colg_id: B.id });
    expect(ids(res)).toEqual([B1.id]);
    expect(res.json().data[0]).toEqual({
      id: B1.id,
      name: "Comunitat Carrer Balmes 1",
      cif: "H08000001",
      owner: adminB.id,
      admin: "Administraciones Diagonal S.L.",
      porteros: [],
    });
    expect(ids(await served(t.P2, inA()))).toEqual([A2.id, R[1]!.id]);
    // Before a colegio is chosen: the communities it serves in every colegio it works in.
    const inBoth = [...ids(await served(t.gremio, inA())), ...ids(await served(t.gremio, { colg_id: B.id }))];
    expect(ids(await served(t.gremio)).sort()).toEqual(inBoth.sort());
    expect(ids(await served(t.gremio))).toContain(B1.id);
    expectError(await served(t.P2, { colg_id: B.id }), 403, ErrorKey.colegioForbidden);
    // Deactivated in A: it no longer reaches A's communities.
    expectError(await served(t.P3, inA()), 403, ErrorKey.colegioForbidden);
  });

  it("searches name, CIF and administrator; sorts; pages", async () => {
    expect(ids(await served(t.gremio, { ...inA(), filter: "gestiones" }))).toEqual([R[0]!.id]);
    expect(ids(await served(t.gremio, { ...inA(), filter: "h28123456" }))).toEqual([A1.id]);
    expect(ids(await served(t.gremio, { ...inA(), filter: "CALLE" }))).toEqual([A2.id, A1.id]);
    expect(ids(await served(t.gremio, { ...inA(), sortDesc: "DESC" }))).toEqual([R[0]!.id, A1.id, A2.id]);
    expect(ids(await served(t.gremio, { ...inA(), sortBy: "cif" }))).toEqual([A2.id, R[0]!.id, A1.id]);
    expect(ids(await served(t.gremio, { ...inA(), sortBy: "admin" }))).toEqual([A1.id, A2.id, R[0]!.id]);
    expect(ids(await served(t.gremio, { ...inA(), sortBy: "admin", sortDesc: "DESC" }))).toEqual([
      R[0]!.id,
      A2.id,
      A1.id,
    ]);
    const second = (await served(t.gremio, { ...inA(), limit: 2, page: 2 })).json();
    expect(second).toMatchObject({ data: [{ id: R[0]!.id }], count: 3, pagination: { count: 3, page: 2, limit: 2 } });
    expectError(await served(t.gremio, { ...inA(), sortBy: "providers" }), 400, ErrorKey.invalidInput);
  });

  it("is the provider's only; 401 without a session", async () => {
    await refusedTo(["master", "superadmin", "sat", "colegio", "administrador", "portero"], (token, w) =>
      served(token, bodyFor(w)),
    );
    expectError(await served(undefined, inA()), 401, ErrorKey.unauthorized);
  });
});

describe("one community (companies/fincas/view/:id)", () => {
  const A2_VIEW = () => ({
    id: A2.id,
    name: "Comunidad Calle Toledo 5",
    cif: "H28000002",
    email: "toledo5@comunidad.test",
    person: "Ana Ruiz",
    tfn: "910000055",
    address: "Calle Toledo 5",
    city: "Madrid",
    country: "Madrid",
    postcode: "28005",
    colegio_id: A.id,
    owner: admin.id,
    admin: ADMIN_NAME,
    proveedores_count: 4,
    porteros_count: 2,
    editable: true,
    menu: {
      provider_bound_docs: false,
      porter_docs: false,
      lopd_docs: false,
      pending_read: false,
      pending_read_providers: false,
    },
  });

  it("shows its administrator the data, counts and what it may do", async () => {
    for (const colgId of [A.id, undefined]) {
      const res = await view(t.administrador, A2.id, colgId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true, finca: A2_VIEW() });
    }
    const a4 = (await view(t.administrador, A4.id, A.id)).json().finca;
    expect(a4).toMatchObject({ proveedores_count: 0, porteros_count: 0, email: null, person: null, postcode: null });
    expect((await view(t.administrador, AB.id, B.id)).json().finca).toMatchObject({ colegio_id: B.id, editable: true });
  });

  it("shows the provider, the porter and the colegio the same community, read-only", async () => {
    for (const [who, colgId] of [
      ["gremio", A.id],
      ["P2", A.id],
      ["portero", undefined],
      ["portero", A.id],
      ["conserje", undefined],
      ["colegio", undefined],
    ] as const) {
      const res = await view(t[who], A2.id, colgId);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.json(), who).toEqual({ result: true, finca: { ...A2_VIEW(), editable: false } });
    }
    expect((await view(t.gremio, B1.id, B.id)).json().finca).toMatchObject({ id: B1.id, proveedores_count: 2 });
    expect((await view(t.colegioB, B1.id)).json().finca).toMatchObject({ id: B1.id, editable: false });
    expect((await view(t.colegioB, AB.id)).json().finca).toMatchObject({ id: AB.id, owner: admin.id });
  });

  it("refuses, with 403 and no data, whoever has no business with the community", async () => {
    const refusals: [Who, number, number | undefined][] = [
      // another administrator's community, of its colegio or not
      ["admin2", A2.id, A.id],
      ["admin2", A1.id, undefined],
      ["adminB", A2.id, undefined],
      ["adminB", AB.id, B.id],
      ["administrador", G1.id, A.id],
      ["administrador", B1.id, B.id],
      // its own community with colegio B chosen
      ["administrador", A2.id, B.id],
      // its own community, its membership of the colegio deactivated
      ["adminGone", G1.id, undefined],
      ["adminGone", G1.id, B.id],
      // a provider: a community whose link was removed, one it never served, one of another colegio chosen
      ["gremio", A4.id, A.id],
      ["gremio", G1.id, A.id],
      ["gremio", A1.id, B.id],
      ["gremio", B1.id, A.id],
      // a provider deactivated in the colegio
      ["P3", A2.id, undefined],
      ["P3", A2.id, B.id],
      // a porter of another community, and one whose link was removed
      ["portero", A4.id, undefined],
      ["conserje", A1.id, undefined],
      ["antiguo", A2.id, undefined],
      // another colegio's community
      ["colegio", B1.id, undefined],
      ["colegioB", A2.id, undefined],
      // roles that see no community
      ["master", A2.id, undefined],
      ["superadmin", A2.id, undefined],
      ["sat", A2.id, undefined],
    ];
    for (const [who, id, colgId] of refusals) {
      const res = await view(t[who], id, colgId);
      expect(res.statusCode, `${who} → ${id}: ${res.body}`).toBe(403);
      expect(res.json(), `${who} → ${id}`).toEqual({ result: false, error: ErrorKey.forbidden });
    }
  });

  it("answers 404 for an erased or missing community, 400 for a bad id, 401 without a session", async () => {
    expectError(await view(t.administrador, A3.id, A.id), 404, ErrorKey.notFound);
    expectError(await view(t.gremio, A3.id, A.id), 404, ErrorKey.notFound);
    expectError(await view(t.colegio, A3.id), 404, ErrorKey.notFound);
    expectError(await view(t.administrador, 999_999, A.id), 404, ErrorKey.notFound);
    expectError(await get(t.administrador, "/companies/fincas/view/abc"), 400, ErrorKey.invalidInput);
    expectError(await get(t.administrador, "/companies/fincas/view/0"), 400, ErrorKey.invalidInput);
    // A stranger cannot tell a deleted community from a live one: both answer 403.
    expectError(await view(t.admin2, A3.id, A.id), 403, ErrorKey.forbidden);
    expectError(await view(t.admin2, A2.id, A.id), 403, ErrorKey.forbidden);
    // Beyond a PostgreSQL integer no colegio or record has the id: refused before any query, never a 500.
    expectError(await post(t.administrador, "/companies/fincas/index", { colg_id: 3e9 }), 400, ErrorKey.invalidInput);
    expectError(await get(t.administrador, "/companies/fincas/view/99999999999"), 400, ErrorKey.invalidInput);
    expectError(await view(undefined, A2.id), 401, ErrorKey.unauthorized);
  });
});

describe("adding a community (companies/fincas/add)", () => {
  const add = (token: string | undefined, body: object) => post(token, "/companies/fincas/add", body);

  it("creates the administrator's community in the chosen colegio, listed and viewable at once", async () => {
    const res = await add(t.administrador, { ...inA(), name: "  Comunidad Calle Alcalá 100 ", cif: " h-28.200 001 " });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    expect(res.json()).toEqual({ result: true, data: { id: expect.any(Number) } });
    expect(await row(id)).toMatchObject({
      colegioId: A.id,
      adminCompanyId: admin.id,
      name: "Comunidad Calle Alcalá 100",
      cif: "h-28.200 001",
      cifNorm: "H28200001",
      erased: false,
      email: null,
    });
    const listed = (await list(t.administrador, { ...inA(), filter: "alcalá" })).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ id, name: "Comunidad Calle Alcalá 100", proveedores_count: 0, porteros_count: 0 }),
    ]);
    expect((await view(t.administrador, id, A.id)).json().finca).toMatchObject({
      id,
      editable: true,
      admin: ADMIN_NAME,
    });
    // In colegio B the same administrator adds to B.
    const inB = await add(t.administrador, { colg_id: B.id, name: "Comunitat Gràcia 3", cif: "H08200003" });
    expect((await row(inB.json().data.id)).colegioId).toBe(B.id);
  });

  it("refuses a tax id taken by any live community of the platform, compared normalized", async () => {
    for (const cif of ["H28000002", "h-28.000.002", " H 28000002 ", "H08000001", "h28100011"]) {
      expectError(await add(t.administrador, { ...inA(), name: "Duplicada", cif }), 409, ErrorKey.fincaCifTaken);
    }
    expectError(await add(t.admin2, { ...inA(), name: "Duplicada", cif: "H28123456" }), 409, ErrorKey.fincaCifTaken);
    const [counted] = await queryRows<{ n: string | number }>(
      db(),
      sql`select count(*) as n from communities where name = 'Duplicada'`,
    );
    expect(Number(counted!.n)).toBe(0);
  });

  it("reuses the tax id of an erased community", async () => {
    const res = await add(t.admin2, { ...inA(), name: "Comunidad Calle Atocha 1 (nueva)", cif: "H28000003" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(res.json().data.id)).toMatchObject({
      adminCompanyId: admin2.id,
      cifNorm: "H28000003",
      erased: false,
    });
    expect(await row(A3.id)).toMatchObject({ erased: true, cifNorm: "H28000003" });
  });

  it("creates one community when the same tax id is added twice at once", async () => {
    const body = { ...inA(), name: "Comunidad Simultánea", cif: "H28300003" };
    const answers = await Promise.all([add(t.administrador, body), add(t.administrador, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ result: false, error: ErrorKey.fincaCifTaken });
    const rows = await db().select().from(communities).where(eq(communities.cifNorm, "H28300003"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(answers.find((r) => r.statusCode === 200)!.json().data.id);
  });

  it.each([
    [{ cif: "H28400001" }, ValidationKey.nameRequired],
    [{ name: "", cif: "H28400001" }, ValidationKey.nameRequired],
    [{ name: "   ", cif: "H28400001" }, ValidationKey.nameRequired],
    [{ name: 7, cif: "H28400001" }, ValidationKey.nameRequired],
    [{ name: "x".repeat(201), cif: "H28400001" }, ValidationKey.nameRequired],
    [{ name: "Sin CIF" }, ValidationKey.cifInvalid],
    [{ name: "Sin CIF", cif: "" }, ValidationKey.cifInvalid],
    [{ name: "Sin CIF", cif: "H".repeat(21) }, ValidationKey.cifInvalid],
    // only separators: nothing left once normalized
    [{ name: "Sin CIF", cif: "-. -" }, ValidationKey.cifInvalid],
  ])("refuses %j with %s", async (body, key) => {
    expectError(await add(t.administrador, { ...inA(), ...body }), 400, key);
  });

  it("is the administrator's only, in a colegio it works in", async () => {
    const body = { name: "Prohibida", cif: "H28500005" };
    await refusedTo(["master", "superadmin", "sat", "colegio", "gremio", "portero"], (token, w) =>
      add(token, { ...bodyFor(w), ...body }),
    );
    expectError(await add(t.administrador, body), 403, ErrorKey.colegioForbidden);
    expectError(await add(t.admin2, { ...body, colg_id: B.id }), 403, ErrorKey.colegioForbidden);
    expectError(await add(t.adminGone, { ...body, colg_id: A.id }), 403, ErrorKey.colegioForbidden);
    expectError(await add(undefined, { ...body, ...inA() }), 401, ErrorKey.unauthorized);
    const rows = await db().select().from(communities).where(eq(communities.cifNorm, "H28500005"));
    expect(rows).toEqual([]);
  });
});

describe("registering a community with its contact data (companies/fincas/register)", () => {
  const register = (token: string | undefined, body: object) => post(token, "/companies/fincas/register", body);
  const FULL = {
    email: "serrano20@comunidad.test",
    company_name: "Comunidad Calle Serrano 20",
    cif: "H28600006",
    company_data: {
      cif: "H28600006",
      person: "Pedro Gil",
      tfn: "910000066",
      address: "Calle Serrano 20",
      city: "Madrid",
      country: "Madrid",
      postcode: "28001",
      mail: "presidente@serrano20.test",
    },
  };

  it("stores every field; the contact e-mail is company_data.mail, or email without it", async () => {
    const res = await register(t.administrador, { ...inA(), ...FULL });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    expect((await view(t.administrador, id, A.id)).json()).toEqual({
      result: true,
      finca: {
        id,
        name: "Comunidad Calle Serrano 20",
        cif: "H28600006",
        email: "presidente@serrano20.test",
        person: "Pedro Gil",
        tfn: "910000066",
        address: "Calle Serrano 20",
        city: "Madrid",
        country: "Madrid",
        postcode: "28001",
        colegio_id: A.id,
        owner: admin.id,
        admin: ADMIN_NAME,
        proveedores_count: 0,
        porteros_count: 0,
        editable: true,
        menu: {
          provider_bound_docs: false,
          porter_docs: false,
          lopd_docs: false,
          pending_read: false,
          pending_read_providers: false,
        },
      },
    });
    const { mail: _mail, ...withoutMail } = FULL.company_data;
    const second = await register(t.administrador, {
      ...inA(),
      ...FULL,
      company_name: "Comunidad Calle Serrano 22",
      cif: "H28600007",
      company_data: withoutMail,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await row(second.json().data.id)).toMatchObject({ email: "serrano20@comunidad.test", cifNorm: "H28600007" });
  });

  it("refuses a taken tax id", async () => {
    expectError(await register(t.administrador, { ...inA(), ...FULL, cif: "h28000002" }), 409, ErrorKey.fincaCifTaken);
  });

  const data = (over: object) => ({ ...FULL, cif: "H28700007", company_data: { ...FULL.company_data, ...over } });
  const without = (key: keyof typeof FULL.company_data) => {
    const { [key]: _gone, ...rest } = FULL.company_data;
    return { ...FULL, cif: "H28700007", company_data: rest };
  };
  it.each([
    ["no e-mail", () => ({ ...FULL, email: undefined }), ValidationKey.emailFormat],
    ["a bad e-mail", () => ({ ...FULL, email: "serrano20" }), ValidationKey.emailFormat],
    ["a bad contact e-mail", () => data({ mail: "presidente@" }), ValidationKey.emailFormat],
    ["no name", () => ({ ...FULL, company_name: " " }), ValidationKey.nameRequired],
    ["no tax id", () => ({ ...FULL, cif: "" }), ValidationKey.cifInvalid],
    ["no contact person", () => without("person"), ValidationKey.required],
    ["a blank phone", () => data({ tfn: "  " }), ValidationKey.required],
    ["no address", () => without("address"), ValidationKey.required],
    ["no municipality", () => without("city"), ValidationKey.required],
    ["no province", () => without("country"), ValidationKey.required],
    ["no postcode", () => without("postcode"), ValidationKey.postcode],
    ["a postcode of 4", () => data({ postcode: "2800" }), ValidationKey.postcode],
    ["a postcode of 6", () => data({ postcode: "280010" }), ValidationKey.postcode],
    ["an empty postcode", () => data({ postcode: "" }), ValidationKey.postcode],
    ["no company_data", () => ({ ...FULL, company_data: undefined }), ErrorKey.invalidInput],
  ])("refuses %s", async (_label, body, key) => {
    expectError(await register(t.administrador, { ...inA(), ...body() }), 400, key);
    expect(await db().select().from(communities).where(eq(communities.cifNorm, "H28700007"))).toEqual([]);
  });

  it("is the administrator's only", async () => {
    await refusedTo(["master", "superadmin", "sat", "colegio", "gremio", "portero"], (token, w) =>
      register(token, { ...bodyFor(w), ...FULL, cif: "H28800008" }),
    );
    expectError(await register(t.administrador, { ...FULL, cif: "H28800008" }), 403, ErrorKey.colegioForbidden);
    expectError(await register(undefined, { ...inA(), ...FULL, cif: "H28800008" }), 401, ErrorKey.unauthorized);
  });
});

describe("editing a community (companies/fincas/update)", () => {
  const update = (token: string | undefined, body: object) => post(token, "/companies/fincas/update", body);
  let E: Community;
  beforeAll(async () => {
    E = await community(A.id, admin.id, "Comunidad Calle Goya 7", "H28900009", "2024-05-01", {
      email: "goya7@comunidad.test",
      contactPerson: "Luis Mora",
      phone: "910000077",
      address: "Calle Goya 7",
      city: "Madrid",
      province: "Madrid",
      postcode: "28009",
    });
  });
  freshWorldForEachTest(() => ctx);

  it("writes only the fields sent and leaves the rest as they were", async () => {
    const before = await row(E.id);
    const res = await update(t.administrador, { ...inA(), id: E.id, name: "Comunidad Calle Goya 7 bis" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true });
    expect(await row(E.id)).toEqual({ ...before, name: "Comunidad Calle Goya 7 bis" });

    const more = await update(t.administrador, {
      ...inA(),
      id: String(E.id),
      name: " Comunidad Calle Goya 7 ",
      company_data: { email: " junta@goya7.test ", tfn: "" },
    });
    expect(more.statusCode, more.body).toBe(200);
    // An empty field is cleared; unsent ones stay.
    expect(await row(E.id)).toEqual({ ...before, email: "junta@goya7.test", phone: null });

    const all = await update(t.administrador, {
      ...inA(),
      id: E.id,
      name: "Comunidad Calle Goya 7",
      cif: "h-28.900.009",
      company_data: {
        email: "",
        person: "Marta Sanz",
        tfn: "910000078",
        address: "Calle Goya 7, bajo",
        city: "Alcobendas",
        country: "Madrid",
        postcode: "",
      },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await row(E.id)).toEqual({
      ...before,
      cif: "h-28.900.009",
      cifNorm: "H28900009",
      email: null,
      contactPerson: "Marta Sanz",
      phone: "910000078",
      address: "Calle Goya 7, bajo",
      city: "Alcobendas",
      postcode: null,
    });
    expect((await view(t.administrador, E.id, A.id)).json().finca).toMatchObject({
      cif: "h-28.900.009",
      email: null,
      person: "Marta Sanz",
      city: "Alcobendas",
      postcode: null,
    });
    const back = await update(t.administrador, {
      ...inA(),
      id: E.id,
      name: "Comunidad Calle Goya 7",
      cif: "H28900009",
      company_data: { postcode: "28009" },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await row(E.id)).toMatchObject({ cif: "H28900009", postcode: "28009" });
  });

  it("refuses a tax id another live community holds", async () => {
    const before = await row(E.id);
    for (const cif of ["H28000002", "h08000001"]) {
      expectError(
        await update(t.administrador, { ...inA(), id: E.id, name: "Goya", cif }),
        409,
        ErrorKey.fincaCifTaken,
      );
    }
    expect(await row(E.id)).toEqual(before);
    expectError(
      await update(t.administrador, { ...inA(), id: E.id, name: "Goya", cif: ".-" }),
      400,
      ValidationKey.cifInvalid,
    );
  });

  it.each([
    [{ name: undefined }, ValidationKey.nameRequired],
    [{ name: "" }, ValidationKey.nameRequired],
    [{ name: "  " }, ValidationKey.nameRequired],
    [{ cif: "" }, ValidationKey.cifInvalid],
    [{ cif: "H".repeat(21) }, ValidationKey.cifInvalid],
    [{ company_data: { email: "junta" } }, ValidationKey.emailFormat],
    [{ company_data: { email: "junta@goya" } }, ValidationKey.emailFormat],
    [{ company_data: { postcode: "2800" } }, ValidationKey.postcodeOptional],
    [{ company_data: { postcode: "280090" } }, ValidationKey.postcodeOptional],
    [{ id: "abc" }, ErrorKey.invalidInput],
    [{ id: 0 }, ErrorKey.invalidInput],
    [{ id: undefined }, ErrorKey.invalidInput],
  ])("refuses %j with %s and changes nothing", async (over, key) => {
    const before = await row(E.id);
    expectError(await update(t.administrador, { ...inA(), id: E.id, name: "Cambiada", ...over }), 400, key);
    expect(await row(E.id)).toEqual(before);
  });

  it("refuses, with 403 and nothing written, whoever does not administer the community", async () => {
    const before = await row(A2.id);
    const body = { id: A2.id, name: "Secuestrada" };
    await refusedTo(["master", "superadmin", "sat", "colegio", "gremio", "portero"], (token, w) =>
      update(token, { ...bodyFor(w), ...body }),
    );
    expectError(await update(t.admin2, { ...inA(), ...body }), 403, ErrorKey.forbidden);
    expectError(await update(t.adminB, body), 403, ErrorKey.forbidden);
    expectError(await update(t.administrador, { ...body, colg_id: B.id }), 403, ErrorKey.forbidden);
    expectError(await update(t.adminGone, { id: G1.id, name: "Secuestrada" }), 403, ErrorKey.forbidden);
    expectError(await update(undefined, { ...inA(), ...body }), 401, ErrorKey.unauthorized);
    expect(await row(A2.id)).toEqual(before);
    expect((await row(G1.id)).name).toBe("Comunidad Calle Baja 3");
  });

  it("answers 404 for an erased or missing community", async () => {
    expectError(await update(t.administrador, { ...inA(), id: A3.id, name: "Resucitada" }), 404, ErrorKey.notFound);
    expectError(await update(t.administrador, { ...inA(), id: 999_999, name: "Nadie" }), 404, ErrorKey.notFound);
    expect((await row(A3.id)).name).toBe("Comunidad Calle Atocha 1");
  });
});

describe("deleting a community (companies/fincas/delete/:id)", () => {
  const erase = (token: string | undefined, id: number | string, colgId?: number) =>
    post(token, `/companies/fincas/delete/${id}`, colgId === undefined ? {} : { colg_id: colgId });

  it("erases it softly: the row, its links and porters stay; it leaves lists, counts and views", async () => {
    const D = await community(A.id, admin.id, "Comunidad Calle Velázquez 9", "H28990009", "2024-06-01");
    await ensureProviderLink(db(), D.id, P1.id);
    await ensurePorterLink(db(), D.id, ctx.seed.porter.id);
    const before = (await served(t.gremio, inA())).json().count;
    expect(ids(await list(t.administrador, { ...inA(), filter: "velázquez" }))).toEqual([D.id]);

    const res = await erase(t.administrador, D.id, A.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true });
    expect(await row(D.id)).toMatchObject({
      id: D.id,
      erased: true,
      name: "Comunidad Calle Velázquez 9",
      cifNorm: "H28990009",
    });
    const links = await db().select().from(communityProviders).where(eq(communityProviders.communityId, D.id));
    expect(links.map((l) => [l.providerCompanyId, l.erased])).toEqual([[P1.id, false]]);
    const porters = await db().select().from(communityPorters).where(eq(communityPorters.communityId, D.id));
    expect(porters.map((p) => p.erased)).toEqual([false]);

    expect(ids(await list(t.administrador, { ...inA(), filter: "velázquez" }))).toEqual([]);
    expect(ids(await list(t.colegio, { filter: "velázquez" }))).toEqual([]);
    expect((await served(t.gremio, inA())).json().count).toBe(before - 1);
    expectError(await view(t.administrador, D.id, A.id), 404, ErrorKey.notFound);
    expectError(await view(t.gremio, D.id, A.id), 404, ErrorKey.notFound);

    // A second time: 409 'Ya está borrada'.
    expectError(await erase(t.administrador, D.id, A.id), 409, ErrorKey.fincaAlreadyErased);
    // Its tax id is free again.
    const again = await post(t.administrador, "/companies/fincas/add", {
      ...inA(),
      name: "Velázquez 9",
      cif: "H28990009",
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("erases one community once when two deletes arrive together", async () => {
    const D = await community(A.id, admin.id, "Comunidad Calle Ayala 4", "H28990004", "2024-06-02");
    const answers = await Promise.all([erase(t.administrador, D.id, A.id), erase(t.administrador, D.id, A.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await row(D.id)).erased).toBe(true);
  });

  it("refuses, with 403 and nothing erased, whoever does not administer it", async () => {
    await refusedTo(["master", "superadmin", "sat", "colegio", "gremio", "portero"], (token, w) =>
      erase(token, A2.id, bodyFor(w).colg_id),
    );
    expectError(await erase(t.admin2, A2.id, A.id), 403, ErrorKey.forbidden);
    expectError(await erase(t.adminB, A2.id), 403, ErrorKey.forbidden);
    expectError(await erase(t.administrador, A2.id, B.id), 403, ErrorKey.forbidden);
    expectError(await erase(t.adminGone, G1.id), 403, ErrorKey.forbidden);
    // Another administrator's erased community is not its business either.
    expectError(await erase(t.admin2, A3.id, A.id), 403, ErrorKey.forbidden);
    expectError(await erase(undefined, A2.id, A.id), 401, ErrorKey.unauthorized);
    expect((await row(A2.id)).erased).toBe(false);
    expect((await row(G1.id)).erased).toBe(false);
  });

  it("answers 404 for a missing community and 400 for a bad id", async () => {
    expectError(await erase(t.administrador, 999_999, A.id), 404, ErrorKey.notFound);
    expectError(await erase(t.administrador, "abc", A.id), 400, ErrorKey.invalidInput);
    expectError(await erase(t.administrador, A3.id, A.id), 409, ErrorKey.fincaAlreadyErased);
  });
});
