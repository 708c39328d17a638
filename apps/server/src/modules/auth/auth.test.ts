import { DEFAULT_FEATURES, ErrorKey, FEATURE, Role, TokenAction } from "@coordina/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  login,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { companies, sessions } from "../../db/schema/index.js";
import { ensureCompany, ensureUser } from "../../db/seed/builders.js";
import { hashToken } from "../../lib/tokens.js";
import { issueLinkToken } from "../accounts/tokens.repository.js";
import { throttleAddress } from "./auth.repository.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const current = (token: string, header = "authentication", query = "") =>
  ctx.app.inject({ method: "GET", url: `/companies/users/current${query}`, headers: { [header]: `Bearer ${token}` } });

describe("POST /companies/users/login", () => {
  it.each([
    ["master", DEMO_ACCOUNTS.master, Role.master],
    ["colegio", DEMO_ACCOUNTS.colegio, Role.colegio],
    ["administrador", DEMO_ACCOUNTS.administrador, Role.administrador],
    ["gremio", DEMO_ACCOUNTS.gremio, Role.gremio],
    ["portero", DEMO_ACCOUNTS.portero, Role.portero],
  ])("logs the demo %s in with the spec's login response", async (_name, email, role) => {
    const response = await login(ctx.app, email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toBe(true);
    const data = body.data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toEqual({
      id: expect.any(Number),
      email,
      token: data.token,
      user_role: role,
      tokencreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(data.company.type).toBe(role);
    expect(data.issuer).toBe("coordina");
    // The demo colegio switches the porters' administration on for its members (demo seed).
    expect(data.flags).toEqual([...DEFAULT_FEATURES, FEATURE.porterosAdmin]);
    // Every demo role belongs to the demo colegio, each by its own path (own, owned, member, community).
    expect(data.colegios).toEqual([{ id: ctx.seed.colegio.id, name: ctx.seed.colegio.name }]);
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    const response = await login(ctx.app, "  ADMIN@Coordina.Test ");
    expect(response.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail identically, without saying which", async () => {
    const wrong = await login(ctx.app, DEMO_ACCOUNTS.colegio, "Equivocada1!", { ip: "10.0.0.1" });
    const unknown = await login(ctx.app, "nadie@coordina.test", "Equivocada1!", { ip: "10.0.0.2" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ result: false, error: ErrorKey.invalidCredentials });
    }
  });

  it("makes remembered sessions last longer than ordinary ones", async () => {
    const plain = (await login(ctx.app, DEMO_ACCOUNTS.master)).json().data.user.id as number;
    await login(ctx.app, DEMO_ACCOUNTS.master, DEMO_PASSWORD, { remember: true });
    const rows = await ctx.database.db
      .select({ remember: sessions.remember, created: sessions.createdAt, expires: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, plain));
    const hours = (r: (typeof rows)[number]) => (r.expires.getTime() - r.created.getTime()) / 3_600_000;
    const ordinary = rows.filter((r) => !r.remember).map(hours);
    const remembered = rows.filter((r) => r.remember).map(hours);
    expect(Math.max(...ordinary)).toBeLessThanOrEqual(12.01);
    expect(Math.min(...remembered)).toBeGreaterThanOrEqual(24 * 30 - 0.01);
  });

  it("stores only a hash of the session token", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  const newUser = async (email: string) =>
    ensureUser(ctx.database.db, { email, password: DEMO_PASSWORD, companyId: ctx.seed.provider.id, role: Role.gremio });
  /** Seconds left on a throttle key's lock (0 when unlocked), read from the database. */
  const lockLeft = async (key: string) => {
    const rows = await queryRows<{ left: number }>(
      ctx.database.db,
      sql`select greatest(0, extract(epoch from locked_until - now()))::float8 as left from auth_throttle where key = ${key}`,
    );
    return Number(rows[0]?.left ?? 0);
  };

  it("slows down wrong passwords from one address without locking the owner out elsewhere", async () => {
    const email = "bloqueo@coordina.test";
    await newUser(email);
    const attacker = "10.1.0.1";
    for (let i = 0; i < 5; i++) {
      const wrong = await login(ctx.app, email, "Mal123!!", { ip: attacker });
      expect(wrong.statusCode).toBe(401);
    }
    // The address that failed waits, whatever password it tries now…
    const waiting = await login(ctx.app, email, DEMO_PASSWORD, { ip: attacker });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ result: false, error: ErrorKey.tooManyAttempts });
    // …while the owner, from elsewhere, signs in at once.
    expect((await login(ctx.app, email, DEMO_PASSWORD, { ip: "10.1.0.2" })).statusCode).toBe(200);
  });

  it("doubles the wait at every further failure from the same address", async () => {
    const email = "espera@coordina.test";
    await newUser(email);
    const ip = "10.1.1.1";
    const key = `pair:${email} ${ip}`;
    for (let i = 0; i < 4; i++) await login(ctx.app, email, "Mal123!!", { ip });
    expect(await lockLeft(key)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The wait has passed (as if the client had waited it out): the next failure counts again.
      await ctx.database.db.execute(sql`update auth_throttle set locked_until = now() where key = ${key}`);
      expect((await login(ctx.app, email, "Mal123!!", { ip })).statusCode).toBe(401);
      waits.push(await lockLeft(key));
    }
    expect(waits).toHaveLength(4);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThan(waits[i - 1]! * 1.5);
  });

  it("counts simultaneous guesses as a sequence: a burst from one address gets no more tries", async () => {
    const email = "rafaga@coordina.test";
    await newUser(email);
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => login(ctx.app, email, "Mal123!!", { ip: "10.1.3.1" })),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes).toHaveLength(40);
    // Five passwords were checked; every other guess was refused before its password was looked at.
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    // The owner, from elsewhere, is not locked out by the burst.
    expect((await login(ctx.app, email, DEMO_PASSWORD, { ip: "10.1.3.2" })).statusCode).toBe(200);
  });

  it("counts an IPv6 subscriber by its /64, and an IPv4-mapped address as the IPv4 one", async () => {
    const email = "seis@coordina.test";
    await newUser(email);
    for (let i = 1; i <= 5; i++) {
      expect((await login(ctx.app, email, "Mal123!!", { ip: `2001:db8:1:2::${i}` })).statusCode).toBe(401);
    }
    expect((await login(ctx.app, email, DEMO_PASSWORD, { ip: "2001:db8:1:2:ffff::9" })).statusCode).toBe(429);
    expect((await login(ctx.app, email, DEMO_PASSWORD, { ip: "2001:db8:1:3::1" })).statusCode).toBe(200);
    expect(throttleAddress("::ffff:10.0.0.7")).toBe("10.0.0.7");
    expect(throttleAddress("2001:0db8:0000:0001:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("does not lock out the other accounts behind the same address", async () => {
    const ip = "10.1.2.1";
    for (let i = 0; i < 12; i++) await login(ctx.app, DEMO_ACCOUNTS.master, "Mal123!!", { ip });
    expect((await login(ctx.app, DEMO_ACCOUNTS.master, DEMO_PASSWORD, { ip })).statusCode).toBe(429);
    expect((await login(ctx.app, DEMO_ACCOUNTS.gremio, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it("locks an account guessed at from many addresses, until a password recovery lifts it", async () => {
    const limited = await createTestApp({
      auth: { account: { maxFailures: 6, windowSeconds: 3600, lockSeconds: 3600 } },
    });
    try {
      const email = "distribuido@coordina.test";
      const user = await ensureUser(limited.database.db, {
        email,
        password: DEMO_PASSWORD,
        companyId: limited.seed.provider.id,
        role: Role.gremio,
      });
      for (let i = 0; i < 6; i++) {
        expect((await login(limited.app, email, "Mal123!!", { ip: `10.4.0.${i + 1}` })).statusCode).toBe(401);
      }
      const locked = await login(limited.app, email, DEMO_PASSWORD, { ip: "10.4.1.1" });
      expect(locked.statusCode).toBe(429);
      // Other accounts are unaffected.
      expect((await login(limited.app, DEMO_ACCOUNTS.gremio, DEMO_PASSWORD, { ip: "10.4.1.1" })).statusCode).toBe(200);

      const { token } = await issueLinkToken(limited.database.db, { action: TokenAction.recovery, userId: user.id });
      const reset = await call(limited.app, "POST", "/companies/user-recovery/update", {
        body: { shakey: token, password: "Nueva-Clave-2026" },
      });
      expect(reset.statusCode).toBe(200);
      expect((await login(limited.app, email, "Nueva-Clave-2026", { ip: "10.4.1.1" })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("limits failures per IP across different accounts", async () => {
    const limited = await createTestApp({ auth: { ip: { maxFailures: 4, windowSeconds: 900, lockSeconds: 900 } } });
    try {
      const ip = "10.2.0.1";
      for (let i = 0; i < 4; i++) {
        expect((await login(limited.app, `persona${i}@coordina.test`, "Mal123!!", { ip })).statusCode).toBe(401);
      }
      const blocked = await login(limited.app, DEMO_ACCOUNTS.colegio, DEMO_PASSWORD, { ip });
      expect(blocked.statusCode).toBe(429);
      expect((await login(limited.app, DEMO_ACCOUNTS.colegio, DEMO_PASSWORD, { ip: "10.2.0.2" })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("refuses the users of a deactivated company, and ends their open sessions", async () => {
    const other = await createTestApp();
    try {
      const token = await tokenFor(other.app, DEMO_ACCOUNTS.gremio);
      await other.database.db.update(companies).set({ erased: true }).where(eq(companies.id, other.seed.provider.id));
      const refused = await login(other.app, DEMO_ACCOUNTS.gremio);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ result: false, error: ErrorKey.accountDisabled });
      const open = await other.app.inject({
        method: "GET",
        url: "/companies/users/current",
        headers: { authentication: `Bearer ${token}` },
      });
      expect(open.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it.each([
    ["an unknown field", { email: "a@b.es", password: "x", admin: true }],
    ["a wrong type", { email: "a@b.es", password: 12345678 }],
    ["a missing password", { email: "a@b.es" }],
    ["a non-boolean remember", { email: "a@b.es", password: "x", remember: "sí" }],
  ])("rejects %s with 400 and the Spanish invalid-input key", async (_label, payload) => {
    const response = await ctx.app.inject({ method: "POST", url: "/companies/users/login", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.invalidInput });
  });

  it("never writes passwords or tokens to the logs", async () => {
    const secret = "Muy$ecreta-2026";
    await login(ctx.app, DEMO_ACCOUNTS.master, secret, { ip: "10.3.0.1" });
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.master);
    await current(token);
    await ctx.app.inject({ method: "GET", url: `/companies/users/current?token=${token}` });
    expect(ctx.logs.text).not.toContain(secret);
    expect(ctx.logs.text).not.toContain(DEMO_PASSWORD);
    expect(ctx.logs.text).not.toContain(token);
    expect(ctx.logs.text).toContain("/companies/users/login");
  });
});

describe("sessions", () => {
  it("accepts the token in Authentication and in Authorization", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    for (const header of ["authentication", "authorization"]) {
      const response = await current(token, header);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user.email).toBe(DEMO_ACCOUNTS.administrador);
    }
  });

  it.each([
    ["no token", {}],
    ["a made-up token", { authentication: "Bearer inventado" }],
    ["an empty bearer", { authorization: "Bearer " }],
  ])("answers %s with 401 and no data", async (_label, headers) => {
    const response = await ctx.app.inject({ method: "GET", url: "/companies/users/current", headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
  });

  it("takes a live token only with its Bearer scheme", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    for (const value of [token, `Token ${token}`, `Bearer${token}`, `Bearer ${token} extra`]) {
      const response = await ctx.app.inject({
        method: "GET",
        url: "/companies/users/current",
        headers: { authentication: value },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
    }
    const lower = await ctx.app.inject({
      method: "GET",
      url: "/companies/users/current",
      headers: { authorization: `bearer ${token}` },
    });
    expect(lower.statusCode).toBe(200);
  });

  it("tells every cache not to keep the answers that carry a session", async () => {
    const signIn = await login(ctx.app, DEMO_ACCOUNTS.colegio);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers["cache-control"]).toBe("no-store");
    const me = await current(signIn.json().data.token);
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("rejects an expired session", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const id = (await current(token)).json().data.user.id as number;
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, id));
    const response = await current(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
  });

  it("revokes the session on logout", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/companies/users/logout",
      headers: { authentication: `Bearer ${token}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ result: true });
    expect((await current(token)).statusCode).toBe(401);
  });
});

describe("sessions kept between list reads (SessionCache)", () => {
  const providersPage = (token: string) =>
    call(ctx.app, "POST", "/companies/companies/index", {
      token,
      body: { type: Role.gremio, page: 1, limit: 10, colg_id: ctx.seed.colegio.id },
    });

  it("refuses a list read right after the session's logout, though the reads before it were let through", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    expect((await providersPage(token)).statusCode).toBe(200);
    expect((await providersPage(token)).statusCode).toBe(200);
    expect((await call(ctx.app, "POST", "/companies/users/logout", { token })).statusCode).toBe(200);
    const refused = await providersPage(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
  });

  it("sees an end of access written elsewhere once any request of this server may have written", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    expect((await providersPage(token)).statusCode).toBe(200);
    // Revoked from outside this server's requests (another server, a script): the kept session still reads,
    // for the cache's seconds at most (docs/operations.md).
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await providersPage(token)).statusCode).toBe(200);
    // Any request of this server that may write empties the cache, a refused one too.
    expect((await call(ctx.app, "POST", "/companies/users/logout", {})).statusCode).toBe(401);
    expect((await providersPage(token)).statusCode).toBe(401);
  });

  it("checks each route's roles against a kept session", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const definitions = await call(ctx.app, "POST", "/document-require-definitions/index", {
      token,
      body: { page: 1, colg_id: ctx.seed.colegio.id },
    });
    expect(definitions.statusCode).toBe(200);
    const refused = await providersPage(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ result: false, error: ErrorKey.forbidden });
  });
});

describe("colg_id", () => {
  it("accepts the caller's own colegio, in the query or the body", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    expect((await current(token, "authentication", `?colg_id=${ctx.seed.colegio.id}`)).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: "POST",
      url: "/companies/users/logout",
      headers: { authentication: `Bearer ${token}` },
      payload: { colg_id: ctx.seed.colegio.id },
    });
    expect(logout.statusCode).toBe(200);
  });

  it("treats the placeholder -1 as no colegio", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    expect((await current(token, "authentication", "?colg_id=-1")).statusCode).toBe(200);
  });

  it("refuses a foreign or unknown colegio with 403 and no data", async () => {
    const foreign = await ensureCompany(ctx.database.db, {
      type: Role.colegio,
      name: "Colegio de Administradores de Barcelona",
      cif: "Q0863006B",
    });
    for (const email of [
      DEMO_ACCOUNTS.administrador,
      DEMO_ACCOUNTS.gremio,
      DEMO_ACCOUNTS.portero,
      DEMO_ACCOUNTS.colegio,
    ]) {
      const token = await tokenFor(ctx.app, email);
      for (const id of [foreign.id, 999_999]) {
        const response = await current(token, "authentication", `?colg_id=${id}`);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ result: false, error: ErrorKey.colegioForbidden });
      }
    }
  });

  it("rejects a colg_id that is not a number", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const response = await current(token, "authentication", "?colg_id=abc");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, error: ErrorKey.invalidInput });
  });
});

describe("GET /companies/colegio/listcolegios", () => {
  it("lists only the caller's colegios", async () => {
    await ensureCompany(ctx.database.db, { type: Role.colegio, name: "Colegio Ajeno", cif: "Q4663006C" });
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const response = await ctx.app.inject({
      method: "GET",
      url: "/companies/colegio/listcolegios",
      headers: { authentication: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: true,
      colegios: [{ id: ctx.seed.colegio.id, name: ctx.seed.colegio.name }],
    });
  });

  it("requires a session", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/companies/colegio/listcolegios" });
    expect(response.statusCode).toBe(401);
    expect(response.json().colegios).toBeUndefined();
  });
});
