import { ErrorKey, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, DEMO_ACCOUNTS, DEMO_PASSWORD, login, tokenFor } from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";

let ctx: MailTestContext;

beforeAll(async () => {
  ctx = await createMailTestApp({
    env: { PUBLIC_URL: "https://coordina.example.es" },
    limits: { recoverPerEmail: { max: 3, windowSeconds: 3600 } },
  });
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const recover = (email: string, ip = "127.0.0.1") =>
  call(ctx.app, "POST", "/companies/users/recover", { body: { email }, ip });

describe("password recovery end to end", () => {
  const NEW_PASSWORD = "Nueva-Clave-2026";

  it("mails a link; the link sets a new password, ends every session and works only once", async () => {
    const oldSession = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    expect((await recover(DEMO_ACCOUNTS.administrador)).json()).toEqual({ result: true });

    const [mail] = await ctx.smtp.waitFor(DEMO_ACCOUNTS.administrador);
    const link = linkToken(mail!);
    expect(link.url.startsWith("https://coordina.example.es/webapp/#/recovery?token=")).toBe(true);

    const check = await call(ctx.app, "POST", "/companies/user-recovery/check", { body: { shakey: link.token } });
    expect(check.json()).toEqual({
      result: true,
      action: "recovery",
      email: DEMO_ACCOUNTS.administrador,
      company_name: null,
    });

    const weak = await call(ctx.app, "POST", "/companies/user-recovery/update", {
      body: { shakey: link.token, password: "sinmayusculas1" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe(ValidationKey.passwordMust);

    const update = await call(ctx.app, "POST", "/companies/user-recovery/update", {
      body: { shakey: link.token, password: NEW_PASSWORD },
    });
    expect(update.json()).toEqual({ result: true });

    // The old password no longer works, the new one does, and the session opened before is over.
    expect((await login(ctx.app, DEMO_ACCOUNTS.administrador)).statusCode).toBe(401);
    expect((await login(ctx.app, DEMO_ACCOUNTS.administrador, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await call(ctx.app, "GET", "/companies/users/current", { token: oldSession })).statusCode).toBe(401);

    // Used: the check and the update both refuse it with the spec's texts.
    const again = await call(ctx.app, "POST", "/companies/user-recovery/update", {
      body: { shakey: link.token, password: "Otra-Clave-2026" },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ result: false, error: ErrorKey.recoveryLinkNotFound });
    const recheck = await call(ctx.app, "POST", "/companies/user-recovery/check", { body: { shakey: link.token } });
    expect(recheck.json()).toEqual({ result: false, error: ErrorKey.tokenInvalid });
  });

  it("refuses an expired link", async () => {
    await recover(DEMO_ACCOUNTS.master);
    const [mail] = await ctx.smtp.waitFor(DEMO_ACCOUNTS.master);
    const { token } = linkToken(mail!);
    await ctx.database.db.execute(sql`update link_tokens set expires_at = now() - interval '1 second'`);
    const check = await call(ctx.app, "POST", "/companies/user-recovery/check", { body: { shakey: token } });
    expect(check.statusCode).toBe(404);
    expect(check.json().error).toBe(ErrorKey.tokenInvalid);
    const update = await call(ctx.app, "POST", "/companies/user-recovery/update", {
      body: { shakey: token, password: "Nueva-Clave-2026" },
    });
    expect(update.json().error).toBe(ErrorKey.recoveryLinkNotFound);
    expect((await login(ctx.app, DEMO_ACCOUNTS.master)).statusCode).toBe(200);
  });

  it("a newer link replaces the older one", async () => {
    await recover(DEMO_ACCOUNTS.portero);
    await recover(DEMO_ACCOUNTS.portero);
    const [first, second] = await ctx.smtp.waitFor(DEMO_ACCOUNTS.portero, 2);
    const check = (m: typeof first) =>
      call(ctx.app, "POST", "/companies/user-recovery/check", { body: { shakey: linkToken(m!).token } });
    expect((await check(first)).statusCode).toBe(404);
    expect((await check(second)).statusCode).toBe(200);
  });

  it("binds a link to its action: a recovery link is not an invitation", async () => {
    await recover(DEMO_ACCOUNTS.portero);
    const [mail] = await ctx.smtp.waitFor(DEMO_ACCOUNTS.portero);
    const { token } = linkToken(mail!);
    const checkin = await call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: token } });
    expect(checkin.statusCode).toBe(404);
    const reg = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: token, password: "Nueva-Clave-2026" },
    });
    expect(reg.json()).toEqual({ result: false, error: ErrorKey.registrationInvalid });
  });

  it("stores only hashes of link tokens", async () => {
    await recover(DEMO_ACCOUNTS.gremio);
    const [mail] = await ctx.smtp.waitFor(DEMO_ACCOUNTS.gremio);
    const { token } = linkToken(mail!);
    const rows = await queryRows<{ token_hash: string }>(ctx.database.db, sql`select token_hash from link_tokens`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it("answers an unknown e-mail exactly as a registered one, and mails nobody", async () => {
    const known = await recover(DEMO_ACCOUNTS.gremio, "10.3.0.1");
    const unknown = await recover("nadie@coordina.test", "10.3.0.2");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headersOf = (res: typeof known) => {
      const { "x-request-id": _id, date: _date, ...rest } = res.headers;
      return rest;
    };
    expect(headersOf(unknown)).toEqual(headersOf(known));

    await ctx.app.background.idle();
    const outbox = await queryRows<{ to_address: string }>(
      ctx.database.db,
      sql`select to_address from mail_outbox where to_address in (${DEMO_ACCOUNTS.gremio}, 'nadie@coordina.test')`,
    );
    expect(outbox.map((r) => r.to_address)).toEqual([DEMO_ACCOUNTS.gremio]);

    const malformed = await recover("no-es-un-email");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ result: false, error: ValidationKey.emailRecovery });
  });

  it("limits how many recovery mails one address can be sent", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await recover(DEMO_ACCOUNTS.colegio, "10.1.1.1")).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect((await recover(DEMO_ACCOUNTS.colegio, "10.1.1.2")).json().error).toBe(ErrorKey.tooManyRequests);
    // Every request has finished its work: the outbox holds what was sent, and nothing more will come.
    await ctx.app.background.idle();
    const outbox = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from mail_outbox where to_address = ${DEMO_ACCOUNTS.colegio} and kind = 'recovery'`,
    );
    expect(outbox[0]!.n).toBe(3);
  });

  it("refuses malformed tokens early and never logs tokens or passwords", async () => {
    const bad = await call(ctx.app, "POST", "/companies/user-recovery/check", { body: { shakey: "x" } });
    expect(bad.statusCode).toBe(400);
    await recover(DEMO_ACCOUNTS.gremio);
    const [mail] = await ctx.smtp.waitFor(DEMO_ACCOUNTS.gremio);
    const { token } = linkToken(mail!);
    const update = await call(ctx.app, "POST", "/companies/user-recovery/update", {
      body: { shakey: token, password: NEW_PASSWORD },
    });
    expect(update.json()).toEqual({ result: true });
    expect(ctx.logs.text).not.toContain(token);
    expect(ctx.logs.text).not.toContain("Nueva-Clave-2026");
    expect(ctx.logs.text).not.toContain(DEMO_PASSWORD);
  });
});
