import { ErrorKey, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../../test/fresh-world.js";
import {
  createTestApp,
  DEMO_PASSWORD,
  ensureMemberCompany,
  outboxMessagesTo,
  outboxTo,
  type TestContext,
  tokenFor,
} from "../../../../test/helpers.js";
import { importAndSettle, outcomes, runRows, sheetFixture, startedRun } from "../../../../test/imports.js";
import { queryRows } from "../../../db/client.js";
import { ensureCompany, ensureUser } from "../../../db/seed/builders.js";
import { writeSheet } from "../../../lib/sheets/write-sheet.js";
import { hashToken } from "../../../lib/tokens.js";

/**
 * The colegio imports its administrators (spec 01 §2–§5, issue 20). Colegio A (the demo's) has the demo
 * administrator and provider, and a deactivated administrator; colegio B has an administrator A may
 * include. Two provider self-registrations were never finished (their links spent): one holds a tax id,
 * the other an e-mail, that the file needs.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
let colegioToken: string;
let diagonal: { id: number };
let deactivated: { id: number };
let abandonedByCif: { id: number };
let abandonedByEmail: { id: number };

const HEADERS = ["name", "cif", "email"];
const sheet = (rows: string[][]) => ({ name: "administradores.xlsx", data: writeSheet(HEADERS, rows) });

/** A provider that registered itself and never set its password; its only link is spent. */
async function abandonedRegistration(name: string, cif: string, email: string) {
  const company = await ensureCompany(db(), { type: Role.gremio, name, cif, email });
  const [user] = await queryRows<{ id: number }>(
    db(),
    sql`insert into users (email, password_hash, user_role, company_id) values (${email}, null, ${Role.gremio}, ${company.id})
        returning id`,
  );
  await db().execute(sql`update companies set owner_user_id = ${user!.id} where id = ${company.id}`);
  await db().execute(
    sql`insert into link_tokens (token_hash, action, user_id, expires_at, used_at)
        values (${hashToken(`spent-${cif}`)}, 'registry', ${user!.id}, now() - interval '1 day', now() - interval '2 days')`,
  );
  return company;
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
  diagonal = await ensureMemberCompany(
    db(),
    [B.id],
    { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001", ownerCompanyId: B.id },
    "diagonal@fincas.test",
  );
  deactivated = await ensureMemberCompany(
    db(),
    [A.id],
    { type: Role.administrador, name: "Fincas de Baja S.L.", cif: "B28000005", ownerCompanyId: A.id },
    "baja@fincas.test",
  );
  await db().execute(
    sql`update colegio_members set erased = true where colegio_id = ${A.id} and company_id = ${deactivated.id}`,
  );
  abandonedByCif = await abandonedRegistration("Registro Abandonado S.L.", "B28000009", "olvidado@ejemplo.es");
  abandonedByEmail = await abandonedRegistration("Otro Abandonado S.L.", "B28000010", "reusado@ejemplo.es");
  colegioToken = await tokenFor(ctx.app, "colegio@coordina.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), query))[0]!.n);
const companiesCount = () => count(sql`select count(*) as n from companies`);
const outboxCount = () => count(sql`select count(*) as n from mail_outbox`);

/** What an import registered with this tax id: the company, its manager, its membership of the demo colegio. */
async function registered(cifNorm: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`select c.type, c.name, c.cif, c.email, c.phone, c.owner_company_id, u.email as manager, u.user_role,
               u.password_hash is null as no_password, m.erased as member_erased,
               (select count(*) from link_tokens t where t.user_id = u.id and t.action = 'registry' and t.used_at is null)::int as links
        from companies c join users u on u.id = c.owner_user_id and u.company_id = c.id
        left join colegio_members m on m.company_id = c.id and m.colegio_id = ${ctx.seed.colegio.id}
        where c.cif_norm = ${cifNorm}`,
  );
  return row;
}

describe("importing administrators", () => {
  it("registers each new administrator as the colegio's form does, and mails its manager the link", async () => {
    const before = await companiesCount();
    const run = await importAndSettle(ctx.app, colegioToken, "administrators", sheetFixture("administrators.xlsx"));

    expect(run).toMatchObject({ kind: "administrators", status: "endCorrect", total: 4, done: 4, id_finca: null });
    expect(run.counts).toEqual({ created: 4, included: 0, linked: 0, already: 0, invalid: 0, failed: 0 });
    expect(run.finished_at).not.toBeNull();
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual(
      [2, 3, 5, 6].map((row) => ({ row, outcome: "created", key: ErrorKey.importRowCreated, params: {} })),
    );
    expect(await companiesCount()).toBe(before + 4);
    // Accents, leading zeros, a cif stored as a number, a tax id to normalize; e-mails trimmed and lower-cased.
    const expected = [
      ["B01234567", "Administraciones Núñez S.L.", "B01234567", "gestion@nunez-fincas.es"],
      ["00123456Z", "Fincas Peña y Asociados", "00123456Z", "oficina@penafincas.com"],
      ["12345678", "José Ángel Muñoz Ibáñez", "12345678", "jangel.munoz@example.com"],
      ["B28123450", "Gestoría Águila S.L.P.", "b-28.123 450", "gestoria@aguila.es"],
    ] as const;
    for (const [cifNorm, name, cif, email] of expected) {
      expect(await registered(cifNorm), cifNorm).toEqual({
        type: Role.administrador,
        name,
        cif,
        email,
        phone: null,
        owner_company_id: ctx.seed.colegio.id,
        manager: email,
        user_role: Role.administrador,
        no_password: true,
        member_erased: false,
        links: 1,
      });
      const mails = await outboxMessagesTo(db(), email);
      expect(mails.map((m) => m.subject)).toEqual(["Completa tu registro en Coordina"]);
      expect(mails[0]!.text).toContain(
        `Colegio de Administradores de Fincas de Madrid ha dado de alta a «${name}» en Coordina`,
      );
      expect(mails[0]!.text).toMatch(/\/webapp\/#\/invitation\?token=[A-Za-z0-9_-]{20,}/);
    }
    // Nothing of the file's second sheet 'Notas'.
    expect(await registered("X0000000T")).toBeUndefined();
  });

  it("imports nothing twice: the same file again reports every row as already there and mails nobody", async () => {
    const first = await importAndSettle(ctx.app, colegioToken, "administrators", sheetFixture("administrators.xlsx"));
    expect(first.counts.created).toBe(4);
    const [companies, mails] = [await companiesCount(), await outboxCount()];

    const second = await importAndSettle(ctx.app, colegioToken, "administrators", sheetFixture("administrators.xlsx"));
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe("endCorrect");
    expect(second.counts).toEqual({ created: 0, included: 0, linked: 0, already: 4, invalid: 0, failed: 0 });
    expect(outcomes(await runRows(ctx.app, colegioToken, second.id))).toEqual(
      [2, 3, 5, 6].map((row) => ({ row, outcome: "already", key: ErrorKey.importRowAlreadyMember, params: {} })),
    );
    expect(await companiesCount()).toBe(companies);
    expect(await outboxCount()).toBe(mails);
    expect(await outboxTo(ctx, "gestion@nunez-fincas.es")).toEqual(["Completa tu registro en Coordina"]);
  });

  it("includes an administrator of another colegio and tells its manager; a member is left as it is", async () => {
    const run = await importAndSettle(
      ctx.app,
      colegioToken,
      "administrators",
      sheet([
        ["Administraciones Diagonal S.L.", "b-08000001", "diagonal@fincas.test"],
        ["Fincas Centro Administración S.L.", "B86123450", ""],
      ]),
    );
    expect(run.status).toBe("endCorrect");
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: "included", key: ErrorKey.importRowIncluded, params: {} },
      { row: 3, outcome: "already", key: ErrorKey.importRowAlreadyMember, params: {} },
    ]);
    const members = await queryRows<{ erased: boolean }>(
      db(),
      sql`select erased from colegio_members where colegio_id = ${ctx.seed.colegio.id} and company_id = ${diagonal.id}`,
    );
    expect(members).toEqual([{ erased: false }]);
    expect(await outboxTo(ctx, "diagonal@fincas.test")).toEqual([
      "Tu empresa se ha incluido en un colegio de Coordina",
    ]);
    expect(await outboxTo(ctx, "admin@coordina.test")).toEqual([]);
  });

  it("refuses the wrong rows of a file with the spec's messages, and writes nothing of it", async () => {
    const [companies, mails] = [await companiesCount(), await outboxCount()];
    const run = await startedRun(ctx.app, colegioToken, "administrators", sheetFixture("administrators-errors.xlsx"));

    // Validation ends the run at once: nothing goes on in the background.
    expect(run).toMatchObject({ status: "endErrors", total: 4, done: 3 });
    expect(run.counts).toEqual({ created: 0, included: 0, linked: 0, already: 0, invalid: 3, failed: 0 });
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: null, key: null, params: {} },
      { row: 3, outcome: "invalid", key: ErrorKey.importRowNoCif, params: {} },
      { row: 4, outcome: "invalid", key: ErrorKey.importMailInvalid, params: { mail: "correo@", row: "4" } },
      { row: 5, outcome: "invalid", key: ErrorKey.importRowDuplicate, params: { cif: "B01234567", first: "2" } },
    ]);
    await ctx.app.background.idle();
    expect(await companiesCount()).toBe(companies);
    expect(await outboxCount()).toBe(mails);
  });

  it("tells every other problem of a row at once, each with its row", async () => {
    const companies = await companiesCount();
    const run = await startedRun(
      ctx.app,
      colegioToken,
      "administrators",
      sheet([
        ["", "B28000101", "sinnombre@ejemplo.es"],
        ["Sin Correo S.L.", "B28000102", ""],
        ["Ascensores Levante S.L.", "B87654321", "otro@ejemplo.es"],
        ["Fincas de Baja S.L.", "B28000005", "baja@fincas.test"],
        ["Correo Ajeno S.L.", "B28000103", "Proveedor@Coordina.test"],
        ["Primera S.L.", "B28000104", "compartido@ejemplo.es"],
        ["Segunda S.L.", "B28000105", " COMPARTIDO@ejemplo.es"],
        ["Administraciones Diagonal S.L.", "B08000001", "proveedor@coordina.test"],
        ["Bien S.L.", "B28000106", "bien@ejemplo.es"],
      ]),
    );
    expect(run.status).toBe("endErrors");
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id, "problems"))).toEqual([
      { row: 2, outcome: "invalid", key: ErrorKey.importRowNoName, params: {} },
      { row: 3, outcome: "invalid", key: ErrorKey.importMailInvalid, params: { mail: "", row: "3" } },
      { row: 4, outcome: "invalid", key: ErrorKey.importRowTypeMismatch, params: { cif: "B87654321" } },
      { row: 5, outcome: "invalid", key: ErrorKey.importRowDeactivated, params: { cif: "B28000005" } },
      { row: 6, outcome: "invalid", key: ErrorKey.importRowEmailTaken, params: { mail: "proveedor@coordina.test" } },
      {
        row: 8,
        outcome: "invalid",
        key: ErrorKey.importRowEmailRepeated,
        params: { mail: "compartido@ejemplo.es", first: "7" },
      },
      { row: 9, outcome: "invalid", key: ErrorKey.importRowEmailTaken, params: { mail: "proveedor@coordina.test" } },
    ]);
    await ctx.app.background.idle();
    expect(await companiesCount()).toBe(companies);
    expect(await registered("B28000106")).toBeUndefined();
  });

  it("refuses what the colegio's form refuses: a name over 200 characters, a tax id over 20 or not one", async () => {
    const companies = await companiesCount();
    const run = await startedRun(
      ctx.app,
      colegioToken,
      "administrators",
      sheet([
        ["N".repeat(201), "B28000201", "largo@ejemplo.es"],
        ["Cif Largo S.L.", `B${"2".repeat(20)}`, "cif@ejemplo.es"],
        ["Cif Raro S.L.", "B28000202!", "raro@ejemplo.es"],
        // an administrator already a member: its name is not used, yet the row is still wrong
        ["N".repeat(201), "B86123450", ""],
        ["N".repeat(200), "B28000203", "justo@ejemplo.es"],
      ]),
    );
    expect(run.status).toBe("endErrors");
    const tooLong = (column: string, max: string) => ({ key: ErrorKey.importRowTooLong, params: { column, max } });
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: "invalid", ...tooLong("name", "200") },
      { row: 3, outcome: "invalid", ...tooLong("cif", "20") },
      { row: 4, outcome: "invalid", key: ErrorKey.importRowCifInvalid, params: { cif: "B28000202!" } },
      { row: 5, outcome: "invalid", ...tooLong("name", "200") },
      { row: 6, outcome: null, key: null, params: {} },
    ]);
    await ctx.app.background.idle();
    expect(await companiesCount()).toBe(companies);
  });

  it("releases the unfinished self-registrations that hold a row's tax id or e-mail, as the form does", async () => {
    const run = await importAndSettle(
      ctx.app,
      colegioToken,
      "administrators",
      sheet([
        ["Administración Renovada S.L.", "B28000009", "renovada@ejemplo.es"],
        ["Administración Reusada S.L.", "B28000111", "reusado@ejemplo.es"],
      ]),
    );
    expect(run.counts.created).toBe(2);
    const gone = await queryRows<{ id: number }>(
      db(),
      sql`select id from companies where id in (${abandonedByCif.id}, ${abandonedByEmail.id})`,
    );
    expect(gone).toEqual([]);
    expect(await registered("B28000009")).toMatchObject({ type: Role.administrador, manager: "renovada@ejemplo.es" });
    expect(await registered("B28000111")).toMatchObject({ type: Role.administrador, manager: "reusado@ejemplo.es" });
    expect(await outboxTo(ctx, "reusado@ejemplo.es")).toEqual(["Completa tu registro en Coordina"]);
  });
});
