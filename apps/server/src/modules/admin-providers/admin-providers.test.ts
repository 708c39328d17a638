import { type AdminProviderRow, ErrorKey, PAGE_SIZE, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildComplianceWorld,
  type ComplianceDocuments,
  type ComplianceStoryWorld,
  markComplianceReads,
  markRead,
  modelOfDatabase,
  uploadComplianceDocuments,
} from "../../../test/compliance-story.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";

/**
 * The administrator's compliance overview (spec 02 §2 'Admin overview of compliance'; docs/compliance.md
 * rule 12) on the compliance story's world (test/compliance-story.ts) once its documents are uploaded and
 * two of them read. The demo administrator's live communities are C1, C2, E2 and E4 (which lost P1; E3 is
 * deleted); P1 serves C1, C2 and E2, P3 only C1. admin2 has R1 (P2) and E1 (P1); colegio B has B1 (P1 and PB).
 */
let ctx: TestContext;
let story: ComplianceStoryWorld;
let doc: ComplianceDocuments;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  story = await buildComplianceWorld(ctx);
  doc = await uploadComplianceDocuments(ctx, story);
  await markComplianceReads(db(), story, doc);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
type Res = Awaited<ReturnType<typeof post>>;
const overview = (token: string | undefined, body: object = {}) =>
  post(token, "/companies/admin-fincas/providers", body);
const fincasOf = (token: string | undefined, providerId: number | string, body: object = {}) =>
  post(token, `/companies/admin-fincas/provider_fincas/${providerId}`, body);
const missingOf = (token: string | undefined, id_gremio: number) =>
  post(token, "/companies/admin-fincas/providers/missing", { id_gremio });

const rowsOf = (res: Res): AdminProviderRow[] => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (res: Res) => rowsOf(res).map((r) => r.provider_id);
const fincaIds = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { finca_id: number }) => r.finca_id);
};

/** The live communities of a scope, as the model's community ids. */
async function liveCommunities(where: { admin?: number; colegio: number }) {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select id from communities where erased = false and colegio_id = ${where.colegio}
        ${where.admin === undefined ? sql`` : sql`and admin_company_id = ${where.admin}`}`,
  );
  return rows.map((r) => Number(r.id));
}

describe("the overview (companies/admin-fincas/providers)", () => {
  it("gives every provider of the administrator's communities with its figures over them, as the model counts", async () => {
    const { w, E } = story;
    const res = await overview(w.t.administrador, { colg_id: w.A.id });
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res);
    expect(res.json().pagination).toEqual({ count: rows.length, page: 1, limit: PAGE_SIZE.adminProviders });
    // Uploads each once: EVAL ✓, RC ✗ (expired), PLAN in C1 ✓, C2 ✗, E2 ✓; reads: C1 1 of 2, C2 0 of 1.
    expect(rows.find((r) => r.provider_id === w.P1.id)).toEqual({
      provider_id: w.P1.id,
      provider_cif: w.P1.cif,
      provider_name: w.P1.name,
      must_upload: 5,
      uploaded: 3,
      must_read: 3,
      readed: 1,
      numfincas: 3,
    });
    // P3 serves C1 only: PLAN ✓ of EVAL, RC (no date), PLAN; reads: risks ✗, P1's plan ✓.
    expect(rows.find((r) => r.provider_id === w.P3.id)).toMatchObject({
      must_upload: 3,
      uploaded: 1,
      must_read: 2,
      readed: 1,
      numfincas: 1,
    });
    expect(rows.some((r) => [w.P2.id, w.PB.id, w.P0.id].includes(r.provider_id))).toBe(false);
    const mine = await liveCommunities({ admin: w.admin.id, colegio: w.A.id });
    // E4 is live but has lost its only provider.
    expect(mine.sort()).toEqual([w.C1.id, w.C2.id, E.E2.id, E.E4.id].sort());
    const model = await modelOfDatabase(db());
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) {
      const { provider_id, provider_cif, provider_name, ...figures } = r;
      expect(figures, provider_name).toEqual(model.providerOver(provider_id, mine));
    }
    expect(rows.map((r) => r.provider_name.toLowerCase())).toEqual(
      rows.map((r) => r.provider_name.toLowerCase()).sort(),
    );
  });

  it("counts as the other lists: a provider's row in one community, and the colegio's figures over all of it", async () => {
    const { w } = story;
    // P3 serves only C1: its overview row is its row among C1's providers.
    const p3 = rowsOf(await overview(w.t.administrador, { colg_id: w.A.id })).find((r) => r.provider_id === w.P3.id);
    const c1 = await post(w.t.administrador, "/companies-providers/index", { idFinca: w.C1.id });
    expect(c1.statusCode, c1.body).toBe(200);
    const inC1 = c1.json().data.find((p: { id_provider: number }) => p.id_provider === w.P3.id);
    expect([p3?.uploaded, p3?.must_upload, p3?.readed, p3?.must_read]).toEqual([
      inC1.uploaded_count,
      inC1.upload_must,
      inC1.readed_count,
      inC1.readed_must,
    ]);
    // The colegio's overview covers all its communities: the same figures as its providers list.
    const colegio = rowsOf(await overview(w.t.colegio, { limit: 100 }));
    const list = await post(w.t.colegio, "/companies/companies/index", { type: Role.gremio, limit: 100 });
    expect(list.statusCode, list.body).toBe(200);
    expect(colegio.length).toBeGreaterThan(2);
    for (const r of colegio) {
      const listed = list.json().data.find((c: { id: number }) => c.id === r.provider_id);
      expect([r.uploaded, r.must_upload, r.readed, r.must_read], r.provider_name).toEqual([
        listed.all_uploaded,
        listed.upload_must,
        listed.read_all,
        listed.read_must,
      ]);
      expect(r.numfincas).toBe(listed.provider_fincas);
    }
  });

  it("keeps to the chosen colegio and to each caller's own communities", async () => {
    const { w, E } = story;
    // admin2: E1 (P1) and R1 (P2).
    const admin2 = rowsOf(await overview(w.t.admin2));
    expect(admin2.map((r) => r.provider_id).sort()).toEqual([w.P1.id, w.P2.id].sort());
    const model = await modelOfDatabase(db());
    expect(admin2.find((r) => r.provider_id === w.P1.id)).toMatchObject(model.providerOver(w.P1.id, [E.E1.id]));
    // Colegio B: B1's providers, with B's definitions only.
    const b = rowsOf(await overview(w.t.colegioB, { sortBy: "id" }));
    expect(b.map((r) => r.provider_id)).toEqual([w.P1.id, w.PB.id].sort((x, y) => x - y));
    expect(b.find((r) => r.provider_id === w.P1.id)).toMatchObject({ must_upload: 1, uploaded: 0, numfincas: 1 });
    // adminB: B1 only.
    expect(ids(await overview(w.t.adminB)).sort()).toEqual([w.P1.id, w.PB.id].sort());
  });

  it("searches by name or tax id, sorts by every column and pages", async () => {
    const { w } = story;
    const A = { colg_id: w.A.id };
    const all = ids(await overview(w.t.administrador, A));
    expect(all.length).toBeGreaterThan(1);
    expect(ids(await overview(w.t.administrador, { ...A, filter: "zeta" }))).toEqual([w.P3.id]);
    expect(ids(await overview(w.t.administrador, { ...A, filter: w.P3.cif.toLowerCase() }))).toEqual([w.P3.id]);
    expect(ids(await overview(w.t.administrador, { ...A, filter: "100%_" }))).toEqual([]);
    // P1 (3 communities) before P3 (1) by numfincas, descending.
    const byFincas = ids(await overview(w.t.administrador, { ...A, sortBy: "numfincas", sortDesc: "DESC" }));
    expect(byFincas.indexOf(w.P1.id)).toBeLessThan(byFincas.indexOf(w.P3.id));
    const byUploaded = rowsOf(await overview(w.t.administrador, { ...A, sortBy: "uploaded" }));
    expect(byUploaded.map((r) => r.uploaded)).toEqual(byUploaded.map((r) => r.uploaded).sort((x, y) => x - y));
    const byRead = rowsOf(await overview(w.t.administrador, { ...A, sortBy: "readed", sortDesc: "DESC" }));
    expect(byRead.map((r) => r.readed)).toEqual(byRead.map((r) => r.readed).sort((x, y) => y - x));
    const byId = ids(await overview(w.t.administrador, { ...A, sortBy: "id" }));
    expect(byId).toEqual([...all].sort((x, y) => x - y));
    const byCif = rowsOf(await overview(w.t.administrador, { ...A, sortBy: "cif", sortDesc: "DESC" }));
    expect(byCif.length).toBe(all.length);
    const second = await overview(w.t.administrador, { ...A, sortBy: "id", page: 2, limit: 1 });
    expect(ids(second)).toEqual([byId[1]]);
    expect(second.json().count).toBe(all.length);
    const past = await overview(w.t.administrador, { ...A, page: 9 });
    expect(past.json()).toMatchObject({ data: [], count: all.length });
    // Sorted by a figure (the cached rows' sums): the same search, total and end.
    for (const sortBy of ["readed", "uploaded", "numfincas"]) {
      expect(ids(await overview(w.t.administrador, { ...A, filter: "zeta", sortBy })), sortBy).toEqual([w.P3.id]);
      const beyond = await overview(w.t.administrador, { ...A, sortBy, page: 9 });
      expect(beyond.json(), sortBy).toMatchObject({ data: [], count: all.length });
      const searchedBeyond = await overview(w.t.administrador, { ...A, filter: "zeta", sortBy, page: 2, limit: 1 });
      expect(searchedBeyond.json(), sortBy).toMatchObject({ data: [], count: 1 });
    }
    expectError(await overview(w.t.administrador, { sortBy: "password" }), 400, ErrorKey.invalidInput);
  });

  it("gives the same figures whichever way it is sorted (an administrator's sort sums the cached rows; a colegio's counts)", async () => {
    const { w } = story;
    for (const token of [w.t.administrador, w.t.colegio, w.t.admin2]) {
      const byName = rowsOf(await overview(token, { limit: 100 }));
      expect(byName.length).toBeGreaterThan(1);
      for (const sortBy of ["readed", "uploaded", "numfincas"]) {
        const sorted = rowsOf(await overview(token, { limit: 100, sortBy, sortDesc: "DESC" }));
        const key = (r: AdminProviderRow) => r.provider_id;
        expect([...sorted].sort((a, b) => key(a) - key(b))).toEqual([...byName].sort((a, b) => key(a) - key(b)));
      }
    }
  });

  it("follows a read at once", async () => {
    const { w } = story;
    const before = rowsOf(await overview(w.t.administrador, { colg_id: w.A.id })).find(
      (r) => r.provider_id === w.P1.id,
    );
    expect(before?.readed).toBe(1);
    await markRead(db(), doc.riesgosC2.id, w.C2.id, w.P1.id);
    const after = rowsOf(await overview(w.t.administrador, { colg_id: w.A.id })).find((r) => r.provider_id === w.P1.id);
    expect(after).toMatchObject({ readed: 2, must_read: 3 });
  });

  it("is for administrators and colegios only", async () => {
    const { w } = story;
    for (const token of [w.t.gremio, w.t.portero, w.t.master, w.t.p3]) {
      expectError(await overview(token), 403, ErrorKey.forbidden);
    }
    expectError(await overview(undefined), 401, ErrorKey.unauthorized);
  });
});

describe("one provider's communities in the overview (companies/admin-fincas/provider_fincas/{id})", () => {
  it("lists the caller's communities it serves with its figures in each, as a community's providers list does", async () => {
    const { w, E } = story;
    const res = await fincasOf(w.t.administrador, w.P1.id, { colg_id: w.A.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.provider).toEqual({ id: w.P1.id, name: w.P1.name, cif: w.P1.cif });
    expect(body.count).toBe(3);
    expect(fincaIds(res).sort()).toEqual([w.C1.id, w.C2.id, E.E2.id].sort());
    const model = await modelOfDatabase(db());
    for (const r of body.data) {
      const f = model.providerInCommunity(r.finca_id, w.P1.id);
      expect([r.uploaded, r.must_upload, r.readed, r.must_read]).toEqual([
        f.uploaded_count,
        f.upload_must,
        f.readed_count,
        f.readed_must,
      ]);
      const providers = await post(w.t.administrador, "/companies-providers/index", { idFinca: r.finca_id });
      const row = providers.json().data.find((p: { id_provider: number }) => p.id_provider === w.P1.id);
      expect([r.uploaded, r.must_upload, r.readed, r.must_read]).toEqual([
        row.uploaded_count,
        row.upload_must,
        row.readed_count,
        row.readed_must,
      ]);
    }
    // C1: 1 of 2 read; C2: 0 of 1; E2: nothing to read.
    const c1 = body.data.find((r: { finca_id: number }) => r.finca_id === w.C1.id);
    expect(c1).toEqual({
      finca_id: w.C1.id,
      finca_cif: w.C1.cif,
      finca_name: w.C1.name,
      readed: 1,
      must_read: 2,
      uploaded: 2,
      must_upload: 3,
    });
    // The overview's row is over the same communities: reads summed.
    const row = rowsOf(await overview(w.t.administrador, { colg_id: w.A.id })).find((r) => r.provider_id === w.P1.id);
    const sum = (k: "readed" | "must_read") => body.data.reduce((n: number, r: Record<string, number>) => n + r[k]!, 0);
    expect([row?.readed, row?.must_read, row?.numfincas]).toEqual([sum("readed"), sum("must_read"), body.count]);
  });

  it("sorts by reads, searches and pages", async () => {
    const { w, E } = story;
    const A = { colg_id: w.A.id };
    // Reads met: C2 0, E2 0, C1 1; descending: C1 first, then the ties by id descending.
    const byRead = fincaIds(await fincasOf(w.t.administrador, w.P1.id, { ...A, sortBy: "readed", sortDesc: "DESC" }));
    expect(byRead[0]).toBe(w.C1.id);
    expect(fincaIds(await fincasOf(w.t.administrador, w.P1.id, { ...A, filter: "pinar" }))).toEqual([E.E2.id]);
    expect(fincaIds(await fincasOf(w.t.administrador, w.P1.id, { ...A, filter: E.E2.cif }))).toEqual([E.E2.id]);
    const filtered = await fincasOf(w.t.administrador, w.P1.id, { ...A, filter: "nada así" });
    expect(filtered.json()).toMatchObject({ count: 0, data: [], provider: { id: w.P1.id } });
    const all = fincaIds(await fincasOf(w.t.administrador, w.P1.id, { ...A, sortBy: "id" }));
    const page2 = await fincasOf(w.t.administrador, w.P1.id, { ...A, sortBy: "id", page: 2, limit: 2 });
    expect(fincaIds(page2)).toEqual(all.slice(2));
    expect(page2.json().count).toBe(3);
    expectError(await fincasOf(w.t.administrador, w.P1.id, { sortBy: "admin" }), 400, ErrorKey.invalidInput);
  });

  it("tells nothing of a provider outside the caller's communities, and only to administrators and colegios", async () => {
    const { w } = story;
    // P2 serves admin2's R1 only; PB colegio B's B1; P0 nothing; no such company.
    for (const id of [w.P2.id, w.PB.id, w.P0.id, 999_999]) {
      expectError(await fincasOf(w.t.administrador, id, { colg_id: w.A.id }), 404, ErrorKey.notFound);
      expectError(await missingOf(w.t.administrador, id), 404, ErrorKey.notFound);
    }
    expectError(await fincasOf(w.t.colegioB, w.P3.id), 404, ErrorKey.notFound);
    for (const token of [w.t.gremio, w.t.portero, w.t.master]) {
      expectError(await fincasOf(token, w.P1.id), 403, ErrorKey.forbidden);
      expectError(await missingOf(token, w.P1.id), 403, ErrorKey.forbidden);
    }
    expectError(await fincasOf(undefined, w.P1.id), 401, ErrorKey.unauthorized);
    expectError(await fincasOf(w.t.administrador, "abc"), 400, ErrorKey.invalidInput);
  });
});

describe("what a provider lacks over the caller's communities (companies/admin-fincas/providers/missing)", () => {
  it("names exactly what its overview row is short, each upload once", async () => {
    const { w, def } = story;
    const res = await missingOf(w.t.administrador, w.P1.id);
    expect(res.statusCode, res.body).toBe(200);
    const { uploads, reads, pending } = res.json().data;
    // RC (general, expired: once), PLAN for C2 (missing); reads: P3's plan in C1, the risks of C2.
    expect(
      uploads.map((u: { definition_id: number; finca_id: number | null }) => [u.definition_id, u.finca_id]),
    ).toEqual([
      [def.PLAN, w.C2.id],
      [def.RC, null],
    ]);
    expect(uploads.find((u: { definition_id: number }) => u.definition_id === def.RC)).toMatchObject({
      reason: "expired",
      expired_on: "2021-06-30",
    });
    expect(reads.map((r: { document_id: number; finca_id: number }) => [r.document_id, r.finca_id]).sort()).toEqual(
      [
        [doc.planC1P3.id, w.C1.id],
        [doc.riesgosC2.id, w.C2.id],
      ].sort(),
    );
    expect(pending).toEqual([]);
    const row = rowsOf(await overview(w.t.administrador)).find((r) => r.provider_id === w.P1.id);
    expect(uploads.length).toBe((row?.must_upload ?? 0) - (row?.uploaded ?? 0));
    expect(reads.length).toBe((row?.must_read ?? 0) - (row?.readed ?? 0));
  });
});
