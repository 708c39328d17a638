import { ErrorKey, PAGE_SIZE, Role, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expectError,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import {
  ensureActivity,
  ensureCompany,
  ensureCompanyActivity,
  ensureLegalAccepted,
  ensureMembership,
  ensureUser,
} from "../../db/seed/builders.js";

/**
 * The colegio's activities. Colegio A (demo) has its 8 seeded activities and 4 more; the demo provider
 * offers Ascensores, P2 Limpieza and Ascensores, P3 and P4 Limpieza. Colegio B has its own list.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
type Who = keyof typeof DEMO_ACCOUNTS | "colegioB" | "adminB";
const t = {} as Record<Who, string>;
const id: Record<string, number> = {};
let A: number;
let B: number;
let P2: number;

const NAMES_A = [
  "Ascensores",
  "Cerrajería",
  "Control de plagas",
  "Desatascos",
  "Electricidad",
  "Fontanería",
  "Jardinería",
  "Limpieza",
  "Mantenimiento",
  "Pintura",
  "Protección contra incendios",
  "Vigilancia",
];

beforeAll(async () => {
  ctx = await createTestApp();
  A = ctx.seed.colegio.id;
  const colegioB = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  B = colegioB.id;
  await ensureUser(db(), {
    email: "colegio-b@coordina.test",
    password: DEMO_PASSWORD,
    companyId: B,
    role: Role.colegio,
  });
  const adminB = await ensureCompany(db(), { type: Role.administrador, name: "Diagonal S.L.", cif: "B08000001" });
  await ensureMembership(db(), B, adminB.id);
  const adminBUser = await ensureUser(db(), {
    email: "diagonal@fincas.test",
    password: DEMO_PASSWORD,
    companyId: adminB.id,
    role: Role.administrador,
  });
  await ensureLegalAccepted(db(), adminBUser.id);

  for (const name of ["Cerrajería", "Desatascos", "Mantenimiento", "Vigilancia"]) await ensureActivity(db(), A, name);
  for (const row of await queryRows<{ id: number; name: string }>(
    db(),
    sql`select id, name from activities where colegio_id = ${A}`,
  )) {
    id[row.name] = Number(row.id);
  }
  id.Climatización = (await ensureActivity(db(), B, "Climatización")).id;

  const providers: number[] = [];
  for (const [i, name] of ["Pinturas Sol S.L.", "Limpiezas Luna S.L.", "Brillo S.L."].entries()) {
    const row = await ensureCompany(db(), { type: Role.gremio, name, cif: `B1000000${i}` });
    await ensureMembership(db(), A, row.id);
    providers.push(row.id);
  }
  P2 = providers[0]!;
  await ensureCompanyActivity(db(), P2, id.Limpieza!);
  await ensureCompanyActivity(db(), P2, id.Ascensores!);
  await ensureCompanyActivity(db(), providers[1]!, id.Limpieza!);
  await ensureCompanyActivity(db(), providers[2]!, id.Limpieza!);

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
  }
  t.colegioB = await tokenFor(ctx.app, "colegio-b@coordina.test");
  t.adminB = await tokenFor(ctx.app, "diagonal@fincas.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const get = (token: string | undefined, url: string) => call(ctx.app, "GET", url, { token });
type Res = Awaited<ReturnType<typeof post>>;
const names = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { name: string }) => r.name);
};
const index = (body: object = {}, token: string = t.colegio) => post(token, "/companies/activities/index", body);
const namesInA = async () =>
  (
    await queryRows<{ name: string }>(
      db(),
      sql`select name from activities where colegio_id = ${A} order by lower(name)`,
    )
  ).map((r) => r.name);

describe("companies/activities/index", () => {
  it("pages the colegio's activities by name, 10 a page, with how many providers offer each", async () => {
    const first = (await index()).json();
    expect(first.pagination).toEqual({ count: 12, page: 1, limit: PAGE_SIZE.activitiesTable });
    expect(PAGE_SIZE.activitiesTable).toBe(10);
    expect(first.count).toBe(12);
    expect(first.data.map((r: { name: string }) => r.name)).toEqual(NAMES_A.slice(0, 10));
    expect(first.data[0]).toEqual({ id: id.Ascensores, name: "Ascensores", providers: 2 });
    expect(first.data.find((r: { name: string }) => r.name === "Limpieza")).toEqual({
      id: id.Limpieza,
      name: "Limpieza",
      providers: 3,
    });
    expect(first.data.find((r: { name: string }) => r.name === "Pintura").providers).toBe(0);
    expect(names(await index({ page: 2 }))).toEqual(NAMES_A.slice(10));
    expect((await index({ page: 3 })).json()).toMatchObject({ data: [], count: 12 });
    expect(names(await index({ limit: 3, page: 2 }))).toEqual(NAMES_A.slice(3, 6));
  });

  it("searches without regard to case, and takes % and _ literally", async () => {
    expect(names(await index({ filter: "LIMP" }))).toEqual(["Limpieza"]);
    expect(names(await index({ filter: "ería" }))).toEqual(["Cerrajería", "Fontanería", "Jardinería"]);
    expect(names(await index({ filter: " de plagas " }))).toEqual(["Control de plagas"]);
    expect((await index({ filter: "%" })).json()).toMatchObject({ data: [], count: 0 });
    expect((await index({ filter: "_" })).json()).toMatchObject({ data: [], count: 0 });
    // Colegio B's activity is not colegio A's.
    expect((await index({ filter: "Climat" })).json().count).toBe(0);
  });

  it("sorts by name and by number of providers, both ways", async () => {
    expect(names(await index({ sortBy: "name", sortDesc: "DESC", limit: 20 }))).toEqual([...NAMES_A].reverse());
    // Ties (no providers) follow the id, in the sort's direction.
    const noProviders = NAMES_A.filter((n) => n !== "Ascensores" && n !== "Limpieza").sort((a, b) => id[a]! - id[b]!);
    expect(names(await index({ sortBy: "providers", sortDesc: "DESC", limit: 20 }))).toEqual([
      "Limpieza",
      "Ascensores",
      ...[...noProviders].reverse(),
    ]);
    expect(names(await index({ sortBy: "providers", limit: 20 }))).toEqual([...noProviders, "Ascensores", "Limpieza"]);
    expectError(await index({ sortBy: "id" }), 400, ErrorKey.invalidInput);
    expectError(await index({ sortBy: "lower(name)" }), 400, ErrorKey.invalidInput);
  });

  it("is each colegio's own list", async () => {
    expect((await index({}, t.colegioB)).json()).toMatchObject({
      data: [{ id: id.Climatización, name: "Climatización", providers: 0 }],
      count: 1,
    });
  });
});

describe("companies/activities/index: who may read it", () => {
  it("is the colegio staff's alone: 403 and no data for everyone else, 401 without a session", async () => {
    for (const role of ["administrador", "gremio", "portero", "master"] as const) {
      expectError(await post(t[role], "/companies/activities/index", { colg_id: A }), 403, ErrorKey.forbidden);
    }
    expectError(await post(undefined, "/companies/activities/index"), 401, ErrorKey.unauthorized);
  });
});

describe("companies/activities/all", () => {
  const all = () => NAMES_A.map((name) => ({ id: id[name], name }));

  it("gives the colegio every activity by name, by GET and by POST", async () => {
    expect((await get(t.colegio, "/companies/activities/all")).json()).toEqual({ result: true, data: all() });
    expect((await post(t.colegio, "/companies/activities/all")).json()).toEqual({ result: true, data: all() });
    expect((await get(t.colegioB, "/companies/activities/all")).json().data).toEqual([
      { id: id.Climatización, name: "Climatización" },
    ]);
  });

  it("gives an administrator the list of the colegio it selects", async () => {
    expect((await get(t.administrador, `/companies/activities/all?colg_id=${A}`)).json().data).toEqual(all());
    expect((await post(t.administrador, "/companies/activities/all", { colg_id: A })).json().data).toEqual(all());
    expect((await post(t.adminB, "/companies/activities/all", { colg_id: String(B) })).json().data).toEqual([
      { id: id.Climatización, name: "Climatización" },
    ]);
    expectError(await get(t.administrador, "/companies/activities/all"), 403, ErrorKey.colegioForbidden);
    expectError(
      await post(t.administrador, "/companies/activities/all", { colg_id: -1 }),
      403,
      ErrorKey.colegioForbidden,
    );
    // A colegio it does not belong to.
    expectError(await get(t.administrador, `/companies/activities/all?colg_id=${B}`), 403, ErrorKey.colegioForbidden);
  });

  it("is nobody else's", async () => {
    for (const role of ["gremio", "portero", "master"] as const) {
      expectError(await get(t[role], `/companies/activities/all?colg_id=${A}`), 403, ErrorKey.forbidden);
      expectError(await post(t[role], "/companies/activities/all"), 403, ErrorKey.forbidden);
    }
    expectError(await get(undefined, "/companies/activities/all"), 401, ErrorKey.unauthorized);
    expectError(await post(undefined, "/companies/activities/all"), 401, ErrorKey.unauthorized);
  });
});

describe("companies/activities/exists and /validate", () => {
  it.each(["/companies/activities/exists", "/companies/activities/validate"])(
    "%s compares names without case",
    async (path) => {
      expect((await post(t.colegio, path, { name: "ascensores" })).json()).toEqual({
        result: true,
        exists: true,
        id: id.Ascensores,
      });
      expect((await post(t.colegio, path, { name: "  PROTECCIÓN contra INCENDIOS " })).json()).toEqual({
        result: true,
        exists: true,
        id: id["Protección contra incendios"],
      });
      expect((await post(t.colegio, path, { name: "Ascensor" })).json()).toEqual({
        result: true,
        exists: false,
        id: null,
      });
      // Each colegio asks about its own list.
      expect((await post(t.colegio, path, { name: "climatización" })).json().exists).toBe(false);
      expect((await post(t.colegioB, path, { name: "CLIMATIZACIÓN" })).json()).toMatchObject({
        exists: true,
        id: id.Climatización,
      });
      expectError(await post(t.colegio, path, { name: "" }), 400, ValidationKey.activityRequired);
      expectError(await post(t.colegio, path, {}), 400, ValidationKey.activityRequired);
      for (const role of ["administrador", "gremio", "portero", "master"] as const) {
        expectError(await post(t[role], path, { name: "Ascensores", colg_id: A }), 403, ErrorKey.forbidden);
      }
      expectError(await post(undefined, path, { name: "Ascensores" }), 401, ErrorKey.unauthorized);
    },
  );
});

describe("companies/activities/add", () => {
  const add = (name: unknown, token: string = t.colegio) =>
    post(token, "/companies/activities/add", name === undefined ? {} : { name });

  it("adds an activity, trimmed", async () => {
    const res = await add("  Carpintería ");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ result: true, data: { id: expect.any(Number), name: "Carpintería" } });
    const listed = (await get(t.colegio, "/companies/activities/all")).json().data;
    expect(listed).toContainEqual({ id: body.data.id, name: "Carpintería" });
  });

  it("refuses the same name in another case (409 activities.exists)", async () => {
    expect((await add("Carpintería")).statusCode).toBe(200);
    for (const name of ["carpintería", "CARPINTERÍA", " ascensores ", "Control De Plagas"]) {
      expectError(await add(name), 409, ErrorKey.activityExists);
    }
    const rows = await queryRows(
      db(),
      sql`select id from activities where colegio_id = ${A} and lower(name) = lower('Carpintería')`,
    );
    expect(rows).toHaveLength(1);
  });

  it("lets another colegio have an activity of the same name", async () => {
    expect((await add("Ascensores", t.colegioB)).statusCode).toBe(200);
    expect((await add("Climatización")).statusCode).toBe(200);
  });

  it("two adds of the same name at once leave one activity and one 409", async () => {
    for (const [first, second] of [
      ["Cristalería", "Cristalería"],
      ["Toldos", "TOLDOS"],
    ]) {
      const answers = await Promise.all([add(first), add(second)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
        result: false,
        error: ErrorKey.activityExists,
      });
      const rows = await queryRows(
        db(),
        sql`select id from activities where colegio_id = ${A} and lower(name) = lower(${first})`,
      );
      expect(rows).toHaveLength(1);
    }
  });

  it.each([
    ["", ValidationKey.activityRequired],
    ["   ", ValidationKey.activityRequired],
    [undefined, ValidationKey.activityRequired],
    [null, ValidationKey.activityRequired],
    ["x".repeat(121), ValidationKey.activityTooLong],
    [`  ${"y".repeat(121)}  `, ValidationKey.activityTooLong],
  ])("refuses the name %j with 400", async (name, error) => {
    const before = await namesInA();
    expectError(await add(name), 400, error);
    expect(await namesInA()).toEqual(before);
  });

  it("takes a name of exactly 120 characters", async () => {
    const name = `Actividad ${"z".repeat(110)}`;
    expect(name).toHaveLength(120);
    expect((await add(name)).json().data.name).toBe(name);
  });

  it("is the colegio's alone", async () => {
    const before = await namesInA();
    for (const role of ["administrador", "gremio", "portero", "master"] as const) {
      expectError(
        await post(t[role], "/companies/activities/add", { name: "Intrusa", colg_id: A }),
        403,
        ErrorKey.forbidden,
      );
    }
    expectError(await post(t.administrador, "/companies/activities/add", { name: "Intrusa" }), 403, ErrorKey.forbidden);
    expectError(await post(undefined, "/companies/activities/add", { name: "Intrusa" }), 401, ErrorKey.unauthorized);
    expect(await namesInA()).toEqual(before);
  });
});

describe("companies/activities/delete/:id", () => {
  const remove = (activityId: number | string, token: string | undefined = t.colegio) =>
    post(token, `/companies/activities/delete/${activityId}`);
  const offered = async (activityId: number) =>
    (
      await queryRows<{ company_id: number }>(
        db(),
        sql`select company_id from company_activities where activity_id = ${activityId}`,
      )
    ).length;

  it("is the colegio's alone", async () => {
    for (const role of ["administrador", "gremio", "portero", "master"] as const) {
      expectError(
        await post(t[role], `/companies/activities/delete/${id.Limpieza}`, { colg_id: A }),
        403,
        ErrorKey.forbidden,
      );
    }
    expectError(await post(undefined, `/companies/activities/delete/${id.Limpieza}`), 401, ErrorKey.unauthorized);
    expect(await offered(id.Limpieza!)).toBe(3);
  });

  it("deletes the activity; its providers lose it", async () => {
    expect((await remove(id.Limpieza!)).json()).toEqual({ result: true });
    expect(await namesInA()).not.toContain("Limpieza");
    expect(await offered(id.Limpieza!)).toBe(0);
    const viewed = await get(t.colegio, `/companies/companies/view/${P2}`);
    expect(viewed.json().company.activities).toEqual([{ id: id.Ascensores, name: "Ascensores" }]);
    // The other activities keep their providers.
    expect((await index({ filter: "ascensores" })).json().data).toEqual([
      { id: id.Ascensores, name: "Ascensores", providers: 2 },
    ]);
    // Once gone, it is gone.
    expectError(await remove(id.Limpieza!), 404, ErrorKey.notFound);
  });

  it("answers 404 for another colegio's activity or an unknown one, and 400 for a malformed id", async () => {
    expectError(await remove(id.Climatización!), 404, ErrorKey.notFound);
    expect((await post(t.colegioB, "/companies/activities/exists", { name: "Climatización" })).json().exists).toBe(
      true,
    );
    expectError(await remove(id.Ascensores!, t.colegioB), 404, ErrorKey.notFound);
    expectError(await remove(999_999), 404, ErrorKey.notFound);
    expectError(await remove("abc"), 400, ErrorKey.invalidInput);
    expectError(await remove(-1), 400, ErrorKey.invalidInput);
  });
});
