import { ErrorKey, Role, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, DEMO_ACCOUNTS, login, outboxTo, tokenFor } from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";

let ctx: MailTestContext;
const tokens: Record<keyof typeof DEMO_ACCOUNTS, string> = {} as never;
const PASSWORD = "Invitado-2026!";

beforeAll(async () => {
  ctx = await createMailTestApp();
  for (const role of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    tokens[role] = await tokenFor(ctx.app, DEMO_ACCOUNTS[role]);
  }
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const invite = (token: string, body: object) => call(ctx.app, "POST", "/companies/companies/invite", { token, body });
const companyInvite = (email: string, type: number, name = "Nueva Compañía S.L.") => ({
  action: "create-company",
  email,
  usertype: type,
  id_user_invited: -1,
  company: { name, type },
});
const linkFor = async (email: string, nth = 1) => linkToken((await ctx.smtp.waitFor(email, nth))[nth - 1]!).token;
/** The colegio invites `email` to create a company; fails the test unless the invitation is sent. */
async function colegioInvites(email: string, type: number, name: string) {
  const response = await invite(tokens.colegio, companyInvite(email, type, name));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number };
}
/** The invitee opens the link mailed to `email` and sets PASSWORD. */
async function acceptInvitation(email: string) {
  const shakey = await linkFor(email);
  const accepted = await call(ctx.app, "POST", "/companies/users/regcheckin", { body: { shakey, password: PASSWORD } });
  expect(accepted.json()).toEqual({ result: true, action: "invitation" });
}

describe("the levels each role may invite (one policy table)", () => {
  const table: [keyof typeof DEMO_ACCOUNTS, number[]][] = [
    ["master", [Role.colegio]],
    ["colegio", [Role.administrador, Role.gremio]],
    ["administrador", [Role.portero]],
    ["gremio", []],
    ["portero", []],
  ];
  it.each(table)("%s may create %j, shown by companies/types in that order", async (role, allowed) => {
    const types = await call(ctx.app, "GET", "/companies/companies/types", { token: tokens[role] });
    expect(types.json().usertypes.map((t: { id: number }) => t.id)).toEqual(allowed);
    for (const type of [Role.master, Role.colegio, Role.administrador, Role.gremio, Role.portero]) {
      const response = await invite(tokens[role], companyInvite(`nivel-${role}-${type}@coordina.test`, type));
      if (allowed.includes(type)) {
        expect(response.statusCode, `${role} → ${type}`).toBe(200);
      } else {
        expect(response.statusCode, `${role} → ${type}`).toBe(403);
        expect(response.json()).toEqual({ result: false, error: ErrorKey.invitationLevelForbidden });
      }
    }
  });

  it("refuses a caller without a session", async () => {
    const response = await call(ctx.app, "POST", "/companies/companies/invite", {
      body: companyInvite("anonimo@coordina.test", Role.gremio),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ["GET", "/companies/companies/types"],
    ["POST", "/companies/invitations/index"],
    ["POST", "/companies/invitations/resend/1"],
    ["POST", "/companies/invitations/cancel/1"],
    ["POST", "/companies/users/index"],
    ["POST", "/companies/users"],
    ["GET", "/companies/users/company"],
    ["POST", "/companies/users/edit/1"],
    ["GET", "/settings/assigned-settings/all/1"],
    ["POST", "/settings/assigned-settings/add"],
    ["POST", "/settings/assigned-settings/edit/1"],
  ] as const)("%s %s answers 401 and no data without a session", async (method, url) => {
    const response = await call(ctx.app, method, url, { body: { email: "x@coordina.test", name: "accepted-legal" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
  });
});

describe("the colegio invites an administrator", () => {
  const email = "nueva.admin@coordina.test";

  it("creates nothing but the invitation until it is accepted", async () => {
    const response = await invite(tokens.colegio, companyInvite(email, Role.administrador, "Fincas Norte S.L."));
    expect(response.statusCode).toBe(200);
    const companies = await queryRows(ctx.database.db, sql`select id from companies where name = 'Fincas Norte S.L.'`);
    expect(companies).toHaveLength(0);
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(401);
  });

  it("refuses a second pending invitation and an existing user with the spec's text", async () => {
    await colegioInvites(email, Role.administrador, "Fincas Norte S.L.");
    const again = await invite(tokens.colegio, companyInvite(email, Role.gremio));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ErrorKey.invitationPendingExists);
    const existing = await invite(tokens.colegio, companyInvite(DEMO_ACCOUNTS.gremio, Role.gremio));
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error).toBe(ErrorKey.invitationUserExists);
  });

  it("validates the form on the server with the spec's messages", async () => {
    const badEmail = await invite(tokens.colegio, companyInvite("no-es-email", Role.gremio));
    expect(badEmail.json()).toEqual({ result: false, error: ValidationKey.emailFormat });
    const noName = await invite(tokens.colegio, companyInvite("sin.nombre@coordina.test", Role.gremio, "   "));
    expect(noName.json()).toEqual({ result: false, error: ValidationKey.companyNameRequired });
  });

  it("the invitee opens the mailed link, sets a password and belongs to the colegio", async () => {
    await colegioInvites(email, Role.administrador, "Fincas Norte S.L.");
    const [mail] = await ctx.smtp.waitFor(email);
    expect(mail!.subject).toBe("Invitación a Coordina");
    expect(mail!.text).toContain("Colegio de Administradores de Fincas de Madrid");
    const { token, page } = linkToken(mail!);
    expect(page).toBe("invitation");

    const check = await call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: token } });
    expect(check.json()).toEqual({ result: true, action: "invitation", email, company_name: "Fincas Norte S.L." });

    const weak = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: token, password: "corta" },
    });
    expect(weak.json()).toEqual({ result: false, error: ValidationKey.passwordMust });

    const accept = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: token, password: PASSWORD },
    });
    expect(accept.json()).toEqual({ result: true, action: "invitation" });

    const session = await login(ctx.app, email, PASSWORD);
    expect(session.statusCode).toBe(200);
    const data = session.json().data;
    expect(data.user.user_role).toBe(Role.administrador);
    expect(data.company).toMatchObject({ name: "Fincas Norte S.L.", type: Role.administrador, cif: "" });
    expect(data.company.owner_user_id).toBe(data.user.id);
    expect(data.company.owner_company_id).toBe(ctx.seed.colegio.id);
    expect(data.colegios).toEqual([{ id: ctx.seed.colegio.id, name: ctx.seed.colegio.name }]);

    // Used: the same link now fails with the spec's texts.
    const reuse = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: token, password: PASSWORD },
    });
    expect(reuse.json()).toEqual({ result: false, error: ErrorKey.registrationInvalid });
    const recheck = await call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: token } });
    expect(recheck.json()).toEqual({ result: false, error: ErrorKey.tokenInvalid });
  });

  it("must accept the legal notice before anything but the settings calls", async () => {
    await colegioInvites(email, Role.administrador, "Fincas Norte S.L.");
    await acceptInvitation(email);
    const token = (await login(ctx.app, email, PASSWORD)).json().data;
    const bearer = token.token as string;
    const blocked = await call(ctx.app, "GET", "/companies/users/company", { token: bearer });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ result: false, error: ErrorKey.legalNotAccepted });
    expect((await call(ctx.app, "GET", "/companies/users/current", { token: bearer })).statusCode).toBe(200);
    expect((await call(ctx.app, "GET", "/companies/colegio/listcolegios", { token: bearer })).statusCode).toBe(200);

    const before = await call(ctx.app, "GET", `/settings/assigned-settings/all/${token.user.id}`, { token: bearer });
    expect(before.json()).toEqual({ result: true, data: [] });
    const accepted = await call(ctx.app, "POST", "/settings/assigned-settings/add", {
      token: bearer,
      body: { name: "accepted-legal", valuetype: "boolean", value: "true" },
    });
    expect(accepted.json().data).toMatchObject({ name: "accepted-legal", value: "true", id_assigned: token.user.id });
    expect((await call(ctx.app, "GET", "/companies/users/company", { token: bearer })).statusCode).toBe(200);
  });
});

describe("the administrator invites a porter for one of its communities", () => {
  const email = "portero.nuevo@coordina.test";
  const full = (shakey: string, extra: object = {}) => ({
    shakey,
    password: PASSWORD,
    cif: "87654321X",
    direccion: "Calle Mayor 10, bajo",
    municipio: "Madrid",
    cp: "28013",
    provincia: "Madrid",
    ...extra,
  });

  it("refuses a community of another administrator", async () => {
    const other = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into communities (colegio_id, admin_company_id, name, cif, cif_norm)
          values (${ctx.seed.colegio.id}, ${ctx.seed.provider.id}, 'Ajena', 'H99999999', 'H99999999') returning id`,
    );
    const response = await invite(tokens.administrador, {
      ...companyInvite("otro.portero@coordina.test", Role.portero, "Otro Portero"),
      id_finca: other[0]!.id,
    });
    expect(response.statusCode).toBe(403);
  });

  it("the porter completes the full sign-up and is registered in the community", async () => {
    const response = await invite(tokens.administrador, {
      ...companyInvite(email, Role.portero, "Ana López"),
      id_finca: ctx.seed.community.id,
    });
    expect(response.statusCode).toBe(200);
    const token = await linkFor(email);
    const check = await call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: token } });
    expect(check.json().action).toBe("register-portero");

    // The password alone is not enough for a porter, and every field is required with its message.
    const short = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: token, password: PASSWORD },
    });
    expect(short.statusCode).toBe(404);
    const missing = await call(ctx.app, "POST", "/companies/users/regchecktotalin", {
      body: full(token, { direccion: " " }),
    });
    expect(missing.json()).toEqual({ result: false, error: ValidationKey.required });
    const postcode = await call(ctx.app, "POST", "/companies/users/regchecktotalin", {
      body: full(token, { cp: "2801" }),
    });
    expect(postcode.json()).toEqual({ result: false, error: ValidationKey.postcode });
    const taken = await call(ctx.app, "POST", "/companies/users/regchecktotalin", {
      body: full(token, { cif: "12345678-z" }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(ErrorKey.invitationCifTaken);

    const done = await call(ctx.app, "POST", "/companies/users/regchecktotalin", { body: full(token) });
    expect(done.json()).toEqual({ result: true, action: "register-portero" });
    const session = (await login(ctx.app, email, PASSWORD)).json().data;
    expect(session.user.user_role).toBe(Role.portero);
    expect(session.company).toMatchObject({ name: "Ana López", cif: "87654321X", owner_company_id: ctx.seed.admin.id });
    expect(session.colegios.map((c: { id: number }) => c.id)).toEqual([ctx.seed.colegio.id]);
    const links = await queryRows(
      ctx.database.db,
      sql`select 1 from community_porters where community_id = ${ctx.seed.community.id} and porter_user_id = ${session.user.id}`,
    );
    expect(links).toHaveLength(1);
  });
});

describe("colleagues join an existing company (create-company-user)", () => {
  it("a provider adds a colleague who joins its company with its role", async () => {
    const email = "companero@coordina.test";
    expect((await invite(tokens.gremio, { action: "create-company-user", email })).statusCode).toBe(200);
    const token = await linkFor(email);
    expect(
      (await call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: token } })).json().company_name,
    ).toBe("Ascensores Levante S.L.");
    await call(ctx.app, "POST", "/companies/users/regcheckin", { body: { shakey: token, password: PASSWORD } });
    const session = (await login(ctx.app, email, PASSWORD)).json().data;
    expect(session.company.id).toBe(ctx.seed.provider.id);
    expect(session.user.user_role).toBe(Role.gremio);
  });

  it("the colegio may add a user to a member company; others may not add users to foreign companies", async () => {
    const body = (email: string, company_id: number) => ({ action: "create-company-user", email, company_id });
    expect((await invite(tokens.colegio, body("gestor2@coordina.test", ctx.seed.admin.id))).statusCode).toBe(200);
    expect((await invite(tokens.administrador, body("intruso@coordina.test", ctx.seed.provider.id))).statusCode).toBe(
      403,
    );
    expect((await invite(tokens.colegio, body("intruso2@coordina.test", ctx.seed.master.id))).statusCode).toBe(403);
    expect((await invite(tokens.portero, body("intruso3@coordina.test", ctx.seed.porterCompany.id))).statusCode).toBe(
      403,
    );
  });
});

describe("simultaneous requests", () => {
  it("two invitations of the same e-mail at once leave one invitation and a clear error", async () => {
    const email = "carrera@coordina.test";
    const answers = await Promise.all([
      invite(tokens.colegio, companyInvite(email, Role.gremio, "Carrera A")),
      invite(tokens.colegio, companyInvite(email, Role.gremio, "Carrera B")),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(ErrorKey.invitationPendingExists);
    const rows = await queryRows(ctx.database.db, sql`select id from invitations where email = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it("two acceptances of the same link at once create one account", async () => {
    await colegioInvites("carrera@coordina.test", Role.gremio, "Carrera A");
    const token = await linkFor("carrera@coordina.test");
    const answers = await Promise.all([
      call(ctx.app, "POST", "/companies/users/regcheckin", { body: { shakey: token, password: PASSWORD } }),
      call(ctx.app, "POST", "/companies/users/regcheckin", { body: { shakey: token, password: PASSWORD } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const users = await queryRows(ctx.database.db, sql`select id from users where email = 'carrera@coordina.test'`);
    expect(users).toHaveLength(1);
    const companies = await queryRows(ctx.database.db, sql`select id from companies where name like 'Carrera%'`);
    expect(companies).toHaveLength(1);
  });

  it("an acceptance and a cancel at once: one of them wins, and the record says which", async () => {
    const email = "cancelada.o.aceptada@coordina.test";
    const { id } = (await invite(tokens.colegio, companyInvite(email, Role.gremio, "Duda S.L."))).json().data;
    const token = await linkFor(email);
    const [accept, cancel] = await Promise.all([
      call(ctx.app, "POST", "/companies/users/regcheckin", { body: { shakey: token, password: PASSWORD } }),
      call(ctx.app, "POST", `/companies/invitations/cancel/${id}`, { token: tokens.colegio }),
    ]);
    expect([accept!.statusCode, cancel!.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const [row] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from invitations where id = ${id}`,
    );
    const users = await queryRows(ctx.database.db, sql`select id from users where email = ${email}`);
    if (accept!.statusCode === 200) {
      expect(row!.status).toBe("accepted");
      expect(users).toHaveLength(1);
      expect(cancel!.json().error).toBe(ErrorKey.invitationNotPending);
    } else {
      expect(row!.status).toBe("cancelled");
      expect(users).toHaveLength(0);
    }
  });
});

describe("the invitations list, resend and cancel", () => {
  it("lists the company's invitations with their state, paged and searchable", async () => {
    await colegioInvites("nueva.admin@coordina.test", Role.administrador, "Fincas Norte S.L.");
    await acceptInvitation("nueva.admin@coordina.test");
    await colegioInvites("lista.uno@coordina.test", Role.gremio, "Lista Uno S.L.");
    await colegioInvites("lista.dos@coordina.test", Role.gremio, "Lista Dos S.L.");
    const page = await call(ctx.app, "POST", "/companies/invitations/index", {
      token: tokens.colegio,
      body: { page: 1, limit: 2 },
    });
    const body = page.json();
    expect(body.result).toBe(true);
    expect(body.data).toHaveLength(2);
    expect(body.count).toBeGreaterThan(2);
    expect(body.pagination).toEqual({ count: body.count, page: 1, limit: 2 });
    const beyond = await call(ctx.app, "POST", "/companies/invitations/index", {
      token: tokens.colegio,
      body: { page: 500, limit: 2 },
    });
    expect(beyond.json().data).toEqual([]);
    expect(beyond.json().count).toBe(body.count);

    const found = await call(ctx.app, "POST", "/companies/invitations/index", {
      token: tokens.colegio,
      body: { filter: "NUEVA.ADMIN" },
    });
    expect(found.json().data).toEqual([
      expect.objectContaining({
        email: "nueva.admin@coordina.test",
        company_name: "Fincas Norte S.L.",
        company_type: Role.administrador,
        status: "accepted",
        invited_by: DEMO_ACCOUNTS.colegio,
      }),
    ]);
    // Another company's list does not show them.
    const other = await call(ctx.app, "POST", "/companies/invitations/index", {
      token: tokens.gremio,
      body: { filter: "nueva.admin" },
    });
    expect(other.json().data).toEqual([]);
  });

  it("resending sends a new link and kills the old one; cancelling kills every link", async () => {
    const email = "reenvio@coordina.test";
    const { id } = (await invite(tokens.colegio, companyInvite(email, Role.gremio, "Reenvío S.L."))).json().data;
    const first = await linkFor(email, 1);
    expect(
      (await call(ctx.app, "POST", `/companies/invitations/resend/${id}`, { token: tokens.colegio })).statusCode,
    ).toBe(200);
    const second = await linkFor(email, 2);
    const check = (shakey: string) => call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey } });
    expect((await check(first)).statusCode).toBe(404);
    expect((await check(second)).statusCode).toBe(200);

    // Only the company that sent it may resend or cancel it: others are told it does not exist, and no
    // mail goes out.
    const foreignResend = await call(ctx.app, "POST", `/companies/invitations/resend/${id}`, {
      token: tokens.administrador,
    });
    expect(foreignResend.statusCode).toBe(404);
    expect(foreignResend.json()).toEqual({ result: false, error: ErrorKey.notFound });
    expect(await outboxTo(ctx, email)).toEqual(["Invitación a Coordina", "Invitación a Coordina"]);
    expect(
      (await call(ctx.app, "POST", `/companies/invitations/cancel/${id}`, { token: tokens.administrador })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, "POST", `/companies/invitations/cancel/${id}`, { token: tokens.colegio })).json(),
    ).toEqual({
      result: true,
    });
    const cancelled = await check(second);
    expect(cancelled.statusCode).toBe(404);
    const again = await call(ctx.app, "POST", `/companies/invitations/cancel/${id}`, { token: tokens.colegio });
    expect(again.json().error).toBe(ErrorKey.invitationNotPending);
  });

  it("shows an overdue invitation as expired and lets a new one be sent", async () => {
    const email = "caducada@coordina.test";
    await invite(tokens.colegio, companyInvite(email, Role.gremio, "Caducada S.L."));
    await ctx.database.db.execute(
      sql`update invitations set expires_at = now() - interval '1 hour' where email = ${email}`,
    );
    const list = await call(ctx.app, "POST", "/companies/invitations/index", {
      token: tokens.colegio,
      body: { filter: email },
    });
    expect(list.json().data[0].status).toBe("expired");
    expect((await invite(tokens.colegio, companyInvite(email, Role.gremio, "Caducada S.L."))).statusCode).toBe(200);
  });
});
