import { ErrorKey, PAGE_SIZE, Role, ValidationKey } from "@coordina/domain";
import { and, eq } from "drizzle-orm";
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
import { colegioMembers, communities, communityProviders, companies } from "../../db/schema/index.js";
import {
  type CompanyInput,
  ensureCommunity,
  type ensureCompany,
  ensureMembership,
  ensureProviderLink,
} from "../../db/seed/builders.js";

/**
 * The providers of a community through HTTP, on a world of two colegios:
 *
 * - colegio A (the demo colegio): the demo administrator (also a member of B) and 'Gestiones Retiro'
 *   (admin2); providers P1 (demo, also in B), P2, P3 (deactivated in A), P5 (company erased), P6 (serves
 *   nothing) and nine 'Proveedor Paginado' that serve C9;
 * - colegio B: its administrator 'Diagonal' (B1) and the demo administrator's AB; P4 is a member of B only.
 *
 * The demo administrator's A2 has P1, P2, P3 and P5 live and P4's link removed; A3 is erased; A4's only
 * link (P1's) was removed. admin2's R1 is served by P2.
 */
let ctx: TestContext;
const db = () => ctx.database.db;

type Company = Awaited<ReturnType<typeof ensureCompany>>;
type Community = Awaited<ReturnType<typeof ensureCommunity>>;
let A: Company;
let B: Company;
let admin: Company;
let admin2: Company;
let P1: Company;
let P2: Company;
let P3: Company;
let P4: Company;
let P5: Company;
let P6: Company;
const paged: Company[] = [];
let A1: Community;
let A2: Community;
let A3: Community;
let A4: Community;
let C9: Community;
let R1: Community;
let B1: Community;
let AB: Community;

type Who = keyof typeof DEMO_ACCOUNTS | "colegioB" | "superadmin" | "sat" | "admin2" | "adminB";
const t = {} as Record<Who, string>;

const company = (colegios: number[], input: CompanyInput, email?: string) =>
  ensureMemberCompany(db(), colegios, input, email);

const community = (colegioId: number, adminCompanyId: number, name: string, cif: string) =>
  ensureCommunity(db(), { colegioId, adminCompanyId, name, cif });

/** The link row of a community and a provider, erased or not. */
async function linkOf(communityId: number, providerId: number) {
  const [row] = await db()
    .select()
    .from(communityProviders)
    .where(and(eq(communityProviders.communityId, communityId), eq(communityProviders.providerCompanyId, providerId)));
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ colegio: A, admin, provider: P1, community: A1 } = ctx.seed);

  B = await company(
    [],
    { type: Role.colegio, name: "Colegio de Administradores de Fincas de Barcelona", cif: "Q0863003J" },
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
    { type: Role.administrador, name: "Gestiones Retiro S.L.", cif: "B28000010" },
    "retiro@gestiones.test",
  );
  const adminB = await company(
    [B.id],
    { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001" },
    "diagonal@fincas.test",
  );

  P2 = await company(
    [A.id],
    { type: Role.gremio, name: "Pinturas Sol S.L.", cif: "B10000001", phone: "910000012" },
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
  P4 = await company([B.id], { type: Role.gremio, name: "Electro Norte S.L.", cif: "B20000002" });
  P5 = await company([A.id], { type: Role.gremio, name: "Cerrajeros Cerrados S.L.", cif: "B50000005" });
  await db().update(companies).set({ erased: true }).where(eq(companies.id, P5.id));
  P6 = await company(
    [A.id],
    { type: Role.gremio, name: "Jardines Olivo S.L.", cif: "B60000006" },
    "jardines@olivo.test",
  );

  A2 = await community(A.id, admin.id, "Comunidad Calle Toledo 5", "H28000002");
  A3 = await community(A.id, admin.id, "Comunidad Calle Atocha 1", "H28000003");
  A4 = await community(A.id, admin.id, "Comunidad Calle Prado 2", "H28000004");
  C9 = await community(A.id, admin.id, "Comunidad Paginada 9", "H28000009");
  R1 = await community(A.id, admin2.id, "Residencial Retiro 01", "H28100001");
  B1 = await community(B.id, adminB.id, "Comunitat Carrer Balmes 1", "H08000001");
  AB = await community(B.id, admin.id, "Comunitat Diagonal 2", "H08000002");
  for (const p of [P1, P2, P3, P4, P5]) await ensureProviderLink(db(), A2.id, p.id);
  for (const f of [A3, A4, B1]) await ensureProviderLink(db(), f.id, P1.id);
  await ensureProviderLink(db(), R1.id, P2.id);
  await ensureProviderLink(db(), B1.id, P4.id);
  for (let i = 1; i <= 9; i++) {
    const p = await company([A.id], { type: Role.gremio, name: `Proveedor Paginado 0${i}`, cif: `B9000000${i}` });
    paged.push(p);
    await ensureProviderLink(db(), C9.id, p.id);
  }
  await db().update(communities).set({ erased: true }).where(eq(communities.id, A3.id));
  for (const [communityId, providerId] of [
    [A4.id, P1.id],
    [A2.id, P4.id],
  ] as const) {
    await db()
      .update(communityProviders)
      .set({ erased: true })
      .where(
        and(eq(communityProviders.communityId, communityId), eq(communityProviders.providerCompanyId, providerId)),
      );
  }

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
  }
  for (const [key, email] of [
    ["colegioB", "colegio-b@coordina.test"],
    ["superadmin", "soporte@coordina.test"],
    ["sat", "sat@coordina.test"],
    ["admin2", "retiro@gestiones.test"],
    ["adminB", "diagonal@fincas.test"],
  ] as const) {
    t[key] = await tokenFor(ctx.app, email);
  }
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
type Res = Awaited<ReturnType<typeof post>>;
const inA = () => ({ colg_id: A.id });
const providersOf = (token: string | undefined, body: object) => post(token, "/companies-providers/index", body);
const providerIds = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { id_provider: number }) => r.id_provider);
};
const add = (token: string | undefined, body: object) => post(token, "/companies-providers/add", body);
const addCif = (token: string | undefined, body: object) => post(token, "/companies-providers/addcif", body);
const unlink = (token: string | undefined, id: number | string, body: object = {}) =>
  post(token, `/companies-providers/delete/${id}`, body);
const pair = (token: string | undefined, body: object) =>
  post(token, "/companies-providers/addfincaproviderpair", body);
const countOf = async (communityId: number) =>
  (await call(ctx.app, "GET", `/companies/fincas/view/${communityId}`, { token: t.administrador })).json().finca
    .proveedores_count as number;

/** Roles no providers route is for, with what they would send. */
const OUTSIDERS: Who[] = ["master", "superadmin", "sat", "gremio", "portero"];
const bodyFor = (who: Who): { colg_id?: number } => (who === "gremio" ? inA() : {});
async function refusedTo(who: Who[], request: (token: string, who: Who) => Promise<Res>) {
  for (const w of who) {
    const res = await request(t[w], w);
    expect(res.statusCode, `${w}: ${res.body}`).toBe(403);
    expect(res.json(), w).toEqual({ result: false, error: ErrorKey.forbidden });
  }
}

describe("the providers of a community (companies-providers/index)", () => {
  const FIGURES = { uploaded_count: 0, upload_must: 0, readed_count: 0, readed_must: 0 };

  it("lists the live links by provider name, with the link id, the provider and whether it is active", async () => {
    const res = await providersOf(t.administrador, { ...inA(), idFinca: A2.id });
    expect(res.statusCode, res.body).toBe(200);
    const link = async (p: Company) => (await linkOf(A2.id, p.id))!.id;
    expect(res.json()).toEqual({
      result: true,
      data: [
        {
          id: await link(P1),
          id_provider: P1.id,
          name: "Ascensores Levante S.L.",
          cif: "B87654321",
          active: true,
          ...FIGURES,
        },
        // an erased company is not active
        {
          id: await link(P5),
          id_provider: P5.id,
          name: "Cerrajeros Cerrados S.L.",
          cif: "B50000005",
          active: false,
          ...FIGURES,
        },
        {
          id: await link(P2),
          id_provider: P2.id,
          name: "Pinturas Sol S.L.",
          cif: "B10000001",
          active: true,
          ...FIGURES,
        },
        // deactivated in the colegio: listed, not active
        {
          id: await link(P3),
          id_provider: P3.id,
          name: "Zeta Limpiezas S.L.",
          cif: "B30000003",
          active: false,
          ...FIGURES,
        },
      ],
      // P4's link was removed
      count: 4,
      pagination: { count: 4, page: 1, limit: PAGE_SIZE.communityProviders },
    });
    expect(PAGE_SIZE.communityProviders).toBe(8);
  });

  it("shows the colegio the same list; a link to a non-member is not active", async () => {
    const asColegio = await providersOf(t.colegio, { idFinca: A2.id });
    expect(asColegio.json()).toEqual((await providersOf(t.administrador, { ...inA(), idFinca: A2.id })).json());
    const b1 = (await providersOf(t.colegioB, { idFinca: B1.id })).json();
    expect(b1.data.map((r: { id_provider: number; active: boolean }) => [r.id_provider, r.active])).toEqual([
      [P1.id, true],
      [P4.id, true],
    ]);
    expect(providerIds(await providersOf(t.administrador, { colg_id: B.id, idFinca: AB.id }))).toEqual([]);
    // A4: its only link was removed.
    expect((await providersOf(t.administrador, { ...inA(), idFinca: A4.id })).json()).toEqual({
      result: true,
      data: [],
      count: 0,
      pagination: { count: 0, page: 1, limit: 8 },
    });
  });

  it("pages 8 by default", async () => {
    const first = (await providersOf(t.administrador, { ...inA(), idFinca: C9.id })).json();
    expect(first.data.map((r: { id_provider: number }) => r.id_provider)).toEqual(paged.slice(0, 8).map((p) => p.id));
    expect(first.pagination).toEqual({ count: 9, page: 1, limit: 8 });
    const second = (await providersOf(t.administrador, { ...inA(), idFinca: C9.id, page: 2 })).json();
    expect(second.data.map((r: { id_provider: number }) => r.id_provider)).toEqual([paged[8]!.id]);
    expect(second).toMatchObject({ count: 9, pagination: { count: 9, page: 2, limit: 8 } });
    const small = (await providersOf(t.administrador, { ...inA(), idFinca: C9.id, limit: 4, page: 3 })).json();
    expect(small.data.map((r: { id_provider: number }) => r.id_provider)).toEqual([paged[8]!.id]);
  });

  it("searches name and CIF, and sorts both ways", async () => {
    const list = (body: object) => providersOf(t.administrador, { ...inA(), idFinca: A2.id, ...body });
    expect(providerIds(await list({ filter: "ZETA" }))).toEqual([P3.id]);
    expect(providerIds(await list({ filter: "b1000" }))).toEqual([P2.id]);
    expect(providerIds(await list({ filter: "s.l." }))).toEqual([P1.id, P5.id, P2.id, P3.id]);
    expect(providerIds(await list({ filter: "%" }))).toEqual([]);
    expect(providerIds(await list({ filter: "electro" }))).toEqual([]);
    expect(providerIds(await list({ sortDesc: "DESC" }))).toEqual([P3.id, P2.id, P5.id, P1.id]);
    expect(providerIds(await list({ sortBy: "cif" }))).toEqual([P2.id, P3.id, P5.id, P1.id]);
    expect(providerIds(await list({ sortBy: "cif", sortDesc: "DESC" }))).toEqual([P1.id, P5.id, P3.id, P2.id]);
    // Every figure is 0 today: the tie-break (provider id) in the sort's direction.
    for (const sortBy of ["uploaded", "read"]) {
      expect(providerIds(await list({ sortBy }))).toEqual([P1.id, P2.id, P3.id, P5.id]);
      expect(providerIds(await list({ sortBy, sortDesc: "DESC" }))).toEqual([P5.id, P3.id, P2.id, P1.id]);
    }
    expectError(await list({ sortBy: "providers" }), 400, ErrorKey.invalidInput);
  });

  it("refuses, with 403 and no data, whoever may not see the community's providers", async () => {
    await refusedTo([...OUTSIDERS], (token, w) => providersOf(token, { ...bodyFor(w), idFinca: A2.id }));
    for (const [who, body] of [
      ["admin2", { ...inA(), idFinca: A2.id }],
      ["adminB", { idFinca: A2.id }],
      ["administrador", { colg_id: B.id, idFinca: A2.id }],
      ["administrador", { ...inA(), idFinca: R1.id }],
      ["administrador", { colg_id: B.id, idFinca: B1.id }],
      ["colegioB", { idFinca: A2.id }],
      ["colegio", { idFinca: B1.id }],
    ] as const) {
      expectError(await providersOf(t[who], body), 403, ErrorKey.forbidden);
    }
  });

  it("answers 404 for an erased or missing community, 400 for a bad one, 401 without a session", async () => {
    expectError(await providersOf(t.administrador, { ...inA(), idFinca: A3.id }), 404, ErrorKey.notFound);
    expectError(await providersOf(t.colegio, { idFinca: A3.id }), 404, ErrorKey.notFound);
    expectError(await providersOf(t.administrador, { ...inA(), idFinca: 999_999 }), 404, ErrorKey.notFound);
    for (const idFinca of ["abc", 0, -3, 2_147_483_648, undefined]) {
      expectError(await providersOf(t.administrador, { ...inA(), idFinca }), 400, ErrorKey.invalidInput);
    }
    expectError(await providersOf(undefined, { ...inA(), idFinca: A2.id }), 401, ErrorKey.unauthorized);
  });
});

describe("the provider picker of a community (admin-fincas/providersActivities with id_finca)", () => {
  const picker = (token: string | undefined, body: object) =>
    post(token, "/companies/admin-fincas/providersActivities", body);
  const inFinca = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      res.json().data.map((r: { provider_id: number; in_finca?: boolean }) => [r.provider_id, r.in_finca]),
    );
  };

  it("tells, for each active provider of the colegio, whether it already serves the community", async () => {
    const res = await picker(t.administrador, { ...inA(), id_finca: A2.id, limit: 100 });
    expect(res.json().data[0]).toEqual({
      provider_id: P1.id,
      provider_cif: "B87654321",
      provider_name: "Ascensores Levante S.L.",
      provider_email: DEMO_ACCOUNTS.gremio,
      provider_activities: ["Ascensores"],
      provider_tlf: "910000002",
      in_finca: true,
    });
    // Not P3 (deactivated in A), P4 (not in A) nor P5 (erased): the picker offers active providers only.
    expect(inFinca(res)).toEqual({
      [P1.id]: true,
      [P2.id]: true,
      [P6.id]: false,
      ...Object.fromEntries(paged.map((p) => [p.id, false])),
    });
    expect(res.json().count).toBe(12);
    // A4's only link was removed; C9 is served by the nine.
    expect(inFinca(await picker(t.administrador, { ...inA(), id_finca: A4.id, filter: "ascensores" }))).toEqual({
      [P1.id]: false,
    });
    const c9 = inFinca(await picker(t.administrador, { ...inA(), id_finca: C9.id, limit: 100 }));
    expect(c9[paged[0]!.id]).toBe(true);
    expect(c9[P1.id]).toBe(false);
    // The colegio's picker too.
    expect(inFinca(await picker(t.colegio, { id_finca: A2.id, filter: "pinturas" }))).toEqual({ [P2.id]: true });
  });

  it("without id_finca the rows carry no in_finca", async () => {
    const res = await picker(t.administrador, inA());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pagination).toEqual({ count: 12, page: 1, limit: 8 });
    expect(res.json().data).toHaveLength(8);
    for (const r of res.json().data) expect(r).not.toHaveProperty("in_finca");
  });

  it("refuses, with 403 and no data, a community whose providers the caller may not see", async () => {
    for (const [who, body] of [
      ["administrador", { ...inA(), id_finca: R1.id }],
      ["admin2", { ...inA(), id_finca: A2.id }],
      ["administrador", { colg_id: B.id, id_finca: A2.id }],
      ["administrador", { colg_id: B.id, id_finca: B1.id }],
      ["colegio", { id_finca: B1.id }],
      ["colegioB", { id_finca: A2.id }],
    ] as const) {
      expectError(await picker(t[who], body), 403, ErrorKey.forbidden);
    }
    expectError(await picker(t.administrador, { ...inA(), id_finca: A3.id }), 404, ErrorKey.notFound);
    expectError(await picker(t.administrador, { ...inA(), id_finca: 999_999 }), 404, ErrorKey.notFound);
    expectError(await picker(t.administrador, { ...inA(), id_finca: "abc" }), 400, ErrorKey.invalidInput);
  });
});

describe("adding a provider (companies-providers/add)", () => {
  let F: Community;
  beforeAll(async () => {
    F = await community(A.id, admin.id, "Comunidad Calle Serrano 1", "H28000011");
  });
  freshWorldForEachTest(() => ctx);

  it("links an active provider of the colegio and answers the link", async () => {
    const res = await add(t.administrador, { ...inA(), id_provider: P6.id, id_company: F.id });
    expect(res.statusCode, res.body).toBe(200);
    const link = await linkOf(F.id, P6.id);
    expect(link).toMatchObject({ erased: false });
    expect(res.json()).toEqual({
      result: true,
      data: { id: link!.id, id_provider: P6.id, name: "Jardines Olivo S.L." },
    });
    expect((await providersOf(t.administrador, { ...inA(), idFinca: F.id })).json().data).toEqual([
      expect.objectContaining({ id: link!.id, id_provider: P6.id, active: true }),
    ]);
    expect(await countOf(F.id)).toBe(1);
    // Numbers as strings, as the spec's clients send them.
    const second = await add(t.administrador, { ...inA(), id_provider: String(P2.id), id_company: String(F.id) });
    expect(second.statusCode, second.body).toBe(200);
    expect(await countOf(F.id)).toBe(2);
  });

  it("brings a removed link back with the same id", async () => {
    const removed = (await linkOf(A4.id, P1.id))!;
    expect(removed.erased).toBe(true);
    const res = await add(t.administrador, { ...inA(), id_provider: P1.id, id_company: A4.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: removed.id, id_provider: P1.id, name: "Ascensores Levante S.L." });
    expect(await linkOf(A4.id, P1.id)).toMatchObject({ id: removed.id, erased: false });
    const rows = await db().select().from(communityProviders).where(eq(communityProviders.communityId, A4.id));
    expect(rows).toHaveLength(1);
    expect(providerIds(await providersOf(t.administrador, { ...inA(), idFinca: A4.id }))).toEqual([P1.id]);
    // and the provider sees the community again
    expect((await post(t.gremio, "/companies/fincas/provider", { ...inA(), filter: "prado" })).json().count).toBe(1);
  });

  it("refuses a provider already serving the community", async () => {
    expectError(
      await add(t.administrador, { ...inA(), id_provider: P1.id, id_company: A1.id }),
      409,
      ErrorKey.providerPreviousExists,
    );
    // A provider deactivated in the colegio whose link is live: the colegio check comes first.
    expectError(
      await add(t.administrador, { ...inA(), id_provider: P3.id, id_company: A2.id }),
      409,
      ErrorKey.providerNotInColegio,
    );
  });

  it("adds it once when the same provider is added twice at once", async () => {
    const G = await community(A.id, admin.id, "Comunidad Calle Lista 8", "H28000088");
    const body = { ...inA(), id_provider: P2.id, id_company: G.id };
    const answers = await Promise.all([add(t.administrador, body), add(t.administrador, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      result: false,
      error: ErrorKey.providerPreviousExists,
    });
    expect(await countOf(G.id)).toBe(1);
  });

  it("only adds registered providers (404) that work in the community's colegio (409)", async () => {
    const cases: [() => number, number, string][] = [
      [() => 999_999, 404, ErrorKey.providerNotRegistered],
      // not a provider: an administrator company, a colegio
      [() => admin2.id, 404, ErrorKey.providerNotRegistered],
      [() => A.id, 404, ErrorKey.providerNotRegistered],
      // an erased company
      [() => P5.id, 404, ErrorKey.providerNotRegistered],
      // deactivated in A; a member of B only
      [() => P3.id, 409, ErrorKey.providerNotInColegio],
      [() => P4.id, 409, ErrorKey.providerNotInColegio],
    ];
    for (const [provider, status, key] of cases) {
      expectError(await add(t.administrador, { ...inA(), id_provider: provider(), id_company: F.id }), status, key);
    }
    // In colegio B the members of B are the ones that may be added.
    expectError(
      await add(t.administrador, { colg_id: B.id, id_provider: P2.id, id_company: AB.id }),
      409,
      ErrorKey.providerNotInColegio,
    );
    const inB = await add(t.administrador, { colg_id: B.id, id_provider: P4.id, id_company: AB.id });
    expect(inB.statusCode, inB.body).toBe(200);
    expect(await linkOf(F.id, P4.id)).toBeUndefined();
    expect(await linkOf(F.id, P3.id)).toBeUndefined();
  });

  it("refuses, with 403 and nothing linked, a community the caller does not administer", async () => {
    await refusedTo([...OUTSIDERS, "colegio"], (token, w) =>
      add(token, { ...bodyFor(w), id_provider: P6.id, id_company: A2.id }),
    );
    expectError(await add(t.admin2, { ...inA(), id_provider: P6.id, id_company: A2.id }), 403, ErrorKey.forbidden);
    expectError(await add(t.adminB, { id_provider: P6.id, id_company: A2.id }), 403, ErrorKey.forbidden);
    expectError(
      await add(t.administrador, { ...inA(), id_provider: P6.id, id_company: R1.id }),
      403,
      ErrorKey.forbidden,
    );
    // its own community with another colegio chosen
    expectError(
      await add(t.administrador, { colg_id: B.id, id_provider: P1.id, id_company: A2.id }),
      403,
      ErrorKey.forbidden,
    );
    expect(await linkOf(A2.id, P6.id)).toBeUndefined();
    expect(await linkOf(R1.id, P6.id)).toBeUndefined();
    expectError(await add(undefined, { ...inA(), id_provider: P6.id, id_company: A2.id }), 401, ErrorKey.unauthorized);
  });

  it("answers 404 for an erased or missing community and 400 for bad ids", async () => {
    expectError(
      await add(t.administrador, { ...inA(), id_provider: P6.id, id_company: A3.id }),
      404,
      ErrorKey.notFound,
    );
    expectError(
      await add(t.administrador, { ...inA(), id_provider: P6.id, id_company: 999_999 }),
      404,
      ErrorKey.notFound,
    );
    for (const body of [{ id_provider: "x", id_company: F.id }, { id_provider: P6.id }, { id_company: F.id }]) {
      expectError(await add(t.administrador, { ...inA(), ...body }), 400, ErrorKey.invalidInput);
    }
  });
});

describe("adding a provider by its tax id (companies-providers/addcif)", () => {
  let F: Community;
  beforeAll(async () => {
    F = await community(A.id, admin.id, "Comunidad Calle Serrano 2", "H28000022");
  });
  freshWorldForEachTest(() => ctx);

  it("links the provider of that tax id, written any way", async () => {
    const res = await addCif(t.administrador, { ...inA(), cif: " b-10.000 001 ", id_company: F.id });
    expect(res.statusCode, res.body).toBe(200);
    const link = (await linkOf(F.id, P2.id))!;
    expect(res.json()).toEqual({ result: true, data: { id: link.id, id_provider: P2.id, name: "Pinturas Sol S.L." } });
    expect(providerIds(await providersOf(t.administrador, { ...inA(), idFinca: F.id }))).toEqual([P2.id]);
    expectError(
      await addCif(t.administrador, { ...inA(), cif: "B10000001", id_company: F.id }),
      409,
      ErrorKey.providerPreviousExists,
    );
  });

  it.each([
    ["an unknown tax id", "B99999999", 404, ErrorKey.providerNotRegistered],
    ["only separators", "-.-", 404, ErrorKey.providerNotRegistered],
    ["an administrator's tax id", "B28000010", 404, ErrorKey.providerNotRegistered],
    ["a community's tax id", "H28000002", 404, ErrorKey.providerNotRegistered],
    ["an erased provider", "B50000005", 404, ErrorKey.providerNotRegistered],
    ["a provider deactivated in the colegio", "B30000003", 409, ErrorKey.providerNotInColegio],
    ["a provider of another colegio", "b20000002", 409, ErrorKey.providerNotInColegio],
    ["an empty tax id", "", 400, ValidationKey.cifInvalid],
    ["a blank tax id", "   ", 400, ValidationKey.cifInvalid],
    ["a tax id too long", "B".repeat(21), 400, ValidationKey.cifInvalid],
  ])("refuses %s", async (_label, cif, status, key) => {
    expectError(await addCif(t.administrador, { ...inA(), cif, id_company: F.id }), status, key);
    expect(await countOf(F.id)).toBe(0);
  });

  it("refuses, with 403, a community the caller does not administer; 404 an erased one", async () => {
    await refusedTo([...OUTSIDERS, "colegio"], (token, w) =>
      addCif(token, { ...bodyFor(w), cif: "B60000006", id_company: A2.id }),
    );
    expectError(await addCif(t.admin2, { ...inA(), cif: "B60000006", id_company: A2.id }), 403, ErrorKey.forbidden);
    expectError(
      await addCif(t.administrador, { colg_id: B.id, cif: "B60000006", id_company: A2.id }),
      403,
      ErrorKey.forbidden,
    );
    expectError(
      await addCif(t.administrador, { ...inA(), cif: "B60000006", id_company: A3.id }),
      404,
      ErrorKey.notFound,
    );
    expectError(await addCif(undefined, { ...inA(), cif: "B60000006", id_company: A2.id }), 401, ErrorKey.unauthorized);
    expect(await linkOf(A2.id, P6.id)).toBeUndefined();
  });
});

describe("removing a provider (companies-providers/delete/:id)", () => {
  let F: Community;
  beforeAll(async () => {
    F = await community(A.id, admin.id, "Comunidad Calle Serrano 3", "H28000033");
    await ensureProviderLink(db(), F.id, P2.id);
    await ensureProviderLink(db(), F.id, P6.id);
  });
  freshWorldForEachTest(() => ctx);

  it("removes the link softly; added again, the provider gets the same link back", async () => {
    const link = (await linkOf(F.id, P2.id))!;
    const res = await unlink(t.administrador, link.id, inA());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true });
    expect(await linkOf(F.id, P2.id)).toMatchObject({ id: link.id, erased: true });
    expect(providerIds(await providersOf(t.administrador, { ...inA(), idFinca: F.id }))).toEqual([P6.id]);
    expect(await countOf(F.id)).toBe(1);
    // A second time: the link is gone.
    expectError(await unlink(t.administrador, link.id, inA()), 404, ErrorKey.notFound);

    const again = await addCif(t.administrador, { ...inA(), cif: "B10000001", id_company: F.id });
    expect(again.json().data.id).toBe(link.id);
    expect(await linkOf(F.id, P2.id)).toMatchObject({ id: link.id, erased: false });
    expect(await countOf(F.id)).toBe(2);
  });

  it("refuses, with 403 and nothing removed, whoever does not administer the community", async () => {
    const link = (await linkOf(F.id, P6.id))!;
    await refusedTo([...OUTSIDERS, "colegio"], (token, w) => unlink(token, link.id, bodyFor(w)));
    expectError(await unlink(t.admin2, link.id, inA()), 403, ErrorKey.forbidden);
    expectError(await unlink(t.adminB, link.id), 403, ErrorKey.forbidden);
    expectError(await unlink(t.administrador, link.id, { colg_id: B.id }), 403, ErrorKey.forbidden);
    const r1 = (await linkOf(R1.id, P2.id))!;
    expectError(await unlink(t.administrador, r1.id, inA()), 403, ErrorKey.forbidden);
    expectError(await unlink(undefined, link.id, inA()), 401, ErrorKey.unauthorized);
    expect(await linkOf(F.id, P6.id)).toMatchObject({ erased: false });
    expect(await linkOf(R1.id, P2.id)).toMatchObject({ erased: false });
  });

  it("answers 404 for a missing link or one of an erased community, 400 for a bad id", async () => {
    expectError(await unlink(t.administrador, 999_999, inA()), 404, ErrorKey.notFound);
    const ofErased = (await linkOf(A3.id, P1.id))!;
    expectError(await unlink(t.administrador, ofErased.id, inA()), 404, ErrorKey.notFound);
    expect(await linkOf(A3.id, P1.id)).toMatchObject({ erased: false });
    const removed = (await linkOf(A2.id, P4.id))!;
    expectError(await unlink(t.administrador, removed.id, inA()), 404, ErrorKey.notFound);
    expectError(await unlink(t.administrador, "abc", inA()), 400, ErrorKey.invalidInput);
  });
});

describe("the pairs import (companies-providers/addfincaproviderpair)", () => {
  let F: Community;
  beforeAll(async () => {
    F = await community(A.id, admin.id, "Comunidad Calle Serrano 4", "H28000044");
  });
  freshWorldForEachTest(() => ctx);

  it("links the administrator's community and the provider by their tax ids", async () => {
    const res = await pair(t.administrador, { ...inA(), cif_finca: "h-28.000.044", cif_provider: " b60000006 " });
    expect(res.statusCode, res.body).toBe(200);
    const link = (await linkOf(F.id, P6.id))!;
    expect(res.json()).toEqual({
      result: true,
      data: { id: link.id, id_provider: P6.id, name: "Jardines Olivo S.L." },
    });
    expect(providerIds(await providersOf(t.administrador, { ...inA(), idFinca: F.id }))).toEqual([P6.id]);
    expectError(
      await pair(t.administrador, { ...inA(), cif_finca: "H28000044", cif_provider: "B60000006" }),
      409,
      ErrorKey.pairExists,
    );
    // In colegio B, its community there.
    const inB = await pair(t.administrador, { colg_id: B.id, cif_finca: "H08000002", cif_provider: "B87654321" });
    expect(inB.statusCode, inB.body).toBe(200);
    expect(await linkOf(AB.id, P1.id)).toMatchObject({ erased: false });
  });

  it.each([
    ["an unknown community", "H99999999", "B60000006", 404, ErrorKey.pairFincaNotFound],
    ["another administrator's community", "H28100001", "B60000006", 404, ErrorKey.pairFincaNotFound],
    ["an erased community", "H28000003", "B60000006", 404, ErrorKey.pairFincaNotFound],
    ["its community of another colegio", "H08000002", "B60000006", 404, ErrorKey.pairFincaNotFound],
    ["a community of colegio B", "H08000001", "B60000006", 404, ErrorKey.pairFincaNotFound],
    ["a provider's tax id as the community", "B60000006", "B60000006", 404, ErrorKey.pairFincaNotFound],
    ["an unknown provider", "H28000044", "B99999999", 404, ErrorKey.pairProviderNotFound],
    ["an erased provider", "H28000044", "B50000005", 404, ErrorKey.pairProviderNotFound],
    ["an administrator as the provider", "H28000044", "B28000010", 404, ErrorKey.pairProviderNotFound],
    ["only separators as the provider", "H28000044", "--", 404, ErrorKey.pairProviderNotFound],
    ["a provider deactivated in the colegio", "H28000044", "B30000003", 409, ErrorKey.providerNotInColegio],
    ["a provider of another colegio", "H28000044", "B20000002", 409, ErrorKey.providerNotInColegio],
    ["an existing pair", "H28000002", "B87654321", 409, ErrorKey.pairExists],
    ["no community tax id", "", "B60000006", 400, ValidationKey.cifInvalid],
    ["no provider tax id", "H28000044", " ", 400, ValidationKey.cifInvalid],
  ])("refuses %s", async (_label, cifFinca, cifProvider, status, key) => {
    expectError(await pair(t.administrador, { ...inA(), cif_finca: cifFinca, cif_provider: cifProvider }), status, key);
    expect(providerIds(await providersOf(t.administrador, { ...inA(), idFinca: F.id }))).toEqual([]);
  });

  it("is the administrator's only, in a chosen colegio", async () => {
    const body = { cif_finca: "H28000044", cif_provider: "B10000001" };
    await refusedTo([...OUTSIDERS, "colegio"], (token, w) => pair(token, { ...bodyFor(w), ...body }));
    expectError(await pair(t.administrador, body), 403, ErrorKey.colegioForbidden);
    expectError(await pair(t.admin2, { ...body, colg_id: B.id }), 403, ErrorKey.colegioForbidden);
    // admin2 does not find the demo administrator's community.
    expectError(await pair(t.admin2, { ...body, ...inA() }), 404, ErrorKey.pairFincaNotFound);
    expectError(await pair(undefined, { ...body, ...inA() }), 401, ErrorKey.unauthorized);
    expect(await linkOf(F.id, P2.id)).toBeUndefined();
  });
});
