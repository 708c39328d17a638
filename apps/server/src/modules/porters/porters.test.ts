import { ErrorKey, PAGE_SIZE, Requirement, Role } from "@coordina/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { communities, communityPorters, companies, readMarks, users } from "../../db/schema/index.js";
import { ensureCommunity, ensureMembership, ensurePorterLink } from "../../db/seed/builders.js";

/**
 * The porters of a community, the porter's own communities and calendar, through HTTP, on the shared
 * documents world (test/documents-world.ts) plus:
 *
 * - porters: the demo porter ('portero') in C1, in the demo administrator's AB (colegio B) and in its
 *   erased C3; 'multi' in C1, C2 and admin2's R1; 'conserje' in C2 (its link to C1 removed); three
 *   'pagina' porters in C2; 'baja' (user deactivated) in C1; 'porterB' in adminB's B1;
 * - colegio A's definitions: a mandatory general upload for porters (PORTER_GEN) and the administrator's
 *   document for C1 that porters must read (ADM_READ); the demo porter uploaded the first and read the
 *   second.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
type Community = Awaited<ReturnType<typeof ensureCommunity>>;
let C3: Community;
let AB: Community;
const porter = {} as Record<"demo" | "multi" | "conserje" | "baja" | "porterB" | "p1" | "p2" | "p3", number>;

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
type Res = Awaited<ReturnType<typeof post>>;

/** A porter (its company and user) that never logs in: no password to hash. */
async function quietPorter(email: string, name: string, cif: string) {
  const [company] = await db().insert(companies).values({ type: Role.portero, name, cif, cifNorm: cif }).returning();
  const [user] = await db()
    .insert(users)
    .values({ email, userRole: Role.portero, companyId: company!.id })
    .returning({ id: users.id });
  return user!.id;
}

async function eraseLink(communityId: number, porterUserId: number) {
  await db()
    .update(communityPorters)
    .set({ erased: true })
    .where(and(eq(communityPorters.communityId, communityId), eq(communityPorters.porterUserId, porterUserId)));
}

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const { C1, C2, R1, B1 } = w;
  await ensureMembership(db(), w.B.id, w.admin.id);
  C3 = await ensureCommunity(db(), {
    colegioId: w.A.id,
    adminCompanyId: w.admin.id,
    name: "Comunidad Atocha 3",
    cif: "H28000003",
  });
  AB = await ensureCommunity(db(), {
    colegioId: w.B.id,
    adminCompanyId: w.admin.id,
    name: "Comunitat Diagonal 2",
    cif: "H08000002",
  });

  porter.demo = ctx.seed.porter.id;
  porter.conserje = w.conserje.managerId!;
  porter.multi = await quietPorter("multi@porteros.test", "Mario Multi", "11111111H");
  porter.baja = await quietPorter("baja@porteros.test", "Berta Baja", "22222222J");
  porter.porterB = await quietPorter("porterb@porteros.test", "Pau Balmes", "33333333P");
  porter.p1 = await quietPorter("pagina1@porteros.test", "Pagina Uno", "44444444A");
  porter.p2 = await quietPorter("pagina2@porteros.test", "Pagina Dos", "55555555K");
  porter.p3 = await quietPorter("pagina3@porteros.test", "Pagina Tres", "66666666Q");
  for (const [communityId, userId] of [
    [AB.id, porter.demo],
    [C3.id, porter.demo],
    [C1.id, porter.multi],
    [C2.id, porter.multi],
    [R1.id, porter.multi],
    [C1.id, porter.conserje],
    [C2.id, porter.p1],
    [C2.id, porter.p2],
    [C2.id, porter.p3],
    [C1.id, porter.baja],
    [B1.id, porter.porterB],
  ] as const) {
    await ensurePorterLink(db(), communityId, userId);
  }
  await eraseLink(C1.id, porter.conserje);
  await db().update(users).set({ erased: true }).where(eq(users.id, porter.baja));
  await db().update(communities).set({ erased: true }).where(eq(communities.id, C3.id));

  const gen = await define(ctx, w.t.colegio, {
    name: "Formación del portero",
    requirement_origin: Requirement.portero,
    mandatory: true,
  });
  const read = await define(ctx, w.t.colegio, {
    name: "Normas para el portero",
    requirement_origin: Requirement.administrator,
    requirement_dest: Requirement.portero,
    dest_read_required: true,
    assocfinca: true,
  });
  await uploaded(ctx, w.t.portero, w.A.id, { id_definition: gen.id });
  const normas = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: read.id, id_finca: C1.id });
  await db().insert(readMarks).values({
    documentId: normas.id,
    communityId: C1.id,
    readerCompanyId: ctx.seed.porterCompany.id,
    userId: porter.demo,
  });
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const figures = (upload_must: number, uploaded_count: number, read_must: number, read_count: number) => ({
  upload_must,
  uploaded_count,
  read_must,
  read_count,
});
const emails = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { email: string }) => r.email);
};

/** The live porters of a community, read from the table. */
async function liveLinks(communityId: number) {
  const rows = await db()
    .select({ id: communityPorters.porterUserId })
    .from(communityPorters)
    .where(and(eq(communityPorters.communityId, communityId), eq(communityPorters.erased, false)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe("the porters card of a community (porteros/fincas/index and byfinca)", () => {
  const index = (token: string | undefined, body: object) => post(token, "/porteros/fincas/index", body);
  const byfinca = (token: string | undefined, id: number | string) =>
    call(ctx.app, "GET", `/porteros/fincas/byfinca/${id}`, { token });

  it("lists the live porters with their figures there, 4 a page, for the administrator", async () => {
    const res = await index(w.t.administrador, { id_finca: w.C1.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ count: 2, page: 1, limit: PAGE_SIZE.communityPorters });
    expect(body.data).toEqual([
      {
        id: porter.multi,
        email: "multi@porteros.test",
        company_id: expect.any(Number),
        name: "Mario Multi",
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        ...figures(1, 0, 1, 0),
      },
      {
        id: porter.demo,
        email: "portero@coordina.test",
        company_id: ctx.seed.porterCompany.id,
        name: ctx.seed.porterCompany.name,
        created: expect.any(String),
        ...figures(1, 1, 1, 1),
      },
    ]);
  });

  it("pages, searches and sorts", async () => {
    const first = await index(w.t.administrador, { id_finca: w.C2.id });
    expect(emails(first)).toEqual([
      "conserje@coordina.test",
      "multi@porteros.test",
      "pagina1@porteros.test",
      "pagina2@porteros.test",
    ]);
    expect(first.json().count).toBe(5);
    expect(emails(await index(w.t.administrador, { id_finca: w.C2.id, page: 2 }))).toEqual(["pagina3@porteros.test"]);
    const found = await index(w.t.administrador, { id_finca: w.C2.id, filter: "PAGINA d" });
    expect(emails(found)).toEqual(["pagina2@porteros.test"]);
    expect(found.json().count).toBe(1);
    const byMail = await index(w.t.administrador, { id_finca: w.C2.id, filter: "pagina", page: 2, limit: 2 });
    expect(emails(byMail)).toEqual(["pagina3@porteros.test"]);
    expect(byMail.json().count).toBe(3);
    const byName = await index(w.t.administrador, { id_finca: w.C2.id, sortBy: "name", sortDesc: "DESC", limit: 10 });
    expect(byName.json().data.map((r: { name: string }) => r.name)).toEqual([
      "Pagina Uno",
      "Pagina Tres",
      "Pagina Dos",
      "Mario Multi",
      "Ana Conserje",
    ]);
  });

  it("the colegio of the community sees them too; byfinca gives the same rows unpaged", async () => {
    const paged = await index(w.t.colegio, { id_finca: w.C2.id, limit: 10 });
    const all = await byfinca(w.t.colegio, w.C2.id);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toHaveLength(5);
    expect(all.json().data).toEqual(paged.json().data);
    expect(emails(await byfinca(w.t.administrador, w.C1.id))).toEqual(["multi@porteros.test", "portero@coordina.test"]);
  });

  it("refuses everybody else, with no data", async () => {
    for (const token of [w.t.admin2, w.t.adminB, w.t.colegioB, w.t.gremio, w.t.portero, w.t.master]) {
      expectError(await index(token, { id_finca: w.C1.id }), 403, ErrorKey.forbidden);
      expectError(await byfinca(token, w.C1.id), 403, ErrorKey.forbidden);
    }
    // The administrator working in another colegio it belongs to does not reach colegio A's community.
    expectError(await index(w.t.administrador, { id_finca: w.C1.id, colg_id: w.B.id }), 403, ErrorKey.forbidden);
    expectError(await index(undefined, { id_finca: w.C1.id }), 401, ErrorKey.unauthorized);
    expectError(await byfinca(undefined, w.C1.id), 401, ErrorKey.unauthorized);
  });

  it("answers 404 for a community that does not exist or was deleted, 400 for a bad id", async () => {
    expectError(await index(w.t.administrador, { id_finca: 999_999 }), 404, ErrorKey.notFound);
    expectError(await byfinca(w.t.administrador, 999_999), 404, ErrorKey.notFound);
    expectError(await index(w.t.administrador, { id_finca: C3.id }), 404, ErrorKey.notFound);
    expectError(await byfinca(w.t.administrador, C3.id), 404, ErrorKey.notFound);
    expect((await index(w.t.administrador, { id_finca: "x" })).statusCode).toBe(400);
    expect((await byfinca(w.t.administrador, "x")).statusCode).toBe(400);
    expect((await index(w.t.administrador, { id_finca: w.C1.id, sortBy: "password" })).statusCode).toBe(400);
  });
});

describe("removing a porter from a community (porteros/portero/drop)", () => {
  const drop = (token: string | undefined, body: object) => post(token, "/porteros/portero/drop", body);

  it("removes it from that community only; its link stays, erased", async () => {
    const res = await drop(w.t.administrador, { id_portero: porter.multi, id_finca: w.C1.id });
    expect(res.json()).toEqual({ result: true });
    expect(await liveLinks(w.C1.id)).toEqual([porter.demo, porter.baja].sort((a, b) => a - b));
    expect(await liveLinks(w.C2.id)).toContain(porter.multi);
    expect(await liveLinks(w.R1.id)).toEqual([porter.multi]);
    const [link] = await db()
      .select()
      .from(communityPorters)
      .where(and(eq(communityPorters.communityId, w.C1.id), eq(communityPorters.porterUserId, porter.multi)));
    expect(link?.erased).toBe(true);
    expect(emails(await post(w.t.administrador, "/porteros/fincas/index", { id_finca: w.C1.id }))).toEqual([
      "portero@coordina.test",
    ]);
    // Twice: it is no longer there.
    expectError(
      await drop(w.t.administrador, { id_portero: porter.multi, id_finca: w.C1.id }),
      404,
      ErrorKey.porterNotInFinca,
    );
  });

  it("refuses anyone but the community's administrator, and changes nothing", async () => {
    const before = await liveLinks(w.C1.id);
    for (const token of [w.t.admin2, w.t.adminB, w.t.colegio, w.t.gremio, w.t.portero, undefined]) {
      const res = await drop(token, { id_portero: porter.multi, id_finca: w.C1.id });
      expect([401, 403], res.body).toContain(res.statusCode);
      expect(res.json().result).toBe(false);
    }
    expectError(
      await drop(w.t.administrador, { id_portero: porter.multi, id_finca: w.C1.id, colg_id: w.B.id }),
      403,
      ErrorKey.forbidden,
    );
    expect(await liveLinks(w.C1.id)).toEqual(before);
  });

  it("answers 404 for another community's porter, an unknown porter or community, and changes nothing", async () => {
    const before = await liveLinks(w.C1.id);
    for (const id_portero of [porter.porterB, porter.conserje, 999_999]) {
      expectError(await drop(w.t.administrador, { id_portero, id_finca: w.C1.id }), 404, ErrorKey.porterNotInFinca);
    }
    expectError(await drop(w.t.administrador, { id_portero: porter.demo, id_finca: 999_999 }), 404, ErrorKey.notFound);
    expectError(await drop(w.t.administrador, { id_portero: porter.demo, id_finca: C3.id }), 404, ErrorKey.notFound);
    expect((await drop(w.t.administrador, { id_portero: "uno", id_finca: w.C1.id })).statusCode).toBe(400);
    expect(await liveLinks(w.C1.id)).toEqual(before);
    expect(await liveLinks(C3.id)).toEqual([porter.demo]);
  });
});

describe("the porter's own communities (porteros/comunidades/index)", () => {
  const own = (token: string | undefined, body: object = {}) => post(token, "/porteros/comunidades/index", body);

  it("lists its live communities in every colegio, with its figures there", async () => {
    const res = await own(w.t.portero);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pagination).toEqual({ count: 2, page: 1, limit: PAGE_SIZE.ownCommunities });
    expect(res.json().data).toEqual([
      {
        id: w.C1.id,
        name: w.C1.name,
        cif: w.C1.cif,
        admin: w.admin.name,
        colegio_id: w.A.id,
        ...figures(1, 1, 1, 1),
      },
      { id: AB.id, name: AB.name, cif: AB.cif, admin: w.admin.name, colegio_id: w.B.id, ...figures(0, 0, 0, 0) },
    ]);
  });

  it("searches by name, tax id or administrator and sorts by administrator", async () => {
    const ids = async (body: object) => (await own(w.t.portero, body)).json().data.map((r: { id: number }) => r.id);
    expect(await ids({ filter: "diagonal" })).toEqual([AB.id]);
    expect(await ids({ filter: w.C1.cif.toLowerCase() })).toEqual([w.C1.id]);
    expect(await ids({ filter: "nada parecido" })).toEqual([]);
    const conserje = await own(w.t.conserje, { sortBy: "admin", sortDesc: "DESC" });
    expect(conserje.json().data.map((r: { id: number }) => r.id)).toEqual([w.C2.id]);
  });

  it("is for porters only", async () => {
    for (const token of [w.t.administrador, w.t.colegio, w.t.gremio, w.t.master]) {
      expectError(await own(token), 403, ErrorKey.forbidden);
    }
    expectError(await own(undefined), 401, ErrorKey.unauthorized);
  });
});

describe("the porter's calendar of a community (porteros/calendar/bymonth)", () => {
  const month = (token: string | undefined, id_finca: number) =>
    post(token, "/porteros/calendar/bymonth", { year: 2026, month: 3, id_finca });

  it("answers its community's (still empty) calendar", async () => {
    const res = await month(w.t.portero, w.C1.id);
    expect(res.json()).toEqual({
      result: true,
      days: [],
      calendar: [],
      count: 0,
      pagination: { count: 0, page: 1, limit: PAGE_SIZE.calendarEntries },
    });
  });

  it("refuses a community it does not work in, and everybody but porters", async () => {
    expectError(await month(w.t.portero, w.C2.id), 403, ErrorKey.forbidden);
    expectError(await month(w.t.conserje, w.C1.id), 403, ErrorKey.forbidden);
    expectError(await month(w.t.portero, 999_999), 404, ErrorKey.notFound);
    expectError(await month(w.t.portero, C3.id), 404, ErrorKey.notFound);
    for (const token of [w.t.administrador, w.t.colegio, w.t.gremio]) {
      expectError(await month(token, w.C1.id), 403, ErrorKey.forbidden);
    }
    expectError(await month(undefined, w.C1.id), 401, ErrorKey.unauthorized);
    const bad = await post(w.t.portero, "/porteros/calendar/bymonth", { year: 2026, month: 13, id_finca: w.C1.id });
    expect(bad.statusCode).toBe(400);
  });

  it("stops answering once the porter is removed from the community", async () => {
    await eraseLink(w.C1.id, porter.demo);
    expectError(await month(w.t.portero, w.C1.id), 403, ErrorKey.forbidden);
  });
});

describe("a porter opens the communities it works in (companies/fincas/view)", () => {
  const view = (token: string, id: number) => call(ctx.app, "GET", `/companies/fincas/view/${id}`, { token });

  it("loads its own community and no other", async () => {
    const res = await view(w.t.portero, w.C1.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().finca).toMatchObject({ id: w.C1.id, name: w.C1.name });
    expectError(await view(w.t.portero, w.C2.id), 403, ErrorKey.forbidden);
    expectError(await view(w.t.portero, w.B1.id), 403, ErrorKey.forbidden);
    expectError(await view(w.t.conserje, w.C1.id), 403, ErrorKey.forbidden);
  });

  it("no longer once removed from it", async () => {
    await eraseLink(w.C1.id, porter.demo);
    expectError(await view(w.t.portero, w.C1.id), 403, ErrorKey.forbidden);
  });
});

describe("the doormen summary (porteros/portero/admin_summary)", () => {
  const summary = (token: string | undefined, body: object = {}) =>
    post(token, "/porteros/portero/admin_summary", body);
  const ids = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { portero_id: number }) => r.portero_id);
  };

  it("gives every porter of the administrator's communities, their names and its figures over them", async () => {
    const res = await summary(w.t.administrador);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ count: 6, page: 1, limit: PAGE_SIZE.porterSummary });
    expect(body.data.map((r: { portero_name: string }) => r.portero_name)).toEqual([
      "Ana Conserje",
      ctx.seed.porterCompany.name,
      "Mario Multi",
      "Pagina Dos",
      "Pagina Tres",
      "Pagina Uno",
    ]);
    const row = (id: number) => body.data.find((r: { portero_id: number }) => r.portero_id === id);
    expect(row(porter.demo)).toEqual({
      portero_id: porter.demo,
      portero_name: ctx.seed.porterCompany.name,
      portero_email: "portero@coordina.test",
      fincas: [w.C1.name, AB.name],
      must_upload: 1,
      uploaded: 1,
      must_read: 1,
      readed: 1,
      numfincas: 2,
    });
    expect(row(porter.multi)).toMatchObject({
      fincas: [w.C2.name, w.C1.name],
      must_upload: 1,
      uploaded: 0,
      must_read: 1,
      readed: 0,
      numfincas: 2,
    });
    expect(row(porter.conserje)).toMatchObject({ fincas: [w.C2.name], must_read: 0, numfincas: 1 });
  });

  it("keeps to the chosen colegio, and to each administrator's and colegio's own communities", async () => {
    const inA = await summary(w.t.administrador, { colg_id: w.A.id });
    expect(ids(inA)).toHaveLength(6);
    const demo = inA.json().data.find((r: { portero_id: number }) => r.portero_id === porter.demo);
    expect(demo).toMatchObject({ fincas: [w.C1.name], numfincas: 1 });
    const admin2 = await summary(w.t.admin2);
    expect(admin2.json().data).toEqual([
      expect.objectContaining({ portero_id: porter.multi, fincas: [w.R1.name], numfincas: 1, must_upload: 1 }),
    ]);
    expect(ids(await summary(w.t.adminB))).toEqual([porter.porterB]);
    const colegio = await summary(w.t.colegio, { sortBy: "numfincas", sortDesc: "DESC" });
    expect(ids(colegio)).toHaveLength(6);
    expect(colegio.json().data[0]).toMatchObject({
      portero_id: porter.multi,
      fincas: [w.C2.name, w.C1.name, w.R1.name],
      numfincas: 3,
    });
    expect(
      (await summary(w.t.colegioB, { sortBy: "id" })).json().data.map((r: { portero_id: number }) => r.portero_id),
    ).toEqual([porter.demo, porter.porterB].sort((a, b) => a - b));
  });

  it("searches by name, e-mail or community name, sorts by the figures and pages", async () => {
    const toledo = await summary(w.t.administrador, { filter: "toledo", limit: 2 });
    expect(ids(toledo)).toHaveLength(2);
    expect(toledo.json().count).toBe(5);
    expect(ids(await summary(w.t.administrador, { filter: "MARIO" }))).toEqual([porter.multi]);
    expect(ids(await summary(w.t.administrador, { filter: "portero@coordina" }))).toEqual([porter.demo]);
    expect(ids(await summary(w.t.administrador, { filter: "Retiro" }))).toEqual([]);
    expect(ids(await summary(w.t.administrador, { sortBy: "readed", sortDesc: "DESC" }))[0]).toBe(porter.demo);
    const byCount = ids(await summary(w.t.administrador, { sortBy: "numfincas", sortDesc: "DESC" }));
    expect(byCount.slice(0, 2).sort((a: number, b: number) => a - b)).toEqual(
      [porter.demo, porter.multi].sort((a, b) => a - b),
    );
    const all = ids(await summary(w.t.administrador, { sortBy: "email" }));
    const page2 = await summary(w.t.administrador, { sortBy: "email", page: 2, limit: 4 });
    expect(ids(page2)).toEqual(all.slice(4));
    expect(page2.json().count).toBe(6);
    expect(ids(await summary(w.t.administrador, { page: 5 }))).toEqual([]);
    expect((await summary(w.t.administrador, { page: 5 })).json().count).toBe(6);
  });

  it("is for administrators and colegios only", async () => {
    for (const token of [w.t.gremio, w.t.portero, w.t.master]) {
      expectError(await summary(token), 403, ErrorKey.forbidden);
    }
    expectError(await summary(undefined), 401, ErrorKey.unauthorized);
    expect((await summary(w.t.administrador, { sortBy: "password" })).statusCode).toBe(400);
  });
});

describe("one porter's communities (porteros/portero/fincas)", () => {
  const fincas = (token: string | undefined, id_portero: number | string) =>
    post(token, "/porteros/portero/fincas", { id_portero });

  it("gives the caller's communities where it works, with its figures in each", async () => {
    const res = await fincas(w.t.administrador, porter.multi);
    expect(res.json()).toEqual({
      result: true,
      portero: { id: porter.multi, email: "multi@porteros.test", name: "Mario Multi" },
      data: [
        {
          finca_id: w.C2.id,
          finca_cif: w.C2.cif,
          finca_name: w.C2.name,
          readed: 0,
          must_read: 0,
          uploaded: 0,
          must_upload: 1,
        },
        {
          finca_id: w.C1.id,
          finca_cif: w.C1.cif,
          finca_name: w.C1.name,
          readed: 0,
          must_read: 1,
          uploaded: 0,
          must_upload: 1,
        },
      ],
    });
    const demo = (await fincas(w.t.administrador, porter.demo)).json().data;
    expect(demo.map((r: { finca_id: number }) => r.finca_id)).toEqual([w.C1.id, AB.id]);
    expect(demo[0]).toMatchObject({ readed: 1, must_read: 1, uploaded: 1, must_upload: 1 });
    const admin2 = (await fincas(w.t.admin2, porter.multi)).json().data;
    expect(admin2.map((r: { finca_id: number }) => r.finca_id)).toEqual([w.R1.id]);
    const colegio = (await fincas(w.t.colegio, porter.multi)).json().data;
    expect(colegio.map((r: { finca_id: number }) => r.finca_id)).toEqual([w.C2.id, w.C1.id, w.R1.id]);
  });

  it("tells nothing of a porter that works in none of the caller's communities", async () => {
    expectError(await fincas(w.t.adminB, porter.multi), 404, ErrorKey.notFound);
    expectError(await fincas(w.t.administrador, porter.porterB), 404, ErrorKey.notFound);
    expectError(await fincas(w.t.administrador, porter.baja), 404, ErrorKey.notFound);
    expectError(await fincas(w.t.administrador, w.admin2.managerId!), 404, ErrorKey.notFound);
    expectError(await fincas(w.t.administrador, 999_999), 404, ErrorKey.notFound);
    expect((await fincas(w.t.administrador, "x")).statusCode).toBe(400);
    for (const token of [w.t.gremio, w.t.portero])
      expectError(await fincas(token, porter.multi), 403, ErrorKey.forbidden);
    expectError(await fincas(undefined, porter.multi), 401, ErrorKey.unauthorized);
  });
});
