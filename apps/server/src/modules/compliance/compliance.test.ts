import { ErrorKey, Requirement, Role, todayInSpain, type UploadPendingRow } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildComplianceWorld,
  COMPLIANCE_NAMES,
  type ComplianceDocuments,
  type ComplianceStoryWorld,
  markComplianceReads,
  markRead as markReadIn,
  modelOfDatabase as modelOf,
  uploadComplianceDocuments,
} from "../../../test/compliance-story.js";
import { type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { ensurePorterLink, ensureProviderLink } from "../../db/seed/builders.js";
import { porterFiguresOver, porterInCommunityFigures } from "./compliance.sql.js";
import { providerUnmetDuties } from "./unmet-duties.repository.js";

/**
 * The views of a provider's documents and duties (spec 02 §2 'Provider-in-community document view',
 * 'Provider home', 'Provider detail by the association'; docs/compliance.md), on the compliance story's
 * world (test/compliance-story.ts: its definitions EVAL, RC, PLAN, ALB, RIESGOS, PORT and BSEG, and the
 * communities E1–E4 around P1).
 *
 * The tests run in order on one world: the views first, then what changes the duties.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const def = {} as ComplianceStoryWorld["def"];
const E = {} as ComplianceStoryWorld["E"];
const doc = {} as ComplianceDocuments;
let templateId: number;
let world: ComplianceStoryWorld;

const NAMES = COMPLIANCE_NAMES;

beforeAll(async () => {
  ctx = await createTestApp();
  const story = await buildComplianceWorld(ctx);
  ({ w, templateId } = story);
  Object.assign(def, story.def);
  Object.assign(E, story.E);
  world = story;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const pending = (token: string, colegioId: number | undefined) =>
  post(token, "/companies/providers/upload_pending", colegioId === undefined ? {} : { colg_id: colegioId });
const byProvider = (token: string, id_finca: number, id_gremio: number) =>
  post(token, "/companies/providers/document_uploaded_by_provider_finca", { id_finca, id_gremio });
const fincaDocs = (token: string, body: { id_finca: number; id_gremio?: number }) =>
  post(token, "/companies/providers/documents_fincas", body);
const fincasOf = (token: string, providerId: number, body: object = {}) =>
  post(token, `/companies/colegio-providers/fincas/${providerId}`, body);

/** The communities of a colegio-providers/fincas answer, in order. */
const ids = (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { id_finca: number }) => r.id_finca);
};

/** Inserts a read mark as the mark-read endpoint will (a user of the reader company clicked). */
const markRead = (documentId: number, communityId: number, readerCompanyId: number) =>
  markReadIn(db(), documentId, communityId, readerCompanyId);

/** The whole database as the reference model sees it. */
const modelOfDatabase = () => modelOf(db());

/** upload_pending of a provider: 200, and exactly the model's unmet duties in that colegio. */
async function pendingRows(token: string, providerId: number, colegioId: number): Promise<UploadPendingRow[]> {
  const res = await pending(token, colegioId);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data as UploadPendingRow[];
  const model = await modelOfDatabase();
  const owed = model
    .companyUploadDuties(colegioId, providerId)
    .filter((d) => !d.met)
    .map((d) => `${d.definitionId}:${d.communityId}`);
  expect(rows.map((r) => `${r.definition_id}:${r.finca_id}`).sort()).toEqual(owed.sort());
  return rows;
}

const row = (
  key: keyof typeof def,
  finca: { id: number; name: string } | null,
  state = "missing",
  obsolete: string | null = null,
) => ({
  definition_id: def[key],
  definition_name: NAMES[key],
  finca_id: finca?.id ?? null,
  finca_name: finca?.name ?? null,
  state,
  obsolete,
});

describe("what a provider still has to upload (companies/providers/upload_pending)", () => {
  it("before any upload: each general definition once, a bound one per live community it serves, in order", async () => {
    // P1 serves C1, C2, E1 and E2 in A: general ones first by name, then the bound one by community name.
    expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([
      row("EVAL", null),
      row("RC", null),
      row("PLAN", w.C2), // Comunidad Calle Toledo 5
      row("PLAN", w.C1), // Comunidad de Propietarios Calle Mayor 10
      row("PLAN", E.E1), // Edificio Alameda 3
      row("PLAN", E.E2), // Urbanización Pinar
    ]);
    // The same provider in colegio B owes colegio B's definitions only.
    expect(await pendingRows(w.t.gremio, w.P1.id, w.B.id)).toEqual([row("BSEG", null)]);
    // A provider that serves no community owes nothing.
    expect(await pendingRows(w.t.p0, w.P0.id, w.A.id)).toEqual([]);
  });

  it("answers only a provider working in a colegio", async () => {
    expectError(await pending(w.t.gremio, undefined), 400, ErrorKey.colegioRequired);
    expectError(await pending(w.t.p2, w.B.id), 403, ErrorKey.colegioForbidden);
    for (const who of ["administrador", "colegio", "portero", "master"] as const) {
      expectError(await pending(w.t[who], w.A.id), 403, ErrorKey.forbidden);
    }
    expectError(
      await post(undefined, "/companies/providers/upload_pending", { colg_id: w.A.id }),
      401,
      ErrorKey.unauthorized,
    );
  });
});

interface Grouped {
  company: { id: number; name: string };
  data: {
    definition: { id: number };
    documents: { id: number; company_id: number; expired: boolean; needs_expiry: boolean; can_edit: boolean }[];
    templates: { id: number }[];
    can_upload: boolean;
    can_validate: boolean;
  }[];
}
const grouped = (res: Awaited<ReturnType<typeof post>>): Grouped => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** definition id → the ids of its documents, in the answer's order. */
const documentsByDefinition = (g: Grouped) =>
  Object.fromEntries(g.data.map((e) => [e.definition.id, e.documents.map((d) => d.id)]));

/** The documents of the story, uploaded through the API (P1's, P3's and the administrator's). */
async function uploadTheDocuments() {
  Object.assign(doc, await uploadComplianceDocuments(ctx, world));
}

/** P1 read the administrator's risks in C1; P3 read P1's work plan there. */
const markTheReads = () => markComplianceReads(db(), world, doc);

describe("once the providers and the administrator have uploaded their documents", () => {
  beforeAll(uploadTheDocuments);
  freshWorldForEachTest(() => ctx);

  describe("what a provider still has to upload (companies/providers/upload_pending)", () => {
    it("met duties leave, only expired documents → expired with the newest expiry, no date → incomplete", async () => {
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([
        row("RC", null, "expired", "2021-06-30"),
        row("PLAN", w.C2),
        row("PLAN", E.E1),
      ]);
      // P3 serves C1 only: nothing for EVAL; RC without the date it demands; PLAN for C1 met.
      expect(await pendingRows(w.t.p3, w.P3.id, w.A.id)).toEqual([row("EVAL", null), row("RC", null, "incomplete")]);
    });
  });

  describe("a provider's documents in a community (companies/providers/document_uploaded_by_provider_finca)", () => {
    it("the administrator sees every definition providers upload, with the provider's documents that count there", async () => {
      const g = grouped(await byProvider(w.t.administrador, w.C1.id, w.P1.id));
      expect(g.company).toEqual({ id: w.P1.id, name: w.P1.name });
      // By name; not RIESGOS (the administrator's), PORT (porters') nor colegio B's.
      expect(g.data.map((e) => e.definition.id)).toEqual([def.ALB, def.EVAL, def.PLAN, def.RC]);
      expect(documentsByDefinition(g)).toEqual({
        [def.ALB]: [doc.albP1.id],
        [def.EVAL]: [doc.evalP1.id],
        // Bound: only the one uploaded for C1 (not E2's); never P3's.
        [def.PLAN]: [doc.planC1P1.id],
        // Expired ones too, marked.
        [def.RC]: [doc.rcOldP1.id, doc.rcNewerP1.id],
      });
      const rc = g.data.find((e) => e.definition.id === def.RC)!;
      expect(rc.documents.map((d) => d.expired)).toEqual([true, true]);
      const evalEntry = g.data.find((e) => e.definition.id === def.EVAL)!;
      expect(evalEntry).toMatchObject({
        definition: { id: def.EVAL, name: NAMES.EVAL, mandatory: true, validate_colegio_required: true },
        documents: [
          {
            id: doc.evalP1.id,
            company_id: w.P1.id,
            company_name: w.P1.name,
            id_finca: null,
            fileupload: { name: "evaluación.pdf" },
            expired: false,
            needs_expiry: false,
            validated: false,
            can_edit: false,
          },
        ],
        templates: [{ id: templateId, id_document_require_definition: def.EVAL }],
      });
      // Nobody uploads here, and only the colegio validates.
      for (const e of g.data) expect([e.can_upload, e.can_validate]).toEqual([false, false]);

      // In C2 the general documents count too, the bound one for C1 does not.
      expect(documentsByDefinition(grouped(await byProvider(w.t.administrador, w.C2.id, w.P1.id)))).toEqual({
        [def.ALB]: [doc.albP1.id],
        [def.EVAL]: [doc.evalP1.id],
        [def.PLAN]: [],
        [def.RC]: [doc.rcOldP1.id, doc.rcNewerP1.id],
      });
      // P3's in C1: its own, incomplete one marked.
      const p3 = grouped(await byProvider(w.t.administrador, w.C1.id, w.P3.id));
      expect(documentsByDefinition(p3)).toEqual({
        [def.ALB]: [],
        [def.EVAL]: [],
        [def.PLAN]: [doc.planC1P3.id],
        [def.RC]: [doc.rcP3.id],
      });
      expect(p3.data.find((e) => e.definition.id === def.RC)!.documents[0]).toMatchObject({ needs_expiry: true });
    });

    it("the colegio sees the same, and may validate where the definition requires it", async () => {
      const admin = grouped(await byProvider(w.t.administrador, w.C1.id, w.P1.id));
      const colegio = grouped(await byProvider(w.t.colegio, w.C1.id, w.P1.id));
      expect(documentsByDefinition(colegio)).toEqual(documentsByDefinition(admin));
      expect(Object.fromEntries(colegio.data.map((e) => [e.definition.id, [e.can_upload, e.can_validate]]))).toEqual({
        [def.ALB]: [false, false],
        [def.EVAL]: [false, true],
        [def.PLAN]: [false, false],
        [def.RC]: [false, true],
      });
      // The colegio's admin2 community E1, served by P1.
      expect(grouped(await byProvider(w.t.colegio, E.E1.id, w.P1.id)).company.id).toBe(w.P1.id);
    });

    it("only for a live provider of the community, asked by its administrator or its colegio", async () => {
      const url = "/companies/providers/document_uploaded_by_provider_finca";
      // Not a provider of C1 now: P2 (R1's), P1 in E4 (removed), a company that is no provider, no company.
      expectError(await byProvider(w.t.administrador, w.C1.id, w.P2.id), 404, ErrorKey.notFound);
      expectError(await byProvider(w.t.administrador, E.E4.id, w.P1.id), 404, ErrorKey.notFound);
      expectError(await byProvider(w.t.administrador, w.C1.id, w.admin.id), 404, ErrorKey.notFound);
      expectError(await byProvider(w.t.administrador, w.C1.id, 999_999), 404, ErrorKey.notFound);
      // A community that does not exist, or the administrator's own deleted one.
      expectError(await byProvider(w.t.administrador, 999_999, w.P1.id), 404, ErrorKey.notFound);
      expectError(await byProvider(w.t.administrador, E.E3.id, w.P1.id), 404, ErrorKey.notFound);
      // Someone else's community: another administrator, another colegio; the community of another colegio.
      for (const [who, finca] of [
        ["admin2", w.C1.id],
        ["adminB", w.C1.id],
        ["colegioB", w.C1.id],
        ["administrador", E.E1.id],
        ["colegio", w.B1.id],
      ] as const) {
        expectError(await byProvider(w.t[who], finca, w.P1.id), 403, ErrorKey.forbidden);
      }
      // Providers and porters: not for themselves either, nor about another.
      for (const [who, provider] of [
        ["gremio", w.P1.id],
        ["p3", w.P1.id],
        ["gremio", w.P3.id],
        ["portero", w.P1.id],
        ["master", w.P1.id],
      ] as const) {
        expectError(await byProvider(w.t[who], w.C1.id, provider), 403, ErrorKey.forbidden);
      }
      expectError(await post(w.t.administrador, url, { id_finca: w.C1.id }), 400, ErrorKey.invalidInput);
      expectError(await post(undefined, url, { id_finca: w.C1.id, id_gremio: w.P1.id }), 401, ErrorKey.unauthorized);
    });
  });

  describe("a community's documents with validators (companies/providers/documents_fincas)", () => {
    it("with id_gremio it is the provider's view", async () => {
      for (const who of ["administrador", "colegio"] as const) {
        const res = await fincaDocs(w.t[who], { id_finca: w.C1.id, id_gremio: w.P1.id });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual((await byProvider(w.t[who], w.C1.id, w.P1.id)).json());
      }
    });

    it("without it, every party's documents that count in the community; the company is the community", async () => {
      const g = grouped(await fincaDocs(w.t.colegio, { id_finca: w.C1.id }));
      expect(g.company).toEqual({ id: w.C1.id, name: w.C1.name });
      // Definitions the administrator or providers upload (not the porters').
      expect(g.data.map((e) => e.definition.id)).toEqual([def.ALB, def.EVAL, def.PLAN, def.RIESGOS, def.RC]);
      expect(documentsByDefinition(g)).toEqual({
        [def.ALB]: [doc.albP1.id],
        [def.EVAL]: [doc.evalP1.id],
        [def.PLAN]: [doc.planC1P1.id, doc.planC1P3.id],
        // The administrator's for C1, not for C2.
        [def.RIESGOS]: [doc.riesgosC1.id],
        [def.RC]: [doc.rcOldP1.id, doc.rcNewerP1.id, doc.rcP3.id],
      });
      expect(g.data.filter((e) => e.can_validate).map((e) => e.definition.id)).toEqual([def.EVAL, def.RC]);
      // R1 (admin2's, served by P2 only): nothing of P1's or P3's.
      const r1 = grouped(await fincaDocs(w.t.admin2, { id_finca: w.R1.id }));
      expect(r1.data.flatMap((e) => e.documents)).toEqual([]);
    });

    it("refuses strangers with the envelope and no data", async () => {
      expectError(await fincaDocs(w.t.admin2, { id_finca: w.C1.id }), 403, ErrorKey.forbidden);
      expectError(await fincaDocs(w.t.colegioB, { id_finca: w.C1.id }), 403, ErrorKey.forbidden);
      expectError(await fincaDocs(w.t.gremio, { id_finca: w.C1.id }), 403, ErrorKey.forbidden);
      expectError(await fincaDocs(w.t.p3, { id_finca: w.C1.id, id_gremio: w.P1.id }), 403, ErrorKey.forbidden);
      expectError(await fincaDocs(w.t.colegio, { id_finca: 999_999 }), 404, ErrorKey.notFound);
      expectError(await fincaDocs(w.t.colegio, { id_finca: w.C1.id, id_gremio: w.P2.id }), 404, ErrorKey.notFound);
    });
  });

  describe("and two of them have been read", () => {
    beforeAll(markTheReads);
    freshWorldForEachTest(() => ctx);

    describe("a provider's communities for the colegio (companies/colegio-providers/fincas/{id})", () => {
      const finca = (c: { id: number; name: string; cif: string }, admin: string, figures: number[]) => ({
        id_finca: c.id,
        finca: c.name,
        finca_cif: c.cif,
        admin,
        count_provider: figures[0],
        count_total: figures[1],
        readed: figures[2],
        must_read: figures[3],
      });
      const ADMIN = "Fincas Centro Administración S.L.";
      const ADMIN2 = "Gestiones Retiro S.L.";

      it("lists the live communities of the colegio it serves with its figures there, as the model counts them", async () => {
        const res = await fincasOf(w.t.colegio, w.P1.id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          result: true,
          provider: { id: w.P1.id, name: w.P1.name },
          count: 4,
          data: [
            // uploads: EVAL ✓, RC ✗ (expired), PLAN for C2 ✗; reads: the administrator's risks for C2, unread.
            finca(w.C2, ADMIN, [1, 3, 0, 1]),
            // uploads: EVAL ✓, RC ✗, PLAN ✓; reads: risks (read), P3's plan (unread).
            finca(w.C1, ADMIN, [2, 3, 1, 2]),
            finca(E.E1, ADMIN2, [1, 3, 0, 0]),
            finca(E.E2, ADMIN, [2, 3, 0, 0]),
          ],
        });
        const model = await modelOfDatabase();
        for (const r of res.json().data) {
          const f = model.providerInCommunity(r.id_finca, w.P1.id);
          expect([r.count_provider, r.count_total, r.readed, r.must_read]).toEqual([
            f.uploaded_count,
            f.upload_must,
            f.readed_count,
            f.readed_must,
          ]);
        }
        // Colegio B sees P1's community there only.
        const b = await fincasOf(w.t.colegioB, w.P1.id);
        expect(b.json()).toMatchObject({ count: 1, data: [{ id_finca: w.B1.id, count_provider: 0, count_total: 1 }] });
        // P3 serves C1 only: uploads PLAN ✓ of EVAL, RC, PLAN; reads risks ✗, P1's plan ✓.
        expect((await fincasOf(w.t.colegio, w.P3.id)).json().data).toEqual([finca(w.C1, ADMIN, [1, 3, 1, 2])]);
        expect((await fincasOf(w.t.colegio, w.P0.id)).json()).toEqual({
          result: true,
          provider: { id: w.P0.id, name: w.P0.name },
          count: 0,
          data: [],
        });
      });

      it("sorts by name, tax id or uploads met, pages and searches", async () => {
        const P1 = w.P1.id;
        expect(ids(await fincasOf(w.t.colegio, P1, { sortDesc: "DESC" }))).toEqual([
          E.E2.id,
          E.E1.id,
          w.C1.id,
          w.C2.id,
        ]);
        expect(ids(await fincasOf(w.t.colegio, P1, { sortBy: "cif" }))).toEqual([w.C2.id, E.E1.id, E.E2.id, w.C1.id]);
        expect(ids(await fincasOf(w.t.colegio, P1, { sortBy: "cif", sortDesc: "DESC" }))).toEqual([
          w.C1.id,
          E.E2.id,
          E.E1.id,
          w.C2.id,
        ]);
        // Uploads met: 1 (C2, E1), then 2 (C1, E2); ties by id in the same direction.
        expect(ids(await fincasOf(w.t.colegio, P1, { sortBy: "docs" }))).toEqual([w.C2.id, E.E1.id, w.C1.id, E.E2.id]);
        expect(ids(await fincasOf(w.t.colegio, P1, { sortBy: "docs", sortDesc: "DESC" }))).toEqual([
          E.E2.id,
          w.C1.id,
          E.E1.id,
          w.C2.id,
        ]);
        const second = await fincasOf(w.t.colegio, P1, { page: 2, limit: 2 });
        expect(second.json()).toMatchObject({ count: 4, data: [{ id_finca: E.E1.id }, { id_finca: E.E2.id }] });
        const sortedPage = await fincasOf(w.t.colegio, P1, { page: 2, limit: 3, sortBy: "docs", sortDesc: "DESC" });
        expect(sortedPage.json()).toMatchObject({ count: 4, data: [finca(w.C2, ADMIN, [1, 3, 0, 1])] });
        expect((await fincasOf(w.t.colegio, P1, { page: 3, limit: 2 })).json()).toMatchObject({ count: 4, data: [] });
        // Search by name, tax id or administrator.
        expect(ids(await fincasOf(w.t.colegio, P1, { filter: "alameda" }))).toEqual([E.E1.id]);
        expect(ids(await fincasOf(w.t.colegio, P1, { filter: "retiro" }))).toEqual([E.E1.id]);
        expect(ids(await fincasOf(w.t.colegio, P1, { filter: "h28000" }))).toEqual([w.C2.id, E.E1.id, E.E2.id]);
        expect((await fincasOf(w.t.colegio, P1, { filter: "100%_" })).json()).toMatchObject({ count: 0, data: [] });
        expect((await fincasOf(w.t.colegio, P1, { filter: "comunidad", limit: 1 })).json()).toMatchObject({
          count: 2,
          data: [{ id_finca: w.C2.id }],
        });
        expectError(await fincasOf(w.t.colegio, P1, { sortBy: "admin" }), 400, ErrorKey.invalidInput);
      });

      it("only for the colegio, about one of its providers", async () => {
        // Not a member of the caller's colegio, or not a provider: 403; no such company: 404.
        expectError(await fincasOf(w.t.colegioB, w.P2.id), 403, ErrorKey.forbidden);
        expectError(await fincasOf(w.t.colegio, w.PB.id), 403, ErrorKey.forbidden);
        expectError(await fincasOf(w.t.colegio, w.admin.id), 403, ErrorKey.forbidden);
        expectError(await fincasOf(w.t.colegio, 999_999), 404, ErrorKey.notFound);
        for (const who of ["administrador", "gremio", "p3", "portero", "master"] as const) {
          expectError(await fincasOf(w.t[who], w.P1.id), 403, ErrorKey.forbidden);
        }
      });
    });

    describe("the lists' figures come from real uploads and reads", () => {
      it("the communities list, a community's providers and the colegio's providers", async () => {
        const model = await modelOfDatabase();
        // Communities list: C1 sums P1 (2/3 uploads, 1/2 reads) and P3 (1/3, 1/2).
        const fincas = await post(w.t.administrador, "/companies/fincas/index", { colg_id: w.A.id });
        expect(fincas.statusCode, fincas.body).toBe(200);
        const c1 = fincas.json().data.find((r: { id: number }) => r.id === w.C1.id);
        expect(c1).toMatchObject({
          mandatory_count: 6,
          mandatory_uploaded_count: 3,
          expected_count_read: 4,
          count_read: 2,
          proveedores_uploaded: false,
          proveedores_read: false,
        });
        expect(c1).toMatchObject(model.community(w.C1.id));

        // A community's providers.
        const providers = await post(w.t.administrador, "/companies-providers/index", { idFinca: w.C1.id });
        expect(providers.statusCode, providers.body).toBe(200);
        const figures = (id: number) => {
          const r = providers.json().data.find((p: { id_provider: number }) => p.id_provider === id);
          return [r.uploaded_count, r.upload_must, r.readed_count, r.readed_must];
        };
        expect(figures(w.P1.id)).toEqual([2, 3, 1, 2]);
        expect(figures(w.P3.id)).toEqual([1, 3, 1, 2]);

        // The colegio's providers: P1's uploads once each (EVAL, RC, PLAN for C1, C2, E1, E2: 3 of 6 met),
        // reads summed over its communities (C1 1/2, C2 0/1), EVAL waiting for validation.
        const companies = await post(w.t.colegio, "/companies/companies/index", { type: Role.gremio });
        expect(companies.statusCode, companies.body).toBe(200);
        const p1 = companies.json().data.find((r: { id: number }) => r.id === w.P1.id);
        const expected = { all_uploaded: 3, upload_must: 6, read_all: 1, read_must: 3, pending_validation: 1 };
        expect(p1).toMatchObject(expected);
        expect(model.company(w.A.id, w.P1.id)).toEqual(expected);
      });
    });

    describe("porters and what providers lack at the door (docs/compliance.md rules 8–11)", () => {
      const today = () => todayInSpain();
      const porterIn = async (communityId: number, porterCompanyId: number) => {
        const figures = porterInCommunityFigures(sql`${communityId}::int`, sql`${porterCompanyId}::int`, today());
        const rows = await queryRows<Record<string, number>>(db(), sql`select f.* from ${figures} f`);
        return rows[0];
      };
      /** A porter's figures over the live communities of an administrator. */
      const porterOver = async (porterCompanyId: number, adminId: number) => {
        const scope = sql`select c.id from communities c where c.admin_company_id = ${adminId} and c.erased = false`;
        const figures = porterFiguresOver(sql`${porterCompanyId}::int`, scope, today());
        const rows = await queryRows<Record<string, number>>(db(), sql`select f.* from ${figures} f`);
        return rows[0];
      };
      const communityProviders = async () => {
        const res = await post(w.t.administrador, "/companies-providers/index", { idFinca: w.C1.id });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data;
      };

      it("what each provider lacks in C1: the unmet duties behind its figures, uploads then reads, by name", async () => {
        const lists = await providerUnmetDuties(db(), w.C1.id, [w.P1.id, w.P3.id, w.P2.id, 999_999], today());
        expect([...lists.keys()]).toEqual([w.P1.id, w.P3.id, w.P2.id, 999_999]);
        // P1 (2/3 uploads, 1/2 reads): RC's newest document expired on 2021-06-30; P3's plan unread.
        expect(lists.get(w.P1.id)).toEqual([
          {
            kind: "upload",
            definition_id: def.RC,
            definition_name: NAMES.RC,
            reason: "expired",
            expired_on: "2021-06-30",
          },
          { kind: "read", document_id: doc.planC1P3.id, definition_name: NAMES.PLAN, document_name: "plan-p3.pdf" },
        ]);
        // P3 (1/3, 1/2): EVAL never uploaded, RC without the date it demands, the administrator's risks unread.
        expect(lists.get(w.P3.id)).toEqual([
          { kind: "upload", definition_id: def.EVAL, definition_name: NAMES.EVAL, reason: "missing", expired_on: null },
          { kind: "upload", definition_id: def.RC, definition_name: NAMES.RC, reason: "incomplete", expired_on: null },
          {
            kind: "read",
            document_id: doc.riesgosC1.id,
            definition_name: NAMES.RIESGOS,
            document_name: "riesgos-c1.pdf",
          },
        ]);
        // Not providers of C1: nothing.
        expect(lists.get(w.P2.id)).toEqual([]);
        expect(lists.get(999_999)).toEqual([]);
        const model = await modelOfDatabase();
        for (const p of [w.P1.id, w.P3.id, w.P2.id]) expect(lists.get(p)).toEqual(model.unmetDuties(w.C1.id, p));
        // Where P1 no longer serves (E4: link removed; E3: community deleted) it lacks nothing.
        expect((await providerUnmetDuties(db(), E.E4.id, [w.P1.id], today())).get(w.P1.id)).toEqual([]);
        expect((await providerUnmetDuties(db(), E.E3.id, [w.P1.id], today())).get(w.P1.id)).toEqual([]);
      });

      it("a porter's duties come from real uploads and marks, and change none of the providers' figures", async () => {
        const providersBefore = await communityProviders();
        const { administrator, portero } = Requirement;
        const normas = await define(ctx, w.t.colegio, {
          name: "Normas de la comunidad",
          requirement_origin: administrator,
          requirement_dest: portero,
          dest_read_required: true,
          assocfinca: true,
        });
        const ficha = await define(ctx, w.t.colegio, {
          name: "Ficha del trabajador",
          requirement_origin: Requirement.provider,
          requirement_dest: portero,
          dest_read_required: true,
        });
        const A = w.A.id;
        const admin = w.t.administrador;
        const normasC1 = await uploaded(
          ctx,
          admin,
          A,
          { id_definition: normas.id, id_finca: w.C1.id },
          "normas-c1.pdf",
        );
        await uploaded(ctx, admin, A, { id_definition: normas.id, id_finca: w.C2.id }, "normas-c2.pdf");
        await uploaded(ctx, w.t.p3, A, { id_definition: ficha.id }, "ficha-p3.pdf");
        await uploaded(ctx, w.t.portero, A, { id_definition: def.PORT, id_finca: w.C1.id }, "parte-c1.pdf");
        const porter = w.porterCompany.id;
        await markRead(normasC1.id, w.C1.id, porter);

        // The demo porter in C1: its part for C1 uploaded; the rules read, P3's sheet not.
        expect(await porterIn(w.C1.id, porter)).toEqual({
          upload_must: 1,
          uploaded_count: 1,
          read_must: 2,
          read_count: 1,
        });
        // It does not work in C2; the concierge does, with nothing done.
        expect(await porterIn(w.C2.id, porter)).toEqual({
          upload_must: 0,
          uploaded_count: 0,
          read_must: 0,
          read_count: 0,
        });
        expect(await porterIn(w.C2.id, w.conserje.id)).toEqual({
          upload_must: 1,
          uploaded_count: 0,
          read_must: 1,
          read_count: 0,
        });
        // Over the administrator's communities (the doormen summary).
        expect(await porterOver(porter, w.admin.id)).toEqual({
          must_upload: 1,
          uploaded: 1,
          must_read: 2,
          readed: 1,
          numfincas: 1,
        });
        // The concierge joins C1 too: PORT is owed once per community, the reads add up.
        await ensurePorterLink(db(), w.C1.id, w.conserje.managerId as number);
        const conserjeOver = { must_upload: 2, uploaded: 0, must_read: 3, readed: 0, numfincas: 2 };
        expect(await porterOver(w.conserje.id, w.admin.id)).toEqual(conserjeOver);
        // Another administrator's scope has none of its communities.
        expect(await porterOver(w.conserje.id, w.admin2.id)).toEqual({
          must_upload: 0,
          uploaded: 0,
          must_read: 0,
          readed: 0,
          numfincas: 0,
        });
        const model = await modelOfDatabase();
        const adminCommunities = [w.C1.id, w.C2.id, E.E2.id, E.E3.id, E.E4.id];
        expect(model.porterOver(w.conserje.id, adminCommunities)).toEqual(conserjeOver);
        for (const c of [w.C1.id, w.C2.id])
          for (const p of [porter, w.conserje.id]) expect(await porterIn(c, p)).toEqual(model.porterInCommunity(c, p));

        // The providers' rows of C1 are as before the porters' documents and marks.
        expect(await communityProviders()).toEqual(providersBefore);

        // A deleted porter user has no duties left.
        await db().execute(sql`update users set erased = true where id = ${w.conserje.managerId as number}`);
        expect(await porterOver(w.conserje.id, w.admin.id)).toMatchObject({ must_upload: 0, numfincas: 0 });
      });
    });
  });

  describe("what changes the pending uploads, at once", () => {
    it("a document without the date its definition demands makes the duty incomplete; the date meets it", async () => {
      const undated = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC }, "rc-nueva.pdf");
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([
        row("RC", null, "incomplete"),
        row("PLAN", w.C2),
        row("PLAN", E.E1),
      ]);
      const edit = await post(w.t.gremio, `/file-manager/fileupload/edit/${undated.fileupload_id}`, {
        name: "rc-nueva.pdf",
        obsolete: "2099-12-31",
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([row("PLAN", w.C2), row("PLAN", E.E1)]);
    });

    it("an erased document leaves the duty missing", async () => {
      const res = await post(w.t.gremio, `/companies/documents/erasecompanydefined/${doc.evalP1.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([
        row("EVAL", null),
        row("RC", null, "expired", "2021-06-30"),
        row("PLAN", w.C2),
        row("PLAN", E.E1),
      ]);
      // Gone from the views too.
      const g = grouped(await byProvider(w.t.administrador, w.C1.id, w.P1.id));
      expect(documentsByDefinition(g)[def.EVAL]).toEqual([]);
    });

    it("a provider removed from a community owes nothing more there, and is no longer viewed there", async () => {
      const [link] = await queryRows<{ id: number }>(
        db(),
        sql`select id from community_providers where community_id = ${w.C2.id} and provider_company_id = ${w.P1.id}`,
      );
      const res = await post(w.t.administrador, `/companies-providers/delete/${link!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([
        row("RC", null, "expired", "2021-06-30"),
        row("PLAN", E.E1),
      ]);
      expect(ids(await fincasOf(w.t.colegio, w.P1.id))).toEqual([w.C1.id, E.E1.id, E.E2.id]);
      expectError(await byProvider(w.t.administrador, w.C2.id, w.P1.id), 404, ErrorKey.notFound);
    });

    it("a new mandatory definition is owed at once: a general one once, a bound one in each community", async () => {
      const { provider } = Requirement;
      const general = await define(ctx, w.t.colegio, {
        name: "Certificado de formación",
        requirement_origin: provider,
        mandatory: true,
      });
      const bound = await define(ctx, w.t.colegio, {
        name: "Acta de replanteo",
        requirement_origin: provider,
        mandatory: true,
        assocfinca: true,
      });
      const extra = (id: number, name: string, finca: { id: number; name: string } | null) => ({
        definition_id: id,
        definition_name: name,
        finca_id: finca?.id ?? null,
        finca_name: finca?.name ?? null,
        state: "missing",
        obsolete: null,
      });
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toEqual([
        extra(general.id, general.name, null),
        row("RC", null, "expired", "2021-06-30"),
        extra(bound.id, bound.name, w.C2),
        row("PLAN", w.C2),
        extra(bound.id, bound.name, w.C1),
        extra(bound.id, bound.name, E.E1),
        row("PLAN", E.E1),
        extra(bound.id, bound.name, E.E2),
      ]);
      // An optional definition owes nothing.
      await define(ctx, w.t.colegio, { name: "Fotos", requirement_origin: provider });
      expect(await pendingRows(w.t.gremio, w.P1.id, w.A.id)).toHaveLength(8);
    });
  });
});

/** A row of the colegio's providers list, with the figures these tests compare. */
interface ProviderListRow {
  id: number;
  upload_must: number;
  all_uploaded: number;
  read_must: number;
  read_all: number;
  pending_validation: number;
  provider_fincas: number;
}

describe("'Ver solo docs pendientes' (companies/companies/index with filterNotRead)", () => {
  /** The providers of colegio A the filter keeps, and its total. */
  const filtered = async () => {
    const res = await post(w.t.colegio, "/companies/companies/index", {
      type: Role.gremio,
      filterNotRead: 1,
      limit: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((r: { id: number }) => r.id) as number[];
    expect(res.json().count).toBe(ids.length);
    return ids.sort((a, b) => a - b);
  };
  /** The providers of colegio A with something owed, unread or waiting for validation, by the model. */
  const withWorkLeft = async () => {
    const model = await modelOfDatabase();
    const all = await post(w.t.colegio, "/companies/companies/index", { type: Role.gremio, limit: 100 });
    return (all.json().data as { id: number }[])
      .map((r) => r.id)
      .filter((id) => {
        const f = model.company(w.A.id, id);
        return f.upload_must - f.all_uploaded + (f.read_must - f.read_all) + f.pending_validation > 0;
      })
      .sort((a, b) => a - b);
  };

  it("sorted by a figure, keeps the same providers in that figure's order, each with its figures", async () => {
    const expected = await withWorkLeft();
    const model = await modelOfDatabase();
    for (const [sortBy, sortDesc] of [
      ["pending", "DESC"],
      ["pending", "ASC"],
      ["fincas", "DESC"],
    ] as const) {
      const res = await post(w.t.colegio, "/companies/companies/index", {
        type: Role.gremio,
        filterNotRead: 1,
        limit: 100,
        sortBy,
        sortDesc,
      });
      const rows = res.json().data as ProviderListRow[];
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
      expect(res.json().count).toBe(expected.length);
      for (const { id, upload_must, all_uploaded, read_must, read_all, pending_validation } of rows)
        expect({ upload_must, all_uploaded, read_must, read_all, pending_validation }, String(id)).toEqual(
          model.company(w.A.id, id),
        );
      const key = (r: (typeof rows)[number]) =>
        sortBy === "fincas"
          ? r.provider_fincas
          : Math.max(r.upload_must - r.all_uploaded, 0) + Math.max(r.read_must - r.read_all, 0) + r.pending_validation;
      const sign = sortDesc === "ASC" ? 1 : -1;
      const want = [...rows].sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id));
      expect(rows.map((r) => r.id)).toEqual(want.map((r) => r.id));
    }
  });

  it("keeps exactly the providers with work left, again from its cache, and follows a change at once", async () => {
    const expected = await withWorkLeft();
    expect(expected).toContain(w.P1.id);
    expect(expected).not.toContain(w.P0.id);
    expect(await filtered()).toEqual(expected);
    // Asked again, the answers come from company_figures_cache (rows with something owed, those changed
    // since the colegio's checkpoint computed), one row per active provider for today.
    expect(await filtered()).toEqual(expected);
    const [cached] = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from company_figures_cache
          where colegio_id = ${w.A.id} and day = ${todayInSpain()}::date and owed > 0`,
    );
    expect(Number(cached?.n)).toBeGreaterThanOrEqual(expected.length);
    // With a search, only the providers it finds are asked (pending_work_cache), and the total is theirs.
    const searched = await post(w.t.colegio, "/companies/companies/index", {
      type: Role.gremio,
      filterNotRead: 1,
      filter: w.P1.cif,
    });
    expect(searched.json()).toMatchObject({ count: 1, data: [{ id: w.P1.id }] });

    // P0, serving nothing, owes nothing; serving C1 it owes its uploads there at once, and nothing again
    // once it leaves.
    await ensureProviderLink(db(), w.C1.id, w.P0.id);
    expect(await filtered()).toEqual([...expected, w.P0.id].sort((a, b) => a - b));
    expect(await filtered()).toEqual(await withWorkLeft());
    await db().execute(
      sql`update community_providers set erased = true where community_id = ${w.C1.id} and provider_company_id = ${w.P0.id}`,
    );
    expect(await filtered()).toEqual(expected);
  });
});

describe("the colegio's providers sorted by a figure (companies/companies/index, companies/providers/summary)", () => {
  type Row = ProviderListRow;
  const sorted = async (sortBy: "pending" | "fincas", sortDesc: "ASC" | "DESC") => {
    const res = await post(w.t.colegio, "/companies/companies/index", {
      type: Role.gremio,
      sortBy,
      sortDesc,
      limit: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row[];
  };
  /** What 'Docs pend validar' sorts by: uploads owed, reads owed and documents waiting for validation. */
  const pendingOf = (r: Row) =>
    Math.max(r.upload_must - r.all_uploaded, 0) + Math.max(r.read_must - r.read_all, 0) + r.pending_validation;
  /** How many communities a provider's own list in the colegio shows: what 'En Fincas' must say. */
  const communitiesListed = async (providerId: number) => {
    const res = await fincasOf(w.t.colegio, providerId, { limit: 100 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().count as number;
  };

  /** Both ways, rows come in the order of what they show (ties by id), and show the model's figures. */
  async function expectSortedBy(sortBy: "pending" | "fincas", key: (r: Row) => number) {
    const model = await modelOfDatabase();
    for (const dir of ["ASC", "DESC"] as const) {
      const rows = await sorted(sortBy, dir);
      const sign = dir === "ASC" ? 1 : -1;
      const inOrder = [...rows].sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id));
      expect(rows.map((r) => r.id)).toEqual(inOrder.map((r) => r.id));
      expect(new Set(rows.map(key)).size, "the world's providers differ in this figure").toBeGreaterThan(1);
      for (const r of rows) {
        const { upload_must, all_uploaded, read_must, read_all, pending_validation } = r;
        expect({ upload_must, all_uploaded, read_must, read_all, pending_validation }).toEqual(
          model.company(w.A.id, r.id),
        );
        expect(r.provider_fincas).toBe(await communitiesListed(r.id));
      }
    }
  }

  it("by 'Docs pend validar' and by 'En Fincas', exactly, and a change shows in the very next sorted read", async () => {
    await expectSortedBy("pending", pendingOf);
    await expectSortedBy("fincas", (r) => r.provider_fincas);
    const before = (await sorted("fincas", "DESC")).find((r) => r.id === w.P0.id);
    expect(before).toMatchObject({ provider_fincas: 0, upload_must: 0 });

    // P0 starts serving C1: it owes C1's uploads and counts one community more, at once, in both orders.
    await ensureProviderLink(db(), w.C1.id, w.P0.id);
    const after = (await sorted("fincas", "DESC")).find((r) => r.id === w.P0.id);
    expect(after?.provider_fincas).toBe(1);
    expect(pendingOf(after as Row)).toBeGreaterThan(0);
    await expectSortedBy("pending", pendingOf);
    await expectSortedBy("fincas", (r) => r.provider_fincas);
  });

  it("walks the cached rows across many kinds of write, recomputing only what changed, and stays exact", async () => {
    /**
     * What the walk trusts, checked right after one: a sorted read that shows a single row (so the page's own
     * figures refresh nothing else), then every active provider of A outside the companies changed since the
     * checkpoint has a fresh cached row (today's, at its version).
     */
    const expectCheckpointHolds = async (step: string) => {
      const probe = await post(w.t.colegio, "/companies/companies/index", {
        type: Role.gremio,
        sortBy: "pending",
        sortDesc: "ASC",
        limit: 1,
      });
      expect(probe.statusCode, probe.body).toBe(200);
      const stale = await queryRows<{ company_id: number }>(
        db(),
        sql`select m.company_id from colegio_members m join companies c on c.id = m.company_id
            join provider_figures_checkpoint p on p.colegio_id = m.colegio_id
            left join compliance_versions v on v.company_id = m.company_id
            left join company_figures_cache k on k.colegio_id = m.colegio_id and k.company_id = m.company_id
              and k.day = ${todayInSpain()}::date and k.version = coalesce(v.version, 0)
            where m.colegio_id = ${w.A.id} and m.company_type = ${Role.gremio} and not m.erased
              and c.type = ${Role.gremio} and not c.erased
              and (v.changed_xid is null or v.changed_xid < p.snapshot_xmin) and k.company_id is null`,
      );
      expect(stale, `${step}: providers trusted by the walk with a stale row`).toEqual([]);
    };
    // The sorted reads of this test, each in its own transaction: the checkpoint's xmin moves between them.
    const bothSorts = async (step: string) => {
      await expectCheckpointHolds(step);
      for (const [sortBy, key] of [
        ["pending", pendingOf],
        ["fincas", (r: Row) => r.provider_fincas],
      ] as const)
        await expectSortedBy(sortBy, key).catch((error: Error) => {
          throw new Error(`${step}: ${error.message}`);
        });
    };
    /**
     * Colegio A's checkpoints (one once a sorted read ran) and the companies changed since it (what the next
     * sorted read recomputes). Which those are also depends on the other databases of the server: a
     * transaction running elsewhere holds every snapshot's xmin back, so writes of this test before it
     * stay 'changed' (more work, never a wrong figure). Compared before and after one write, the
     * difference is that write's.
     */
    const sinceCheckpoint = async () => {
      const rows = await queryRows<{ checkpoints: number | string; company_id: number | null }>(
        db(),
        sql`select (select count(*) from provider_figures_checkpoint where colegio_id = ${w.A.id}) as checkpoints,
                   v.company_id
            from (select 1) one
            left join provider_figures_checkpoint p on p.colegio_id = ${w.A.id}
            left join compliance_versions v on v.changed_xid >= p.snapshot_xmin
            order by v.company_id`,
      );
      return {
        checkpoints: Number(rows[0]?.checkpoints),
        changed: rows.flatMap((r) => (r.company_id === null ? [] : [Number(r.company_id)])),
      };
    };
    const providers = (await sorted("pending", "ASC")).length;
    expect(providers).toBeGreaterThan(3);
    await bothSorts("first read");
    expect((await sinceCheckpoint()).checkpoints).toBe(1);

    const docs = await uploadComplianceDocuments(ctx, world);
    await bothSorts("after the uploads");
    await markComplianceReads(db(), world, docs);
    await bothSorts("after the read marks");
    const before = await sinceCheckpoint();
    const validated = await post(w.t.colegio, "/companies/documents/validatedocument", {
      id_document: docs.evalP1.id,
      valid: true,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    // One provider's document validated: the next read recomputes that provider, and nothing else more.
    const after = await sinceCheckpoint();
    expect(after.changed).toEqual([...new Set([...before.changed, w.P1.id])].sort((a, b) => a - b));
    await bothSorts("after a validation");
    await db().execute(sql`update communities set erased = true where id = ${E.E2.id}`);
    await bothSorts("after a community deleted");
    await db().execute(
      sql`update colegio_members set erased = true where colegio_id = ${w.A.id} and company_id = ${w.P3.id}`,
    );
    expect((await sorted("pending", "DESC")).at(-1)?.id, "a deactivated member sorts last").toBe(w.P3.id);
    await db().execute(
      sql`update colegio_members set erased = false where colegio_id = ${w.A.id} and company_id = ${w.P3.id}`,
    );
    await bothSorts("after a provider deactivated and back");
    await define(ctx, w.t.colegio, { name: "Bench: nueva obligación", requirement_origin: Requirement.provider });
    await bothSorts("after a new definition");
    expect((await sinceCheckpoint()).checkpoints).toBe(1);
  });

  it("the providers summary sorts by the communities served, as its rows count them", async () => {
    await ensureProviderLink(db(), w.C2.id, w.P0.id);
    for (const sortDesc of ["ASC", "DESC"] as const) {
      const res = await post(w.t.colegio, "/companies/providers/summary", { sortBy: "fincas", sortDesc, limit: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as { provider_id: number; numfincas: number }[];
      const sign = sortDesc === "ASC" ? 1 : -1;
      const inOrder = [...rows].sort(
        (a, b) => sign * (a.numfincas - b.numfincas) || sign * (a.provider_id - b.provider_id),
      );
      expect(rows.map((r) => r.provider_id)).toEqual(inOrder.map((r) => r.provider_id));
      expect(rows.find((r) => r.provider_id === w.P0.id)?.numfincas).toBe(1);
      for (const r of rows) expect(r.numfincas).toBe(await communitiesListed(r.provider_id));
      expect(new Set(rows.map((r) => r.numfincas)).size).toBeGreaterThan(1);
    }
  });
});
