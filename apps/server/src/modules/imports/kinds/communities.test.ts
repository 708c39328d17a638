import { ErrorKey, importMessageText, Role } from "@coordina/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  ensureMemberCompany,
  onPostgres,
  type TestContext,
  tokenFor,
} from "../../../../test/helpers.js";
import { importAndSettle, outcomes, runRows, sheetFixture } from "../../../../test/imports.js";
import { communities, users } from "../../../db/schema/index.js";
import { ensureCommunity, type ensureCompany, ensureMembership } from "../../../db/seed/builders.js";
import { communitiesImport } from "./communities.js";
import { actorFor, errorsOf, kindRunner } from "./community-kinds.test-support.js";

/**
 * The communities import (spec 02 §2, §3: name, cif; importer type 30), its handler run as the runner
 * runs it (scopeFor, validate, apply in a transaction), on a world of two colegios:
 *
 * - colegio A (the demo colegio): the demo administrator (also a member of B) with A1 (the seed's,
 *   H28123456) and an erased community (H28000003); 'Gestiones Retiro', another administrator of A, with
 *   R1 (H28100001);
 * - colegio B: its administrator 'Diagonal' with B1 (H08000001), and the demo administrator's AB
 *   (H08000002).
 */
let ctx: TestContext;
const db = () => ctx.app.db;

type Company = Awaited<ReturnType<typeof ensureCompany>>;
let A: Company;
let B: Company;
let admin: Company;
let admin2: Company;
let adminUserId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ colegio: A, admin } = ctx.seed);
  B = await ensureMemberCompany(db(), [], {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
  });
  await ensureMembership(db(), B.id, admin.id);
  admin2 = await ensureMemberCompany(db(), [A.id], {
    type: Role.administrador,
    name: "Gestiones Retiro S.L.",
    cif: "B28000010",
  });
  const adminB = await ensureMemberCompany(db(), [B.id], {
    type: Role.administrador,
    name: "Administraciones Diagonal S.L.",
    cif: "B08000001",
  });
  await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin2.id,
    name: "Residencial Retiro 01",
    cif: "H28100001",
  });
  await ensureCommunity(db(), {
    colegioId: B.id,
    adminCompanyId: adminB.id,
    name: "Comunitat Balmes 1",
    cif: "H08000001",
  });
  await ensureCommunity(db(), {
    colegioId: B.id,
    adminCompanyId: admin.id,
    name: "Comunitat Diagonal 2",
    cif: "H08000002",
  });
  const gone = await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin.id,
    name: "Comunidad Calle Atocha 1",
    cif: "H28000003",
  });
  await db().update(communities).set({ erased: true }).where(eq(communities.id, gone.id));
  const [user] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.administrador));
  adminUserId = user!.id;
  token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const run = () => kindRunner(ctx.app);
/** The demo administrator working in a colegio (A unless told). */
const asAdmin = (colegioId: number | null = A.id) =>
  actorFor({ userId: adminUserId, companyId: admin.id, role: Role.administrador }, colegioId);
const live = (cif: string) =>
  db()
    .select()
    .from(communities)
    .where(and(eq(communities.cifNorm, cif), eq(communities.erased, false)));
const total = async () => (await db().select({ n: count() }).from(communities))[0]!.n;
const validation = async (rows: Record<string, string>[]) =>
  errorsOf((await run().validate(communitiesImport, asAdmin(), rows)).checks);

describe("validation (nothing is written)", () => {
  it("refuses a row without cif: 'Error en el registro, no hay cif'", async () => {
    const before = await total();
    expect(
      await validation([
        { name: "Comunidad Águila 3", cif: "H01234567" },
        { name: "Comunidad sin CIF", cif: "" },
      ]),
    ).toEqual([{ row: 3, key: ErrorKey.importRowNoCif, params: {} }]);
    expect(await total()).toBe(before);
  });

  it("refuses a row without name: 'Error en el registro, no hay nombre'", async () => {
    expect(
      await validation([
        { name: "", cif: "H01234567" },
        { name: "Comunidad Águila 3", cif: "H01234568" },
      ]),
    ).toEqual([{ row: 2, key: ErrorKey.importRowNoName, params: {} }]);
  });

  it("refuses a cif repeated in the file, however it is written, naming the first row", async () => {
    expect(
      await validation([
        { name: "Comunidad Águila 3", cif: "H01234567" },
        { name: "Plaza de la Peña 12", cif: "H00012345" },
        { name: "Otra Águila", cif: "h-0123 4567" },
      ]),
    ).toEqual([{ row: 4, key: ErrorKey.importRowDuplicate, params: { cif: "h-0123 4567", first: "2" } }]);
  });

  it("refuses the cif of another administrator's community, or of one in another colegio", async () => {
    expect(
      await validation([
        { name: "Retiro", cif: "H28100001" },
        { name: "Balmes", cif: "H08000001" },
        // the caller's own, but in colegio B
        { name: "Diagonal", cif: "h08000002" },
      ]),
    ).toEqual([
      { row: 2, key: ErrorKey.importRowFincaCifTaken, params: { cif: "H28100001" } },
      { row: 3, key: ErrorKey.importRowFincaCifTaken, params: { cif: "H08000001" } },
      { row: 4, key: ErrorKey.importRowFincaCifTaken, params: { cif: "h08000002" } },
    ]);
  });

  it("refuses what the add form refuses, saying what: a cif that is not one or too long, a name too long", async () => {
    const errors = await validation([
      { name: "Guiones", cif: "- -" },
      { name: "Larga", cif: "H".repeat(21) },
      { name: "N".repeat(201), cif: "H01234567" },
      { name: "Arroba", cif: "H0123@4567" },
      { name: "N".repeat(200), cif: "H01234568" },
    ]);
    expect(errors).toEqual([
      { row: 2, key: ErrorKey.importRowCifInvalid, params: { cif: "- -" } },
      { row: 3, key: ErrorKey.importRowTooLong, params: { column: "cif", max: "20" } },
      { row: 4, key: ErrorKey.importRowTooLong, params: { column: "name", max: "200" } },
      { row: 5, key: ErrorKey.importRowCifInvalid, params: { cif: "H0123@4567" } },
    ]);
    // the error file's Spanish text, never the generic 'Error en el registro'
    expect(errors.map(importMessageText)).toEqual([
      "El CIF - - no es válido",
      "El campo cif tiene más de 20 caracteres",
      "El campo name tiene más de 200 caracteres",
      "El CIF H0123@4567 no es válido",
    ]);
  });

  it("does not take a cif refused for its characters as the first of a repeated one", async () => {
    expect(
      await validation([
        // a no-break space: no tax id has one, though it would compare as the next row's
        { name: "Mala", cif: "H0123\u00a04567" },
        { name: "Buena", cif: "H01234567" },
      ]),
    ).toEqual([{ row: 2, key: ErrorKey.importRowCifInvalid, params: { cif: "H0123\u00a04567" } }]);
  });
});

describe("importing", () => {
  it("creates a file's communities in one batch, as the add form creates one", async () => {
    const results = await run().importRows(communitiesImport, asAdmin(), [
      { name: "Comunidad de Propietarios Calle Águila 3", cif: "H01234567" },
      { name: "C.P. Plaza de la Peña 12", cif: "H00012345" },
      { name: "Comunidad Núñez de Balboa 45", cif: "28123456" },
    ]);
    expect(results).toEqual(
      Array.from({ length: 3 }, () => ({
        outcome: "created",
        message: { key: ErrorKey.importRowCommunityCreated, params: {} },
      })),
    );
    const [imported] = await live("H00012345");
    expect(imported).toMatchObject({
      colegioId: A.id,
      adminCompanyId: admin.id,
      name: "C.P. Plaza de la Peña 12",
      cif: "H00012345",
      email: null,
    });
    // The same columns as one added by hand, but for its own name and tax id.
    const added = await call(ctx.app, "POST", "/companies/fincas/add", {
      token,
      body: { colg_id: A.id, name: "Comunidad a mano", cif: "H99999999" },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [byHand] = await live("H99999999");
    const rest = ({ id, name, cif, cifNorm, createdAt, ...others }: typeof communities.$inferSelect) => others;
    expect(rest(imported!)).toEqual(rest(byHand!));
    // The administrator's list shows them.
    const list = await call(ctx.app, "POST", "/companies/fincas/index", {
      token,
      body: { colg_id: A.id, filter: "", limit: 50 },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { cif: string }) => r.cif)).toEqual(
      expect.arrayContaining(["H01234567", "H00012345", "28123456"]),
    );
  });

  it("reports the caller's own community of this colegio as there: 'La finca ya existía'", async () => {
    const before = await total();
    expect(await run().importRows(communitiesImport, asAdmin(), [{ name: "Calle Mayor", cif: "h-28123456" }])).toEqual([
      { outcome: "already", message: { key: ErrorKey.importRowCommunityExists, params: {} } },
    ]);
    expect(await total()).toBe(before);
    expect((await live("H28123456"))[0]!.name).toBe("Comunidad de Propietarios Calle Mayor 10");
  });

  it("imports the same file twice without creating anything twice", async () => {
    const file = [
      { name: "Comunidad Águila 3", cif: "H01234567" },
      { name: "Plaza de la Peña 12", cif: "H00012345" },
    ];
    await run().importRows(communitiesImport, asAdmin(), file);
    const after = await total();
    expect((await run().importRows(communitiesImport, asAdmin(), file)).map((r) => r.outcome)).toEqual([
      "already",
      "already",
    ]);
    expect(await total()).toBe(after);
    expect(await live("H01234567")).toHaveLength(1);
  });

  it("takes the cif of an erased community: it is free again", async () => {
    expect(
      await run().importRows(communitiesImport, asAdmin(), [{ name: "Atocha 1 (nueva)", cif: "H28000003" }]),
    ).toEqual([{ outcome: "created", message: { key: ErrorKey.importRowCommunityCreated, params: {} } }]);
    expect((await live("H28000003")).map((c) => c.name)).toEqual(["Atocha 1 (nueva)"]);
  });

  it("re-reads when importing: a cif taken meanwhile fails its row, one the caller added meanwhile is there", async () => {
    const { scope, sheet, checks } = await run().validate(communitiesImport, asAdmin(), [
      { name: "Comunidad Águila 3", cif: "H01234567" },
      { name: "Plaza de la Peña 12", cif: "H00012345" },
      { name: "Núñez de Balboa 45", cif: "28123456" },
    ]);
    await ensureCommunity(db(), {
      colegioId: A.id,
      adminCompanyId: admin2.id,
      name: "Águila (Retiro)",
      cif: "H01234567",
    });
    await ensureCommunity(db(), { colegioId: A.id, adminCompanyId: admin.id, name: "Peña (a mano)", cif: "H00012345" });
    expect(await run().apply(communitiesImport, scope, sheet, checks)).toEqual([
      { outcome: "failed", message: { key: ErrorKey.importRowFincaCifTaken, params: { cif: "H01234567" } } },
      { outcome: "already", message: { key: ErrorKey.importRowCommunityExists, params: {} } },
      { outcome: "created", message: { key: ErrorKey.importRowCommunityCreated, params: {} } },
    ]);
    expect((await live("H01234567")).map((c) => c.adminCompanyId)).toEqual([admin2.id]);
  });
});

describe("two imports of the same file at once (PostgreSQL)", () => {
  it.runIf(onPostgres)("create each community once: one run creates them, the other finds them there", async () => {
    const file = [
      { name: "Comunidad Águila 3", cif: "H01234567" },
      { name: "Plaza de la Peña 12", cif: "H00012345" },
      { name: "Núñez de Balboa 45", cif: "28123456" },
    ];
    const before = await total();
    const [one, two] = await Promise.all([0, 1].map(() => run().importRows(communitiesImport, asAdmin(), file)));
    expect([one!, two!].map((results) => results.map((r) => r.outcome)).sort()).toEqual([
      ["already", "already", "already"],
      ["created", "created", "created"],
    ]);
    expect(await total()).toBe(before + 3);
  });
});

describe("who may import communities", () => {
  it("an administrator, into the colegio it chose: the scope is its company there", async () => {
    expect(await communitiesImport.scopeFor(db(), asAdmin(B.id), {})).toEqual({
      companyId: admin.id,
      colegioId: B.id,
      communityId: null,
      userId: adminUserId,
    });
    expect(
      (await run().importRows(communitiesImport, asAdmin(B.id), [{ name: "Nova", cif: "H08000009" }]))[0]!.outcome,
    ).toBe("created");
    expect((await live("H08000009"))[0]).toMatchObject({ colegioId: B.id, adminCompanyId: admin.id });
  });

  it("not an administrator that has not chosen a colegio (403 error.colegio-forbidden)", async () => {
    await expect(communitiesImport.scopeFor(db(), asAdmin(null), {})).rejects.toMatchObject({
      status: 403,
      key: ErrorKey.colegioForbidden,
    });
  });

  it("no other role (403)", async () => {
    const callers = [
      actorFor({ userId: 1, companyId: A.id, role: Role.colegio }, null),
      actorFor({ userId: 1, companyId: ctx.seed.provider.id, role: Role.gremio }, A.id),
      actorFor({ userId: 1, companyId: ctx.seed.porterCompany.id, role: Role.portero }, null),
      actorFor({ userId: 1, companyId: 1, role: Role.master }, null),
    ];
    expect(callers.length).toBe(4);
    for (const caller of callers) {
      await expect(communitiesImport.scopeFor(db(), caller, {}), String(caller.role)).rejects.toMatchObject({
        status: 403,
        key: ErrorKey.forbidden,
      });
    }
  });
});

describe("through HTTP (POST /imports/communities)", () => {
  const ZERO = { created: 0, included: 0, linked: 0, already: 0, invalid: 0, failed: 0 };

  it("imports the fixture made by LibreOffice (.xlsx), and its .xls twin then finds every community there", async () => {
    const first = await importAndSettle(
      ctx.app,
      token,
      "communities",
      sheetFixture("communities.xlsx"),
      `?colg_id=${A.id}`,
    );
    expect(first).toMatchObject({ kind: "communities", status: "endCorrect", total: 4, done: 4 });
    expect(first.counts).toEqual({ ...ZERO, created: 4 });
    expect(outcomes(await runRows(ctx.app, token, first.id))).toEqual(
      [2, 3, 5, 6].map((row) => ({ row, outcome: "created", key: ErrorKey.importRowCommunityCreated, params: {} })),
    );
    // Accents, leading zeros, a cif stored as a number, a cif to normalize: as the sheet says.
    expect((await live("H00012345"))[0]).toMatchObject({ name: "C.P. Plaza de la Peña 12", adminCompanyId: admin.id });
    expect((await live("28123456"))[0]!.name).toBe("Comunidad Núñez de Balboa 45");
    expect((await live("H28654321"))[0]).toMatchObject({ name: "Mancomunidad Ibáñez-Güell", colegioId: A.id });
    const after = await total();

    const again = await importAndSettle(
      ctx.app,
      token,
      "communities",
      sheetFixture("communities.xls"),
      `?colg_id=${A.id}`,
    );
    expect(again).toMatchObject({ status: "endCorrect", counts: { ...ZERO, already: 4 } });
    expect(await total()).toBe(after);
  });
});
