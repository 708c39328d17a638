import { type ColegioDashboard, Requirement, todayInSpain } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, type TestContext } from "../../../test/helpers.js";
import { ensureCommunity, ensureProviderLink } from "../../db/seed/builders.js";
import { colegioDashboardCached, colegiosAnsweredOn, keepFirstSnapshotOfDay } from "./dashboard.repository.js";
import { computeColegioDashboard } from "./dashboard.service.js";
import { scheduleDashboardRefresh } from "./dashboard-refresh.js";

/**
 * The colegio dashboard keeps its answer (colegio_dashboard_cache) while the colegio's fingerprint stays:
 * each kind of write that can change the answer must move it. Each case reads the dashboard, marks the kept
 * answer (an impossible figure, -7 expiring documents), sees the mark come back while nothing changed, makes
 * its write, and then must get the answer computed afresh, never the mark.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const today = todayInSpain();
let RC: number;
let RIESGOS: number;
let rcP1: number;
let riesgosC1: number;
let PORTER_DOC: number;
let porterDoc: number;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  RC = (
    await define(ctx, w.t.colegio, {
      name: "Seguro de responsabilidad civil",
      requirement_origin: Requirement.provider,
      mandatory: true,
      obsoletable: true,
      validate_colegio_required: true,
    })
  ).id;
  RIESGOS = (
    await define(ctx, w.t.colegio, {
      name: "Riesgos de la finca",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider,
      mandatory: true,
      assocfinca: true,
      dest_read_required: true,
    })
  ).id;
  rcP1 = (await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: RC, obsolete: "2099-12-31" }, "rc-p1.pdf")).id;
  // Porters upload under the colegio's definitions without being its members.
  PORTER_DOC = (
    await define(ctx, w.t.colegio, {
      name: "Formación del conserje",
      requirement_origin: Requirement.portero,
      mandatory: true,
      validate_colegio_required: true,
    })
  ).id;
  porterDoc = (await uploaded(ctx, w.t.portero, w.A.id, { id_definition: PORTER_DOC }, "formacion.pdf")).id;
  riesgosC1 = (
    await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: RIESGOS, id_finca: w.C1.id }, "riesgos.pdf")
  ).id;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string, url: string, body: object) => call(ctx.app, "POST", url, { token, body });
async function dashboard(): Promise<ColegioDashboard> {
  const res = await post(w.t.colegio, "/companies/dashboard/colegio", { colg_id: w.A.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const MARK = -7;
async function markKeptAnswer() {
  await dashboard();
  const marked = await db().execute(
    sql`update colegio_dashboard_cache set figures = jsonb_set(figures, '{expiring_soon}', ${MARK}::text::jsonb)
        where colegio_id = ${w.A.id} returning colegio_id`,
  );
  expect((marked as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  expect((await dashboard()).expiring_soon).toBe(MARK);
}
/** The answer after the write: not the kept one, and equal to one computed from scratch now. */
async function expectFreshAnswer() {
  const got = await dashboard();
  expect(got.expiring_soon).not.toBe(MARK);
  expect(got).toEqual(await computeColegioDashboard(db(), w.A.id, todayInSpain()));
}
const exec = (query: ReturnType<typeof sql>) => db().execute(query);
async function validate(documentId: number) {
  const res = await post(w.t.colegio, "/companies/documents/validatedocument", {
    id_document: documentId,
    valid: true,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("the colegio dashboard's kept answer", () => {
  it("is answered again while nothing changed, and is the answer computed from scratch", async () => {
    const first = await dashboard();
    expect(await dashboard()).toEqual(first);
    expect(first).toEqual(await computeColegioDashboard(db(), w.A.id, today));
    await markKeptAnswer();
  });

  const writes: [string, () => Promise<unknown>][] = [
    ["a provider uploads a document", () => uploaded(ctx, w.t.p0, w.A.id, { id_definition: RC, obsolete: today })],
    ["the colegio validates a document", () => validate(rcP1)],
    [
      "a provider marks a document read",
      async () => {
        const res = await post(w.t.p3, "/companies/providers/mark_read", {
          readed: true,
          id_document: riesgosC1,
          id_finca: w.C1.id,
          id_company: w.P3.id,
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    ["a document is deleted", () => exec(sql`update company_documents set erased = true where id = ${rcP1}`)],
    [
      "the colegio adds a definition",
      () => define(ctx, w.t.colegio, { name: "Formación", requirement_origin: Requirement.provider, mandatory: true }),
    ],
    [
      "the colegio deletes a definition",
      async () => {
        const res = await call(ctx.app, "POST", `/document-require-definitions/delete/${RC}`, {
          token: w.t.colegio,
          body: {},
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    ["a provider starts serving a community", () => ensureProviderLink(db(), w.C2.id, w.P0.id)],
    [
      "a provider stops serving a community",
      () =>
        exec(
          sql`update community_providers set erased = true where community_id = ${w.C1.id} and provider_company_id = ${w.P3.id}`,
        ),
    ],
    [
      "a community is added",
      () => ensureCommunity(db(), { colegioId: w.A.id, adminCompanyId: w.admin.id, name: "Nueva", cif: "H12345674" }),
    ],
    ["a community is deleted", () => exec(sql`update communities set erased = true where id = ${w.C2.id}`)],
    [
      "the colegio deactivates a provider",
      () =>
        exec(sql`update colegio_members set erased = true where colegio_id = ${w.A.id} and company_id = ${w.P0.id}`),
    ],
    ["a porter uploads a document", () => uploaded(ctx, w.t.portero, w.A.id, { id_definition: PORTER_DOC })],
    ["the colegio validates a porter's document", () => validate(porterDoc)],
    ["a provider's company is deleted", () => exec(sql`update companies set erased = true where id = ${w.P3.id}`)],
  ];
  it.each(writes)("is computed again once %s", async (_, write) => {
    await markKeptAnswer();
    await write();
    await expectFreshAnswer();
  });

  it("is not answered on another day: yesterday's kept answer is computed again today", async () => {
    await markKeptAnswer();
    await exec(sql`update colegio_dashboard_cache set day = day - 1 where colegio_id = ${w.A.id}`);
    await expectFreshAnswer();
  });
});

describe("the day's share of lights (dashboard_snapshots)", () => {
  it("stays the first one stored: a later computation of the day answers it, not its own", async () => {
    await exec(sql`with snapshots as (delete from dashboard_snapshots) delete from colegio_dashboard_cache`);
    const share = (ok: number) => ({ ok, warn: 0, error: 0, none: 0 });
    const first = { providers: share(1), communities: share(2) };
    expect(await keepFirstSnapshotOfDay(db(), w.A.id, today, first)).toEqual(first);
    const later = { providers: share(3), communities: share(4) };
    expect(await keepFirstSnapshotOfDay(db(), w.A.id, today, later)).toEqual(first);
    // The dashboard's trend shows it for the current month.
    expect((await dashboard()).trend.at(-1)).toMatchObject({ snapshot_day: today, ...first });
  });
});

describe("the refresher (dashboard-refresh.ts)", () => {
  it("computes again the answers kept today that a change made stale, and leaves the colegios nobody looked at", async () => {
    await exec(sql`delete from colegio_dashboard_cache`);
    await dashboard();
    expect(await colegiosAnsweredOn(db(), today)).toEqual([w.A.id]);
    await uploaded(ctx, w.t.p0, w.A.id, { id_definition: RC, obsolete: today });
    expect((await colegioDashboardCached(db(), w.A.id, today)).figures).toBeNull();

    const refresh = scheduleDashboardRefresh(db(), ctx.app.log, { today: () => today });
    try {
      await refresh.tick();
      const kept = await colegioDashboardCached(db(), w.A.id, today);
      expect(kept.figures).toEqual(await computeColegioDashboard(db(), w.A.id, today));
      // Colegio B's dashboard was not read today: nothing was computed for it.
      expect(await colegiosAnsweredOn(db(), today)).toEqual([w.A.id]);
    } finally {
      await refresh.stop();
    }
  });

  it("leaves yesterday's answers alone: a colegio looked at yesterday waits for its first read of today", async () => {
    await dashboard();
    await exec(sql`update colegio_dashboard_cache set day = day - 1`);
    const refresh = scheduleDashboardRefresh(db(), ctx.app.log, { today: () => today });
    try {
      await refresh.tick();
      expect(await colegiosAnsweredOn(db(), today)).toEqual([]);
    } finally {
      await refresh.stop();
    }
  });
});
