import { ErrorKey, Requirement, Role } from "@coordina/domain";
import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { define } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureMemberCompany,
  expectError,
  onPostgres,
  outboxMessagesTo,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { authThrottle, companies, inclusionRequests } from "../../db/schema/index.js";
import { ensureCompany, ensureLegalAccepted, ensureMembership, ensureUser } from "../../db/seed/builders.js";
import { DEFAULT_ACCOUNT_LIMITS } from "../accounts/context.js";

/**
 * A provider in no colegio asks to be included (issue 21). The world: the demo colegio (A) with its
 * provider and administrator; a second colegio (B) with its own user; a deactivated colegio; and
 * "Nueva", a provider that registered on its own and belongs to no colegio, with its manager and a
 * second user (OTRO).
 */
let ctx: TestContext;
const db = () => ctx.database.db;
let A: number;
let B: number;
let closedColegio: number;
let nueva: number;
let nuevaManager: number;
const NUEVA = "gestor@nueva.test";
const OTRO = "compras@nueva.test";
const COLEGIO_B = "colegio-b@coordina.test";
const t = {} as Record<keyof typeof DEMO_ACCOUNTS | "nueva" | "otro" | "colegioB", string>;

beforeAll(async () => {
  ctx = await createTestApp();
  A = ctx.seed.colegio.id;
  const b = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  B = b.id;
  await ensureUser(db(), { email: COLEGIO_B, password: DEMO_PASSWORD, companyId: B, role: Role.colegio });
  const closed = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio Cerrado",
    cif: "Q4600001A",
    ownerCompanyId: ctx.seed.master.id,
  });
  await db().update(companies).set({ erased: true }).where(eq(companies.id, closed.id));
  closedColegio = closed.id;
  const company = await ensureMemberCompany(
    db(),
    [],
    { type: Role.gremio, name: "Reformas Nueva S.L.", cif: "B46000019" },
    NUEVA,
  );
  nueva = company.id;
  nuevaManager = company.managerId!;
  const otro = await ensureUser(db(), { email: OTRO, password: DEMO_PASSWORD, companyId: nueva, role: Role.gremio });
  await ensureLegalAccepted(db(), otro.id);
  for (const who of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[])
    t[who] = await tokenFor(ctx.app, DEMO_ACCOUNTS[who]);
  t.nueva = await tokenFor(ctx.app, NUEVA);
  t.colegioB = await tokenFor(ctx.app, COLEGIO_B);
  t.otro = await tokenFor(ctx.app, OTRO);
  await define(ctx, t.colegio, { name: "Seguro de responsabilidad civil", requirement_origin: Requirement.provider });
});
afterAll(() => ctx.close());
freshWorldForEachTest(() => ctx);

const ask = (token: string, colegio_id: number, message?: string) =>
  call(ctx.app, "POST", "/inclusion/requests", { token, body: { colegio_id, ...(message ? { message } : {}) } });
const filed = async (colegio = A, message?: string) => {
  const res = await ask(t.nueva, colegio, message);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const openFor = async (token: string) => {
  const res = await call(ctx.app, "GET", "/inclusion/colegio/requests", { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; company: { name: string }; message: string | null }[];
};
const colegiosOf = async (token: string) => {
  const res = await call(ctx.app, "GET", "/companies/colegio/listcolegios", { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().colegios as { id: number }[]).map((c) => c.id);
};

describe("a provider in no colegio", () => {
  it("gets empty answers, not 400, from the calls of its start screens", async () => {
    const defined = await call(ctx.app, "POST", "/companies/documents/getcompanydefined", { token: t.nueva, body: {} });
    expect(defined.statusCode, defined.body).toBe(200);
    expect(defined.json()).toEqual({ result: true, company: { id: nueva, name: "Reformas Nueva S.L." }, data: [] });
    for (const url of ["/companies/providers/upload_pending", "/companies/providers/doc-read-pending-by-provider"]) {
      const res = await call(ctx.app, "POST", url, { token: t.nueva });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().data, url).toEqual([]);
    }
    const served = await call(ctx.app, "POST", "/companies/fincas/provider", { token: t.nueva, body: {} });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json().data).toEqual([]);
  });

  it("still names another company as a refusal, and a provider of colegios must still choose one", async () => {
    const other = await call(ctx.app, "POST", "/companies/documents/getcompanydefined", {
      token: t.nueva,
      body: { id_company: ctx.seed.provider.id },
    });
    expectError(other, 403, ErrorKey.forbidden);
    const member = await call(ctx.app, "POST", "/companies/documents/getcompanydefined", {
      token: t.gremio,
      body: {},
    });
    expectError(member, 400, ErrorKey.colegioRequired);
  });

  it("lists the active colegios it may ask: not a deactivated one, not those it belongs to", async () => {
    const res = await call(ctx.app, "GET", "/inclusion/colegios", { token: t.nueva });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([A, B]));
    expect(ids).not.toContain(closedColegio);
    const member = await call(ctx.app, "GET", "/inclusion/colegios", { token: t.gremio });
    const memberIds = (member.json().data as { id: number }[]).map((c) => c.id);
    expect(memberIds).toContain(B);
    expect(memberIds).not.toContain(A);
  });

  it("asks a colegio, whose users are mailed; sees its open request; the colegio sees it, no other", async () => {
    const id = await filed(A, "Trabajamos ya en vuestras comunidades");
    const mails = await outboxMessagesTo(db(), DEMO_ACCOUNTS.colegio);
    expect(mails.map((m) => m.kind)).toEqual(["inclusion-request"]);
    expect(mails[0]!.text).toContain("«Reformas Nueva S.L.» (NIF/CIF B46000019)");
    expect(mails[0]!.text).toContain("Trabajamos ya en vuestras comunidades");
    expect(mails[0]!.text).toContain("/webapp/#/admin/proveedor");
    expect(await outboxMessagesTo(db(), COLEGIO_B)).toEqual([]);

    const own = await call(ctx.app, "GET", "/inclusion/requests", { token: t.nueva });
    expect(own.json().data).toEqual([
      {
        id,
        colegio: { id: A, name: ctx.seed.colegio.name },
        message: "Trabajamos ya en vuestras comunidades",
        created_at: expect.any(String),
      },
    ]);
    const received = await openFor(t.colegio);
    expect(received).toEqual([
      {
        id,
        company: { id: nueva, name: "Reformas Nueva S.L.", cif: "B46000019", email: NUEVA },
        requested_by: NUEVA,
        message: "Trabajamos ya en vuestras comunidades",
        created_at: expect.any(String),
      },
    ]);
    expect(await openFor(t.colegioB)).toEqual([]);
    const otherProvider = await call(ctx.app, "GET", "/inclusion/requests", { token: t.gremio });
    expect(otherProvider.json().data).toEqual([]);
  });

  it("refuses a second open request to the same colegio, one it belongs to, and what is not an active colegio", async () => {
    await filed(A);
    expectError(await ask(t.nueva, A), 409, ErrorKey.inclusionAlreadyRequested);
    expectError(await ask(t.gremio, A), 409, ErrorKey.companyAlreadyMember);
    expectError(await ask(t.nueva, closedColegio), 404, ErrorKey.inclusionColegioUnavailable);
    expectError(await ask(t.nueva, ctx.seed.provider.id), 404, ErrorKey.inclusionColegioUnavailable);
    expectError(await ask(t.nueva, 2_000_000), 404, ErrorKey.inclusionColegioUnavailable);
    expect((await openFor(t.colegio)).length).toBe(1);
    // one mail for the one request
    expect((await outboxMessagesTo(db(), DEMO_ACCOUNTS.colegio)).length).toBe(1);
  });

  it("is included with one click: a member as the NIF form makes it, mailed, and sees the colegio's documents", async () => {
    const id = await filed(A);
    const include = await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/include`, { token: t.colegio });
    expect(include.statusCode, include.body).toBe(200);
    expect(await colegiosOf(t.nueva)).toEqual([A]);
    const mails = await outboxMessagesTo(db(), NUEVA);
    expect(mails.map((m) => m.kind)).toEqual(["colegio-inclusion"]);
    expect(mails[0]!.text).toContain(`${ctx.seed.colegio.name} ha incluido a «Reformas Nueva S.L.»`);
    expect(await openFor(t.colegio)).toEqual([]);
    expectError(
      await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/include`, { token: t.colegio }),
      409,
      ErrorKey.inclusionClosed,
    );

    // The colegio's provider definitions now apply to it, as to the demo provider.
    const definitionsOf = async (token: string) => {
      const res = await call(ctx.app, "POST", "/companies/documents/getcompanydefined", {
        token,
        body: { colg_id: A, group: "ALL" },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { definition: { id: number } }[]).map((d) => d.definition.id);
    };
    const expected = await definitionsOf(t.gremio);
    expect(expected.length).toBeGreaterThan(0);
    expect(await definitionsOf(t.nueva)).toEqual(expected);
  });

  it("is declined: mailed, not a member, and may ask again", async () => {
    const id = await filed(B);
    const decline = await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/decline`, { token: t.colegioB });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(await colegiosOf(t.nueva)).toEqual([]);
    const mails = await outboxMessagesTo(db(), NUEVA);
    expect(mails.map((m) => m.kind)).toEqual(["inclusion-declined"]);
    expect(mails[0]!.text).toContain("Colegio de Administradores de Fincas de Barcelona no ha aceptado incluir");
    expect(await openFor(t.colegioB)).toEqual([]);
    await filed(B);
  });

  it("withdraws its request: the colegio no longer sees it, and it cannot be decided", async () => {
    const id = await filed(A);
    const res = await call(ctx.app, "POST", `/inclusion/requests/${id}/withdraw`, { token: t.nueva });
    expect(res.statusCode, res.body).toBe(200);
    expect(await openFor(t.colegio)).toEqual([]);
    expectError(
      await call(ctx.app, "POST", `/inclusion/requests/${id}/withdraw`, { token: t.nueva }),
      409,
      ErrorKey.inclusionClosed,
    );
    expectError(
      await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/include`, { token: t.colegio }),
      409,
      ErrorKey.inclusionClosed,
    );
    expect(await colegiosOf(t.nueva)).toEqual([]);
  });

  it("has its open request closed when the colegio includes it by its NIF instead", async () => {
    await filed(A);
    const res = await call(ctx.app, "POST", "/registry/insertCompanyOnColegio", {
      token: t.colegio,
      body: { nif: "B46000019", type: Role.gremio },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await openFor(t.colegio)).toEqual([]);
    const own = await call(ctx.app, "GET", "/inclusion/requests", { token: t.nueva });
    expect(own.json().data).toEqual([]);
  });
});

describe("a request made moot", () => {
  it("by a membership got otherwise (an import) is no longer listed, and 'Incluir' just closes it", async () => {
    const id = await filed(A);
    await ensureMembership(db(), A, nueva);
    expect(await openFor(t.colegio)).toEqual([]);
    expect((await call(ctx.app, "GET", "/inclusion/requests", { token: t.nueva })).json().data).toEqual([]);
    const include = await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/include`, { token: t.colegio });
    expect(include.statusCode, include.body).toBe(200);
    expectError(
      await call(ctx.app, "POST", `/inclusion/requests/${id}/withdraw`, { token: t.nueva }),
      409,
      ErrorKey.inclusionClosed,
    );
    // it was a member already: nobody is told it was included
    expect(await outboxMessagesTo(db(), NUEVA)).toEqual([]);
  });
});

describe("who may do what", () => {
  it("refuses the provider's calls to every other role, and to nobody logged in", async () => {
    const id = await filed(A);
    const calls = [
      ["GET", "/inclusion/colegios"],
      ["GET", "/inclusion/requests"],
      ["POST", "/inclusion/requests"],
      ["POST", `/inclusion/requests/${id}/withdraw`],
    ] as const;
    for (const [method, url] of calls) {
      for (const who of ["colegio", "administrador", "portero", "master"] as const) {
        const body = method === "POST" ? { colegio_id: B } : undefined;
        expectError(await call(ctx.app, method, url, { token: t[who], body }), 403, ErrorKey.forbidden);
      }
      expect((await call(ctx.app, method, url, {})).statusCode).toBe(401);
    }
    // another provider withdraws nothing of Nueva's
    expectError(
      await call(ctx.app, "POST", `/inclusion/requests/${id}/withdraw`, { token: t.gremio }),
      403,
      ErrorKey.forbidden,
    );
    expect((await openFor(t.colegio)).map((r) => r.id)).toEqual([id]);
  });

  it("refuses the colegio's calls to another colegio, the providers, administrators, porters, the master", async () => {
    const id = await filed(A);
    const calls = [
      ["GET", "/inclusion/colegio/requests"],
      ["POST", `/inclusion/colegio/requests/${id}/include`],
      ["POST", `/inclusion/colegio/requests/${id}/decline`],
    ] as const;
    for (const [method, url] of calls) {
      for (const who of ["nueva", "gremio", "administrador", "portero", "master"] as const)
        expectError(await call(ctx.app, method, url, { token: t[who] }), 403, ErrorKey.forbidden);
      expect((await call(ctx.app, method, url, {})).statusCode).toBe(401);
    }
    for (const action of ["include", "decline"])
      expectError(
        await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/${action}`, { token: t.colegioB }),
        403,
        ErrorKey.forbidden,
      );
    expectError(
      await call(ctx.app, "POST", "/inclusion/colegio/requests/2000000/include", { token: t.colegio }),
      404,
      ErrorKey.notFound,
    );
    // nothing happened: still open, nobody included, nobody mailed but the colegio
    expect((await openFor(t.colegio)).map((r) => r.id)).toEqual([id]);
    expect(await colegiosOf(t.nueva)).toEqual([]);
    expect(await outboxMessagesTo(db(), NUEVA)).toEqual([]);
  });
});

describe("in no colegio, by the session's rule", () => {
  const startScreens = async (token: string) => {
    const defined = await call(ctx.app, "POST", "/companies/documents/getcompanydefined", { token, body: {} });
    const pending = await call(ctx.app, "POST", "/companies/providers/upload_pending", { token });
    return { defined, pending };
  };

  it("a provider whose only colegio was deactivated is in none: empty answers, and may ask an active one", async () => {
    await ensureMembership(db(), closedColegio, nueva);
    const { defined, pending } = await startScreens(t.nueva);
    expect(defined.statusCode, defined.body).toBe(200);
    expect(defined.json().data).toEqual([]);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().data).toEqual([]);
    await filed(A);
  });

  it("a porter and an administrator without a chosen colegio are still asked to choose one, the master refused", async () => {
    // As before the no-colegio answer: only a provider gets it.
    for (const who of ["portero", "administrador"] as const)
      expectError((await startScreens(t[who])).defined, 400, ErrorKey.colegioRequired);
    expectError((await startScreens(t.master)).defined, 403, ErrorKey.forbidden);
  });
});

describe("the provider's mails on the outcome", () => {
  const decide = async (id: number, action: "include" | "decline", token = t.colegio) => {
    const res = await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/${action}`, { token });
    expect(res.statusCode, res.body).toBe(200);
  };
  const askAs = async (token: string, colegio: number) => {
    const res = await ask(token, colegio);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const kinds = async (to: string) => (await outboxMessagesTo(db(), to)).map((m) => m.kind);

  it("go to the manager and to the user who asked, when another: included", async () => {
    await decide(await askAs(t.otro, A), "include");
    expect(await kinds(NUEVA)).toEqual(["colegio-inclusion"]);
    expect(await kinds(OTRO)).toEqual(["colegio-inclusion"]);
  });

  it("go to the manager and to the user who asked, when another: declined", async () => {
    await decide(await askAs(t.otro, B), "decline", t.colegioB);
    expect(await kinds(NUEVA)).toEqual(["inclusion-declined"]);
    expect(await kinds(OTRO)).toEqual(["inclusion-declined"]);
  });

  it("go to the user who asked when the company has no manager", async () => {
    await db().update(companies).set({ ownerUserId: null }).where(eq(companies.id, nueva));
    await decide(await askAs(t.otro, B), "decline", t.colegioB);
    expect(await kinds(OTRO)).toEqual(["inclusion-declined"]);
    expect(await kinds(NUEVA)).toEqual([]);
  });

  it("tell the user who asked when the colegio includes the company by its NIF instead", async () => {
    await askAs(t.otro, A);
    const res = await call(ctx.app, "POST", "/registry/insertCompanyOnColegio", {
      token: t.colegio,
      body: { nif: "B46000019", type: Role.gremio },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kinds(NUEVA)).toEqual(["colegio-inclusion"]);
    expect(await kinds(OTRO)).toEqual(["colegio-inclusion"]);
  });
});

describe("deactivated companies", () => {
  it("a deactivated provider's request is listed to nobody, and cannot be included or declined", async () => {
    const id = await filed(A);
    await db().update(companies).set({ erased: true }).where(eq(companies.id, nueva));
    expect(await openFor(t.colegio)).toEqual([]);
    for (const action of ["include", "decline"])
      expectError(
        await call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/${action}`, { token: t.colegio }),
        409,
        ErrorKey.inclusionClosed,
      );
    await db().update(companies).set({ erased: false }).where(eq(companies.id, nueva));
    expect(await colegiosOf(t.nueva)).toEqual([]);
    expect(await outboxMessagesTo(db(), NUEVA)).toEqual([]);
  });

  it("a request to a colegio since deactivated is no longer among the provider's open requests", async () => {
    const id = await filed(B);
    const own = async () => (await call(ctx.app, "GET", "/inclusion/requests", { token: t.nueva })).json().data;
    expect(await own()).toEqual([expect.objectContaining({ id })]);
    await db().update(companies).set({ erased: true }).where(eq(companies.id, B));
    expect(await own()).toEqual([]);
  });
});

describe("limits on mailing a colegio's staff", () => {
  const requestMails = async () =>
    (await outboxMessagesTo(db(), DEMO_ACCOUNTS.colegio)).filter((m) => m.kind === "inclusion-request");
  const withdraw = async (id: number) => {
    const res = await call(ctx.app, "POST", `/inclusion/requests/${id}/withdraw`, { token: t.nueva });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("a request filed again soon after one was withdrawn or declined is recorded and listed, not mailed", async () => {
    await withdraw(await filed(A));
    const again = await filed(A);
    expect((await openFor(t.colegio)).map((r) => r.id)).toEqual([again]);
    expect((await requestMails()).length).toBe(1);

    const declined = await filed(B);
    const decline = await call(ctx.app, "POST", `/inclusion/colegio/requests/${declined}/decline`, {
      token: t.colegioB,
    });
    expect(decline.statusCode, decline.body).toBe(200);
    const afterDecline = await filed(B);
    expect((await openFor(t.colegioB)).map((r) => r.id)).toEqual([afterDecline]);
    expect((await outboxMessagesTo(db(), COLEGIO_B)).filter((m) => m.kind === "inclusion-request").length).toBe(1);
  });

  it("mails again once the quiet hours have passed", async () => {
    const id = await filed(A);
    await withdraw(id);
    await db()
      .update(inclusionRequests)
      .set({ decidedAt: sql`now() - interval '25 hours'` })
      .where(eq(inclusionRequests.id, id));
    await filed(A);
    expect((await requestMails()).length).toBe(2);
  });

  it("answers 429 once the user's or the company's filings are spent: nothing recorded, nobody mailed", async () => {
    await db()
      .insert(authThrottle)
      .values({ key: `inclusion:user:${nuevaManager}`, failures: DEFAULT_ACCOUNT_LIMITS.inclusionPerUser.max });
    expectError(await ask(t.nueva, A), 429, ErrorKey.tooManyRequests);
    // another user of the company may still ask, until the company's own count is spent
    await db()
      .update(authThrottle)
      .set({ failures: DEFAULT_ACCOUNT_LIMITS.inclusionPerCompany.max })
      .where(eq(authThrottle.key, `inclusion:company:${nueva}`));
    expectError(await ask(t.otro, A), 429, ErrorKey.tooManyRequests);
    expect(await openFor(t.colegio)).toEqual([]);
    expect(await requestMails()).toEqual([]);
  });
});

/** Waits until `n` statements of this database wait for a lock. */
async function waitForLockWaiters(n: number) {
  await vi.waitFor(
    async () => {
      const [waiting] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting!.n < n) throw new Error(`${waiting!.n} of ${n} wait for a lock`);
    },
    { timeout: 20_000, interval: 1 },
  );
}

describe("at the same time", () => {
  it.runIf(onPostgres)("three filings at once: one is recorded and mailed, the others answer 409", async () => {
    const answers = await Promise.all([ask(t.nueva, A), ask(t.nueva, A), ask(t.otro, A)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expectError(res, 409, ErrorKey.inclusionAlreadyRequested);
    expect((await openFor(t.colegio)).length).toBe(1);
    expect((await outboxMessagesTo(db(), DEMO_ACCOUNTS.colegio)).length).toBe(1);
  });

  it.runIf(onPostgres)("'Incluir' and 'Rechazar' at once: one decides, the other answers 409", async () => {
    const id = await filed(A);
    const answers = await Promise.all(
      (["include", "decline"] as const).map((action) =>
        call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/${action}`, { token: t.colegio }),
      ),
    );
    const [won, lost] = answers[0]!.statusCode === 200 ? [0, 1] : [1, 0];
    expect(answers[won]!.statusCode, answers[won]!.body).toBe(200);
    expectError(answers[lost]!, 409, ErrorKey.inclusionClosed);
    const included = won === 0;
    expect(await colegiosOf(t.nueva)).toEqual(included ? [A] : []);
    expect((await outboxMessagesTo(db(), NUEVA)).map((m) => m.kind)).toEqual([
      included ? "colegio-inclusion" : "inclusion-declined",
    ]);
  });

  it.runIf(onPostgres)(
    "'Incluir' and then the NIF form while it waits: the form waits for the request too, and answers 409",
    async () => {
      const id = await filed(A);
      const pool = (db() as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      let byRequest: Awaited<ReturnType<typeof call>>;
      let byNif: Awaited<ReturnType<typeof call>>;
      try {
        // Hold the request: 'Incluir' queues for it first, then the NIF form of the same colegio. Were the
        // form to write the membership before locking the request, 'Incluir' (next in the queue) would wait
        // for that membership while the form waited for the request: a deadlock, answered 500.
        await other.query("begin");
        await other.query("select 1 from inclusion_requests where id = $1 for update", [id]);
        const include = call(ctx.app, "POST", `/inclusion/colegio/requests/${id}/include`, { token: t.colegio });
        await waitForLockWaiters(1);
        const nif = call(ctx.app, "POST", "/registry/insertCompanyOnColegio", {
          token: t.colegio,
          body: { nif: "B46000019", type: Role.gremio },
        });
        await waitForLockWaiters(2);
        await other.query("commit");
        [byRequest, byNif] = await Promise.all([include, nif]);
      } finally {
        other.release();
      }
      expect(byRequest.statusCode, byRequest.body).toBe(200);
      expectError(byNif, 409, ErrorKey.companyAlreadyMember);
      expect(await colegiosOf(t.nueva)).toEqual([A]);
      expect(await openFor(t.colegio)).toEqual([]);
      expect((await outboxMessagesTo(db(), NUEVA)).map((m) => m.kind)).toEqual(["colegio-inclusion"]);
    },
  );
});
