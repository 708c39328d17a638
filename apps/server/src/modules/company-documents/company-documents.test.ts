import {
  type CompanyDocumentsPage,
  type DocumentSummary,
  ErrorKey,
  todayInSpain,
  type UploadPendingRow,
} from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildComplianceWorld,
  type ComplianceDocuments,
  type ComplianceStoryWorld,
  modelOfDatabase,
  uploadComplianceDocuments,
} from "../../../test/compliance-story.js";
import { uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";

/**
 * The caller's own documents (companies/documents, 'Documentos subidos') and upload duties
 * (companies/documents/summary, 'Resumen de documentos'), on the compliance story's world
 * (test/compliance-story.ts): P1 serves C1, C2, E1, E2 in colegio A (E3 deleted, E4 link removed) and B1 in
 * colegio B; A's mandatory provider definitions are EVAL and RC (general) and PLAN (per community).
 */
let ctx: TestContext;
let story: ComplianceStoryWorld;
let doc: ComplianceDocuments;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  story = await buildComplianceWorld(ctx);
  doc = await uploadComplianceDocuments(ctx, story);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const summaryOf = async (token: string, colegioId: number): Promise<DocumentSummary> => {
  const res = await post(token, "/companies/documents/summary", { colg_id: colegioId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const listOf = async (token: string, colegioId: number, body: object = {}) => {
  const res = await post(token, "/companies/documents", { colg_id: colegioId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CompanyDocumentsPage;
};
const pendingOf = async (token: string, colegioId: number) => {
  const res = await post(token, "/companies/providers/upload_pending", { colg_id: colegioId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadPendingRow[];
};

/** Spain's day `days` after today, YYYY-MM-DD. */
function inDays(days: number) {
  const d = new Date(`${todayInSpain()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Owed uploads (upload_pending's rows or the colegio's missing words) as `definition:finca state date`, sorted,
 * to compare the two.
 */
const sameDuties = (rows: object[]) =>
  rows
    .map((row) => {
      const r = row as { definition_id: number; finca_id: number | null; state?: string; reason?: string };
      const date = (row as { obsolete?: string | null }).obsolete ?? (row as { expired_on?: string | null }).expired_on;
      return `${r.definition_id}:${r.finca_id} ${r.state ?? r.reason} ${date ?? "-"}`;
    })
    .sort();

/** Every duty of a summary as `definition:finca state`. */
const dutiesOf = (s: DocumentSummary) =>
  s.data.flatMap((r) => r.duties.map((d) => `${r.definition_id}:${d.finca_id} ${d.state}`));

describe("companies/documents/summary", () => {
  it("a provider's duties: each general definition once, a per-community one per live community it serves", async () => {
    const { w, def, E } = story;
    const s = await summaryOf(w.t.gremio, w.A.id);
    // EVAL uploaded (valid); RC's newest expired in 2021; PLAN uploaded for C1 and E2 only.
    expect(s.data.map((r) => [r.definition_name, r.duties.map((d) => [d.finca_name, d.state, d.obsolete])])).toEqual([
      ["Evaluación de riesgos laborales", [[null, "valid", null]]],
      [
        "Plan de trabajo en la comunidad",
        [
          ["Comunidad Calle Toledo 5", "missing", null],
          ["Comunidad de Propietarios Calle Mayor 10", "valid", null],
          ["Edificio Alameda 3", "missing", null],
          ["Urbanización Pinar", "valid", null],
        ],
      ],
      ["Seguro de responsabilidad civil", [[null, "expired", "2021-06-30"]]],
    ]);
    expect(s.counts).toEqual({ valid: 3, soon: 0, expired: 1, incomplete: 0, missing: 2 });
    // Every duty of the reference model, met or not, and nothing else.
    const model = await modelOfDatabase(db());
    const duties = model.companyUploadDuties(w.A.id, w.P1.id);
    expect(duties.length).toBeGreaterThan(0);
    expect(
      dutiesOf(s)
        .map((d) => d.split(" ")[0])
        .sort(),
    ).toEqual(duties.map((d) => `${d.definitionId}:${d.communityId}`).sort());
    expect(
      dutiesOf(s)
        .filter((d) => !/ (valid|soon)$/.test(d))
        .map((d) => d.split(" ")[0])
        .sort(),
    ).toEqual(
      duties
        .filter((d) => !d.met)
        .map((d) => `${d.definitionId}:${d.communityId}`)
        .sort(),
    );
    expect(def.PLAN).toBe(s.data[1]!.definition_id);
    expect(E.E3.id).not.toBe(s.data[1]!.duties.at(-1)!.finca_id);
  });

  it("what is not valid is exactly what upload_pending, the colegio's 'Docs a subir' and its words say is owed", async () => {
    const { w, def } = story;
    // Make an incomplete one too: P1's RC without a date, newer than the expired ones.
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC }, "rc-sin-fecha.pdf");
    const s = await summaryOf(w.t.gremio, w.A.id);
    expect(s.counts.incomplete).toBe(1);
    const owed = s.data.flatMap((r) =>
      r.duties
        .filter((d) => d.state !== "valid" && d.state !== "soon")
        .map((d) => ({ definition_id: r.definition_id, finca_id: d.finca_id, state: d.state, obsolete: d.obsolete })),
    );
    const pending = await pendingOf(w.t.gremio, w.A.id);
    expect(pending.length).toBe(3);
    expect(
      owed.sort((a, b) => `${a.definition_id}:${a.finca_id}`.localeCompare(`${b.definition_id}:${b.finca_id}`)),
    ).toEqual(
      pending
        .map((p) => ({ definition_id: p.definition_id, finca_id: p.finca_id, state: p.state, obsolete: p.obsolete }))
        .sort((a, b) => `${a.definition_id}:${a.finca_id}`.localeCompare(`${b.definition_id}:${b.finca_id}`)),
    );
    expect(s.counts.expired + s.counts.incomplete + s.counts.missing).toBe(pending.length);
    // The colegio's providers list: the missing words of *Docs a subir* and the figure itself.
    const words = await post(w.t.colegio, "/companies/providers/missing", { id_gremio: w.P1.id });
    expect(words.statusCode, words.body).toBe(200);
    expect(words.json().data.uploads.length).toBe(pending.length);
    expect(sameDuties(words.json().data.uploads)).toEqual(sameDuties(pending));
    const model = await modelOfDatabase(db());
    const figures = model.company(w.A.id, w.P1.id);
    expect(figures.upload_must - figures.all_uploaded).toBe(pending.length);
    expect(s.counts.valid + s.counts.soon).toBe(figures.all_uploaded);
  });

  it("an unmet duty is said by its newest document, as rule 11 says it: an older one without a date does not make it incomplete", async () => {
    const { w, def } = story;
    const rc = async () =>
      (await summaryOf(w.t.gremio, w.A.id)).data.find((r) => r.definition_id === def.RC)!.duties[0];
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC }, "rc-sin-fecha.pdf");
    expect(await rc()).toMatchObject({ state: "incomplete", obsolete: null });
    // A newer one that expired already: the duty is expired, on the latest expiry date among them.
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC, obsolete: "2021-01-15" }, "rc-2021.pdf");
    expect(await rc()).toMatchObject({ state: "expired", obsolete: "2021-06-30" });
    const words = await post(w.t.colegio, "/companies/providers/missing", { id_gremio: w.P1.id });
    expect(sameDuties(words.json().data.uploads)).toEqual(sameDuties(await pendingOf(w.t.gremio, w.A.id)));
  });

  it("a duty met by a document that expires within 30 days is 'soon', with its date; beyond, valid", async () => {
    const { w, def } = story;
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC, obsolete: inDays(10) }, "rc-10.pdf");
    let s = await summaryOf(w.t.gremio, w.A.id);
    const rc = () => s.data.find((r) => r.definition_id === def.RC)!.duties[0];
    expect(rc()).toEqual({ finca_id: null, finca_name: null, state: "soon", obsolete: inDays(10) });
    expect(s.counts).toMatchObject({ soon: 1, expired: 0 });
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC, obsolete: inDays(31) }, "rc-31.pdf");
    s = await summaryOf(w.t.gremio, w.A.id);
    expect(rc()).toEqual({ finca_id: null, finca_name: null, state: "valid", obsolete: inDays(31) });
    expect(s.counts).toMatchObject({ soon: 0, valid: 4 });
  });

  it("a porter's duties are its porter definitions where it is a live porter; an administrator's its own", async () => {
    const { w, def, E } = story;
    const porter = await summaryOf(w.t.portero, w.A.id);
    expect(dutiesOf(porter)).toEqual([`${def.PORT}:${w.C1.id} missing`]);
    const conserje = await summaryOf(w.t.conserje, w.A.id);
    expect(dutiesOf(conserje)).toEqual([`${def.PORT}:${w.C2.id} missing`]);
    // The demo administrator's live communities: C1, C2, E2 and E4 (E3 is deleted); RIESGOS uploaded for C1, C2.
    const admin = await summaryOf(w.t.administrador, w.A.id);
    expect(admin.data.map((r) => [r.definition_id, r.duties.map((d) => [d.finca_id, d.state])])).toEqual([
      [
        def.RIESGOS,
        [
          [E.E4.id, "missing"], // Comunidad Antigua 2
          [w.C2.id, "valid"],
          [w.C1.id, "valid"],
          [E.E2.id, "missing"],
        ],
      ],
    ]);
    expect(admin.counts).toEqual({ valid: 2, soon: 0, expired: 0, incomplete: 0, missing: 2 });
  });

  it("is the colegio chosen's only; a provider serving nothing owes nothing", async () => {
    const { w, def } = story;
    expect(dutiesOf(await summaryOf(w.t.gremio, w.B.id))).toEqual([`${def.BSEG}:null missing`]);
    expect(await summaryOf(w.t.p0, w.A.id)).toEqual({
      result: true,
      counts: { valid: 0, soon: 0, expired: 0, incomplete: 0, missing: 0 },
      data: [],
    });
  });

  it("refuses without a session, the colegio and the master (403, no data), and asks for a colegio", async () => {
    const { w } = story;
    expectError(await post(undefined, "/companies/documents/summary", { colg_id: w.A.id }), 401, ErrorKey.unauthorized);
    for (const who of ["colegio", "master"] as const) {
      const res = await post(w.t[who], "/companies/documents/summary", { colg_id: w.A.id });
      expectError(res, 403, ErrorKey.forbidden);
      expect(res.json().data).toBeUndefined();
    }
    expectError(await post(w.t.gremio, "/companies/documents/summary", {}), 400, ErrorKey.colegioRequired);
    // A colegio the provider does not work in.
    expectError(
      await post(w.t.p2, "/companies/documents/summary", { colg_id: w.B.id }),
      403,
      ErrorKey.colegioForbidden,
    );
  });
});

describe("companies/documents", () => {
  it("lists the caller's company's live documents in the colegio, newest first, and says which were replaced", async () => {
    const { w } = story;
    const page = await listOf(w.t.gremio, w.A.id);
    const mine = [doc.albP1, doc.planE2P1, doc.planC1P1, doc.rcNewerP1, doc.rcOldP1, doc.evalP1];
    expect(page.count).toBe(6);
    expect(page.data.map((r) => r.id)).toEqual(mine.map((d) => d.id));
    const byId = new Map(page.data.map((r) => [r.id, r]));
    expect(byId.get(doc.rcOldP1.id)).toMatchObject({
      newest: false,
      expiry_state: "expired",
      validation: "none",
      finca: null,
      file: { name: "rc-2019.pdf", obsolete: "2020-01-31" },
      definition: { id: story.def.RC, name: "Seguro de responsabilidad civil", group: null, assocfinca: false },
    });
    expect(byId.get(doc.rcNewerP1.id)).toMatchObject({ newest: true, expiry_state: "expired" });
    expect(byId.get(doc.planC1P1.id)).toMatchObject({
      newest: true,
      finca: { id: w.C1.id, name: w.C1.name },
      validation: "not-required",
      expiry_state: "valid",
    });
    expect(byId.get(doc.evalP1.id)).toMatchObject({ validation: "pending", expiry_state: "valid" });
    // Another provider's documents are not its own; colegio B's list holds none of colegio A's.
    expect((await listOf(w.t.p3, w.A.id)).data.map((r) => r.id).sort()).toEqual([doc.rcP3.id, doc.planC1P3.id].sort());
    expect(await listOf(w.t.gremio, w.B.id)).toMatchObject({ count: 0, data: [] });
    // The administrator's own documents.
    expect((await listOf(w.t.administrador, w.A.id)).data.map((r) => r.id).sort()).toEqual(
      [doc.riesgosC1.id, doc.riesgosC2.id].sort(),
    );
  });

  it("filters by search, community, definition, expiry and validation, and pages", async () => {
    const { w, def } = story;
    const ids = async (body: object) => (await listOf(w.t.gremio, w.A.id, body)).data.map((r) => r.id).sort();
    expect(await ids({ filter: "RC-20" })).toEqual([doc.rcOldP1.id, doc.rcNewerP1.id].sort());
    expect(await ids({ filter: "pinar" })).toEqual([doc.planE2P1.id]); // the community's name
    expect(await ids({ filter: "evaluación de riesgos" })).toEqual([doc.evalP1.id]); // the definition's name
    expect(await ids({ id_finca: w.C1.id })).toEqual([doc.planC1P1.id]);
    expect(await ids({ id_definition: def.PLAN })).toEqual([doc.planC1P1.id, doc.planE2P1.id].sort());
    expect(await ids({ expiry: "expired" })).toEqual([doc.rcOldP1.id, doc.rcNewerP1.id].sort());
    expect(await ids({ expiry: "none" })).toEqual([]);
    expect(await ids({ validation: "pending" })).toEqual([doc.evalP1.id]);
    expect(await ids({ validation: "not-required" })).toEqual([doc.planC1P1.id, doc.planE2P1.id, doc.albP1.id].sort());
    // P3's RC has no date: 'none' (Falta la fecha de caducidad), and waits for nothing.
    const p3 = await listOf(w.t.p3, w.A.id, { expiry: "none" });
    expect(p3.data.map((r) => [r.id, r.needs_expiry, r.validation])).toEqual([[doc.rcP3.id, true, "none"]]);
    // The colegio validates EVAL: it moves from pending to validated.
    const v = await post(w.t.colegio, "/companies/documents/validatedocument", {
      valid: true,
      id_document: doc.evalP1.id,
    });
    expect(v.statusCode, v.body).toBe(200);
    expect(await ids({ validation: "validated" })).toEqual([doc.evalP1.id]);
    expect(await ids({ validation: "pending" })).toEqual([]);
    // A soon-expiring one.
    const soon = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC, obsolete: inDays(5) }, "rc-5.pdf");
    expect(await ids({ expiry: "soon" })).toEqual([soon.id]);
    // Paging and sorting by name.
    const p1 = await listOf(w.t.gremio, w.A.id, { limit: 2, page: 1, sortBy: "name", sortDesc: "ASC" });
    const p2 = await listOf(w.t.gremio, w.A.id, { limit: 2, page: 2, sortBy: "name", sortDesc: "ASC" });
    expect(p1.count).toBe(7);
    expect([...p1.data, ...p2.data].map((r) => r.file.name)).toEqual([
      "albarán.pdf",
      "evaluación.pdf",
      "plan-c1.pdf",
      "plan-e2.pdf",
    ]);
  });

  it("leaves out deleted documents and deleted files", async () => {
    const { w } = story;
    const erase = await call(ctx.app, "POST", `/companies/documents/erasecompanydefined/${doc.albP1.id}`, {
      token: w.t.gremio,
      body: { colg_id: w.A.id },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    await db().execute(sql`update files set deleted = true where id = ${doc.planE2P1.fileupload_id}`);
    const page = await listOf(w.t.gremio, w.A.id);
    expect(page.count).toBe(4);
    expect(page.data.map((r) => r.id)).not.toContain(doc.albP1.id);
    expect(page.data.map((r) => r.id)).not.toContain(doc.planE2P1.id);
  });

  it("refuses without a session, the colegio and the master (403, no data), and asks for a colegio", async () => {
    const { w } = story;
    expectError(await post(undefined, "/companies/documents", { colg_id: w.A.id }), 401, ErrorKey.unauthorized);
    for (const who of ["colegio", "master"] as const) {
      const res = await post(w.t[who], "/companies/documents", { colg_id: w.A.id });
      expectError(res, 403, ErrorKey.forbidden);
      expect(res.json().data).toBeUndefined();
    }
    expectError(await post(w.t.gremio, "/companies/documents", {}), 400, ErrorKey.colegioRequired);
    expectError(await post(w.t.p2, "/companies/documents", { colg_id: w.B.id }), 403, ErrorKey.colegioForbidden);
    expectError(
      await post(w.t.gremio, "/companies/documents", { colg_id: w.A.id, limit: 101 }),
      400,
      ErrorKey.invalidInput,
    );
  });
});

describe("companies/documents: the filters' choices", () => {
  it("are the communities and definitions of the company's documents in the colegio, by name", async () => {
    const { w, def, E } = story;
    const page = await listOf(w.t.gremio, w.A.id, { id_finca: w.C1.id });
    expect(page.fincas).toEqual([
      { id: w.C1.id, name: w.C1.name },
      { id: E.E2.id, name: E.E2.name },
    ]);
    expect(page.definitions.map((d) => d.id)).toEqual([def.ALB, def.EVAL, def.PLAN, def.RC]);
  });
});
