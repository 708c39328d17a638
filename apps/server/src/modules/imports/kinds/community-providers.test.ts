import { ErrorKey, Requirement, Role } from "@coordina/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { define, uploaded } from "../../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  ensureMemberCompany,
  type TestContext,
  tokenFor,
} from "../../../../test/helpers.js";
import { importAndSettle, outcomes, runRows, sheetFixture } from "../../../../test/imports.js";
import { colegioMembers, communities, communityProviders, companies, users } from "../../../db/schema/index.js";
import { ensureCommunity, type ensureCompany, ensureProviderLink } from "../../../db/seed/builders.js";
import { actorFor, errorsOf, kindRunner } from "./community-kinds.test-support.js";
import { communityProvidersImport } from "./community-providers.js";

/**
 * The import of a community's providers (spec 02 §2 'Providers of a community', §3: cif; importer type
 * 20), its handler run as the runner runs it (scopeFor, validate, apply in a transaction), on a world of
 * two colegios:
 *
 * - colegio A (the demo colegio): the demo administrator with A1 (the seed's, H28123456, served by the
 *   demo provider P1), A2 (H28000002, no providers) and A3 (erased); 'Gestiones Retiro', another
 *   administrator of A; providers P2 (B10000001), P6 (B60000006), P7 (B70000007, its link to A1 removed),
 *   P3 (B30000003, deactivated in A) and P5 (B50000005, company erased);
 * - colegio B: P4 (B20000002) works there only.
 */
let ctx: TestContext;
const db = () => ctx.app.db;

type Company = Awaited<ReturnType<typeof ensureCompany>>;
type Community = Awaited<ReturnType<typeof ensureCommunity>>;
let A: Company;
let admin: Company;
let admin2: Company;
let P2: Company;
let P3: Company;
let P6: Company;
let P7: Company;
let A1: Community;
let A2: Community;
let A3: Community;
let adminUserId: number;
const t = {} as Record<"administrador" | "colegio" | "P2", string>;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ colegio: A, admin, community: A1 } = ctx.seed);
  const B = await ensureMemberCompany(db(), [], {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
  });
  admin2 = await ensureMemberCompany(db(), [A.id], {
    type: Role.administrador,
    name: "Gestiones Retiro S.L.",
    cif: "B28000010",
  });
  const provider = (colegios: number[], name: string, cif: string, email?: string) =>
    ensureMemberCompany(db(), colegios, { type: Role.gremio, name, cif }, email);
  P2 = await provider([A.id], "Pinturas Sol S.L.", "B10000001", "pinturas@sol.test");
  P3 = await provider([A.id], "Zeta Limpiezas S.L.", "B30000003");
  await db()
    .update(colegioMembers)
    .set({ erased: true })
    .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, P3.id)));
  await provider([B.id], "Electro Norte S.L.", "B20000002");
  const P5 = await provider([A.id], "Cerrajeros Cerrados S.L.", "B50000005");
  await db().update(companies).set({ erased: true }).where(eq(companies.id, P5.id));
  P6 = await provider([A.id], "Jardines Olivo S.L.", "B60000006");
  P7 = await provider([A.id], "Fontanería Ríos S.L.", "B70000007");
  await ensureProviderLink(db(), A1.id, P7.id);
  await db()
    .update(communityProviders)
    .set({ erased: true })
    .where(and(eq(communityProviders.communityId, A1.id), eq(communityProviders.providerCompanyId, P7.id)));

  A2 = await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin.id,
    name: "Calle Toledo 5",
    cif: "H28000002",
  });
  A3 = await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin.id,
    name: "Calle Atocha 1",
    cif: "H28000003",
  });
  await db().update(communities).set({ erased: true }).where(eq(communities.id, A3.id));

  const [user] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.administrador));
  adminUserId = user!.id;
  t.administrador = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
  t.colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
  t.P2 = await tokenFor(ctx.app, "pinturas@sol.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const run = () => kindRunner(ctx.app);
const asAdmin = (colegioId: number | null = A.id) =>
  actorFor({ userId: adminUserId, companyId: admin.id, role: Role.administrador }, colegioId);
const importInto = (community: { id: number }, cifs: string[]) =>
  run().importRows(
    communityProvidersImport,
    asAdmin(),
    cifs.map((cif) => ({ cif })),
    { id_finca: community.id },
  );
const validation = async (cifs: string[], community: { id: number } = A1) =>
  errorsOf(
    (
      await run().validate(
        communityProvidersImport,
        asAdmin(),
        cifs.map((cif) => ({ cif })),
        { id_finca: community.id },
      )
    ).checks,
  );
/** The community's live links, by provider id. */
const linksOf = async (communityId: number) =>
  (
    await db()
      .select({ id: communityProviders.id, provider: communityProviders.providerCompanyId })
      .from(communityProviders)
      .where(and(eq(communityProviders.communityId, communityId), eq(communityProviders.erased, false)))
  )
    .map((l) => l.provider)
    .sort((a, b) => a - b);
const linkRows = async () => (await db().select({ n: count() }).from(communityProviders))[0]!.n;
const providersList = async (communityId: number) => {
  const res = await call(ctx.app, "POST", "/companies-providers/index", {
    token: t.administrador,
    body: { colg_id: A.id, idFinca: communityId, limit: 50 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; id_provider: number; name: string; [figure: string]: unknown }[];
};
const linked = { outcome: "linked", message: { key: ErrorKey.importRowLinked, params: {} } };

describe("validation (nothing is written)", () => {
  it("refuses a row without cif: 'Error en el registro, no hay cif'", async () => {
    const before = await linkRows();
    expect(await validation(["B10000001", ""])).toEqual([{ row: 3, key: ErrorKey.importRowNoCif, params: {} }]);
    expect(await linkRows()).toBe(before);
  });

  it("refuses a cif repeated in the file, however it is written, naming the first row", async () => {
    expect(await validation(["B10000001", "B60000006", "b-1000 0001"])).toEqual([
      { row: 4, key: ErrorKey.importRowDuplicate, params: { cif: "b-1000 0001", first: "2" } },
    ]);
  });

  it("refuses a provider not registered: unknown, erased, another kind of company, or no tax id at all", async () => {
    expect(await validation(["B99999999", "B50000005", "B28000010", "--"])).toEqual(
      ["B99999999", "B50000005", "B28000010", "--"].map((cif, i) => ({
        row: i + 2,
        key: ErrorKey.pairProviderNotFound,
        params: { cif_provider: cif },
      })),
    );
  });

  it("refuses a tax id that is not one, or is longer than the forms take", async () => {
    expect(await validation(["B1000\u00b70001", "B10000001", "B".repeat(21), "B1000;0001"])).toEqual([
      { row: 2, key: ErrorKey.importRowCifInvalid, params: { cif: "B1000\u00b70001" } },
      { row: 4, key: ErrorKey.importRowTooLong, params: { column: "cif", max: "20" } },
      { row: 5, key: ErrorKey.importRowCifInvalid, params: { cif: "B1000;0001" } },
    ]);
  });

  it("refuses a provider that does not work in the community's colegio, or is deactivated there", async () => {
    expect(await validation(["B20000002", "B30000003"])).toEqual([
      { row: 2, key: ErrorKey.importRowProviderNotInColegio, params: { cif_provider: "B20000002" } },
      { row: 3, key: ErrorKey.importRowProviderNotInColegio, params: { cif_provider: "B30000003" } },
    ]);
  });
});

describe("importing", () => {
  it("links a file's providers in one batch; a removed link comes back with its id", async () => {
    const [removed] = await db()
      .select()
      .from(communityProviders)
      .where(and(eq(communityProviders.communityId, A1.id), eq(communityProviders.providerCompanyId, P7.id)));
    expect(await importInto(A1, ["b-10000001", "B60000006", "B70000007"])).toEqual([linked, linked, linked]);
    expect(await linksOf(A1.id)).toEqual([ctx.seed.provider.id, P2.id, P6.id, P7.id].sort((a, b) => a - b));
    const list = await providersList(A1.id);
    expect(list.map((r) => r.name)).toEqual([
      "Ascensores Levante S.L.",
      "Fontanería Ríos S.L.",
      "Jardines Olivo S.L.",
      "Pinturas Sol S.L.",
    ]);
    expect(list.find((r) => r.id_provider === P7.id)!.id).toBe(removed!.id);
  });

  it("reports a provider already linked as there: 'El proveedor con nif … ya está asociado a la finca …'", async () => {
    const before = await linkRows();
    expect(await importInto(A1, ["b87654321"])).toEqual([
      {
        outcome: "already",
        message: { key: ErrorKey.pairExists, params: { cif_provider: "b87654321", cif_finca: "H28123456" } },
      },
    ]);
    expect(await linkRows()).toBe(before);
  });

  it("imports the same file twice without linking anything twice", async () => {
    await importInto(A2, ["B10000001", "B60000006"]);
    const after = await linkRows();
    expect((await importInto(A2, ["B10000001", "B60000006"])).map((r) => [r.outcome, r.message])).toEqual(
      ["B10000001", "B60000006"].map((cif) => [
        "already",
        { key: ErrorKey.pairExists, params: { cif_provider: cif, cif_finca: "H28000002" } },
      ]),
    );
    expect(await linkRows()).toBe(after);
    expect(await linksOf(A2.id)).toEqual([P2.id, P6.id].sort((a, b) => a - b));
  });

  it("re-reads the providers when importing: one deactivated or erased meanwhile fails its row", async () => {
    const { scope, sheet, checks } = await run().validate(
      communityProvidersImport,
      asAdmin(),
      [{ cif: "B10000001" }, { cif: "B60000006" }, { cif: "B70000007" }],
      { id_finca: A2.id },
    );
    await db()
      .update(colegioMembers)
      .set({ erased: true })
      .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, P2.id)));
    await db().update(companies).set({ erased: true }).where(eq(companies.id, P6.id));
    expect(await run().apply(communityProvidersImport, scope, sheet, checks)).toEqual([
      {
        outcome: "failed",
        message: { key: ErrorKey.importRowProviderNotInColegio, params: { cif_provider: "B10000001" } },
      },
      { outcome: "failed", message: { key: ErrorKey.pairProviderNotFound, params: { cif_provider: "B60000006" } } },
      linked,
    ]);
    expect(await linksOf(A2.id)).toEqual([P7.id]);
  });

  it("links nothing to a community deleted since the import started", async () => {
    const { scope, sheet, checks } = await run().validate(communityProvidersImport, asAdmin(), [{ cif: "B10000001" }], {
      id_finca: A2.id,
    });
    await db().update(communities).set({ erased: true }).where(eq(communities.id, A2.id));
    expect(await run().apply(communityProvidersImport, scope, sheet, checks)).toEqual([
      { outcome: "failed", message: { key: ErrorKey.importRowFailed, params: {} } },
    ]);
    expect(await linksOf(A2.id)).toEqual([]);
  });

  it("gives the compliance lists the same figures as adding the providers by hand", async () => {
    // What providers owe and read in the colegio: a mandatory document each provider uploads (P2 has),
    // and one the administrator gives every provider of its communities to read.
    const upload = await define(ctx, t.colegio, {
      name: "Seguro de responsabilidad civil",
      requirement_origin: Requirement.provider,
      mandatory: true,
    });
    const give = await define(ctx, t.colegio, {
      name: "Normas de la comunidad",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider,
      dest_read_required: true,
      mandatory: true,
    });
    await uploaded(ctx, t.P2, A.id, { id_definition: upload.id });
    await uploaded(ctx, t.administrador, A.id, { id_definition: give.id });
    // Two communities alike, both served by the demo provider, their figures read (and cached) first.
    const byHand = await ensureCommunity(db(), {
      colegioId: A.id,
      adminCompanyId: admin.id,
      name: "Calle Toledo 7",
      cif: "H28000007",
    });
    for (const f of [A2, byHand]) {
      await ensureProviderLink(db(), f.id, ctx.seed.provider.id);
      expect(await providersList(f.id)).toHaveLength(1);
    }

    expect(await importInto(A2, ["B10000001", "B60000006"])).toEqual([linked, linked]);
    for (const cif of ["B10000001", "B60000006"]) {
      const res = await call(ctx.app, "POST", "/companies-providers/addcif", {
        token: t.administrador,
        body: { colg_id: A.id, id_company: byHand.id, cif },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const figures = async (communityId: number) =>
      (await providersList(communityId)).map(({ id, ...row }) => row).sort((a, b) => a.id_provider - b.id_provider);
    const imported = await figures(A2.id);
    expect(imported).toEqual(await figures(byHand.id));
    expect(imported.find((r) => r.id_provider === P2.id)).toMatchObject({
      upload_must: 1,
      uploaded_count: 1,
      readed_must: 1,
      readed_count: 0,
    });
    expect(imported.find((r) => r.id_provider === P6.id)).toMatchObject({ upload_must: 1, uploaded_count: 0 });
    // The communities list sums them alike.
    const list = await call(ctx.app, "POST", "/companies/fincas/index", {
      token: t.administrador,
      body: { colg_id: A.id, limit: 50 },
    });
    const sums = (id: number) => {
      const { mandatory_count, mandatory_uploaded_count, expected_count_read, count_read, proveedores_count } = list
        .json()
        .data.find((r: { id: number }) => r.id === id);
      return { mandatory_count, mandatory_uploaded_count, expected_count_read, count_read, proveedores_count };
    };
    expect(sums(A2.id)).toEqual(sums(byHand.id));
    expect(sums(A2.id)).toMatchObject({ proveedores_count: 3, mandatory_count: 3, mandatory_uploaded_count: 1 });
  });
});

describe("who may import a community's providers", () => {
  it("the administrator that manages the community: the scope is that community in its colegio", async () => {
    expect(await communityProvidersImport.scopeFor(db(), asAdmin(), { id_finca: A1.id })).toEqual({
      companyId: admin.id,
      colegioId: A.id,
      communityId: A1.id,
      userId: adminUserId,
    });
  });

  it("as the providers list answers: 403 for another administrator's community, 404 for none or a deleted one", async () => {
    const other = actorFor({ userId: 1, companyId: admin2.id, role: Role.administrador }, A.id);
    await expect(communityProvidersImport.scopeFor(db(), other, { id_finca: A1.id })).rejects.toMatchObject({
      status: 403,
      key: ErrorKey.forbidden,
    });
    for (const id of [A3.id, 2_000_000]) {
      await expect(communityProvidersImport.scopeFor(db(), asAdmin(), { id_finca: id })).rejects.toMatchObject({
        status: 404,
        key: ErrorKey.notFound,
      });
    }
  });

  it("not the colegio nor a provider (403), and never without a community (400)", async () => {
    const callers = [
      actorFor({ userId: 1, companyId: A.id, role: Role.colegio }, null),
      actorFor({ userId: 1, companyId: ctx.seed.provider.id, role: Role.gremio }, A.id),
    ];
    for (const caller of callers) {
      await expect(
        communityProvidersImport.scopeFor(db(), caller, { id_finca: A1.id }),
        String(caller.role),
      ).rejects.toMatchObject({ status: 403, key: ErrorKey.forbidden });
    }
    await expect(communityProvidersImport.scopeFor(db(), asAdmin(), {})).rejects.toMatchObject({
      status: 400,
      key: ErrorKey.invalidInput,
    });
  });
});

describe("through HTTP (POST /imports/community-providers?id_finca=)", () => {
  it("links the fixture's providers (.xlsx) to the community; the .xls twin then finds them there", async () => {
    // The providers the fixture names (test/fixtures/sheets/README.md: providers-kinds), working in A.
    const named = [
      ["Limpiezas Núñez S.L.", "B00123456"],
      ["Servicios Integrales Águila", "00234567T"],
      ["Jardines Ibáñez", "45678901"],
      ["Ascensores Peña S.A.", "A08012345"],
    ];
    const fixtureProviders = [];
    for (const [name, cif] of named)
      fixtureProviders.push(await ensureMemberCompany(db(), [A.id], { type: Role.gremio, name: name!, cif: cif! }));
    const query = `?colg_id=${A.id}&id_finca=${A2.id}`;
    const first = await importAndSettle(
      ctx.app,
      t.administrador,
      "community-providers",
      sheetFixture("community-providers.xlsx"),
      query,
    );
    expect(first).toMatchObject({
      kind: "community-providers",
      id_finca: A2.id,
      status: "endCorrect",
      total: 4,
      done: 4,
    });
    expect(first.counts).toMatchObject({ linked: 4, invalid: 0, failed: 0 });
    expect(outcomes(await runRows(ctx.app, t.administrador, first.id))).toEqual(
      [2, 3, 5, 6].map((row) => ({ row, outcome: "linked", key: ErrorKey.importRowLinked, params: {} })),
    );
    expect(await linksOf(A2.id)).toEqual(fixtureProviders.map((p) => p.id).sort((a, b) => a - b));
    expect((await providersList(A2.id)).map((r) => r.name)).toEqual([
      "Ascensores Peña S.A.",
      "Jardines Ibáñez",
      "Limpiezas Núñez S.L.",
      "Servicios Integrales Águila",
    ]);

    const again = await importAndSettle(
      ctx.app,
      t.administrador,
      "community-providers",
      sheetFixture("community-providers.xls"),
      query,
    );
    expect(again).toMatchObject({ status: "endCorrect", counts: { linked: 0, already: 4 } });
    expect((await runRows(ctx.app, t.administrador, again.id))[3]!.message).toEqual({
      key: ErrorKey.pairExists,
      params: { cif_provider: "a-08.012 345", cif_finca: "H28000002" },
    });
  });
});
