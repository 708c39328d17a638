import { ErrorKey, Role, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureMemberCompany,
  login,
  outboxTo,
  tokenFor,
} from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";
import { ensureLegalAccepted, ensureUser } from "../../db/seed/builders.js";
import { newToken } from "../../lib/tokens.js";

let ctx: MailTestContext;

beforeAll(async () => {
  ctx = await createMailTestApp({
    env: { PUBLIC_URL: "https://coordina.example.es" },
    limits: { emailChangePerUser: { max: 3, windowSeconds: 3600 } },
  });
  for (let i = 1; i <= 12; i++) {
    const user = await ensureUser(ctx.database.db, {
      email: `empleado${String(i).padStart(2, "0")}@levante.test`,
      password: "Empleado-2026!",
      companyId: ctx.seed.provider.id,
      role: Role.gremio,
    });
    await ensureLegalAccepted(ctx.database.db, user.id);
  }
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

describe("users of a company", () => {
  it("pages and searches the caller's company users, marking the manager", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const first = (
      await call(ctx.app, "POST", "/companies/users/index", { token, body: { page: 1, limit: 10 } })
    ).json();
    expect(first.count).toBe(13);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({ count: 13, page: 1, limit: 10 });
    const second = (
      await call(ctx.app, "POST", "/companies/users/index", { token, body: { page: 2, limit: 10 } })
    ).json();
    expect(second.data).toHaveLength(3);
    // A page past the end is empty but still tells the pager how many there are.
    const beyond = (
      await call(ctx.app, "POST", "/companies/users/index", { token, body: { page: 9, limit: 10 } })
    ).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ count: 13, page: 9, limit: 10 });
    const manager = [...first.data, ...second.data].filter((u: { manager: boolean }) => u.manager);
    expect(manager).toEqual([expect.objectContaining({ email: DEMO_ACCOUNTS.gremio, active: true })]);

    const search = (await call(ctx.app, "POST", "/companies/users", { token, body: { filter: "EMPLEADO1" } })).json();
    expect(search.data.map((u: { email: string }) => u.email)).toEqual([
      "empleado10@levante.test",
      "empleado11@levante.test",
      "empleado12@levante.test",
    ]);
    const desc = (
      await call(ctx.app, "POST", "/companies/users", { token, body: { sortBy: "email", sortDesc: "DESC" } })
    ).json();
    expect(desc.data[0].email).toBe(DEMO_ACCOUNTS.gremio);
    const badSort = await call(ctx.app, "POST", "/companies/users", { token, body: { sortBy: "password_hash" } });
    expect(badSort.statusCode).toBe(400);
  });

  it("lets the colegio see a member company's users, and nobody else a foreign company's", async () => {
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const ok = await call(ctx.app, "POST", "/companies/users/index", {
      token: colegio,
      body: { company_id: ctx.seed.provider.id },
    });
    expect(ok.json().count).toBe(13);
    const admin = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const denied = await call(ctx.app, "POST", "/companies/users/index", {
      token: admin,
      body: { company_id: ctx.seed.provider.id },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    const masterCompany = await call(ctx.app, "POST", "/companies/users/index", {
      token: colegio,
      body: { company_id: ctx.seed.master.id },
    });
    expect(masterCompany.statusCode).toBe(403);
  });

  it("answers the caller's company", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const company = (await call(ctx.app, "GET", "/companies/users/company", { token })).json().data;
    expect(company).toMatchObject({
      id: ctx.seed.admin.id,
      name: "Fincas Centro Administración S.L.",
      cif: "B86123450",
      type: Role.administrador,
      person: "Laura Gómez",
      postcode: "28013",
      owner_user: { email: DEMO_ACCOUNTS.administrador, user_role: Role.administrador },
    });
  });
});

describe("Mis datos: changing one's own e-mail, confirmed from the new address", () => {
  const PASSWORD = "Empleado-2026!";
  const signIn = async (email: string) => {
    const response = await login(ctx.app, email, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { token: string; user: { id: number; email: string } };
  };
  const edit = (session: { token: string; user: { id: number } }, email: string, id = session.user.id) =>
    call(ctx.app, "POST", `/companies/users/edit/${id}`, { token: session.token, body: { email } });
  const confirm = (shakey: string, token?: string) =>
    call(ctx.app, "POST", "/companies/users/email-change/confirm", { body: { shakey }, ...(token ? { token } : {}) });
  const pending = async (token: string) =>
    (await call(ctx.app, "GET", "/companies/users/email-change", { token })).json().data;
  const canLogIn = async (email: string) => (await login(ctx.app, email, PASSWORD)).statusCode === 200;
  /** The confirmation link of a mail (`…/webapp/#/email-change?token=…`). */
  const changeLink = (mail: ParsedMail) => {
    const match = /(https?:\/\/\S+\/webapp\/#\/email-change\?token=([A-Za-z0-9_-]+))/.exec(mail.text ?? "");
    if (!match) throw new Error(`no e-mail change link in: ${mail.subject}`);
    return { url: match[1]!, token: match[2]! };
  };
  const CONFIRM_SUBJECT = "Confirma tu nuevo e-mail de acceso a Coordina";
  const REQUESTED_SUBJECT = "Petición de cambio de tu e-mail de acceso a Coordina";
  const DONE_SUBJECT = "Tu e-mail de acceso a Coordina ha cambiado";
  /** The newest mail with `subject` to `to`, once `count` of them have arrived (the worker sends them). */
  const mailOf = async (to: string, subject: string, count = 1) => {
    const found = () => ctx.smtp.to(to).filter((m) => m.subject === subject);
    await expect
      .poll(() => found().length, { message: `${subject} to ${to}`, timeout: 10_000 })
      .toBeGreaterThanOrEqual(count);
    return found().at(-1)!;
  };
  /** Asks for the change and answers the token mailed to the new address. */
  const requestChange = async (session: { token: string; user: { id: number } }, email: string, count = 1) => {
    const response = await edit(session, email);
    expect(response.statusCode, response.body).toBe(200);
    return changeLink(await mailOf(email, CONFIRM_SUBJECT, count)).token;
  };
  const changeTokens = (userId: number) =>
    queryRows<{ email: string; used: boolean }>(
      ctx.database.db,
      sql`select email, used_at is not null as used from link_tokens
          where user_id = ${userId} and action = 'email-change' order by id`,
    );

  it("records the request and mails the link to the new address only; nothing changes until it is opened", async () => {
    // A recovery link mailed to the old address before the change…
    await call(ctx.app, "POST", "/companies/users/recover", { body: { email: "empleado01@levante.test" } });
    const [recovery] = await ctx.smtp.waitFor("empleado01@levante.test");
    const session = await signIn("empleado01@levante.test");
    const other = await signIn("empleado01@levante.test");

    const before = Date.now();
    const response = await edit(session, "Nuevo.Correo@Levante.test");
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      result: true,
      user: { id: session.user.id, email: "empleado01@levante.test" },
      pending: { email: "nuevo.correo@levante.test", expires: expect.any(String) },
    });
    // The link lives 24 hours from the request.
    const issued = Date.parse(answer.pending.expires) - 24 * 3_600_000;
    expect(issued).toBeGreaterThanOrEqual(before);
    expect(issued).toBeLessThanOrEqual(after);
    expect(await pending(session.token)).toEqual(answer.pending);

    // The link goes to the new address; the old one is told, without any link.
    const toNew = await mailOf("nuevo.correo@levante.test", CONFIRM_SUBJECT);
    const link = changeLink(toNew);
    expect(link.url.startsWith("https://coordina.example.es/webapp/#/email-change?token=")).toBe(true);
    const notice = await mailOf("empleado01@levante.test", REQUESTED_SUBJECT);
    expect(notice.text).toContain("nuevo.correo@levante.test");
    expect(notice.text).not.toContain("token=");
    expect(notice.html).not.toContain(link.token);
    const carrying = ctx.smtp.messages.filter((m) => (m.text ?? "").includes(link.token));
    expect(carrying).toEqual([toNew]);

    // Nothing has changed: the old e-mail still logs in, the new one does not, sessions and links live.
    expect(await canLogIn("empleado01@levante.test")).toBe(true);
    expect(await canLogIn("nuevo.correo@levante.test")).toBe(false);
    const current = await call(ctx.app, "GET", "/companies/users/current", { token: other.token });
    expect(current.statusCode).toBe(200);
    expect(JSON.stringify(current.json())).toContain("empleado01@levante.test");
    const check = await call(ctx.app, "POST", "/companies/user-recovery/check", {
      body: { shakey: linkToken(recovery!).token },
    });
    expect(check.statusCode).toBe(200);

    // Opening the link makes the change: new login, old refused, sessions and old links gone, both told.
    const confirmed = await confirm(link.token);
    expect(confirmed.json()).toEqual({ result: true, data: { email: "nuevo.correo@levante.test" } });
    expect(await canLogIn("nuevo.correo@levante.test")).toBe(true);
    expect(await canLogIn("empleado01@levante.test")).toBe(false);
    for (const token of [session.token, other.token])
      expect((await call(ctx.app, "GET", "/companies/users/current", { token })).statusCode).toBe(401);
    const recheck = await call(ctx.app, "POST", "/companies/user-recovery/check", {
      body: { shakey: linkToken(recovery!).token },
    });
    expect(recheck.json()).toEqual({ result: false, error: ErrorKey.tokenInvalid });
    const toOld = await mailOf("empleado01@levante.test", DONE_SUBJECT);
    expect(toOld.text).toContain("nuevo.correo@levante.test");
    const toNewDone = await mailOf("nuevo.correo@levante.test", DONE_SUBJECT);
    expect(toNewDone.text).toContain("empleado01@levante.test");

    // The link works once; nothing is pending any more.
    const again = await confirm(link.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
    expect(await pending((await signIn("nuevo.correo@levante.test")).token)).toBeNull();
  });

  it("refuses a taken address, one with a pending invitation, a malformed one and another user's record", async () => {
    const session = await signIn("empleado02@levante.test");
    const taken = await edit(session, DEMO_ACCOUNTS.colegio);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ result: false, error: ErrorKey.emailTaken });

    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const invited = await call(ctx.app, "POST", "/companies/companies/invite", {
      token: colegio,
      body: { action: "create-company", email: "invitada@levante.test", company: { name: "Invitada S.L.", type: 20 } },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const withInvitation = await edit(session, "INVITADA@levante.test");
    expect(withInvitation.statusCode).toBe(409);
    expect(withInvitation.json()).toEqual({ result: false, error: ErrorKey.emailPendingInvitation });

    const malformed = await edit(session, "sin-arroba");
    expect(malformed.json()).toEqual({ result: false, error: ValidationKey.emailFormat });
    // The same address as now: nothing to do, nothing mailed.
    const same = await edit(session, " Empleado02@Levante.test ");
    expect(same.json()).toEqual({
      result: true,
      user: { id: session.user.id, email: "empleado02@levante.test" },
      pending: null,
    });
    expect(await changeTokens(session.user.id)).toEqual([]);

    const other = await edit(session, "robado@levante.test", ctx.seed.porter.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    expect(await changeTokens(ctx.seed.porter.id)).toEqual([]);
    expect(await changeTokens(session.user.id)).toEqual([]);
    expect((await login(ctx.app, DEMO_ACCOUNTS.portero)).statusCode).toBe(200);
    // A refusal mails nobody.
    for (const to of ["robado@levante.test", "empleado02@levante.test", "invitada@levante.test", DEMO_ACCOUNTS.colegio])
      expect(await outboxTo(ctx, to), to).not.toContain(CONFIRM_SUBJECT);
    expect(await outboxTo(ctx, "empleado02@levante.test")).toEqual([]);
  });

  it("refuses at confirmation an address taken or invited since the request, and changes nothing", async () => {
    const first = await signIn("empleado03@levante.test");
    const takenLink = await requestChange(first, "ocupada@levante.test");
    await ensureUser(ctx.database.db, {
      email: "ocupada@levante.test",
      password: PASSWORD,
      companyId: ctx.seed.provider.id,
      role: Role.gremio,
    });
    const taken = await confirm(takenLink);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ result: false, error: ErrorKey.emailTaken });
    expect(await canLogIn("empleado03@levante.test")).toBe(true);
    expect((await call(ctx.app, "GET", "/companies/users/current", { token: first.token })).statusCode).toBe(200);

    const second = await signIn("empleado04@levante.test");
    const invitedLink = await requestChange(second, "invitada.luego@levante.test");
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const invitation = await call(ctx.app, "POST", "/companies/companies/invite", {
      token: colegio,
      body: {
        action: "create-company",
        email: "invitada.luego@levante.test",
        company: { name: "Invitada Luego S.L.", type: 20 },
      },
    });
    expect(invitation.statusCode, invitation.body).toBe(200);
    const refused = await confirm(invitedLink);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ result: false, error: ErrorKey.emailPendingInvitation });
    expect(await canLogIn("empleado04@levante.test")).toBe(true);
    expect(await outboxTo(ctx, "empleado04@levante.test")).toEqual([REQUESTED_SUBJECT]);

    // A refusal leaves the link as it was: once the invitation is cancelled, it works.
    const cancel = await call(ctx.app, "POST", `/companies/invitations/cancel/${invitation.json().data.id}`, {
      token: colegio,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await confirm(invitedLink)).json()).toEqual({
      result: true,
      data: { email: "invitada.luego@levante.test" },
    });
    expect(await canLogIn("invitada.luego@levante.test")).toBe(true);
  });

  it("refuses an expired, forged, replaced or voided link with its key, and changes nothing", async () => {
    const session = await signIn("empleado05@levante.test");
    const expiring = await requestChange(session, "caducada@levante.test");
    await ctx.database.db.execute(
      sql`update link_tokens set expires_at = now() - interval '1 second' where email = 'caducada@levante.test'`,
    );
    const expired = await confirm(expiring);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
    expect(await pending(session.token)).toBeNull();

    const forged = await confirm(newToken());
    expect(forged.json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
    expect((await confirm("x")).statusCode).toBe(400);

    // Asking again replaces the earlier request: its link stops working.
    const earlier = await requestChange(session, "primera@levante.test");
    const later = await requestChange(session, "segunda@levante.test");
    expect(await pending(session.token)).toEqual({ email: "segunda@levante.test", expires: expect.any(String) });
    expect((await confirm(earlier)).json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
    expect(await canLogIn("empleado05@levante.test")).toBe(true);
    expect(await canLogIn("primera@levante.test")).toBe(false);

    // A recovery link is not an e-mail change link, nor the other way round.
    const recoveryBound = await call(ctx.app, "POST", "/companies/user-recovery/check", { body: { shakey: later } });
    expect(recoveryBound.statusCode).toBe(404);
    expect(await canLogIn("empleado05@levante.test")).toBe(true);

    // The mailbox's owner, told of a request they did not make, resets the password: the request is void.
    await call(ctx.app, "POST", "/companies/users/recover", { body: { email: "empleado05@levante.test" } });
    const recovery = await mailOf("empleado05@levante.test", "Recuperación de contraseña de Coordina");
    const reset = await call(ctx.app, "POST", "/companies/user-recovery/update", {
      body: { shakey: linkToken(recovery).token, password: "Otra-Clave-2026!" },
    });
    expect(reset.json()).toEqual({ result: true });
    expect((await confirm(later)).json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
    expect((await login(ctx.app, "empleado05@levante.test", "Otra-Clave-2026!")).statusCode).toBe(200);
    expect(await canLogIn("segunda@levante.test")).toBe(false);
  });

  it("lets the token alone decide: two confirmations at once give one success; a session proves nothing", async () => {
    const owner = await signIn("empleado06@levante.test");
    const intruder = await signIn("empleado07@levante.test");
    const token = await requestChange(owner, "simultanea@levante.test");

    // Another user, with their own session, cannot confirm someone else's change without its link…
    const guessed = await confirm(newToken(), intruder.token);
    expect(guessed.json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
    expect(await pending(owner.token)).toEqual({ email: "simultanea@levante.test", expires: expect.any(String) });

    const answers = await Promise.all([confirm(token, intruder.token), confirm(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((a) => a.statusCode === 404)!.json().error).toBe(ErrorKey.emailChangeLinkInvalid);
    // …and the link changes its own user only, whoever calls with it.
    expect(await canLogIn("simultanea@levante.test")).toBe(true);
    expect(await canLogIn("empleado06@levante.test")).toBe(false);
    expect(await canLogIn("empleado07@levante.test")).toBe(true);
    expect((await call(ctx.app, "GET", "/companies/users/current", { token: intruder.token })).statusCode).toBe(200);
    expect(await outboxTo(ctx, "simultanea@levante.test")).toEqual([CONFIRM_SUBJECT, DONE_SUBJECT]);
    expect(await outboxTo(ctx, "empleado06@levante.test")).toEqual([REQUESTED_SUBJECT, DONE_SUBJECT]);
  });

  it("moves the company's contact e-mail with its manager's, when they were the same", async () => {
    const company = await ensureMemberCompany(
      ctx.database.db,
      [ctx.seed.colegio.id],
      { type: Role.gremio, name: "Pinturas Gestor S.L.", cif: "B11223344", email: "gestor@pinturas.test" },
      "gestor@pinturas.test",
    );
    const session = (await login(ctx.app, "gestor@pinturas.test", DEMO_PASSWORD)).json().data;
    const response = await edit(session, "gestora@pinturas.test");
    const token = changeLink(await mailOf("gestora@pinturas.test", CONFIRM_SUBJECT)).token;
    expect(response.statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(200);
    const [row] = await queryRows<{ email: string }>(
      ctx.database.db,
      sql`select email from companies where id = ${company.id}`,
    );
    expect(row!.email).toBe("gestora@pinturas.test");
  });

  it("limits how many changes one user may ask for", async () => {
    const session = await signIn("empleado08@levante.test");
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) codes.push((await edit(session, `limite${i}@levante.test`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await edit(session, "limite5@levante.test")).json().error).toBe(ErrorKey.tooManyRequests);
    expect((await changeTokens(session.user.id)).map((t) => t.email)).toEqual([
      "limite1@levante.test",
      "limite2@levante.test",
      "limite3@levante.test",
    ]);
    expect(await outboxTo(ctx, "limite4@levante.test")).toEqual([]);
  });

  it("asks for a session to request or read a change, not to confirm one", async () => {
    for (const [method, url] of [
      ["GET", "/companies/users/email-change"],
      ["POST", `/companies/users/edit/${ctx.seed.porter.id}`],
    ] as const) {
      const response = await call(ctx.app, method, url, { body: { email: "anonimo@levante.test" } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
    }
    const open = await confirm(newToken());
    expect(open.json()).toEqual({ result: false, error: ErrorKey.emailChangeLinkInvalid });
  });

  it("never logs the links", async () => {
    const session = await signIn("empleado12@levante.test");
    await requestChange(session, "sin.rastro@levante.test");
    const links = ctx.smtp.messages.filter((m) => m.subject === CONFIRM_SUBJECT).map((m) => changeLink(m).token);
    expect(links.length).toBeGreaterThan(0);
    for (const token of links) expect(ctx.logs.text).not.toContain(token);
  });
});
