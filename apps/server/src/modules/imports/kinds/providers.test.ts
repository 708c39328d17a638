import { ErrorKey, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../../test/fresh-world.js";
import { createTestApp, ensureMemberCompany, outboxTo, type TestContext, tokenFor } from "../../../../test/helpers.js";
import { importAndSettle, outcomes, runRows, sheetFixture, startedRun } from "../../../../test/imports.js";
import { queryRows } from "../../../db/client.js";
import { ensureActivity, ensureCompany, ensureCompanyActivity } from "../../../db/seed/builders.js";
import { readImportSheet } from "../../../lib/sheets/read-sheet.js";
import { writeSheet } from "../../../lib/sheets/write-sheet.js";
import type { AccountsContext } from "../../accounts/context.js";
import { DEFAULT_ACCOUNT_LIMITS } from "../../accounts/context.js";
import { DEFAULT_MAIL_SETTINGS, Mailer } from "../../mail/mailer.js";
import { runImport } from "../import-runner.js";
import { prepareImport } from "../imports.service.js";
import { providersImport } from "./providers.js";

/**
 * The colegio imports its providers (spec 01 §3–§5, issue 20). Colegio A (the demo's) has the activities
 * Ascensores, Limpieza and Jardinería among others, and the demo provider (lifts) as a member; colegio B
 * has a provider with its own activity, which A may include.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
let colegioToken: string;
let barna: { id: number };

const HEADERS = ["name", "cif", "email", "tlfn", "activity"];
const sheet = (rows: string[][]) => ({ name: "proveedores.xlsx", data: writeSheet(HEADERS, rows) });

beforeAll(async () => {
  ctx = await createTestApp();
  const B = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  barna = await ensureMemberCompany(
    db(),
    [B.id],
    { type: Role.gremio, name: "Barna Serveis S.L.", cif: "B08000002", ownerCompanyId: B.id },
    "barna@serveis.test",
  );
  await ensureCompanyActivity(db(), barna.id, (await ensureActivity(db(), B.id, "Fontanería")).id);
  colegioToken = await tokenFor(ctx.app, "colegio@coordina.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), query))[0]!.n);
const companiesCount = () => count(sql`select count(*) as n from companies`);
const outboxCount = () => count(sql`select count(*) as n from mail_outbox`);

/** A provider by tax id: its data, manager, membership of the demo colegio and activities there, by name. */
async function provider(cifNorm: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`select c.type, c.name, c.phone, u.email as manager, m.erased as member_erased,
               coalesce((select array_agg(a.name order by a.name) from company_activities ca
                         join activities a on a.id = ca.activity_id
                         where ca.company_id = c.id and a.colegio_id = ${ctx.seed.colegio.id}), '{}') as activities
        from companies c left join users u on u.id = c.owner_user_id
        left join colegio_members m on m.company_id = c.id and m.colegio_id = ${ctx.seed.colegio.id}
        where c.cif_norm = ${cifNorm}`,
  );
  return row;
}

describe("importing providers", () => {
  it("registers each new provider with its phone and its activities, whatever the separators", async () => {
    const run = await importAndSettle(ctx.app, colegioToken, "providers", sheetFixture("providers-kinds.xlsx"));
    expect(run).toMatchObject({ status: "endCorrect", total: 4, done: 4 });
    expect(run.counts.created).toBe(4);
    expect(await provider("B00123456")).toEqual({
      type: Role.gremio,
      name: "Limpiezas Núñez S.L.",
      phone: "912345678",
      manager: "limpiezas@nunez.es",
      member_erased: false,
      activities: ["Jardinería", "Limpieza"],
    });
    expect(await provider("A08012345")).toMatchObject({ phone: "600 123 456", activities: ["Ascensores", "Limpieza"] });
    expect(await provider("00234567T")).toMatchObject({
      phone: null,
      manager: "info@aguila-servicios.es",
      activities: ["Ascensores", "Jardinería", "Limpieza"],
    });
    expect(await provider("45678901")).toMatchObject({ phone: "611222333", activities: ["Jardinería"] });
    expect(await outboxTo(ctx, "jardines@ibanez.es")).toEqual(["Completa tu registro en Coordina"]);
  });

  it("the .xls of the same file imports the same", async () => {
    const run = await importAndSettle(ctx.app, colegioToken, "providers", sheetFixture("providers-kinds.xls"));
    expect(run.counts.created).toBe(4);
    expect(await provider("B00123456")).toMatchObject({ phone: "912345678", activities: ["Jardinería", "Limpieza"] });
  });

  it("stops at an unknown activity with the spec's message, before anything is written", async () => {
    const [companies, mails] = [await companiesCount(), await outboxCount()];
    const run = await startedRun(ctx.app, colegioToken, "providers", sheetFixture("providers-unknown-activity.xlsx"));
    expect(run.status).toBe("endErrors");
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: null, key: null, params: {} },
      { row: 3, outcome: "invalid", key: ErrorKey.importActivityNotFound, params: { activity: "Astronáutica" } },
    ]);
    await ctx.app.background.idle();
    expect(await companiesCount()).toBe(companies);
    expect(await outboxCount()).toBe(mails);
    expect(await provider("B00123456")).toBeUndefined();
  });

  it("includes a provider of another colegio with the row's activities; a member gets the ones it lacked", async () => {
    const run = await importAndSettle(
      ctx.app,
      colegioToken,
      "providers",
      sheet([
        ["Barna Serveis S.L.", "B08000002", "barna@serveis.test", "", "  limpieza "],
        ["Ascensores Levante S.L.", "B87654321", "", "", "LIMPIEZA*Ascensores"],
      ]),
    );
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: "included", key: ErrorKey.importRowIncluded, params: {} },
      { row: 3, outcome: "already", key: ErrorKey.importRowAlreadyMember, params: {} },
    ]);
    // Its activity of the other colegio stays; A's lists show A's.
    expect(await provider("B08000002")).toMatchObject({ member_erased: false, activities: ["Limpieza"] });
    const barnaActivities = await count(
      sql`select count(*) as n from company_activities where company_id = ${barna.id}`,
    );
    expect(barnaActivities).toBe(2);
    expect(await provider("B87654321")).toMatchObject({ activities: ["Ascensores", "Limpieza"] });
    expect(await outboxTo(ctx, "barna@serveis.test")).toEqual(["Tu empresa se ha incluido en un colegio de Coordina"]);
    expect(await outboxTo(ctx, "proveedor@coordina.test")).toEqual([]);
  });

  it("refuses a phone over 30 characters, as the form does, and says so in the error file", async () => {
    const companies = await companiesCount();
    const run = await startedRun(
      ctx.app,
      colegioToken,
      "providers",
      sheet([
        ["Telefonos S.L.", "B28000301", "tel@ejemplo.es", "9".repeat(31), "Limpieza"],
        ["Justo S.L.", "B28000302", "justo@ejemplo.es", "9".repeat(30), "Limpieza"],
      ]),
    );
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: "invalid", key: ErrorKey.importRowTooLong, params: { column: "tlfn", max: "30" } },
      { row: 3, outcome: null, key: null, params: {} },
    ]);
    const errors = await ctx.app.inject({
      method: "GET",
      url: `/imports/runs/${run.id}/errors.xlsx`,
      headers: { authentication: `Bearer ${colegioToken}` },
    });
    const rows = await readImportSheet(errors.rawPayload, [...HEADERS, "error"]);
    expect(rows.map((r) => r.values.error)).toEqual(["El campo tlfn tiene más de 30 caracteres", ""]);
    await ctx.app.background.idle();
    expect(await companiesCount()).toBe(companies);
  });

  it("finds an activity by name as the database compares it, as the hand path does ('İ' lower-cased)", async () => {
    // JavaScript lower-cases 'İ' to 'i' and a combining dot; PostgreSQL's lower() (any locale) to 'i'.
    await ensureActivity(db(), ctx.seed.colegio.id, "Grúas İzmir");
    const run = await importAndSettle(
      ctx.app,
      colegioToken,
      "providers",
      sheet([
        ["Gruas Uno S.L.", "B28000401", "uno@gruas.es", "", "Grúas İzmir"],
        ["Gruas Dos S.L.", "B28000402", "dos@gruas.es", "", "GRÚAS İZMİR; limpieza"],
      ]),
    );
    expect(run).toMatchObject({ status: "endCorrect", counts: { created: 2 } });
    expect(await provider("B28000401")).toMatchObject({ activities: ["Grúas İzmir"] });
    expect(await provider("B28000402")).toMatchObject({ activities: ["Grúas İzmir", "Limpieza"] });
  });

  it("refuses an administrator's tax id as a provider", async () => {
    const run = await startedRun(
      ctx.app,
      colegioToken,
      "providers",
      sheet([["Fincas Centro", "B86123450", "", "", "Limpieza"]]),
    );
    expect(outcomes(await runRows(ctx.app, colegioToken, run.id))).toEqual([
      { row: 2, outcome: "invalid", key: ErrorKey.importRowTypeMismatch, params: { cif: "B86123450" } },
    ]);
  });

  it("fails only the row whose e-mail another company took between validation and import", async () => {
    const colegio = ctx.seed.colegio;
    const [colegioUser] = await queryRows<{ id: number }>(
      db(),
      sql`select id from users where email = 'colegio@coordina.test'`,
    );
    const scope = { companyId: colegio.id, colegioId: colegio.id, communityId: null, userId: colegioUser!.id };
    const accounts: AccountsContext = {
      db: db(),
      mailer: new Mailer(db(), ctx.app.log, null, DEFAULT_MAIL_SETTINGS, "coordina@coordina.test"),
      publicUrl: "http://localhost",
      limits: DEFAULT_ACCOUNT_LIMITS,
      background: ctx.app.background,
    };
    const { runId, pending } = await prepareImport(
      db(),
      "providers",
      providersImport,
      scope,
      sheetFixture("providers-kinds.xlsx"),
    );
    expect(pending).toHaveLength(4);
    // Meanwhile the demo provider's company takes the e-mail of row 5 (a colleague invited by hand).
    await db().execute(
      sql`insert into users (email, password_hash, user_role, company_id)
          values ('info@aguila-servicios.es', null, ${Role.gremio}, ${ctx.seed.provider.id})`,
    );
    await runImport(accounts, ctx.app.log, runId, providersImport, scope, pending!);

    const rows = await runRows(ctx.app, colegioToken, runId);
    expect(outcomes(rows)).toEqual([
      { row: 2, outcome: "created", key: ErrorKey.importRowCreated, params: {} },
      { row: 3, outcome: "created", key: ErrorKey.importRowCreated, params: {} },
      { row: 5, outcome: "failed", key: ErrorKey.importRowEmailTaken, params: { mail: "info@aguila-servicios.es" } },
      { row: 6, outcome: "created", key: ErrorKey.importRowCreated, params: {} },
    ]);
    expect(await provider("00234567T")).toBeUndefined();
    expect(await outboxTo(ctx, "info@aguila-servicios.es")).toEqual([]);
    const res = await ctx.app.inject({
      method: "GET",
      url: `/imports/runs/${runId}`,
      headers: { authentication: `Bearer ${colegioToken}` },
    });
    expect(res.json().data).toMatchObject({ status: "endErrors", done: 4, counts: { created: 3, failed: 1 } });
  });
});
