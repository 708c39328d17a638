import {
  type AdminDashboard,
  type ColegioDashboard,
  type ColegioDocumentsSummary,
  type CommunityRow,
  type CompanyRow,
  communityRowLight,
  ErrorKey,
  type ExpiringSoonRow,
  type Light,
  type LightShare,
  providerRowLight,
  Requirement,
  Role,
  todayInSpain,
} from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { call, createTestApp, type TestContext } from "../../../test/helpers.js";

/**
 * The dashboards (issue 23 part 3) on the shared documents world (test/documents-world.ts): colegio A with the
 * demo administrator (C1, C2), admin2 (R1) and providers P1 (C1, C2), P3 (C1), P2 (R1), P0 (none); colegio B
 * with adminB (B1) and PB. Definitions of A: RC (provider, mandatory, general, expiry, validated by the
 * colegio) and RIESGOS (administrator → provider, mandatory, per community, read required); of B: BSEG.
 * Documents: P1's RC expiring in 10 days (pending validation), P3's RC expiring in 40 days, P2's RC expired
 * yesterday and another of P2 expired two months ago, the administrator's RIESGOS in C1; PB's BSEG in B
 * expiring in 5 days. The figures are checked against what the lists answer for the same world.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const def = {} as Record<"RC" | "RIESGOS" | "BSEG", number>;
const doc = {} as Record<"rcP1" | "rcP3", { id: number }>;
const today = todayInSpain();

/** `today` plus `days`, as YYYY-MM-DD (calendar arithmetic in UTC, no clock involved). */
function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The month `months` before `day`'s, as YYYY-MM. */
function monthsBefore(day: string, months: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 7);
}

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const { provider, administrator } = Requirement;
  def.RC = (
    await define(ctx, w.t.colegio, {
      name: "Seguro de responsabilidad civil",
      requirement_origin: provider,
      mandatory: true,
      obsoletable: true,
      validate_colegio_required: true,
    })
  ).id;
  def.RIESGOS = (
    await define(ctx, w.t.colegio, {
      name: "Riesgos de la finca",
      requirement_origin: administrator,
      requirement_dest: provider,
      mandatory: true,
      assocfinca: true,
      dest_read_required: true,
    })
  ).id;
  def.BSEG = (
    await define(ctx, w.t.colegioB, {
      name: "Assegurança",
      requirement_origin: provider,
      mandatory: true,
      obsoletable: true,
    })
  ).id;
  const A = w.A.id;
  doc.rcP1 = await uploaded(ctx, w.t.gremio, A, { id_definition: def.RC, obsolete: plusDays(today, 10) }, "rc-p1.pdf");
  doc.rcP3 = await uploaded(ctx, w.t.p3, A, { id_definition: def.RC, obsolete: plusDays(today, 40) }, "rc-p3.pdf");
  await uploaded(ctx, w.t.p2, A, { id_definition: def.RC, obsolete: plusDays(today, -1) }, "rc-p2.pdf");
  await uploaded(ctx, w.t.p2, A, { id_definition: def.RC, obsolete: `${monthsBefore(today, 2)}-14` }, "rc-p2-old.pdf");
  await uploaded(ctx, w.t.administrador, A, { id_definition: def.RIESGOS, id_finca: w.C1.id }, "riesgos.pdf");
  await uploaded(ctx, w.t.pB, w.B.id, { id_definition: def.BSEG, obsolete: plusDays(today, 5) }, "bseg.pdf");
  // P3's document is validated: only P1's waits (P2's are no longer current).
  const valid = await call(ctx.app, "POST", "/companies/documents/validatedocument", {
    token: w.t.colegio,
    body: { id_document: doc.rcP3.id, valid: true },
  });
  expect(valid.statusCode, valid.body).toBe(200);
});
afterAll(async () => ctx?.close());

const post = (token: string, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
async function colegioDashboard(token: string, colegioId: number): Promise<ColegioDashboard> {
  const res = await post(token, "/companies/dashboard/colegio", { colg_id: colegioId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function adminDashboard(token: string, colegioId: number): Promise<AdminDashboard> {
  const res = await post(token, "/companies/dashboard/administrador", { colg_id: colegioId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function shareOf<T>(rows: T[], light: (row: T) => Light): LightShare {
  const share: LightShare = { ok: 0, warn: 0, error: 0, none: 0 };
  for (const row of rows) share[light(row)] += 1;
  return share;
}
const total = (s: LightShare) => s.ok + s.warn + s.error + s.none;
/** As if nobody had read the colegio dashboard yet: no day's share kept, no answer kept. */
const forgetReads = () =>
  db().execute(sql`with snapshots as (delete from dashboard_snapshots) delete from colegio_dashboard_cache`);

/** Every row of a list (one page of 100 is all of this world), checking the page holds the whole count. */
async function allRows<T>(token: string, url: string, body: object): Promise<T[]> {
  const res = await post(token, url, { page: 1, limit: 100, ...body });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { data: T[]; count: number };
  expect(answer.data).toHaveLength(answer.count);
  return answer.data;
}

describe("the colegio dashboard (companies/dashboard/colegio)", () => {
  it("counts the providers and communities by the lights their lists show", async () => {
    // A deactivated provider with work left: the list shows it without figures, and neither the dashboard nor
    // 'Ver solo docs pendientes' counts it.
    await db().execute(
      sql`update colegio_members set erased = true where colegio_id = ${w.A.id} and company_id = ${w.P3.id}`,
    );
    const dashboard = await colegioDashboard(w.t.colegio, w.A.id);
    const providers = await allRows<CompanyRow>(w.t.colegio, "/companies/companies/index", {
      type: Role.gremio,
      colg_id: w.A.id,
    });
    expect(providers.some((row) => row.company_erased)).toBe(true);
    const active = providers.filter((row) => !row.company_erased);
    expect(active.length).toBeGreaterThanOrEqual(3);
    expect(dashboard.providers).toEqual(shareOf(active, providerRowLight));
    // The world has a red row (P1 waits for validation) and amber ones (P2 and P0 owe RC).
    expect(dashboard.providers.error).toBeGreaterThan(0);
    expect(dashboard.providers.warn).toBeGreaterThan(0);

    // Its amber and red rows are exactly what 'Ver solo docs pendientes' lists (the link behind them).
    const pending = await allRows<CompanyRow>(w.t.colegio, "/companies/companies/index", {
      type: Role.gremio,
      filterNotRead: 1,
      colg_id: w.A.id,
    });
    expect(pending.map((row) => row.id).sort()).toEqual(
      active
        .filter((row) => ["warn", "error"].includes(providerRowLight(row)))
        .map((row) => row.id)
        .sort(),
    );

    const communities = await allRows<CommunityRow>(w.t.colegio, "/companies/fincas/index", { colg_id: w.A.id });
    expect(communities.length).toBeGreaterThanOrEqual(3);
    expect(dashboard.communities).toEqual(shareOf(communities, communityRowLight));
    expect(total(dashboard.communities)).toBe(communities.length);
  });

  it("counts the documents expiring within 30 days and the pending-validation list's documents", async () => {
    const dashboard = await colegioDashboard(w.t.colegio, w.A.id);
    // P1's RC (10 days); P3's (40 days) is later, P2's have expired, PB's is colegio B's.
    expect(dashboard.expiring_soon).toBe(1);
    const pending = await post(w.t.colegio, "/companies/documents/pending-validation", {
      page: 1,
      limit: 100,
      colg_id: w.A.id,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().count).toBeGreaterThan(0);
    expect(dashboard.pending_validation).toBe(pending.json().count);
  });

  it("its two document figures are the counts of the lists behind them ('Resumen de documentos')", async () => {
    const dashboard = await colegioDashboard(w.t.colegio, w.A.id);
    const summary = await post(w.t.colegio, "/companies/documents/colegio-summary", { colg_id: w.A.id });
    expect(summary.statusCode, summary.body).toBe(200);
    const figures: ColegioDocumentsSummary = summary.json().data;
    expect(figures).toMatchObject({
      expiring_soon: dashboard.expiring_soon,
      pending_validation: dashboard.pending_validation,
    });
    // By definition: RC holds both (P1's, 10 days, waiting); RIESGOS neither; colegio B's BSEG is not listed.
    expect(figures.definitions.map((d) => [d.name, d.expiring_soon, d.pending_validation])).toEqual([
      ["Riesgos de la finca", 0, 0],
      ["Seguro de responsabilidad civil", 1, 1],
    ]);
    const expiring = await allRows<ExpiringSoonRow>(w.t.colegio, "/companies/documents/expiring-soon", {
      colg_id: w.A.id,
    });
    expect(expiring).toHaveLength(dashboard.expiring_soon);
    expect(expiring[0]).toMatchObject({
      document: { id: doc.rcP1.id, fileupload: { name: "rc-p1.pdf", obsolete: plusDays(today, 10) } },
      company_name: w.P1.name,
      definition_name: "Seguro de responsabilidad civil",
      community_name: null,
    });
  });

  it("lists the expiring documents soonest first, by definition and by search", async () => {
    // A per-community document of the administrator's, expiring in 3 days, joins P1's (10 days).
    const soon = await define(ctx, w.t.colegio, {
      name: "Plan de emergencia",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider,
      assocfinca: true,
      obsoletable: true,
    });
    const plan = await uploaded(
      ctx,
      w.t.administrador,
      w.A.id,
      { id_definition: soon.id, id_finca: w.C1.id, obsolete: plusDays(today, 3) },
      "plan-c1.pdf",
    );
    try {
      const list = (body: object) =>
        allRows<ExpiringSoonRow>(w.t.colegio, "/companies/documents/expiring-soon", { colg_id: w.A.id, ...body });
      expect((await list({})).map((r) => r.document.id)).toEqual([plan.id, doc.rcP1.id]);
      expect((await list({ sortDesc: "DESC" })).map((r) => r.document.id)).toEqual([doc.rcP1.id, plan.id]);
      expect(await list({ id_definition: soon.id })).toMatchObject([{ community_name: w.C1.name }]);
      expect((await list({ filter: "plan-c1" })).map((r) => r.document.id)).toEqual([plan.id]);
      expect((await list({ filter: w.P1.name })).map((r) => r.document.id)).toEqual([doc.rcP1.id]);
      // A page past the last one says how many there are.
      const past = await post(w.t.colegio, "/companies/documents/expiring-soon", {
        colg_id: w.A.id,
        page: 3,
        limit: 1,
      });
      expect(past.json()).toMatchObject({ data: [], count: 2 });
    } finally {
      await db().execute(sql`update document_definitions set erased = true where id = ${soon.id}`);
    }
  });

  it("leaves out of 'Caducan…' a document renewed by one that lasts longer, and one of a deleted community", async () => {
    const figure = async () => (await colegioDashboard(w.t.colegio, w.A.id)).expiring_soon;
    const before = await figure();
    // P1 uploads its RC again, valid for a year: the old one, expiring in 10 days, no longer matters.
    await withOtherRcsOfP1([365], async () => {
      expect(await figure()).toBe(before - 1);
      const rows = await allRows<ExpiringSoonRow>(w.t.colegio, "/companies/documents/expiring-soon", {
        colg_id: w.A.id,
      });
      expect(rows.map((r) => r.document.id)).not.toContain(doc.rcP1.id);
    });
    expect(await figure()).toBe(before);
    // A document uploaded for a community counts while the community lives.
    const plan = await define(ctx, w.t.colegio, {
      name: "Plan de autoprotección",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider,
      assocfinca: true,
      obsoletable: true,
    });
    await uploaded(
      ctx,
      w.t.administrador,
      w.A.id,
      { id_definition: plan.id, id_finca: w.C2.id, obsolete: plusDays(today, 5) },
      "plan-c2.pdf",
    );
    try {
      expect(await figure()).toBe(before + 1);
      await db().execute(sql`update communities set erased = true where id = ${w.C2.id}`);
      expect(await figure()).toBe(before);
    } finally {
      await db().execute(sql`update communities set erased = false where id = ${w.C2.id}`);
      await db().execute(sql`update document_definitions set erased = true where id = ${plan.id}`);
    }
  });

  it("gives its document lists to the colegio only, each its own", async () => {
    for (const url of ["/companies/documents/colegio-summary", "/companies/documents/expiring-soon"]) {
      for (const token of [w.t.administrador, w.t.gremio, w.t.p3]) {
        const res = await post(token, url, { colg_id: w.A.id });
        expect(res.statusCode, `${url} ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
      }
      const anonymous = await call(ctx.app, "POST", url, { body: {} });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().data).toBeUndefined();
    }
    const b = await post(w.t.colegioB, "/companies/documents/expiring-soon", { colg_id: w.B.id });
    expect(b.json().data.map((r: ExpiringSoonRow) => r.definition_name)).toEqual(["Assegurança"]);
    const bSummary = await post(w.t.colegioB, "/companies/documents/colegio-summary", { colg_id: w.B.id });
    expect(bSummary.json().data.definitions.map((d: { name: string }) => d.name)).toEqual(["Assegurança"]);
    // Unknown parameters and a bad page are refused in Spanish keys, not as 500s.
    const bad = await post(w.t.colegio, "/companies/documents/expiring-soon", { colg_id: w.A.id, page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toBe(false);
  });

  it("shows 12 months of uploads and expiries, and lights only from the days it kept", async () => {
    // Two snapshots of a month three months back: the month shows its last one.
    const back = monthsBefore(today, 3);
    await forgetReads();
    await db().execute(
      sql`insert into dashboard_snapshots values
            (${w.A.id}, ${`${back}-05`}::date, 1, 0, 0, 0, 0, 0, 0, 1),
            (${w.A.id}, ${`${back}-20`}::date, 2, 1, 0, 0, 3, 0, 0, 0)`,
    );
    const dashboard = await colegioDashboard(w.t.colegio, w.A.id);
    expect(dashboard.trend).toHaveLength(12);
    expect(dashboard.trend.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthsBefore(today, 11 - i)),
    );
    const month = (m: string) => dashboard.trend.find((row) => row.month === m)!;
    const current = month(today.slice(0, 7));
    // Every live document of A was uploaded today: 4 RC and the RIESGOS.
    expect(current.uploaded).toBe(5);
    expect(dashboard.trend.reduce((sum, m) => sum + m.uploaded, 0)).toBe(5);
    // P2's RC whose last day was yesterday expired today; the older one in the month after its last day.
    expect(current.expired).toBe(1);
    expect(month(monthsBefore(plusDays(`${monthsBefore(today, 2)}-14`, 1), 0)).expired).toBe(1);
    expect(dashboard.trend.reduce((sum, m) => sum + m.expired, 0)).toBe(2);
    // Today's share, kept by this first read of the day; the older month's last snapshot; no data before.
    expect(current).toMatchObject({ snapshot_day: today, providers: dashboard.providers });
    expect(month(back)).toMatchObject({
      snapshot_day: `${back}-20`,
      providers: { ok: 2, warn: 1, error: 0, none: 0 },
      communities: { ok: 3, warn: 0, error: 0, none: 0 },
    });
    const without = dashboard.trend.filter((m) => m.month !== back && m.month !== current.month);
    expect(without).toHaveLength(10);
    for (const m of without) expect(m).toMatchObject({ snapshot_day: null, providers: null, communities: null });
  });

  it("keeps the day's first share: a later read shows the live lights, the trend still the first", async () => {
    await forgetReads();
    const first = await colegioDashboard(w.t.colegio, w.A.id);
    // P1's document is validated: its row is no longer red.
    const valid = await post(w.t.colegio, "/companies/documents/validatedocument", {
      id_document: doc.rcP1.id,
      valid: true,
    });
    expect(valid.statusCode, valid.body).toBe(200);
    try {
      const later = await colegioDashboard(w.t.colegio, w.A.id);
      expect(later.providers.error).toBe(first.providers.error - 1);
      expect(later.pending_validation).toBe(first.pending_validation - 1);
      expect(later.trend.at(-1)).toMatchObject({ snapshot_day: today, providers: first.providers });
      const stored = await db().execute(sql`select count(*)::int as n from dashboard_snapshots`);
      expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    } finally {
      await post(w.t.colegio, "/companies/documents/validatedocument", { id_document: doc.rcP1.id, valid: false });
    }
  });

  it("follows a change at once: the communities' lights after a new upload equal the list's again", async () => {
    const before = await colegioDashboard(w.t.colegio, w.A.id);
    // The administrator gives C2 its RIESGOS: C2's providers now must read it (C2 was green or neutral before).
    await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.RIESGOS, id_finca: w.C2.id }, "riesgos-c2.pdf");
    try {
      const after = await colegioDashboard(w.t.colegio, w.A.id);
      const communities = await allRows<CommunityRow>(w.t.colegio, "/companies/fincas/index", { colg_id: w.A.id });
      expect(after.communities).toEqual(shareOf(communities, communityRowLight));
      expect(after.communities).not.toEqual(before.communities);
    } finally {
      await db().execute(sql`update company_documents set erased = true where community_id = ${w.C2.id}
                             and definition_id = ${def.RIESGOS}`);
    }
  });

  it("shows colegio B only its own", async () => {
    const dashboard = await colegioDashboard(w.t.colegioB, w.B.id);
    const providers = await allRows<CompanyRow>(w.t.colegioB, "/companies/companies/index", {
      type: Role.gremio,
      colg_id: w.B.id,
    });
    expect(total(dashboard.providers)).toBe(providers.filter((row) => !row.company_erased).length);
    expect(total(dashboard.providers)).toBe(1);
    expect(total(dashboard.communities)).toBe(1);
    expect(dashboard.expiring_soon).toBe(1);
    expect(dashboard.pending_validation).toBe(0);
    expect(dashboard.trend.at(-1)?.uploaded).toBe(1);
  });

  it("is refused to every other role, and without a session", async () => {
    for (const token of [w.t.administrador, w.t.gremio, w.t.conserje, w.t.master]) {
      const res = await post(token, "/companies/dashboard/colegio", { colg_id: w.A.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: false });
    }
    expect((await call(ctx.app, "POST", "/companies/dashboard/colegio", { body: {} })).statusCode).toBe(401);
  });
});

/**
 * Runs `check` while P1 holds other RCs of colegio A, uploaded in that order and valid until each of `days`
 * from today; deletes them afterwards (this file's tests share one world).
 */
async function withOtherRcsOfP1(days: number[], check: () => Promise<void>) {
  const ids: number[] = [];
  try {
    for (const [i, d] of days.entries()) {
      const rc = await uploaded(
        ctx,
        w.t.gremio,
        w.A.id,
        { id_definition: def.RC, obsolete: plusDays(today, d) },
        `rc-p1-${i}.pdf`,
      );
      ids.push(rc.id);
    }
    await check();
  } finally {
    for (const id of ids) await db().execute(sql`update company_documents set erased = true where id = ${id}`);
  }
}

describe("the administrator dashboard (companies/dashboard/administrador)", () => {
  it("counts its communities by the lights its communities list shows", async () => {
    for (const token of [w.t.administrador, w.t.admin2]) {
      const dashboard = await adminDashboard(token, w.A.id);
      const communities = await allRows<CommunityRow>(token, "/companies/fincas/index", { colg_id: w.A.id });
      expect(communities.length).toBeGreaterThan(0);
      expect(dashboard.communities).toEqual(shareOf(communities, communityRowLight));
    }
  });

  it("lists what expires soon in its communities: each provider's document where it counts", async () => {
    const dashboard = await adminDashboard(w.t.administrador, w.A.id);
    // P1's RC (general) counts in both communities P1 serves; P3's expires in 40 days.
    expect(dashboard.expiring_count).toBe(2);
    expect(dashboard.expiring.map((r) => [r.community_id, r.company_id, r.document_id]).sort()).toEqual(
      [
        [w.C1.id, w.P1.id, doc.rcP1.id],
        [w.C2.id, w.P1.id, doc.rcP1.id],
      ].sort(),
    );
    expect(dashboard.expiring[0]).toMatchObject({
      definition_name: "Seguro de responsabilidad civil",
      file_name: "rc-p1.pdf",
      obsolete: plusDays(today, 10),
    });
    // Another administrator of the colegio sees nothing of them; colegio B's is B's.
    expect((await adminDashboard(w.t.admin2, w.A.id)).expiring_count).toBe(0);
    const b = await adminDashboard(w.t.adminB, w.B.id);
    expect(b.expiring.map((r) => r.community_id)).toEqual([w.B1.id]);
  });

  it("leaves out a document its provider has renewed with one that lasts longer, as the colegio's 'Caducan…' does", async () => {
    // P1 uploads its RC again, valid for a year: the old one, expiring in 10 days, no longer matters anywhere.
    await withOtherRcsOfP1([365], async () => {
      const dashboard = await adminDashboard(w.t.administrador, w.A.id);
      expect(dashboard.expiring_count).toBe(0);
      expect(dashboard.expiring).toEqual([]);
    });
    // The renewal deleted, the old one is the newest again and expires soon in both communities.
    expect((await adminDashboard(w.t.administrador, w.A.id)).expiring_count).toBe(2);
  });

  it("still lists it when the newer upload does not outlast it: expired already, or expiring sooner", async () => {
    // A newer RC that expired a month ago does not keep the duty met: the one expiring in 10 days does.
    await withOtherRcsOfP1([-30], async () => {
      const dashboard = await adminDashboard(w.t.administrador, w.A.id);
      expect(dashboard.expiring.map((r) => r.document_id)).toEqual([doc.rcP1.id, doc.rcP1.id]);
      expect((await colegioDashboard(w.t.colegio, w.A.id)).expiring_soon).toBe(1);
    });
    // One expiring in 5 days: the duty still lasts until the 10th day, so the list names that one, once.
    await withOtherRcsOfP1([-30, 5], async () => {
      const dashboard = await adminDashboard(w.t.administrador, w.A.id);
      expect(dashboard.expiring.map((r) => [r.document_id, r.obsolete])).toEqual([
        [doc.rcP1.id, plusDays(today, 10)],
        [doc.rcP1.id, plusDays(today, 10)],
      ]);
      expect((await colegioDashboard(w.t.colegio, w.A.id)).expiring_soon).toBe(1);
    });
  });

  it("is refused to every other role, and answers nothing of another colegio", async () => {
    for (const token of [w.t.colegio, w.t.gremio, w.t.conserje, w.t.master]) {
      const res = await post(token, "/companies/dashboard/administrador", { colg_id: w.A.id });
      expect(res.statusCode).toBe(403);
    }
    // The demo administrator does not work in colegio B.
    const res = await post(w.t.administrador, "/companies/dashboard/administrador", { colg_id: w.B.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ result: false, error: ErrorKey.colegioForbidden });
  });
});
