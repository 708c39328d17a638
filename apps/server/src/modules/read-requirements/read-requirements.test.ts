import { ErrorKey, Requirement, Role } from "@coordina/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { documentDefinitions, readMarks } from "../../db/schema/index.js";

/**
 * document-read-requirements (spec 02 §7) on the documents world (test/documents-world.ts): C1 (the demo
 * administrator's; providers P1 and P3, the demo porter), C2 (the same administrator's; P1, the porter
 * 'conserje'), R1 (admin2's; P2). Colegio A defines:
 *
 * | key   | name                   | origin → dest          | per community | read required |
 * |-------|------------------------|------------------------|---------------|---------------|
 * | NORMAS| Normas de la comunidad | administrator → provider and porter | no | yes |
 * | RIESGO| Riesgos de la finca    | administrator → provider | yes (C1)    | yes           |
 * | PLAN  | Plan de trabajo        | provider → provider    | no            | yes           |
 * | HORA  | Horario de la finca    | administrator → provider | no          | no            |
 *
 * Documents: normas.pdf (administrator: counts in C1 and C2: P1, P3, porter; P1, conserje → 5 reads),
 * normas-retiro.pdf (admin2: R1: P2 → 1), riesgos.pdf (administrator for C1: P1, P3 → 2), plan.pdf (P1:
 * C1: P3; C2: nobody else → 1), horario.pdf (administrator, no reading required: P1 twice, P3 → 3 once
 * added). Marks: P1 and the porter read normas.pdf in C1, P2 normas-retiro.pdf in R1, P3 plan.pdf in C1.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const def = {} as Record<"NORMAS" | "RIESGO" | "PLAN" | "HORA" | "B", number>;
const doc = {} as Record<"normas" | "retiro" | "riesgos" | "plan" | "horario", number>;

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const get = (token: string | undefined, url: string) => call(ctx.app, "GET", url, { token });
const INDEX = "/document-read-requirements/index";
const view = (token: string | undefined, id: number, query = "") =>
  get(token, `/document-read-requirements/view/${id}${query}`);
const add = (token: string | undefined, id: number) =>
  post(token, "/document-read-requirements/add", { id_definition: id });
const remove = (token: string | undefined, id: number) => post(token, `/document-read-requirements/delete/${id}`);

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const { administrator, provider, provider_portero } = Requirement;
  const defineA = async (name: string, input: object) =>
    (await define(ctx, w.t.colegio, { name, ...input } as never)).id;
  def.NORMAS = await defineA("Normas de la comunidad", {
    requirement_origin: administrator,
    requirement_dest: provider_portero,
    dest_read_required: true,
  });
  def.RIESGO = await defineA("Riesgos de la finca", {
    requirement_origin: administrator,
    requirement_dest: provider,
    dest_read_required: true,
    assocfinca: true,
    group: "LOPD",
  });
  def.PLAN = await defineA("Plan de trabajo", {
    requirement_origin: provider,
    requirement_dest: provider,
    dest_read_required: true,
  });
  def.HORA = await defineA("Horario de la finca", { requirement_origin: administrator, requirement_dest: provider });
  def.B = (
    await define(ctx, w.t.colegioB, {
      name: "Normes de la comunitat",
      requirement_origin: administrator,
      requirement_dest: provider,
      dest_read_required: true,
    })
  ).id;
  const A = w.A.id;
  doc.normas = (await uploaded(ctx, w.t.administrador, A, { id_definition: def.NORMAS }, "normas.pdf")).id;
  doc.retiro = (await uploaded(ctx, w.t.admin2, A, { id_definition: def.NORMAS }, "normas-retiro.pdf")).id;
  doc.riesgos = (
    await uploaded(ctx, w.t.administrador, A, { id_definition: def.RIESGO, id_finca: w.C1.id }, "riesgos.pdf")
  ).id;
  doc.plan = (await uploaded(ctx, w.t.gremio, A, { id_definition: def.PLAN }, "plan.pdf")).id;
  doc.horario = (await uploaded(ctx, w.t.administrador, A, { id_definition: def.HORA }, "horario.pdf")).id;
  const mark = async (token: string, id_document: number, id_finca: number, id_company: number) => {
    const res = await post(token, "/companies/providers/mark_read", {
      readed: true,
      id_document,
      id_finca,
      id_company,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await mark(w.t.gremio, doc.normas, w.C1.id, w.P1.id);
  await mark(w.t.portero, doc.normas, w.C1.id, w.porterCompany.id);
  await mark(w.t.p2, doc.retiro, w.R1.id, w.P2.id);
  await mark(w.t.p3, doc.plan, w.C1.id, w.P3.id);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

type Row = { id: number; name: string; documents_count: number };
const rowsOf = (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
};
type Doc = { id: number; company_name: string; finca_name: string | null; read_count: number; read_must: number };
const figures = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.documents as (Doc & { fileupload: { name: string } })[]).map(
    (d) => `${d.fileupload.name}: ${d.read_count}/${d.read_must}`,
  );
};

describe("the read requirements list (document-read-requirements/index)", () => {
  it("lists the colegio's definitions that require reading, with their current documents, and lets it edit", async () => {
    const res = await post(w.t.colegio, INDEX, {});
    expect(rowsOf(res).map((r) => [r.name, r.documents_count])).toEqual([
      ["Normas de la comunidad", 2],
      ["Plan de trabajo", 1],
      ["Riesgos de la finca", 1],
    ]);
    expect(res.json()).toMatchObject({ count: 3, docsAllowedToEdit: true });
    expect(res.json().data[0]).toEqual({
      id: def.NORMAS,
      name: "Normas de la comunidad",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider_portero,
      assocfinca: false,
      group: null,
      documents_count: 2,
    });
  });

  it("searches, filters by group and pages", async () => {
    expect(rowsOf(await post(w.t.colegio, INDEX, { filter: "plan" })).map((r) => r.name)).toEqual(["Plan de trabajo"]);
    expect(rowsOf(await post(w.t.colegio, INDEX, { group: "LOPD" })).map((r) => r.name)).toEqual([
      "Riesgos de la finca",
    ]);
    const page2 = await post(w.t.colegio, INDEX, { currentPage: 2, perPage: 2 });
    expect(rowsOf(page2).map((r) => r.name)).toEqual(["Riesgos de la finca"]);
    expect(page2.json().count).toBe(3);
  });

  it("shows an administrator its communities' documents only, read-only", async () => {
    const mine = await post(w.t.administrador, INDEX, { colg_id: w.A.id });
    expect(rowsOf(mine).map((r) => [r.name, r.documents_count])).toEqual([
      ["Normas de la comunidad", 1],
      ["Plan de trabajo", 1],
      ["Riesgos de la finca", 1],
    ]);
    expect(mine.json().docsAllowedToEdit).toBe(false);
    const admin2 = await post(w.t.admin2, INDEX, { colg_id: w.A.id });
    expect(rowsOf(admin2).map((r) => [r.name, r.documents_count])).toEqual([
      ["Normas de la comunidad", 1],
      ["Plan de trabajo", 0],
      ["Riesgos de la finca", 0],
    ]);
  });

  it("keeps each colegio to its own", async () => {
    expect(rowsOf(await post(w.t.colegioB, INDEX, {})).map((r) => r.name)).toEqual(["Normes de la comunitat"]);
    expect(rowsOf(await post(w.t.adminB, INDEX, { colg_id: w.B.id })).map((r) => r.name)).toEqual([
      "Normes de la comunitat",
    ]);
  });

  it("refuses without a session, other roles and another colegio, with no data", async () => {
    expectError(await post(undefined, INDEX, {}), 401, ErrorKey.unauthorized);
    for (const token of [w.t.gremio, w.t.portero, w.t.master]) {
      const res = await post(token, INDEX, { colg_id: w.A.id });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().data).toBeUndefined();
    }
    const res = await post(w.t.adminB, INDEX, { colg_id: w.A.id });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().data).toBeUndefined();
  });
});

describe("one read requirement (document-read-requirements/view/{id})", () => {
  it("shows the colegio every current document with how many of its readers read it", async () => {
    const res = await view(w.t.colegio, def.NORMAS);
    expect(figures(res)).toEqual(["normas.pdf: 2/5", "normas-retiro.pdf: 1/1"]);
    const [first] = res.json().data.documents;
    expect(first).toMatchObject({ id: doc.normas, id_finca: null, finca_name: null, obsolete: null });
    expect(first.company_name).toBe(w.admin.name);
    expect(res.json().data.definition).toMatchObject({ id: def.NORMAS, dest_read_required: true });
    expect(res.json().docsAllowedToEdit).toBe(true);
    expect(res.json().data.readers).toBeUndefined();
    const riesgos = await view(w.t.colegio, def.RIESGO);
    expect(figures(riesgos)).toEqual(["riesgos.pdf: 0/2"]);
    expect(riesgos.json().data.documents[0].finca_name).toBe(w.C1.name);
    expect(figures(await view(w.t.colegio, def.PLAN))).toEqual(["plan.pdf: 1/1"]);
  });

  it("pages the documents in the same order, with their total and each page's figures", async () => {
    const first = await view(w.t.colegio, def.NORMAS, "?page=1&limit=1");
    expect(figures(first)).toEqual(["normas.pdf: 2/5"]);
    expect(first.json().count).toBe(2);
    const second = await view(w.t.colegio, def.NORMAS, "?page=2&limit=1");
    expect(figures(second)).toEqual(["normas-retiro.pdf: 1/1"]);
    expect(second.json().count).toBe(2);
    const past = await view(w.t.colegio, def.NORMAS, "?page=3&limit=1");
    expect(figures(past)).toEqual([]);
    expect(past.json().count).toBe(2);
    // An administrator's total is its communities' documents; a document of another page still has readers.
    expect((await view(w.t.administrador, def.NORMAS)).json().count).toBe(1);
    const readers = await view(w.t.colegio, def.NORMAS, `?page=1&limit=1&document=${doc.retiro}`);
    expect(figures(readers)).toEqual(["normas-retiro.pdf: 1/1"]);
    expect(readers.json().data.readers.map((r: { company_name: string }) => r.company_name)).toEqual([w.P2.name]);
    expectError(await view(w.t.colegio, def.NORMAS, "?limit=101"), 400, ErrorKey.invalidInput);
  });

  it("names who must read one document, where, and when each read it", async () => {
    const res = await view(w.t.colegio, def.NORMAS, `?document=${doc.normas}`);
    expect(res.statusCode, res.body).toBe(200);
    const readers = res.json().data.readers as {
      finca_name: string;
      company_name: string;
      party: string;
      read_at: string | null;
    }[];
    // By community (Calle Toledo 5 is C2, Calle Mayor 10 is C1), providers first.
    expect(readers.map((r) => [r.finca_name, r.company_name, r.party, r.read_at !== null])).toEqual([
      [w.C2.name, w.P1.name, "provider", false],
      [w.C2.name, w.conserje.name, "portero", false],
      [w.C1.name, w.P1.name, "provider", true],
      [w.C1.name, w.P3.name, "provider", false],
      [w.C1.name, w.porterCompany.name, "portero", true],
    ]);
    expect(readers.filter((r) => r.read_at).length).toBe(2);
    expect(readers.filter((r) => r.read_at).every((r) => !Number.isNaN(Date.parse(r.read_at!)))).toBe(true);
  });

  it("limits an administrator to the documents and readers of its communities", async () => {
    const mine = await view(w.t.administrador, def.NORMAS);
    expect(figures(mine)).toEqual(["normas.pdf: 2/5"]);
    expect(mine.json().docsAllowedToEdit).toBe(false);
    expect(figures(await view(w.t.admin2, def.NORMAS))).toEqual(["normas-retiro.pdf: 1/1"]);
    // plan.pdf is P1's: it counts in C1 and C2 (the administrator's), not in R1 (admin2's).
    expect(figures(await view(w.t.administrador, def.PLAN))).toEqual(["plan.pdf: 1/1"]);
    expect(figures(await view(w.t.admin2, def.PLAN))).toEqual([]);
    // Another administrator's document is not found for it, nor are its readers.
    expectError(await view(w.t.administrador, def.NORMAS, `?document=${doc.retiro}`), 404, ErrorKey.notFound);
    const readers = await view(w.t.admin2, def.NORMAS, `?document=${doc.retiro}`);
    expect(readers.json().data.readers.map((r: { company_name: string }) => r.company_name)).toEqual([w.P2.name]);
  });

  it("refuses without a session, other roles and other colegios, and does not find what is not a read requirement", async () => {
    expectError(await view(undefined, def.NORMAS), 401, ErrorKey.unauthorized);
    for (const token of [w.t.gremio, w.t.portero, w.t.colegioB, w.t.adminB]) {
      const res = await view(token, def.NORMAS);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().data).toBeUndefined();
    }
    expectError(await view(w.t.colegio, def.HORA), 404, ErrorKey.notFound);
    expectError(await view(w.t.colegio, 999_999), 404, ErrorKey.notFound);
    expectError(await view(w.t.colegio, def.NORMAS, `?document=${doc.plan}`), 404, ErrorKey.notFound);
  });
});

/** Every provider's and porter's read figures in C1, C2 and R1, summed: [read, must]. */
async function engineReads(): Promise<[number, number]> {
  let read = 0;
  let must = 0;
  const places: [string, number][] = [
    [w.t.administrador, w.C1.id],
    [w.t.administrador, w.C2.id],
    [w.t.admin2, w.R1.id],
  ];
  for (const [token, id] of places) {
    const providers = await post(token, "/companies-providers/index", { idFinca: id, limit: 100 });
    expect(providers.statusCode, providers.body).toBe(200);
    expect(providers.json().data.length).toBeGreaterThan(0);
    for (const p of providers.json().data as { readed_count: number; readed_must: number }[]) {
      read += p.readed_count;
      must += p.readed_must;
    }
    const porters = await post(token, "/porteros/fincas/index", { id_finca: id, limit: 100 });
    expect(porters.statusCode, porters.body).toBe(200);
    for (const p of porters.json().data as { read_count: number; read_must: number }[]) {
      read += p.read_count;
      must += p.read_must;
    }
  }
  return [read, must];
}

/** "Leído por N de M" summed over every document of every read requirement, as the colegio sees them. */
async function viewReads(): Promise<[number, number]> {
  const list = rowsOf(await post(w.t.colegio, INDEX, { perPage: 100 }));
  expect(list.length).toBeGreaterThan(0);
  let read = 0;
  let must = 0;
  for (const r of list) {
    const res = await view(w.t.colegio, r.id);
    expect(res.statusCode, res.body).toBe(200);
    for (const d of res.json().data.documents as Doc[]) {
      read += d.read_count;
      must += d.read_must;
    }
  }
  return [read, must];
}

/** The colegio's providers list: *Docs a leer* (read_all / read_must) of one provider. */
async function docsToRead(providerId: number): Promise<[number, number]> {
  const list = await post(w.t.colegio, "/companies/companies/index", { type: Role.gremio, limit: 100 });
  expect(list.statusCode, list.body).toBe(200);
  const row = list.json().data.find((c: { id: number }) => c.id === providerId);
  expect(row, "the provider's row").toBeDefined();
  return [row.read_all, row.read_must];
}

describe("the counts are the compliance engine's", () => {
  it("adds up to the providers' and porters' *Documentos leídos* in every community", async () => {
    const fromView = await viewReads();
    expect(fromView).toEqual([4, 9]);
    expect(await engineReads()).toEqual(fromView);
  });
});

describe("adding and deleting a read requirement (add, delete/{id})", () => {
  it("makes the definition's documents owed reads at once, and takes them back exactly", async () => {
    const [p1Before, p3Before] = [await docsToRead(w.P1.id), await docsToRead(w.P3.id)];
    const engineBefore = await engineReads();
    expect((await add(w.t.colegio, def.HORA)).json()).toEqual({ result: true });
    const row = (await db().select().from(documentDefinitions).where(eq(documentDefinitions.id, def.HORA)))[0]!;
    expect(row.destReadRequired).toBe(true);
    // horario.pdf counts in C1 and C2: P1 owes it in both, P3 in C1.
    expect(await docsToRead(w.P1.id)).toEqual([p1Before[0], p1Before[1] + 2]);
    expect(await docsToRead(w.P3.id)).toEqual([p3Before[0], p3Before[1] + 1]);
    expect(figures(await view(w.t.colegio, def.HORA))).toEqual(["horario.pdf: 0/3"]);
    expect(await engineReads()).toEqual([engineBefore[0], engineBefore[1] + 3]);
    expect(await viewReads()).toEqual(await engineReads());

    // P3 reads it; then the requirement goes: the figures are back as before, the mark stays.
    const res = await post(w.t.p3, "/companies/providers/mark_read", {
      readed: true,
      id_document: doc.horario,
      id_finca: w.C1.id,
      id_company: w.P3.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await docsToRead(w.P3.id)).toEqual([p3Before[0] + 1, p3Before[1] + 1]);
    expect((await remove(w.t.colegio, def.HORA)).json()).toEqual({ result: true });
    expect(await docsToRead(w.P1.id)).toEqual(p1Before);
    expect(await docsToRead(w.P3.id)).toEqual(p3Before);
    expect(await engineReads()).toEqual(engineBefore);
    expect(await db().select().from(readMarks).where(eq(readMarks.documentId, doc.horario))).toHaveLength(1);
    expectError(await view(w.t.colegio, def.HORA), 404, ErrorKey.notFound);

    // Required again: the kept mark counts again.
    await add(w.t.colegio, def.HORA);
    expect(await docsToRead(w.P3.id)).toEqual([p3Before[0] + 1, p3Before[1] + 1]);
    expect(figures(await view(w.t.colegio, def.HORA))).toEqual(["horario.pdf: 1/3"]);
  });

  it("deletes a read requirement: its documents are no longer owed reads", async () => {
    const before = await docsToRead(w.P3.id);
    expect((await remove(w.t.colegio, def.RIESGO)).statusCode).toBe(200);
    expect(await docsToRead(w.P3.id)).toEqual([before[0], before[1] - 1]);
    expect(rowsOf(await post(w.t.colegio, INDEX, {})).map((r) => r.name)).toEqual([
      "Normas de la comunidad",
      "Plan de trabajo",
    ]);
  });

  it("refuses without a session, every other role and another colegio's definition, and changes nothing", async () => {
    const required = async (id: number) =>
      (await db().select().from(documentDefinitions).where(eq(documentDefinitions.id, id)))[0]!.destReadRequired;
    expectError(await add(undefined, def.HORA), 401, ErrorKey.unauthorized);
    expectError(await remove(undefined, def.NORMAS), 401, ErrorKey.unauthorized);
    for (const token of [w.t.administrador, w.t.gremio, w.t.portero, w.t.colegioB]) {
      expect((await add(token, def.HORA)).statusCode).toBe(403);
      expect((await remove(token, def.NORMAS)).statusCode).toBe(403);
    }
    expect((await add(w.t.colegio, def.B)).statusCode).toBe(403);
    expect((await remove(w.t.colegio, def.B)).statusCode).toBe(403);
    expect([await required(def.HORA), await required(def.NORMAS), await required(def.B)]).toEqual([false, true, true]);
    expectError(await add(w.t.colegio, 999_999), 404, ErrorKey.notFound);
    expect((await post(w.t.colegio, "/document-read-requirements/add", {})).statusCode).toBe(400);
  });
});
