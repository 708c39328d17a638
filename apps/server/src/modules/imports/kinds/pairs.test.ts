import { ErrorKey, Role } from "@coordina/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../../test/fresh-world.js";
import {
  createTestApp,
  DEMO_ACCOUNTS,
  ensureMemberCompany,
  onPostgres,
  type TestContext,
  tokenFor,
} from "../../../../test/helpers.js";
import { importAndSettle, outcomes, runRows, sheetFixture } from "../../../../test/imports.js";
import { colegioMembers, communities, communityProviders, companies, users } from "../../../db/schema/index.js";
import {
  ensureCommunity,
  type ensureCompany,
  ensureMembership,
  ensureProviderLink,
} from "../../../db/seed/builders.js";
import { writeSheet } from "../../../lib/sheets/write-sheet.js";
import { actorFor, errorsOf, kindRunner } from "./community-kinds.test-support.js";
import { pairsImport } from "./pairs.js";

/**
 * The community–provider pairs import (spec 02 §2, §3: cif_finca, cif_provider; importer type 1000), its
 * handler run as the runner runs it (scopeFor, validate, apply in a transaction), on a world of two
 * colegios:
 *
 * - colegio A (the demo colegio): the demo administrator (also a member of B) with A1 (the seed's,
 *   H28123456, served by the demo provider P1, B87654321, and once by P7, its link removed), A2
 *   (H28000002) and A3 (H28000003, erased); 'Gestiones Retiro', another administrator of A, with R1
 *   (H28100001); providers P2 (B10000001), P6 (B60000006), P7 (B70000007), P3 (B30000003, deactivated in
 *   A), P5 (B50000005, company erased);
 * - colegio B: the demo administrator's AB (H08000002); P1 works there too, P4 (B20000002) there only.
 */
let ctx: TestContext;
const db = () => ctx.app.db;

type Company = Awaited<ReturnType<typeof ensureCompany>>;
type Community = Awaited<ReturnType<typeof ensureCommunity>>;
let A: Company;
let B: Company;
let admin: Company;
let P2: Company;
let P6: Company;
let P7: Company;
let A1: Community;
let A2: Community;
let adminUserId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ colegio: A, admin, community: A1 } = ctx.seed);
  B = await ensureMemberCompany(db(), [], {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
  });
  await ensureMembership(db(), B.id, admin.id);
  await ensureMembership(db(), B.id, ctx.seed.provider.id);
  const admin2 = await ensureMemberCompany(db(), [A.id], {
    type: Role.administrador,
    name: "Gestiones Retiro S.L.",
    cif: "B28000010",
  });
  const provider = (colegios: number[], name: string, cif: string) =>
    ensureMemberCompany(db(), colegios, { type: Role.gremio, name, cif });
  P2 = await provider([A.id], "Pinturas Sol S.L.", "B10000001");
  const P3 = await provider([A.id], "Zeta Limpiezas S.L.", "B30000003");
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
  const A3 = await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin.id,
    name: "Calle Atocha 1",
    cif: "H28000003",
  });
  await db().update(communities).set({ erased: true }).where(eq(communities.id, A3.id));
  await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin2.id,
    name: "Residencial Retiro 01",
    cif: "H28100001",
  });
  await ensureCommunity(db(), {
    colegioId: B.id,
    adminCompanyId: admin.id,
    name: "Comunitat Diagonal 2",
    cif: "H08000002",
  });

  const [user] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.administrador));
  adminUserId = user!.id;
  token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const run = () => kindRunner(ctx.app);
const asAdmin = (colegioId: number | null = A.id) =>
  actorFor({ userId: adminUserId, companyId: admin.id, role: Role.administrador }, colegioId);
const rowsOf = (pairs: [string, string][]) => pairs.map(([cif_finca, cif_provider]) => ({ cif_finca, cif_provider }));
const validation = async (pairs: [string, string][]) =>
  errorsOf((await run().validate(pairsImport, asAdmin(), rowsOf(pairs))).checks);
const importPairs = (pairs: [string, string][]) => run().importRows(pairsImport, asAdmin(), rowsOf(pairs));
/** The community's live links, by provider id. */
const linksOf = async (communityId: number) =>
  (
    await db()
      .select({ provider: communityProviders.providerCompanyId })
      .from(communityProviders)
      .where(and(eq(communityProviders.communityId, communityId), eq(communityProviders.erased, false)))
  )
    .map((l) => l.provider)
    .sort((a, b) => a - b);
const linkRows = async () => (await db().select({ n: count() }).from(communityProviders))[0]!.n;
const ids = (...companies: { id: number }[]) => companies.map((c) => c.id).sort((a, b) => a - b);
const linked = { outcome: "linked", message: { key: ErrorKey.importRowLinked, params: {} } };

describe("validation (nothing is written)", () => {
  it("refuses a row missing either cif: 'Error en el registro, no hay cif'", async () => {
    const before = await linkRows();
    expect(
      await validation([
        ["H28000002", "B10000001"],
        ["", "B10000001"],
        ["H28000002", ""],
      ]),
    ).toEqual([
      { row: 3, key: ErrorKey.importRowNoCif, params: {} },
      { row: 4, key: ErrorKey.importRowNoCif, params: {} },
    ]);
    expect(await linkRows()).toBe(before);
  });

  it("refuses a pair repeated in the file, however it is written, naming the first row", async () => {
    expect(
      await validation([
        ["H28000002", "B10000001"],
        ["H28000002", "B60000006"],
        ["h-28000002", "b.10000001"],
      ]),
    ).toEqual([{ row: 4, key: ErrorKey.importRowDuplicate, params: { cif: "h-28000002 / b.10000001", first: "2" } }]);
  });

  it("refuses a community that is not a live one of the caller in this colegio: 'La finca con nif … no existe'", async () => {
    const fincas = ["H99999999", "H28100001", "H08000002", "H28000003", "--"];
    expect(await validation(fincas.map((f) => [f, "B10000001"]))).toEqual(
      fincas.map((cif, i) => ({ row: i + 2, key: ErrorKey.pairFincaNotFound, params: { cif_finca: cif } })),
    );
  });

  it("refuses a provider not registered: unknown, erased or another kind of company", async () => {
    const cifs = ["B99999999", "B50000005", "B28000010"];
    expect(await validation(cifs.map((p) => ["H28000002", p]))).toEqual(
      cifs.map((cif, i) => ({ row: i + 2, key: ErrorKey.pairProviderNotFound, params: { cif_provider: cif } })),
    );
  });

  it("refuses a tax id that is not one, or is longer than the forms take, in either column", async () => {
    expect(
      await validation([
        ["H28#000002", "B10000001"],
        ["H28000002", "B1000=0001"],
        ["H".repeat(21), "B10000001"],
        ["H28000002", "2024-01-15"],
      ]),
    ).toEqual([
      { row: 2, key: ErrorKey.importRowCifInvalid, params: { cif: "H28#000002" } },
      { row: 3, key: ErrorKey.importRowCifInvalid, params: { cif: "B1000=0001" } },
      { row: 4, key: ErrorKey.importRowTooLong, params: { column: "cif_finca", max: "20" } },
      // typed as text, a date-like tax id is the user's business (a date cell is refused: imports.test.ts)
      { row: 5, key: ErrorKey.pairProviderNotFound, params: { cif_provider: "2024-01-15" } },
    ]);
  });

  it("refuses a provider that does not work in the colegio, or is deactivated there", async () => {
    expect(
      await validation([
        ["H28000002", "B20000002"],
        ["H28000002", "B30000003"],
      ]),
    ).toEqual([
      { row: 2, key: ErrorKey.importRowProviderNotInColegio, params: { cif_provider: "B20000002" } },
      { row: 3, key: ErrorKey.importRowProviderNotInColegio, params: { cif_provider: "B30000003" } },
    ]);
  });
});

describe("importing", () => {
  it("links a file's pairs across communities in one batch; a removed link comes back", async () => {
    expect(
      await importPairs([
        ["H28000002", "B10000001"],
        ["h28000002", "B60000006"],
        ["H28123456", "B10000001"],
        ["H28123456", "B70000007"],
      ]),
    ).toEqual([linked, linked, linked, linked]);
    expect(await linksOf(A2.id)).toEqual(ids(P2, P6));
    expect(await linksOf(A1.id)).toEqual(ids(ctx.seed.provider, P2, P7));
  });

  it("reports a pair already linked as there: 'El proveedor con nif … ya está asociado a la finca …'", async () => {
    const before = await linkRows();
    expect(await importPairs([["h-28123456", "b87654321"]])).toEqual([
      {
        outcome: "already",
        message: { key: ErrorKey.pairExists, params: { cif_provider: "b87654321", cif_finca: "h-28123456" } },
      },
    ]);
    expect(await linkRows()).toBe(before);
  });

  it("imports the same file twice without linking anything twice", async () => {
    const file: [string, string][] = [
      ["H28000002", "B10000001"],
      ["H28123456", "B60000006"],
    ];
    await importPairs(file);
    const after = await linkRows();
    expect((await importPairs(file)).map((r) => r.outcome)).toEqual(["already", "already"]);
    expect(await linkRows()).toBe(after);
    expect(await linksOf(A2.id)).toEqual(ids(P2));
  });

  it("re-reads when importing: a community deleted or a provider deactivated meanwhile fails its row", async () => {
    const { scope, sheet, checks } = await run().validate(
      pairsImport,
      asAdmin(),
      rowsOf([
        ["H28000002", "B10000001"],
        ["H28123456", "B10000001"],
        ["H28123456", "B60000006"],
      ]),
    );
    await db().update(communities).set({ erased: true }).where(eq(communities.id, A2.id));
    await db()
      .update(colegioMembers)
      .set({ erased: true })
      .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, P6.id)));
    expect(await run().apply(pairsImport, scope, sheet, checks)).toEqual([
      { outcome: "failed", message: { key: ErrorKey.pairFincaNotFound, params: { cif_finca: "H28000002" } } },
      linked,
      {
        outcome: "failed",
        message: { key: ErrorKey.importRowProviderNotInColegio, params: { cif_provider: "B60000006" } },
      },
    ]);
    expect(await linksOf(A2.id)).toEqual([]);
    expect(await linksOf(A1.id)).toEqual(ids(ctx.seed.provider, P2));
  });
});

describe("two imports of the same file at once (PostgreSQL)", () => {
  it.runIf(onPostgres)("link each pair once: one run links them, the other finds them there", async () => {
    const file: [string, string][] = [
      ["H28000002", "B10000001"],
      ["H28000002", "B60000006"],
      ["H28123456", "B10000001"],
    ];
    const before = await linkRows();
    const [one, two] = await Promise.all([0, 1].map(() => importPairs(file)));
    expect([one!, two!].map((results) => results.map((r) => r.outcome)).sort()).toEqual([
      ["already", "already", "already"],
      ["linked", "linked", "linked"],
    ]);
    expect(await linkRows()).toBe(before + 3);
  });
});

describe("who may import pairs", () => {
  it("an administrator, in the colegio it chose: its communities there only", async () => {
    expect(await pairsImport.scopeFor(db(), asAdmin(B.id), {})).toEqual({
      companyId: admin.id,
      colegioId: B.id,
      communityId: null,
      userId: adminUserId,
    });
    // In B its community there is found, and A's are not.
    const inB = await run().validate(
      pairsImport,
      asAdmin(B.id),
      rowsOf([
        ["H08000002", "B87654321"],
        ["H28000002", "B87654321"],
      ]),
    );
    expect(errorsOf(inB.checks)).toEqual([
      { row: 3, key: ErrorKey.pairFincaNotFound, params: { cif_finca: "H28000002" } },
    ]);
  });

  it("not an administrator that has not chosen a colegio (403 error.colegio-forbidden)", async () => {
    await expect(pairsImport.scopeFor(db(), asAdmin(null), {})).rejects.toMatchObject({
      status: 403,
      key: ErrorKey.colegioForbidden,
    });
  });

  it("not the colegio nor a provider (403)", async () => {
    const callers = [
      actorFor({ userId: 1, companyId: A.id, role: Role.colegio }, null),
      actorFor({ userId: 1, companyId: ctx.seed.provider.id, role: Role.gremio }, A.id),
    ];
    for (const caller of callers) {
      await expect(pairsImport.scopeFor(db(), caller, {}), String(caller.role)).rejects.toMatchObject({
        status: 403,
        key: ErrorKey.forbidden,
      });
    }
  });
});

describe("through HTTP (POST /imports/pairs)", () => {
  it("links the fixture's pairs (.xls); the same file again finds them there", async () => {
    // The communities and providers the fixture names (test/fixtures/sheets/README.md).
    const fincas = [];
    for (const [name, cif] of [
      ["Comunidad de Propietarios Calle Águila 3", "H01234567"],
      ["C.P. Plaza de la Peña 12", "H00012345"],
      ["Comunidad Núñez de Balboa 45", "28123456"],
    ] as const)
      fincas.push(await ensureCommunity(db(), { colegioId: A.id, adminCompanyId: admin.id, name, cif }));
    const providers = [];
    for (const [name, cif] of [
      ["Limpiezas Núñez S.L.", "B00123456"],
      ["Ascensores Peña S.A.", "A08012345"],
      ["Jardines Ibáñez", "45678901"],
      ["Servicios Integrales Águila", "00234567T"],
    ] as const)
      providers.push(await ensureMemberCompany(db(), [A.id], { type: Role.gremio, name, cif }));

    const first = await importAndSettle(ctx.app, token, "pairs", sheetFixture("pairs.xls"), `?colg_id=${A.id}`);
    expect(first).toMatchObject({ kind: "pairs", status: "endCorrect", total: 4, done: 4 });
    expect(first.counts).toMatchObject({ linked: 4, invalid: 0, failed: 0 });
    expect(outcomes(await runRows(ctx.app, token, first.id))).toEqual(
      [2, 3, 5, 6].map((row) => ({ row, outcome: "linked", key: ErrorKey.importRowLinked, params: {} })),
    );
    const [aguila, pena, nunez] = fincas;
    const [limpiezas, ascensores, jardines, servicios] = providers;
    expect(await linksOf(aguila!.id)).toEqual(ids(limpiezas!, servicios!));
    expect(await linksOf(pena!.id)).toEqual(ids(ascensores!));
    expect(await linksOf(nunez!.id)).toEqual(ids(jardines!));
    const after = await linkRows();

    const again = await importAndSettle(ctx.app, token, "pairs", sheetFixture("pairs.xls"), `?colg_id=${A.id}`);
    expect(again).toMatchObject({ status: "endCorrect", counts: { linked: 0, already: 4 } });
    expect(await linkRows()).toBe(after);
  });

  it("with a wrong row stores the run with its errors and links nothing of the file", async () => {
    const before = await linkRows();
    const file = writeSheet(
      ["cif_finca", "cif_provider"],
      [
        ["H28000002", "B10000001"],
        ["H99999999", "B10000001"],
      ],
    );
    const run = await importAndSettle(
      ctx.app,
      token,
      "pairs",
      { name: "parejas.xlsx", data: file },
      `?colg_id=${A.id}`,
    );
    expect(run).toMatchObject({ status: "endErrors", counts: { invalid: 1, linked: 0 } });
    expect(outcomes(await runRows(ctx.app, token, run.id))).toEqual([
      { row: 2, outcome: null, key: null, params: {} },
      { row: 3, outcome: "invalid", key: ErrorKey.pairFincaNotFound, params: { cif_finca: "H99999999" } },
    ]);
    expect(await linkRows()).toBe(before);
  });
});
