import fs from "node:fs";
import { ErrorKey, LEGAL_TEXT_MAX_LENGTH, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expectError,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { ensureCompany, ensureLegalAccepted, ensureMembership, ensureUser } from "../../db/seed/builders.js";

let ctx: TestContext;
let A: number;
let B: number;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  A = ctx.seed.colegio.id;
  const colegioB = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  B = colegioB.id;
  await ensureUser(db(), {
    email: "colegio-b@coordina.test",
    password: DEMO_PASSWORD,
    companyId: B,
    role: Role.colegio,
  });
  const providerB = await ensureCompany(db(), { type: Role.gremio, name: "Reformas Diagonal S.L.", cif: "B08000002" });
  await ensureMembership(db(), B, providerB.id);
  const user = await ensureUser(db(), {
    email: "reformas@diagonal.test",
    password: DEMO_PASSWORD,
    companyId: providerB.id,
    role: Role.gremio,
  });
  await ensureLegalAccepted(db(), user.id);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const save = (token: string, body: object) => call(ctx.app, "POST", "/settings/legal-texts/add", { token, body });
const overview = (token: string, colg_id?: number) =>
  call(ctx.app, "GET", `/settings/legal-texts${colg_id ? `?colg_id=${colg_id}` : ""}`, { token });
/** The caller's conditions in a colegio, or with none chosen (`colg_id` null). */
const terms = (token: string, colg_id: number | null) =>
  call(ctx.app, "GET", `/settings/legal-texts/terms${colg_id ? `?colg_id=${colg_id}` : ""}`, { token });
const accept = (token: string, colg_id: number | null, version_id: number | null) =>
  call(ctx.app, "POST", "/settings/legal-texts/accept", {
    token,
    body: colg_id ? { colg_id, version_id } : { version_id },
  });
/** The lines of a colegio's export of acceptances, without its header. */
async function exportLines(colegioToken: string) {
  const res = await call(ctx.app, "GET", "/settings/legal-texts/acceptances", { token: colegioToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1);
}
/** A call of the provider's own work in a colegio (its communities there): what the terms guard. */
const providerWork = (token: string, colg_id?: number) =>
  call(ctx.app, "POST", "/companies/fincas/provider", { token, body: colg_id ? { colg_id } : {} });
const adminWork = (token: string, colg_id: number) =>
  call(ctx.app, "POST", "/companies/fincas/index", { token, body: { colg_id } });

describe("the colegio's legal texts", () => {
  it("starts with none, saves dated versions of each kind and lists them newest first", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const empty = await overview(token);
    expect(empty.json()).toEqual({
      result: true,
      data: {
        current: { "aviso-legal": null, "condiciones-proveedores": null, "condiciones-administradores": null },
        versions: [],
      },
    });

    const first = await save(token, { kind: "aviso-legal", html: "<h2>Aviso legal</h2><p>Primera</p>" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(token, { kind: "aviso-legal", html: "<p>Segunda <strong>versión</strong></p>" });
    const terms = await save(token, { kind: "condiciones-proveedores", html: "<p>Condiciones nuevas</p>" });
    expect(second.json().data).toMatchObject({
      kind: "aviso-legal",
      html: "<p>Segunda <strong>versión</strong></p>",
      saved_by: DEMO_ACCOUNTS.colegio,
    });
    expect(Date.parse(second.json().data.saved_at)).not.toBeNaN();

    const after = (await overview(token)).json().data;
    expect(after.current["aviso-legal"]).toMatchObject({ id: second.json().data.id, html: second.json().data.html });
    expect(after.current["condiciones-proveedores"]).toMatchObject({ id: terms.json().data.id });
    expect(after.current["condiciones-administradores"]).toBeNull();
    expect(after.versions.map((v: { id: number }) => v.id)).toEqual([
      terms.json().data.id,
      second.json().data.id,
      first.json().data.id,
    ]);
    expect(after.versions[0]).toEqual({
      id: terms.json().data.id,
      kind: "condiciones-proveedores",
      saved_at: terms.json().data.saved_at,
      saved_by: DEMO_ACCOUNTS.colegio,
    });
  });

  it("is each colegio's own: another colegio sees none of them, and cannot reach them with colg_id", async () => {
    const tokenA = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const tokenB = await tokenFor(ctx.app, "colegio-b@coordina.test");
    await save(tokenA, { kind: "condiciones-proveedores", html: "<p>Del colegio A</p>" });
    expect((await overview(tokenB)).json().data.versions).toEqual([]);
    expectError(await overview(tokenB, A), 403, ErrorKey.colegioForbidden);
    expectError(
      await call(ctx.app, "POST", "/settings/legal-texts/add", {
        token: tokenB,
        body: { colg_id: A, kind: "aviso-legal", html: "<p>x</p>" },
      }),
      403,
      ErrorKey.colegioForbidden,
    );
    expectError(
      await call(ctx.app, "GET", `/settings/legal-texts/acceptances?colg_id=${A}`, { token: tokenB }),
      403,
      ErrorKey.colegioForbidden,
    );
    // B's save is B's: A's current text stays A's.
    await save(tokenB, { kind: "condiciones-proveedores", html: "<p>Del colegio B</p>" });
    expect((await overview(tokenA)).json().data.current["condiciones-proveedores"].html).toBe("<p>Del colegio A</p>");
  });

  it("refuses every other role, and callers without a session", async () => {
    for (const email of [
      DEMO_ACCOUNTS.administrador,
      DEMO_ACCOUNTS.gremio,
      DEMO_ACCOUNTS.portero,
      DEMO_ACCOUNTS.master,
    ]) {
      const token = await tokenFor(ctx.app, email);
      expectError(await overview(token), 403, ErrorKey.forbidden);
      expectError(await save(token, { kind: "aviso-legal", html: "<p>x</p>" }), 403, ErrorKey.forbidden);
      expectError(await call(ctx.app, "GET", "/settings/legal-texts/acceptances", { token }), 403, ErrorKey.forbidden);
    }
    expectError(await call(ctx.app, "GET", "/settings/legal-texts"), 401, ErrorKey.unauthorized);
    expectError(
      await call(ctx.app, "POST", "/settings/legal-texts/add", { body: { kind: "aviso-legal", html: "<p>x</p>" } }),
      401,
      ErrorKey.unauthorized,
    );
    expectError(await call(ctx.app, "GET", "/settings/legal-texts/acceptances"), 401, ErrorKey.unauthorized);
    expectError(await call(ctx.app, "GET", "/settings/legal-texts/terms"), 401, ErrorKey.unauthorized);
    expectError(
      await call(ctx.app, "POST", "/settings/legal-texts/accept", { body: { version_id: null } }),
      401,
      ErrorKey.unauthorized,
    );
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const porter = await tokenFor(ctx.app, DEMO_ACCOUNTS.portero);
    for (const token of [colegio, porter]) {
      expectError(await call(ctx.app, "GET", "/settings/legal-texts/terms", { token }), 403, ErrorKey.forbidden);
      expectError(
        await call(ctx.app, "POST", "/settings/legal-texts/accept", { token, body: { version_id: null } }),
        403,
        ErrorKey.forbidden,
      );
    }
    // Nothing was saved by the refused calls.
    expect((await overview(colegio)).json().data.versions).toEqual([]);
  });

  it("refuses bad input: an unknown kind, a text too long, a text with nothing left once sanitized", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    for (const body of [
      { kind: "condiciones", html: "<p>x</p>" },
      { kind: "aviso-legal" },
      { kind: "aviso-legal", html: 5 },
      { kind: "aviso-legal", html: `<p>${"a".repeat(LEGAL_TEXT_MAX_LENGTH)}</p>` },
      { kind: "aviso-legal", html: "<script>alert(1)</script><p> </p>" },
    ]) {
      expectError(await save(token, body), 400, ErrorKey.invalidInput);
    }
    const provider = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    for (const body of [{}, { version_id: "x" }, { version_id: -1 }]) {
      const answer = await call(ctx.app, "POST", "/settings/legal-texts/accept", { token: provider, body });
      expectError(answer, 400, ErrorKey.invalidInput);
    }
    expect((await overview(token)).json().data.versions).toEqual([]);
  });
});

describe("conditions of use and their acceptance", () => {
  it("shows the built-in conditions while the colegio saved none, accepted already by the demo users", async () => {
    const provider = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    expect((await terms(provider, A)).json().data).toEqual({
      kind: "condiciones-proveedores",
      version_id: null,
      updated: "2024-01-30",
      html: null,
      accepted: true,
      aviso_legal: null,
      colegio_name: null,
    });
    const admin = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    expect((await terms(admin, A)).json().data).toMatchObject({ kind: "condiciones-administradores", accepted: true });
    expect((await providerWork(provider, A)).statusCode).toBe(200);
    expect((await accept(provider, A, null)).json()).toEqual({ result: true });
  });

  it("asks the providers of the colegio to accept a new version again, and only them", async () => {
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const provider = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const admin = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
    const saved = (await save(colegio, { kind: "condiciones-proveedores", html: "<p>Versión de 2026</p>" })).json()
      .data;
    await save(colegio, { kind: "aviso-legal", html: "<p>Aviso del colegio</p>" });

    // The provider's session is the same; its next call in the colegio is stopped until it accepts.
    expectError(await providerWork(provider, A), 403, ErrorKey.legalNotAccepted);
    // Administrators' conditions did not change: nothing is asked of them.
    expect((await adminWork(admin, A)).statusCode).toBe(200);

    const shown = (await terms(provider, A)).json().data;
    expect(shown).toEqual({
      kind: "condiciones-proveedores",
      version_id: saved.id,
      updated: saved.saved_at,
      html: "<p>Versión de 2026</p>",
      accepted: false,
      aviso_legal: "<p>Aviso del colegio</p>",
      colegio_name: null,
    });
    // Accepting the old text, read before the new one was saved, is not accepting the new one.
    expectError(await accept(provider, A, null), 409, ErrorKey.legalTermsChanged);
    expectError(await providerWork(provider, A), 403, ErrorKey.legalNotAccepted);

    expect((await accept(provider, A, saved.id)).json()).toEqual({ result: true });
    expect((await providerWork(provider, A)).statusCode).toBe(200);
    expect((await terms(provider, A)).json().data.accepted).toBe(true);
    // Accepting twice keeps the first acceptance.
    expect((await accept(provider, A, saved.id)).statusCode).toBe(200);

    const csv = (await call(ctx.app, "GET", "/settings/legal-texts/acceptances", { token: colegio })).body;
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Usuario;Empresa;Rol;Condiciones;Versión;Aceptadas el");
    const mine = lines.filter((line) => line.startsWith(`${DEMO_ACCOUNTS.gremio};`));
    // The demo's earlier acceptance is a setting written by the seed, after the migration that copies them.
    expect(mine).toEqual([
      expect.stringMatching(
        /;Proveedor;Condiciones para proveedores;\d\d\/\d\d\/\d{4}, \d\d:\d\d;\d\d\/\d\d\/\d{4}, \d\d:\d\d$/,
      ),
    ]);
  });

  it("asks nothing in a colegio the user is not in, telling nothing of its conditions", async () => {
    const colegioB = await tokenFor(ctx.app, "colegio-b@coordina.test");
    await save(colegioB, { kind: "condiciones-proveedores", html: "<p>Condiciones de B</p>" });
    const provider = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    expectError(await providerWork(provider, B), 403, ErrorKey.colegioForbidden);
    expectError(await terms(provider, B), 403, ErrorKey.colegioForbidden);
    expect((await providerWork(provider, A)).statusCode).toBe(200);
    // B's provider is asked in B, and with no colegio chosen too (a request without one reads all of its
    // colegios), where the conditions to accept are B's.
    const providerB = await tokenFor(ctx.app, "reformas@diagonal.test");
    expectError(await providerWork(providerB, B), 403, ErrorKey.legalNotAccepted);
    expectError(await providerWork(providerB), 403, ErrorKey.legalNotAccepted);
    expect((await terms(providerB, null)).json().data).toMatchObject({
      accepted: false,
      html: "<p>Condiciones de B</p>",
      colegio_name: "Colegio de Administradores de Fincas de Barcelona",
    });
  });

  it("with no colegio chosen, asks each of the user's colegios' new conditions in turn, and records each there", async () => {
    const [colegioA, colegioB] = await Promise.all([
      tokenFor(ctx.app, DEMO_ACCOUNTS.colegio),
      tokenFor(ctx.app, "colegio-b@coordina.test"),
    ]);
    await ensureMembership(db(), B, ctx.seed.provider.id);
    const inA = (await save(colegioA, { kind: "condiciones-proveedores", html: "<p>Nuevas de A</p>" })).json().data;
    const inB = (await save(colegioB, { kind: "condiciones-proveedores", html: "<p>Nuevas de B</p>" })).json().data;
    const provider = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    expectError(await providerWork(provider), 403, ErrorKey.legalNotAccepted);

    // Barcelona comes first by name; accepting A's before it is refused.
    const first = (await terms(provider, null)).json().data;
    expect(first).toMatchObject({
      version_id: inB.id,
      accepted: false,
      colegio_name: expect.stringContaining("Barcelona"),
    });
    expectError(await accept(provider, null, inA.id), 409, ErrorKey.legalTermsChanged);
    expect((await accept(provider, null, inB.id)).statusCode).toBe(200);
    expectError(await providerWork(provider), 403, ErrorKey.legalNotAccepted);
    expect((await providerWork(provider, B)).statusCode).toBe(200);

    const second = (await terms(provider, null)).json().data;
    expect(second).toMatchObject({ version_id: inA.id, html: "<p>Nuevas de A</p>", accepted: false });
    expect((await accept(provider, null, inA.id)).statusCode).toBe(200);
    expect((await providerWork(provider)).statusCode).toBe(200);
    expect((await terms(provider, null)).json().data).toMatchObject({ accepted: true, version_id: null });

    // Each acceptance is in its colegio's export, and only there.
    const gremio = (lines: string[]) => lines.filter((line) => line.startsWith(`${DEMO_ACCOUNTS.gremio};`));
    expect(gremio(await exportLines(colegioA)).filter((line) => !line.includes("texto inicial"))).toHaveLength(1);
    expect(gremio(await exportLines(colegioB))).toHaveLength(1);
  });

  it("with no colegio chosen, the built-in text accepted is recorded in every colegio of the user that holds it", async () => {
    const [colegioA, colegioB] = await Promise.all([
      tokenFor(ctx.app, DEMO_ACCOUNTS.colegio),
      tokenFor(ctx.app, "colegio-b@coordina.test"),
    ]);
    const company = await ensureCompany(db(), { type: Role.gremio, name: "Dos Colegios S.L.", cif: "B28000004" });
    await ensureMembership(db(), A, company.id);
    await ensureMembership(db(), B, company.id);
    await ensureUser(db(), {
      email: "dos@colegios.test",
      password: DEMO_PASSWORD,
      companyId: company.id,
      role: Role.gremio,
    });
    const token = await tokenFor(ctx.app, "dos@colegios.test");
    expectError(await providerWork(token), 403, ErrorKey.legalNotAccepted);
    expect((await terms(token, null)).json().data).toMatchObject({
      version_id: null,
      colegio_name: null,
      accepted: false,
    });
    expect((await accept(token, null, null)).statusCode).toBe(200);
    expect((await providerWork(token)).statusCode).toBe(200);
    for (const colegio of [colegioA, colegioB]) {
      const mine = (await exportLines(colegio)).filter((line) => line.startsWith("dos@colegios.test;"));
      expect(mine).toEqual([expect.stringContaining("30/01/2024 (texto inicial)")]);
    }
  });

  it("still stops a user who never accepted anything, and the settings call still accepts the built-in text", async () => {
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const company = await ensureCompany(db(), { type: Role.gremio, name: "Nuevos S.L.", cif: "B28000003" });
    await ensureMembership(db(), A, company.id);
    const user = await ensureUser(db(), {
      email: "nuevo@proveedor.test",
      password: DEMO_PASSWORD,
      companyId: company.id,
      role: Role.gremio,
    });
    const token = await tokenFor(ctx.app, "nuevo@proveedor.test");
    expectError(await providerWork(token, A), 403, ErrorKey.legalNotAccepted);
    expect((await terms(token, A)).json().data).toMatchObject({ version_id: null, accepted: false });
    const added = await call(ctx.app, "POST", "/settings/assigned-settings/add", {
      token,
      body: { colg_id: A, name: "accepted-legal", valuetype: "boolean", value: "true" },
    });
    expect(added.json().data).toMatchObject({ id_assigned: user.id, value: "true" });
    expect((await providerWork(token, A)).statusCode).toBe(200);
    const csv = (await call(ctx.app, "GET", "/settings/legal-texts/acceptances", { token: colegio })).body;
    expect(csv).toContain("nuevo@proveedor.test;Nuevos S.L.;Proveedor;Condiciones para proveedores;30/01/2024");

    // Once the colegio has its own conditions, the setting call accepts nothing of them, and records nothing.
    await save(colegio, { kind: "condiciones-proveedores", html: "<p>Propias</p>" });
    expectError(await providerWork(token, A), 403, ErrorKey.legalNotAccepted);
    await ensureUser(db(), {
      email: "segundo@proveedor.test",
      password: DEMO_PASSWORD,
      companyId: company.id,
      role: Role.gremio,
    });
    const second = await tokenFor(ctx.app, "segundo@proveedor.test");
    const again = await call(ctx.app, "POST", "/settings/assigned-settings/add", {
      token: second,
      body: { colg_id: A, name: "accepted-legal", valuetype: "boolean", value: "true" },
    });
    expect(again.statusCode).toBe(200);
    expectError(await providerWork(second, A), 403, ErrorKey.legalNotAccepted);
    const after = (await call(ctx.app, "GET", "/settings/legal-texts/acceptances", { token: colegio })).body;
    expect(after).toContain("nuevo@proveedor.test;");
    expect(after).not.toContain("segundo@proveedor.test");
  });
});

describe("migration 0018", () => {
  it("copies every earlier accepted-legal setting as an acceptance of the built-in text, once, in each colegio", async () => {
    const migration = fs.readFileSync(new URL("../../../drizzle/0018_legal_texts.sql", import.meta.url), "utf8");
    const copy = migration.split("--> statement-breakpoint").at(-1)!;
    expect(copy).toContain('INSERT INTO "legal_acceptances"');
    // The demo's settings were written after the migration ran: the copy finds them now, and again adds nothing.
    await db().execute(sql.raw(copy));
    await db().execute(sql.raw(copy));
    const rows = await queryRows<{ email: string; colegio_id: number; kind: string; version_id: number | null }>(
      db(),
      sql`select u.email, la.colegio_id, la.kind, la.version_id from legal_acceptances la
          join users u on u.id = la.user_id order by u.email, la.colegio_id`,
    );
    expect(rows).toEqual([
      { email: DEMO_ACCOUNTS.administrador, colegio_id: A, kind: "condiciones-administradores", version_id: null },
      { email: DEMO_ACCOUNTS.gremio, colegio_id: A, kind: "condiciones-proveedores", version_id: null },
      { email: "reformas@diagonal.test", colegio_id: B, kind: "condiciones-proveedores", version_id: null },
    ]);
    // The porter accepted nothing it is asked for; the colegio lists its own.
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const csv = (await call(ctx.app, "GET", "/settings/legal-texts/acceptances", { token: colegio })).body;
    expect(csv).toContain(`${DEMO_ACCOUNTS.gremio};`);
    expect(csv).toContain("30/01/2024 (texto inicial)");
    expect(csv).not.toContain("reformas@diagonal.test");
  });
});

describe("rich text is stored sanitized", () => {
  const ATTACKS: [string, string][] = [
    ["<p>Hola</p><script>window.__xss = 1</script>", "<p>Hola</p>"],
    ['<p>Foto <img src="x" onerror="window.__xss = 1"></p>', "<p>Foto </p>"],
    ['<p onclick="window.__xss = 1" style="color:red" class="x">Texto</p>', "<p>Texto</p>"],
    [
      '<p><a href="javascript:window.__xss=1">enlace</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer">enlace</a></p>',
    ],
    [
      '<p><a href="JaVaScRiPt&colon;alert(1)">enlace</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer">enlace</a></p>',
    ],
    [
      '<p><a href=" java\tscript:alert(1)">enlace</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer">enlace</a></p>',
    ],
    [
      '<p><a href="data:text/html,<script>alert(1)</script>">enlace</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer">enlace</a></p>',
    ],
    ['<p><a href="//evil.test/x">enlace</a></p>', '<p><a target="_blank" rel="noopener noreferrer">enlace</a></p>'],
    ["<style>p{background:url(javascript:alert(1))}</style><p>Texto</p>", "<p>Texto</p>"],
    ["<scr<script>ipt>alert(1)</scr</script>ipt><p>Texto</p>", "ipt&gt;alert(1)ipt&gt;<p>Texto</p>"],
    ['<svg><script>alert(1)</script></svg><iframe src="https://evil.test"></iframe><p>Texto</p>', "<p>Texto</p>"],
    [
      '<p><a href="https://colegio.test/aviso" onmouseover="alert(1)" target="_self" rel="opener">Aviso</a></p>',
      '<p><a href="https://colegio.test/aviso" target="_blank" rel="noopener noreferrer">Aviso</a></p>',
    ],
    ["<p>Primera línea</p>\r\n\n<p>Segunda\tlínea</p>\n", "<p>Primera línea</p>\r\n\n<p>Segunda\tlínea</p>"],
    [
      "<h1>Título</h1><h3>Sub</h3><ul><li><em>uno</em></li></ul><ol><li><u>dos</u></li></ol><p><s>tres</s><br></p>",
      "<h2>Título</h2><h3>Sub</h3><ul><li><em>uno</em></li></ul><ol><li><u>dos</u></li></ol><p><s>tres</s><br /></p>",
    ],
  ];

  it.each(ATTACKS)("stores and serves %s as %s", async (input, stored) => {
    const colegio = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
    const saved = await save(colegio, { kind: "condiciones-proveedores", html: input });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.html).toBe(stored);
    expect((await overview(colegio)).json().data.current["condiciones-proveedores"].html).toBe(stored);
    const provider = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const served = (await terms(provider, A)).json().data.html as string;
    expect(served).toBe(stored);
    expect(served).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|style=|<img|<svg|<iframe/i);
  });
});
