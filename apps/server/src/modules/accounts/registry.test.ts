import { ErrorKey, Role, ValidationKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, DEMO_ACCOUNTS, login, tokenFor } from "../../../test/helpers.js";
import { createMailTestApp, linkToken, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";

let ctx: MailTestContext;

beforeAll(async () => {
  ctx = await createMailTestApp({ limits: { registerPerIp: { max: 4, windowSeconds: 3600 } } });
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

let ip = 0;
const register = (body: object, from = `10.9.0.${++ip}`) =>
  call(ctx.app, "POST", "/companies/companies/register-provider", { body, ip: from });

describe("provider self-registration", () => {
  const email = "limpiezas@coordina.test";
  const PASSWORD = "Limpiezas-2026!";

  it("creates the provider company awaiting its password and mails the link", async () => {
    const response = await register({
      email: " Limpiezas@Coordina.test ",
      cif: "B-12345678",
      company: "Limpiezas Sol S.L.",
    });
    expect(response.json()).toEqual({ result: true });
    const [company] = await queryRows<{ type: number; cif_norm: string; has_password: boolean }>(
      ctx.database.db,
      sql`select c.type, c.cif_norm, u.password_hash is not null as has_password
          from companies c join users u on u.company_id = c.id where u.email = ${email}`,
    );
    expect(company).toEqual({ type: Role.gremio, cif_norm: "B12345678", has_password: false });
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(401);

    const [mail] = await ctx.smtp.waitFor(email);
    expect(mail!.subject).toBe("Completa tu registro en Coordina");
    const { token, page } = linkToken(mail!);
    expect(page).toBe("invitation");
    const check = await call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: token } });
    expect(check.json()).toEqual({ result: true, action: "registry", email, company_name: "Limpiezas Sol S.L." });
    const done = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: token, password: PASSWORD },
    });
    expect(done.json()).toEqual({ result: true, action: "registry" });
    const session = await login(ctx.app, email, PASSWORD);
    expect(session.json().data.company).toMatchObject({ name: "Limpiezas Sol S.L.", type: Role.gremio });
  });

  it("refuses a taken e-mail or CIF with the spec's texts", async () => {
    expect((await register({ email, cif: "B-12345678", company: "Limpiezas Sol S.L." })).json()).toEqual({
      result: true,
    });
    const sameEmail = await register({ email, cif: "B99999999", company: "Otra" });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toBe(ErrorKey.invitationUserExists);
    const sameCif = await register({ email: "otra@coordina.test", cif: "b 12345678", company: "Otra" });
    expect(sameCif.statusCode).toBe(409);
    expect(sameCif.json().error).toBe(ErrorKey.invitationCifTaken);
  });

  it.each([
    [{ email: "no-es-email", cif: "B11111111", company: "X" }, ValidationKey.emailProvider],
    [{ email: "x@coordina.test", cif: "B11111111", company: "  " }, ValidationKey.nameRequired],
    [{ email: "x@coordina.test", cif: "B1234", company: "X" }, ValidationKey.cifInvalid],
  ])("validates %j on the server with the spec's message", async (body, key) => {
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, error: key });
  });

  it("registering again before finishing sends a new link and kills the old one", async () => {
    const body = { email: "pendiente@coordina.test", cif: "B22222222", company: "Pendiente S.L." };
    await register(body);
    await register(body);
    const [first, second] = await ctx.smtp.waitFor(body.email, 2);
    const check = (m: typeof first) =>
      call(ctx.app, "POST", "/companies/users/checkin", { body: { shakey: linkToken(m!).token } });
    expect((await check(first)).statusCode).toBe(404);
    expect((await check(second)).statusCode).toBe(200);
    const companies = await queryRows(ctx.database.db, sql`select id from companies where cif_norm = 'B22222222'`);
    expect(companies).toHaveLength(1);
  });

  it("an unfinished registration holds its CIF while its link lives, and gives it up once the link has expired", async () => {
    const squatter = { email: "okupa@coordina.test", cif: "B77777777", company: "Okupa S.L." };
    const owner = { email: "duena@coordina.test", cif: "B77777777", company: "La Dueña S.L." };
    expect((await register(squatter)).statusCode).toBe(200);
    const blocked = await register(owner);
    expect(blocked.json().error).toBe(ErrorKey.invitationCifTaken);

    await ctx.database.db.execute(
      sql`update link_tokens set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = ${squatter.email})`,
    );
    expect((await register(owner)).statusCode).toBe(200);
    const holders = await queryRows<{ name: string }>(
      ctx.database.db,
      sql`select name from companies where cif_norm = 'B77777777'`,
    );
    expect(holders).toEqual([{ name: "La Dueña S.L." }]);
    expect(await queryRows(ctx.database.db, sql`select id from users where email = ${squatter.email}`)).toEqual([]);
    // The released e-mail can now be invited or registered by whoever really owns it.
    expect((await register({ ...squatter, cif: "B78787878" })).statusCode).toBe(200);
  });

  it("two registrations with the same e-mail at once leave one company and a clear error", async () => {
    const answers = await Promise.all([
      register({ email: "doble@coordina.test", cif: "B33333333", company: "Doble A" }),
      register({ email: "doble@coordina.test", cif: "B44444444", company: "Doble B" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(ErrorKey.invitationUserExists);
    const rows = await queryRows(ctx.database.db, sql`select id from companies where name like 'Doble%'`);
    expect(rows).toHaveLength(1);
  });

  it("limits registrations from one address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await register({ email: `flood${i}@coordina.test`, cif: `B5555555${i}`, company: "F" }, "10.8.8.8"))
          .statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("counts the real client address: a forged X-Forwarded-For does not reset the limit", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/companies/companies/register-provider",
        payload: { email: `forjado${i}@coordina.test`, cif: `B6666666${i}`, company: "F" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        remoteAddress: "10.7.7.7",
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe("the colegio registers a company (companies/registry/register)", () => {
  const full = {
    email: "gestion@fincasretiro.test",
    company_name: "Fincas Retiro S.L.",
    type: Role.administrador,
    cif: "B87650001",
    company_data: {
      cif: "B87650001",
      person: "Lucía Prieto",
      tfn: "910000000",
      address: "Calle Alcalá 100",
      city: "Madrid",
      country: "Madrid",
      postcode: "28009",
    },
  };
  const registerAs = async (account: keyof typeof DEMO_ACCOUNTS, body: object) =>
    call(ctx.app, "POST", "/companies/registry/register", {
      token: await tokenFor(ctx.app, DEMO_ACCOUNTS[account]),
      body,
    });

  it("creates the company in the colegio with its data; the manager sets a password from the mailed link", async () => {
    const response = await registerAs("colegio", full);
    expect(response.statusCode).toBe(200);
    const { id } = response.json().data;
    const [row] = await queryRows(
      ctx.database.db,
      sql`select c.type, c.name, c.cif_norm, c.contact_person, c.phone, c.address, c.city, c.province, c.postcode,
                 u.password_hash is null as awaiting_password,
                 exists (select 1 from colegio_members m where m.company_id = c.id and m.colegio_id = ${ctx.seed.colegio.id}) as member
          from companies c join users u on u.id = c.owner_user_id where c.id = ${id}`,
    );
    expect(row).toEqual({
      type: Role.administrador,
      name: "Fincas Retiro S.L.",
      cif_norm: "B87650001",
      contact_person: "Lucía Prieto",
      phone: "910000000",
      address: "Calle Alcalá 100",
      city: "Madrid",
      province: "Madrid",
      postcode: "28009",
      awaiting_password: true,
      member: true,
    });
    const [mail] = await ctx.smtp.waitFor(full.email);
    expect(mail!.text).toContain("ha dado de alta a «Fincas Retiro S.L.»");
    const done = await call(ctx.app, "POST", "/companies/users/regcheckin", {
      body: { shakey: linkToken(mail!).token, password: "Retiro-2026!" },
    });
    expect(done.statusCode).toBe(200);
    expect((await login(ctx.app, full.email, "Retiro-2026!")).statusCode).toBe(200);
  });

  it("takes the NIF form (no company data) and refuses a taken e-mail or NIF", async () => {
    const nifForm = {
      email: "alta@jardinesnorte.test",
      company_name: "Jardines Norte",
      role: Role.gremio,
      cif: "B11223344",
    };
    expect((await registerAs("colegio", nifForm)).statusCode).toBe(200);
    const again = await registerAs("colegio", { ...nifForm, cif: "B55667788" });
    expect(again.json()).toEqual({ result: false, error: ErrorKey.invitationUserExists });
    const sameNif = await registerAs("colegio", { ...nifForm, email: "otro@jardinesnorte.test" });
    expect(sameNif.json()).toEqual({ result: false, error: ErrorKey.invitationCifTaken });
  });

  it.each([
    [{ ...full, email: "mal" }, ValidationKey.emailFormat],
    [{ ...full, company_name: " " }, ValidationKey.nameRequired],
    [{ ...full, company_data: { ...full.company_data, postcode: "2800" } }, ValidationKey.postcode],
    [{ ...full, company_data: { ...full.company_data, person: "" } }, ValidationKey.required],
  ])("validates the full form on the server (%#)", async (body, key) => {
    const response = await registerAs("colegio", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, error: key });
  });

  it("is the colegio's: other roles, and levels it may not create, get an error and nothing is created", async () => {
    for (const account of ["administrador", "gremio", "master"] as const) {
      const response = await registerAs(account, { ...full, email: `${account}@prohibido.test`, cif: "B00000001" });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ result: false, error: ErrorKey.invitationLevelForbidden });
    }
    const colegioType = await registerAs("colegio", {
      ...full,
      email: "c@prohibido.test",
      type: Role.colegio,
      cif: "B00000002",
    });
    expect(colegioType.statusCode).toBe(403);
    const created = await queryRows(ctx.database.db, sql`select id from users where email like '%@prohibido.test'`);
    expect(created).toEqual([]);
    const anonymous = await call(ctx.app, "POST", "/companies/registry/register", { body: full });
    expect(anonymous.statusCode).toBe(401);
  });
});
