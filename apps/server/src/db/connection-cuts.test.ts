import { ErrorKey, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  expectError,
  onPostgres,
  type TestContext,
  tokenFor,
} from "../../test/helpers.js";
import { connectionRetries, isReadOnlyStatement, queryRows, RetryingPool } from "./client.js";

/*
 * Issue 17 item 9: PostgreSQL connections cut under load (pg_terminate_backend, as a restart or a
 * failover does) must never answer 500. A read whose connection died is run again on another connection
 * (client.ts); a write, a transaction, and a read whose retry failed too answer 503 in the envelope.
 * Only PostgreSQL has connections to cut; CI runs the server suite on it.
 */
describe.runIf(onPostgres)("connections cut under load (PostgreSQL)", () => {
  let ctx: TestContext;
  let killer: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp();
    const [row] = await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    killer = new pg.Client({ connectionString: url.toString() });
    await killer.connect();
  });
  afterAll(async () => {
    await killer?.end();
    await ctx?.close();
  });

  type Kind = "read" | "write";
  /** The requests sent under the cuts: three reads and two writes, as logged-in clients send them. */
  async function requestMix(): Promise<[Kind, () => ReturnType<typeof call>][]> {
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const admin = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const colg_id = ctx.seed.colegio.id;
    const [setting] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select s.id from assigned_settings s join users u on u.id = s.user_id
          where u.email = ${DEMO_ACCOUNTS.administrador} and s.name = 'accepted-legal'`,
    );
    const activities = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select activity_id as id from company_activities where company_id = ${ctx.seed.provider.id}`,
    );
    expect(setting).toBeDefined();
    expect(activities.length).toBeGreaterThan(0);
    return [
      ["read", () => call(ctx.app, "GET", "/companies/users/current", { token: admin })],
      ["read", () => call(ctx.app, "POST", "/companies/users/index", { token: colegio, body: { colg_id, page: 1 } })],
      // The providers list: a hot read on the generic-plan pool, with its figures' cache upsert.
      [
        "read",
        () =>
          call(ctx.app, "POST", "/companies/companies/index", {
            token: colegio,
            body: { colg_id, type: Role.gremio, page: 1, limit: 10 },
          }),
      ],
      // A write outside a transaction (a read, then an update)...
      [
        "write",
        () =>
          call(ctx.app, "POST", `/settings/assigned-settings/edit/${setting!.id}`, {
            token: admin,
            body: { name: "accepted-legal", valuetype: "boolean", value: "true" },
          }),
      ],
      // ...and one in a transaction that locks the company's row.
      [
        "write",
        () =>
          call(ctx.app, "POST", "/companies/colegio/update", {
            token: colegio,
            body: {
              colg_id,
              company_id: ctx.seed.provider.id,
              companytype: Role.gremio,
              activities: activities.map((a) => a.id),
            },
          }),
      ],
    ];
  }

  it.each([
    ["again and again, without a pause", 0],
    ["after every 10 answers", 10],
  ])("answers every request 200 or 503, never 500, while every connection is cut %s", async (_how, every) => {
    const kinds = await requestMix();
    // Each kind answers 200 before anything is cut.
    for (const [, send] of kinds) expect((await send()).statusCode).toBe(200);
    const retriesBefore = connectionRetries(ctx.database.db);

    // Another session terminates every backend of the database; then again at once, or once `every` more
    // requests have been answered (paced by the answers, not by the clock).
    let finished = false;
    let answered = 0;
    let wake = () => {};
    let terminated: number[] = [];
    let lastRound: number[] = [];
    const cutting = (async () => {
      while (!finished) {
        const { rows } = await killer.query<{ pids: number[] }>(
          `select coalesce(array_agg(pid) filter (where pg_terminate_backend(pid)), '{}') as pids
           from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        lastRound = rows[0]!.pids;
        terminated = terminated.concat(lastRound);
        const next = answered + every;
        while (!finished && answered < next) await new Promise<void>((resolve) => (wake = resolve));
      }
    })();
    const sent = Array.from({ length: 300 }, (_, i) => {
      const [kind, send] = kinds[i % kinds.length]!;
      return send().then((res) => {
        answered++;
        wake();
        return { kind, res };
      });
    });
    const results = await Promise.all(sent);
    finished = true;
    wake();
    await cutting;
    // pg_terminate_backend only signals: the last round's backends are gone once PostgreSQL lists them no
    // more; then the I/O already received (their goodbyes) is handled before anything else is sent.
    await vi.waitFor(
      async () => {
        const alive = await killer.query("select 1 from pg_stat_activity where pid = any($1::int[])", [lastRound]);
        expect(alive.rowCount, "backends of the last round still listed").toBe(0);
      },
      { timeout: 20_000, interval: 10 },
    );
    await new Promise((resolve) => setImmediate(resolve));

    const count = (kind: Kind, status: number) =>
      results.filter((r) => r.kind === kind && r.res.statusCode === status).length;
    const retries = connectionRetries(ctx.database.db);
    const failedRetries = retries.retried - retriesBefore.retried - (retries.recovered - retriesBefore.recovered);

    expect(results).toHaveLength(300);
    expect(terminated.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.res.statusCode === 500)).toEqual([]);
    for (const { res } of results) {
      if (res.statusCode !== 200) expectError(res, 503, ErrorKey.serviceUnavailable);
    }
    // A read answers 503 only when a retry of one of its statements failed too.
    expect(count("read", 200) + count("read", 503)).toBe(results.filter((r) => r.kind === "read").length);
    expect(count("read", 503)).toBeLessThanOrEqual(failedRetries);
    if (every > 0) {
      // With pauses between the cuts, retried reads succeed: their callers never knew.
      expect(retries.recovered - retriesBefore.recovered).toBeGreaterThan(0);
      expect(count("read", 200)).toBeGreaterThan(0);
    }
    // Each 503 is logged at warn under its request id, with nothing logged as unexpected.
    const logged = ctx.logs.lines.map((line) => JSON.parse(line) as { reqId?: string; level: number; msg: string });
    const unavailable = new Set(
      logged.filter((l) => l.msg === "database unavailable" && l.level === 40).map((l) => l.reqId),
    );
    const refused = results.filter((r) => r.res.statusCode === 503);
    for (const { res } of refused) expect(unavailable.has(res.headers["x-request-id"] as string)).toBe(true);
    expect(logged.filter((l) => l.msg === "unexpected error")).toEqual([]);

    // Once the cutting stops, every kind answers 200 again, and no connection slot was lost on the way:
    // with nothing running, every client the pool counts is idle (a dead one never released would not be).
    for (const [, send] of kinds) expect((await send()).statusCode).toBe(200);
    const main = (ctx.database.db as unknown as { $client: RetryingPool }).$client;
    expect(main.totalCount).toBe(main.idleCount);
  });

  it("sends every statement of the read requests as a read, retried if its connection is cut", async () => {
    const main = (ctx.database.db as unknown as { $client: RetryingPool }).$client;
    const reads = (await requestMix()).filter(([kind]) => kind === "read");
    const spy = vi.spyOn(RetryingPool.prototype, "query");
    const texts: string[] = [];
    try {
      for (const [, send] of reads) expect((await send()).statusCode).toBe(200);
      // The generic-plan pool (queryRowsPrepared) retries whatever it runs; the main pool only reads.
      spy.mock.calls.forEach(([config], i) => {
        if (spy.mock.contexts[i] === main) texts.push(typeof config === "string" ? config : config.text);
      });
    } finally {
      spy.mockRestore();
    }
    expect(texts.length).toBeGreaterThanOrEqual(reads.length);
    expect(texts.filter((text) => !isReadOnlyStatement(text))).toEqual([]);
  });
});
