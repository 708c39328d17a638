import { ErrorKey, Role, SUMMARY_COLUMNS } from "@coordina/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { colegioMembers, communities } from "../../db/schema/index.js";
import {
  ensureCommunity,
  ensureCompany,
  ensureLegalAccepted,
  ensureMembership,
  ensureUser,
} from "../../db/seed/builders.js";

/**
 * The colegio's CSV summaries. Colegio A (demo) has three administrators (the demo one with 2 live
 * communities in A, one erased and one in colegio B; one whose name needs quoting; one named like a
 * formula) and four providers (the demo one; one with an international phone; one named and phoned like
 * formulas; one whose membership is deactivated). Colegio B has one of each, which A never sees.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
type Who = keyof typeof DEMO_ACCOUNTS | "colegioB";
const t = {} as Record<Who, string>;

async function member(
  colegioId: number,
  input: { type: number; name: string; cif: string; phone?: string },
  email?: string,
) {
  const row = await ensureCompany(db(), { ...input, ownerCompanyId: colegioId });
  await ensureMembership(db(), colegioId, row.id);
  if (email) {
    const user = await ensureUser(db(), { email, password: DEMO_PASSWORD, companyId: row.id, role: input.type });
    await ensureLegalAccepted(db(), user.id);
  }
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const A = ctx.seed.colegio;
  const B = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  await ensureUser(db(), { email: "colegio-b@coordina.test", password: DEMO_PASSWORD, companyId: B.id, role: 10 });

  await member(
    A.id,
    { type: Role.administrador, name: 'Administración "La Plaza"; Centro S.L.', cif: "B11111111" },
    "plaza@fincas.test",
  );
  await member(A.id, { type: Role.administrador, name: "=1+2", cif: "B22222222" });
  const admin = ctx.seed.admin;
  await ensureCommunity(db(), { colegioId: A.id, adminCompanyId: admin.id, name: "Toledo 5", cif: "H28000002" });
  const erased = await ensureCommunity(db(), {
    colegioId: A.id,
    adminCompanyId: admin.id,
    name: "Atocha 1",
    cif: "H28000003",
  });
  await db().update(communities).set({ erased: true }).where(eq(communities.id, erased.id));
  await ensureCommunity(db(), { colegioId: B.id, adminCompanyId: admin.id, name: "Balmes 1", cif: "H08000001" });

  await member(
    A.id,
    { type: Role.gremio, name: "Telefonía Internacional S.L.", cif: "B33333333", phone: "+34 910 000 001" },
    "tele@inter.test",
  );
  await member(A.id, { type: Role.gremio, name: "@SUM(1+1)", cif: "B44444444", phone: "=2+5" });
  const gone = await member(A.id, { type: Role.gremio, name: "Proveedor Baja S.L.", cif: "B55555555" });
  await db()
    .update(colegioMembers)
    .set({ erased: true })
    .where(and(eq(colegioMembers.colegioId, A.id), eq(colegioMembers.companyId, gone.id)));

  await member(
    B.id,
    { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001" },
    "diagonal@fincas.test",
  );
  await member(
    B.id,
    { type: Role.gremio, name: "Barna Serveis S.L.", cif: "B08000002", phone: "930000000" },
    "barna@serveis.test",
  );

  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    t[role] = await tokenFor(ctx.app, email);
  }
  t.colegioB = await tokenFor(ctx.app, "colegio-b@coordina.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const download = (token: string | undefined, name: string, query = "") =>
  call(ctx.app, "GET", `/companies/summaries/${name}${query}`, { token });
type Res = Awaited<ReturnType<typeof download>>;

/** Checks the file's envelope (type, name, BOM, CRLF) and answers its header and records. */
function parseCsv(res: Res, file: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers["content-disposition"]).toMatch(
    new RegExp(`^attachment; filename="${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(res.headers["cache-control"]).toBe("no-store");
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(res.body.startsWith("\uFEFF")).toBe(true);
  const text = res.body.slice(1);
  expect(text.endsWith("\r\n")).toBe(true);
  // Every line ends in CRLF: no bare LF or CR anywhere (no field here holds a line break).
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const [header, ...records] = text.slice(0, -2).split("\r\n");
  return { header, records };
}

describe("GET /companies/summaries/colegio_created (administrators and their communities)", () => {
  it("is a CSV a Spanish spreadsheet opens as it is, with the colegio's administrators only", async () => {
    const { header, records } = parseCsv(await download(t.colegio, "colegio_created"), "resumen-administradores");
    expect(header).toBe(SUMMARY_COLUMNS.colegio_created.join(";"));
    expect(header).toBe("company_cif;company_name;company_owner_user;owned_fincas");
    const expected = [
      // Live communities of this colegio only: not the erased one, not the one in colegio B.
      "B86123450;Fincas Centro Administración S.L.;admin@coordina.test;2",
      // ';' and '"' inside a field: quoted, quotes doubled.
      'B11111111;"Administración ""La Plaza""; Centro S.L.";plaza@fincas.test;0',
      // A formula is neutralised with an apostrophe; no manager is an empty field.
      "B22222222;'=1+2;;0",
    ];
    expect(records).toHaveLength(expected.length);
    expect(records).toEqual(expect.arrayContaining(expected));
    expect(records.join("\n")).not.toContain("Diagonal");
  });

  it("is each colegio's own", async () => {
    const { records } = parseCsv(await download(t.colegioB, "colegio_created"), "resumen-administradores");
    expect(records).toEqual(["B08000001;Administraciones Diagonal S.L.;diagonal@fincas.test;0"]);
  });
});

describe("GET /companies/summaries/colegio_providers_summary", () => {
  it("lists the colegio's providers with manager e-mail and phone", async () => {
    const { header, records } = parseCsv(await download(t.colegio, "colegio_providers_summary"), "resumen-proveedores");
    expect(header).toBe(SUMMARY_COLUMNS.colegio_providers_summary.join(";"));
    expect(header).toBe("cif;name;company_owner_mail;tfn");
    const expected = [
      "B87654321;Ascensores Levante S.L.;proveedor@coordina.test;910000002",
      // A phone number starting with '+' is not a formula: unaltered.
      "B33333333;Telefonía Internacional S.L.;tele@inter.test;+34 910 000 001",
      "B44444444;'@SUM(1+1);;'=2+5",
    ];
    expect(records).toHaveLength(expected.length);
    expect(records).toEqual(expect.arrayContaining(expected));
    expect(records.join("\n")).not.toContain("Barna");
    // A member the colegio deactivated is no longer the colegio's to read: not in its summary.
    expect(records.join("\n")).not.toContain("Proveedor Baja");
  });

  it("is each colegio's own", async () => {
    const { records } = parseCsv(await download(t.colegioB, "colegio_providers_summary"), "resumen-proveedores");
    expect(records).toEqual(["B08000002;Barna Serveis S.L.;barna@serveis.test;930000000"]);
  });
});

describe("who may download summaries", () => {
  it.each(["gremio", "administrador", "master", "portero"] as const)("%s gets 403 and no CSV", async (role) => {
    const colg = role === "gremio" || role === "administrador" ? `?colg_id=${ctx.seed.colegio.id}` : "";
    for (const name of ["colegio_created", "colegio_providers_summary"]) {
      const res = await download(t[role], name, colg);
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
  });

  it("answers 401 without a session", async () => {
    for (const name of ["colegio_created", "colegio_providers_summary"]) {
      const res = await download(undefined, name);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ result: false, error: ErrorKey.unauthorized });
    }
  });
});
