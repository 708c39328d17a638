import { ErrorKey, type PorterMissingDuty, Requirement } from "@coordina/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { readMarks, users } from "../../db/schema/index.js";
import { ensurePorterLink } from "../../db/seed/builders.js";

/**
 * What a porter lacks, the words of its lights (docs/compliance.md rules 8–10; issue 21):
 * porteros/fincas/missing (one porter in one community, for its administrator), porteros/portero/missing
 * (one porter over the administrator's communities: the doormen summary) and porteros/comunidades/missing
 * (the porter itself in one of its communities). On the shared documents world (test/documents-world.ts)
 * with the demo porter in C1 and C2 (the demo administrator's), conserje also in B1 (colegio B defines
 * nothing), and colegio A's porter definitions:
 * - 'Formación PRL' (general, mandatory): never uploaded;
 * - 'Seguro RC' (general, mandatory, expiry required): uploaded, expired on 2020-01-31;
 * - 'Ficha de la finca' (per community, mandatory): uploaded for C1 only;
 * - 'Plan de emergencia' (the administrator's for porters, per community, to read): one for C1 (read) and
 *   one for C2 (not read).
 */
let ctx: TestContext;
let w: DocumentsWorld;
const NAMES = { PRL: "Formación PRL", RC: "Seguro RC", FICHA: "Ficha de la finca", PLAN: "Plan de emergencia" };
const def = {} as Record<keyof typeof NAMES, number>;
let planC2: number;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const db = ctx.database.db;
  await ensurePorterLink(db, w.C2.id, ctx.seed.porter.id);
  await ensurePorterLink(db, w.B1.id, w.conserje.managerId!);
  const { portero, administrator } = Requirement;
  const colegio = w.t.colegio;
  def.PRL = (await define(ctx, colegio, { name: NAMES.PRL, requirement_origin: portero, mandatory: true })).id;
  def.RC = (
    await define(ctx, colegio, { name: NAMES.RC, requirement_origin: portero, mandatory: true, obsoletable: true })
  ).id;
  def.FICHA = (
    await define(ctx, colegio, { name: NAMES.FICHA, requirement_origin: portero, mandatory: true, assocfinca: true })
  ).id;
  def.PLAN = (
    await define(ctx, colegio, {
      name: NAMES.PLAN,
      requirement_origin: administrator,
      requirement_dest: portero,
      mandatory: true,
      assocfinca: true,
      dest_read_required: true,
    })
  ).id;
  const A = w.A.id;
  await uploaded(ctx, w.t.portero, A, { id_definition: def.RC, obsolete: "2020-01-31" }, "rc-2019.pdf");
  await uploaded(ctx, w.t.portero, A, { id_definition: def.FICHA, id_finca: w.C1.id }, "ficha-c1.pdf");
  const planC1 = (
    await uploaded(ctx, w.t.administrador, A, { id_definition: def.PLAN, id_finca: w.C1.id }, "plan-c1.pdf")
  ).id;
  planC2 = (await uploaded(ctx, w.t.administrador, A, { id_definition: def.PLAN, id_finca: w.C2.id }, "plan-c2.pdf"))
    .id;
  await db.insert(readMarks).values({
    documentId: planC1,
    communityId: w.C1.id,
    readerCompanyId: ctx.seed.porterCompany.id,
    userId: ctx.seed.porter.id,
  });
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object) => call(ctx.app, "POST", url, { token, body });
const inFinca = (token: string | undefined, id_finca: number, id_portero = ctx.seed.porter.id) =>
  post(token, "/porteros/fincas/missing", { id_finca, id_portero });
const over = (token: string | undefined, id_portero = ctx.seed.porter.id) =>
  post(token, "/porteros/portero/missing", { id_portero });
const own = (token: string | undefined, id_finca: number) => post(token, "/porteros/comunidades/missing", { id_finca });

type UploadDuty = Extract<PorterMissingDuty, { kind: "upload" }>;
const missing = (id: number, name: string, finca: { id: number; name: string } | null = null): UploadDuty => ({
  kind: "upload",
  definition_id: id,
  definition_name: name,
  reason: "missing",
  expired_on: null,
  finca_id: finca?.id ?? null,
  finca_name: finca?.name ?? null,
});
const rcExpired = (): UploadDuty => ({
  ...missing(def.RC, NAMES.RC),
  reason: "expired",
  expired_on: "2020-01-31",
});

/** The demo porter's figures in a community, as the porters card shows them. */
async function cardFigures(communityId: number) {
  const res = await post(w.t.administrador, "/porteros/fincas/index", { id_finca: communityId, limit: 10 });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().data.find((r: { id: number }) => r.id === ctx.seed.porter.id);
  expect(row, "the demo porter's row").toBeDefined();
  return row as { upload_must: number; uploaded_count: number; read_must: number; read_count: number };
}

const counts = (duties: PorterMissingDuty[]) => ({
  uploads: duties.filter((d) => d.kind === "upload").length,
  reads: duties.filter((d) => d.kind === "read").length,
});

describe("what a porter lacks in one community (porteros/fincas/missing, porteros/comunidades/missing)", () => {
  it("names each unmet duty, uploads by name then reads, as many as the porters card's figures leave", async () => {
    const C1 = { id: w.C1.id, name: w.C1.name };
    const C2 = { id: w.C2.id, name: w.C2.name };
    const expected: Record<number, PorterMissingDuty[]> = {
      // In C1: its card for C1 is uploaded; the plan for C1 is read.
      [C1.id]: [missing(def.PRL, NAMES.PRL), rcExpired()],
      [C2.id]: [
        missing(def.FICHA, NAMES.FICHA, C2),
        missing(def.PRL, NAMES.PRL),
        rcExpired(),
        {
          kind: "read",
          document_id: planC2,
          definition_name: NAMES.PLAN,
          document_name: "plan-c2.pdf",
          finca_id: C2.id,
          finca_name: C2.name,
        },
      ],
    };
    for (const community of [C1, C2]) {
      const res = await inFinca(w.t.administrador, community.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true, data: expected[community.id] });
      // The porter itself reads the same in its own communities.
      const mine = await own(w.t.portero, community.id);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toEqual({ result: true, data: expected[community.id] });
      const f = await cardFigures(community.id);
      expect(counts(res.json().data)).toEqual({
        uploads: f.upload_must - f.uploaded_count,
        reads: f.read_must - f.read_count,
      });
    }
  });

  it("is empty for a porter that lacks nothing there", async () => {
    // Colegio B defines nothing: conserje owes nothing in B1.
    const res = await own(w.t.conserje, w.B1.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, data: [] });
  });

  it("refuses, with no data, whoever is not the community's administrator or the porter itself", async () => {
    const forbidden = [
      ["another administrator of the colegio", w.t.admin2],
      ["the community's colegio", w.t.colegio],
      ["another colegio", w.t.colegioB],
      ["an administrator of another colegio", w.t.adminB],
      ["a provider serving the community", w.t.gremio],
      ["the porter itself (its own call is porteros/comunidades/missing)", w.t.portero],
      ["another porter", w.t.conserje],
    ] as const;
    for (const [who, token] of forbidden) {
      const res = await inFinca(token, w.C1.id);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    for (const [who, token] of [
      ["a porter of another community", w.t.conserje],
      ["the community's administrator (its call is porteros/fincas/missing)", w.t.administrador],
      ["the colegio", w.t.colegio],
      ["a provider serving the community", w.t.gremio],
    ] as const) {
      const res = await own(token, w.C1.id);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expect((await inFinca(undefined, w.C1.id)).statusCode).toBe(401);
    expect((await own(undefined, w.C1.id)).statusCode).toBe(401);
  });

  it("answers 404 for a user that is not a porter there and for a community that does not exist", async () => {
    expectError(await inFinca(w.t.administrador, w.C1.id, w.conserje.managerId!), 404, ErrorKey.porterNotInFinca);
    expect((await inFinca(w.t.administrador, 999_999)).statusCode).toBe(404);
    expect((await own(w.t.portero, 999_999)).statusCode).toBe(404);
  });
});

describe("what a porter lacks over the administrator's communities (porteros/portero/missing)", () => {
  it("counts each upload once and sums the reads, as the doormen summary's figures", async () => {
    const res = await over(w.t.administrador);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      data: [
        // The card is per community: owed in C2 only; the general ones once, not once per community.
        missing(def.FICHA, NAMES.FICHA, { id: w.C2.id, name: w.C2.name }),
        missing(def.PRL, NAMES.PRL),
        rcExpired(),
        {
          kind: "read",
          document_id: planC2,
          definition_name: NAMES.PLAN,
          document_name: "plan-c2.pdf",
          finca_id: w.C2.id,
          finca_name: w.C2.name,
        },
      ],
    });
    const summary = await post(w.t.administrador, "/porteros/portero/admin_summary", {
      filter: "portero@coordina.test",
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const [row] = summary.json().data;
    expect(row.numfincas).toBe(2);
    expect(counts(res.json().data)).toEqual({
      uploads: row.must_upload - row.uploaded,
      reads: row.must_read - row.readed,
    });
  });

  it("refuses every other role, with no data; 404 for a porter that works in none of the caller's communities", async () => {
    for (const [who, token] of [
      ["the colegio", w.t.colegio],
      ["a provider", w.t.gremio],
      ["the porter itself", w.t.portero],
    ] as const) {
      const res = await over(token);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    // Another administrator: the demo porter works in none of its communities (nothing told).
    const other = await over(w.t.admin2);
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().data).toBeUndefined();
    expect((await over(w.t.administrador, 999_999)).statusCode).toBe(404);
    expect((await over(undefined)).statusCode).toBe(401);
  });
});

// Last: these change the shared world (the demo porter's link to C2 removed, then conserje's user deleted).
describe("after a porter link is removed or the porter user deleted", () => {
  it("answers 404 porteros.not-in-finca where the porter's link was removed", async () => {
    const porterUser = ctx.seed.porter.id;
    expect((await inFinca(w.t.administrador, w.C2.id)).statusCode).toBe(200);
    const dropped = await post(w.t.administrador, "/porteros/portero/drop", {
      id_portero: porterUser,
      id_finca: w.C2.id,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const res = await inFinca(w.t.administrador, w.C2.id, porterUser);
    expectError(res, 404, ErrorKey.porterNotInFinca);
    expect(res.json().data).toBeUndefined();
    // Still a porter of C1, where nothing changed.
    expect((await inFinca(w.t.administrador, w.C1.id, porterUser)).statusCode).toBe(200);
  });

  it("answers 404 porteros.not-in-finca for a deleted porter user", async () => {
    const conserje = w.conserje.managerId!;
    expect((await inFinca(w.t.adminB, w.B1.id, conserje)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ erased: true }).where(eq(users.id, conserje));
    const res = await inFinca(w.t.adminB, w.B1.id, conserje);
    expectError(res, 404, ErrorKey.porterNotInFinca);
    expect(res.json().data).toBeUndefined();
  });
});
