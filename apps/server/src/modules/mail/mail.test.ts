import { ErrorKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createTestApp, DEMO_ACCOUNTS, type TestContext, testConfig } from "../../../test/helpers.js";
import { FAST_MAIL, linkToken, TestSmtp } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";

const outbox = (ctx: TestContext) =>
  queryRows<{ id: number; to_address: string; status: string; attempts: number; last_error: string | null }>(
    ctx.database.db,
    sql`select id, to_address, status, attempts, last_error from mail_outbox order by id`,
  );

describe("mail through SMTP, with an SMTP server that is down for a while", () => {
  const smtp = new TestSmtp();
  let ctx: TestContext;
  beforeAll(async () => {
    // Take a free port, then close it: the worker first finds nobody listening there.
    await smtp.start();
    await smtp.stop();
    ctx = await createTestApp({ config: testConfig({ SMTP_URL: smtp.url }), mail: FAST_MAIL });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp.stop();
  });

  it("answers while SMTP is down, keeps every message, then delivers each exactly once", async () => {
    const recipients = [DEMO_ACCOUNTS.colegio, DEMO_ACCOUNTS.administrador, DEMO_ACCOUNTS.gremio];
    for (const email of recipients) {
      // Nobody listens on the SMTP port: the request does not wait for the mail server.
      const response = await call(ctx.app, "POST", "/companies/users/recover", { body: { email } });
      expect(response.statusCode).toBe(200);
    }
    await ctx.app.background.idle();
    expect((await outbox(ctx)).map((m) => m.to_address).sort()).toEqual([...recipients].sort());

    // The worker tries, fails, and keeps the messages for later.
    await expect.poll(async () => (await outbox(ctx)).every((m) => m.attempts >= 2), { timeout: 10_000 }).toBe(true);
    const waiting = await outbox(ctx);
    expect(waiting).toHaveLength(3);
    for (const m of waiting) {
      expect(["pending", "sending"]).toContain(m.status);
      expect(m.last_error).toBeTruthy();
    }
    expect(smtp.messages).toHaveLength(0);

    await smtp.start();
    // A message marked sent is never claimed again: once all three are, nothing more can go out.
    await expect
      .poll(async () => (await outbox(ctx)).map((m) => m.status), { timeout: 10_000 })
      .toEqual(["sent", "sent", "sent"]);
    expect(smtp.messages).toHaveLength(3);
    for (const email of recipients) expect(smtp.to(email)).toHaveLength(1);
  });
});

describe("a message delivered through SMTP", () => {
  const smtp = new TestSmtp();
  let ctx: TestContext;
  beforeAll(async () => {
    await smtp.start();
    ctx = await createTestApp({ config: testConfig({ SMTP_URL: smtp.url }), mail: FAST_MAIL });
    await call(ctx.app, "POST", "/companies/users/recover", { body: { email: DEMO_ACCOUNTS.gremio } });
    await smtp.waitFor(DEMO_ACCOUNTS.gremio);
    await vi.waitFor(async () => expect((await outbox(ctx)).map((m) => m.status)).toEqual(["sent"]), 10_000);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp.stop();
  });

  it("sends Spanish HTML and text parts whose link opens the token page at PUBLIC_URL", () => {
    const [mail] = smtp.to(DEMO_ACCOUNTS.gremio);
    expect(mail!.subject).toBe("Recuperación de contraseña de Coordina");
    expect(mail!.from?.text).toContain("no-reply@localhost");
    expect(mail!.text).toContain("Hemos recibido una petición para cambiar la contraseña");
    const link = linkToken(mail!);
    expect(link.url.startsWith("http://localhost:3000/webapp/#/recovery?token=")).toBe(true);
    expect(mail!.html).toContain(`href="${link.url}"`);
    expect(mail!.html).toContain('lang="es"');
  });

  it("never writes a link token to the logs when mail goes out by SMTP", () => {
    expect(smtp.messages).toHaveLength(1);
    for (const mail of smtp.messages) expect(ctx.logs.text).not.toContain(linkToken(mail).token);
    expect(ctx.logs.text).toContain("mail sent");
  });

  it("gives up at once a message it cannot render, keeps it, and sends the others", async () => {
    await ctx.database.db.execute(
      sql`insert into mail_outbox (kind, to_address, subject, template, template_values)
          values ('registry', 'desconocida@coordina.test', 'Asunto', 'plantilla-de-otra-version',
                  '{"link": "http://localhost/x?token=abcdefghij"}'::jsonb)`,
    );
    const row = () =>
      queryRows<{ status: string; attempts: number; last_error: string; template_values: { link: string } }>(
        ctx.database.db,
        sql`select status, attempts, last_error, template_values from mail_outbox
            where to_address = 'desconocida@coordina.test'`,
      );
    await expect.poll(async () => (await row())[0]?.status, { timeout: 10_000 }).toBe("failed");
    const [failed] = await row();
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining("plantilla-de-otra-version") });
    expect(failed!.template_values.link).toBe("http://localhost/x?token=(retirado)");
    expect(smtp.to("desconocida@coordina.test")).toHaveLength(0);
    expect(smtp.to(DEMO_ACCOUNTS.gremio)).toHaveLength(1);
  });

  it("keeps a sent message's text but not its live link, and shows no public mail viewer", async () => {
    const stored = await queryRows<{ text: string; html: string; template_values: { link: string } }>(
      ctx.database.db,
      sql`select text, html, template_values from mail_outbox where status = 'sent'`,
    );
    expect(stored).toHaveLength(1);
    const sent = smtp.messages[0]!;
    const { token } = linkToken(sent);
    expect(stored[0]!.text + stored[0]!.html + JSON.stringify(stored[0]!.template_values)).not.toContain(token);
    expect(stored[0]!.text).toContain("token=(retirado)");
    expect(stored[0]!.template_values.link).toMatch(/token=\(retirado\)$/);
    // What is kept is what was sent, but for the spent link.
    expect(stored[0]!.text).toBe(String(sent.text).trimEnd().replace(token, "(retirado)"));
    // Demo mode, but mail goes out for real: the outbox is not readable without a session.
    expect((await call(ctx.app, "GET", "/dev/mail/messages")).statusCode).toBe(404);
    expect((await call(ctx.app, "GET", "/app/config")).json().data).toMatchObject({ mailViewer: false, smtp: true });
  });
});

describe("mail without SMTP_URL (the embedded default)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: testConfig({ DEMO: "1" }) });
  });
  afterAll(async () => ctx?.close());

  it("keeps the message in the outbox, logs its link and shows it in the development mail viewer", async () => {
    const response = await call(ctx.app, "POST", "/companies/users/recover", {
      body: { email: DEMO_ACCOUNTS.portero },
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.background.idle();
    const rows = await outbox(ctx);
    expect(rows).toEqual([
      expect.objectContaining({ to_address: DEMO_ACCOUNTS.portero, status: "pending", attempts: 0 }),
    ]);
    expect(ctx.logs.text).toContain("correo retenido en el buzón (sin SMTP_URL)");
    expect(ctx.logs.text).toMatch(/#\/recovery\?token=[A-Za-z0-9_-]{43}/);

    const list = await call(ctx.app, "GET", "/dev/mail/messages");
    expect(list.statusCode).toBe(200);
    const [row] = list.json().data;
    expect(row).toMatchObject({ to: DEMO_ACCOUNTS.portero, subject: "Recuperación de contraseña de Coordina" });
    const one = await call(ctx.app, "GET", `/dev/mail/messages/${row.id}`);
    expect(one.json().data.text).toMatch(/#\/recovery\?token=/);
    expect(one.json().data.html).toContain("<html");

    const info = await call(ctx.app, "GET", "/app/config");
    expect(info.json().data).toEqual({ mailViewer: true, development: false, demo: true, smtp: false });
  });

  it("answers the mail viewer to this machine only, also behind a proxy on it", async () => {
    const remote = { ip: "203.0.113.7" };
    expect((await call(ctx.app, "GET", "/dev/mail/messages", remote)).statusCode).toBe(404);
    expect((await call(ctx.app, "GET", "/dev/mail/messages/1", remote)).json()).toEqual({
      result: false,
      error: ErrorKey.notFound,
    });
    expect((await call(ctx.app, "GET", "/app/config", remote)).json().data.mailViewer).toBe(false);
    // A proxy on this machine (trusted by default) forwarding someone else: not this machine either.
    const forwarded = await ctx.app.inject({
      method: "GET",
      url: "/dev/mail/messages",
      headers: { "x-forwarded-for": "203.0.113.7" },
      remoteAddress: "127.0.0.1",
    });
    expect(forwarded.statusCode).toBe(404);
    // Also a proxy that names the client in another header, or only says it forwarded.
    for (const header of [{ "x-real-ip": "203.0.113.7" }, { via: "1.1 proxy" }, { forwarded: "for=203.0.113.7" }]) {
      const res = await ctx.app.inject({ method: "GET", url: "/dev/mail/messages", headers: header });
      expect(res.statusCode).toBe(404);
    }
    expect((await call(ctx.app, "GET", "/dev/mail/messages", { ip: "::1" })).statusCode).toBe(200);
  });

  it("tells the web app whether it runs in development (/develop exists only then), the viewer with it", async () => {
    // The test default: production, the demo's embedded database, no SMTP (the demo's viewer, but no /develop).
    expect((await call(ctx.app, "GET", "/app/config")).json().data.development).toBe(false);
    const dev = await createTestApp({ config: testConfig({ DEMO: "0", NODE_ENV: "development" }) });
    const prod = await createTestApp({ config: testConfig({ DEMO: "0", NODE_ENV: "production" }) });
    try {
      expect((await call(dev.app, "GET", "/app/config")).json().data).toMatchObject({
        development: true,
        mailViewer: true,
      });
      expect((await call(dev.app, "GET", "/dev/mail/messages")).statusCode).toBe(200);
      // What /develop links to, refused in production: the mail viewer answers 404 there.
      expect((await call(prod.app, "GET", "/app/config")).json().data).toMatchObject({
        development: false,
        mailViewer: false,
      });
      expect((await call(prod.app, "GET", "/dev/mail/messages")).statusCode).toBe(404);
    } finally {
      await dev.close();
      await prod.close();
    }
  });

  it("has no mail viewer outside demo and development mode", async () => {
    const prod = await createTestApp({ config: testConfig({ DEMO: "0" }) });
    try {
      expect((await call(prod.app, "GET", "/dev/mail/messages")).statusCode).toBe(404);
      expect((await call(prod.app, "GET", "/app/config")).json().data.mailViewer).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
