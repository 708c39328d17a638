import { Role, todayInSpain } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildComplianceWorld,
  type ComplianceStoryWorld,
  markComplianceReads,
  modelOfDatabase,
  uploadComplianceDocuments,
} from "../../../test/compliance-story.js";
import { uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, type TestContext } from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { scheduleFiguresWarmup } from "./figures-warmup.js";

/*
 * The figures warm-up (figures-warmup.ts): at start-up and at each new day it fills every live colegio's
 * figures caches, so that the day's first reads of the lists and the dashboard compute nothing. On the
 * compliance story's world (test/compliance-story.ts: colegios A and B, documents uploaded and read).
 */

let ctx: TestContext;
let story: ComplianceStoryWorld;
const db = () => ctx.database.db;
const today = todayInSpain();

beforeAll(async () => {
  ctx = await createTestApp();
  story = await buildComplianceWorld(ctx);
  const doc = await uploadComplianceDocuments(ctx, story);
  await markComplianceReads(db(), story, doc);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

/** Spain's day `days` after today, YYYY-MM-DD. */
function inDays(days: number) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every row of the four caches the warm-up fills, with the tuple it is stored in (a rewrite moves it). */
async function cacheRows() {
  return queryRows<{ row: string }>(
    db(),
    sql`select 'company ' || colegio_id || ' ' || company_id || ' ' || day || ' ' || ctid::text as row
          from company_figures_cache
        union all
        select 'pending ' || colegio_id || ' ' || company_id || ' ' || day || ' ' || ctid::text from pending_work_cache
        union all
        select 'community ' || community_id || ' ' || day || ' ' || ctid::text from community_figures_cache
        union all
        select 'provider ' || community_id || ' ' || provider_id || ' ' || day || ' ' || ctid::text
          from provider_figures_cache
        order by 1`,
  );
}

const warmups = () => ctx.logs.lines.filter((line) => line.includes('"msg":"figures warm-up"')).length;

describe("the figures warm-up", () => {
  it("fills every active provider's and live community's figures of the day, as the reference model counts them", async () => {
    const { w } = story;
    for (const table of [
      "company_figures_cache",
      "community_figures_cache",
      "provider_figures_cache",
      "pending_work_cache",
      // Its rows are what a checkpoint vouches for: emptied with them.
      "provider_figures_checkpoint",
    ])
      await db().execute(sql`delete from ${sql.identifier(table)}`);
    await scheduleFiguresWarmup(db(), ctx.app.log, { today: () => today }).check();

    const model = await modelOfDatabase(db());
    const providers = await queryRows<{ colegio_id: number; company_id: number } & Record<string, number>>(
      db(),
      sql`select k.colegio_id, k.company_id, k.upload_must, k.all_uploaded, k.read_must, k.read_all,
                 k.pending_validation
          from company_figures_cache k where k.day = ${today}::date order by k.colegio_id, k.company_id`,
    );
    const active = await queryRows<{ colegio_id: number; company_id: number }>(
      db(),
      sql`select m.colegio_id, m.company_id from colegio_members m join companies c on c.id = m.company_id
          where m.company_type = ${Role.gremio} and c.type = ${Role.gremio} and not m.erased and not c.erased
          order by m.colegio_id, m.company_id`,
    );
    expect(providers.map((p) => [p.colegio_id, p.company_id])).toEqual(active.map((a) => [a.colegio_id, a.company_id]));
    expect(providers.map((p) => p.colegio_id)).toContain(w.B.id);
    for (const { colegio_id, company_id, ...figures } of providers)
      expect(figures, `provider ${company_id} in ${colegio_id}`).toEqual(model.company(colegio_id, company_id));

    const communities = await queryRows<{ community_id: number } & Record<string, number>>(
      db(),
      sql`select k.community_id, k.mandatory_count, k.mandatory_uploaded_count, k.expected_count_read, k.count_read
          from community_figures_cache k where k.day = ${today}::date order by k.community_id`,
    );
    const live = await queryRows<{ id: number }>(db(), sql`select id from communities where not erased order by id`);
    expect(communities.map((c) => c.community_id)).toEqual(live.map((c) => c.id));
    for (const { community_id, ...figures } of communities)
      expect(figures, `community ${community_id}`).toEqual(model.community(community_id));
    const rows = await queryRows<{ community_id: number; provider_id: number } & Record<string, number>>(
      db(),
      sql`select k.community_id, k.provider_id, k.upload_must, k.uploaded_count, k.readed_must, k.readed_count
          from provider_figures_cache k where k.day = ${today}::date`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { community_id, provider_id, ...figures } of rows)
      expect(figures, `provider ${provider_id} in ${community_id}`).toEqual(
        model.providerInCommunity(community_id, provider_id),
      );
    const pending = await queryRows<{ colegio_id: number; company_id: number; pending: boolean }>(
      db(),
      sql`select colegio_id, company_id, pending from pending_work_cache where day = ${today}::date
          order by colegio_id, company_id`,
    );
    expect(pending.map((p) => [p.colegio_id, p.company_id])).toEqual(active.map((a) => [a.colegio_id, a.company_id]));
    expect(communities.some((c) => (c.count_read ?? 0) > 0)).toBe(true);
    // The planner knows the filled caches (analyzeFigureCaches): not the empty tables it last saw.
    const known = await queryRows<{ relname: string; reltuples: number }>(
      db(),
      sql`select relname, reltuples::float8 as reltuples from pg_class
          where oid in ('company_figures_cache'::regclass, 'provider_figures_cache'::regclass) order by relname`,
    );
    expect(known.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
      ["company_figures_cache", providers.length],
      ["provider_figures_cache", rows.length],
    ]);
  });

  it("leaves nothing for the day's first reads to compute: the lists and the dashboard rewrite no cached row", async () => {
    const { w } = story;
    await scheduleFiguresWarmup(db(), ctx.app.log, { today: () => today }).check();
    const before = await cacheRows();
    expect(before.length).toBeGreaterThan(0);
    for (const [url, body] of [
      ["/companies/dashboard/colegio", {}],
      ["/companies/companies/index", { type: Role.gremio }],
      ["/companies/companies/index", { type: Role.gremio, filterNotRead: 1 }],
      ["/companies/fincas/index", {}],
    ] as const) {
      const res = await call(ctx.app, "POST", url, { token: w.t.colegio, body: { colg_id: w.A.id, ...body } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect(await cacheRows()).toEqual(before);
  });

  it("runs once a day: again when the day changes, and what a write changed meanwhile is computed then", async () => {
    const { w, def } = story;
    let day = today;
    const warmup = scheduleFiguresWarmup(db(), ctx.app.log, { today: () => day });
    const runs = warmups();
    await warmup.check();
    await warmup.check();
    expect(warmups()).toBe(runs + 1);

    // P1 uploads its RC valid for a year; the next day's warm-up stores what the model counts then.
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.RC, obsolete: inDays(365) }, "rc-nuevo.pdf");
    day = inDays(1);
    await warmup.check();
    expect(warmups()).toBe(runs + 2);
    const [p1] = await queryRows<Record<string, number | string>>(
      db(),
      sql`select to_char(day, 'YYYY-MM-DD') as day, upload_must, all_uploaded, read_must, read_all, pending_validation
          from company_figures_cache where colegio_id = ${w.A.id} and company_id = ${w.P1.id}`,
    );
    const { day: stored, ...figures } = p1!;
    expect(stored).toBe(day);
    expect(figures).toEqual((await modelOfDatabase(db(), day)).company(w.A.id, w.P1.id));
    await warmup.stop();
  });
});

describe("at start-up", () => {
  it("an app warms today's figures as it starts, and its readiness check says so", async () => {
    const started = await createTestApp({ figuresWarmup: true });
    try {
      const figuresDay = async () =>
        (await started.app.inject({ method: "GET", url: "/health?deep=1" })).json().data.figures as string | null;
      await expect.poll(figuresDay).toBe(today);
      const [rows] = await queryRows<{ n: number }>(
        started.database.db,
        sql`select count(*)::int as n from community_figures_cache where day = ${today}::date`,
      );
      expect(rows!.n).toBeGreaterThan(0);
      expect(started.logs.text).toContain('"msg":"figures warm-up"');
    } finally {
      await started.close();
    }
  });
});
