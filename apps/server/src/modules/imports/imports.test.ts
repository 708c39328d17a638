import {
  ErrorKey,
  IMPORT_ERROR_COLUMN,
  IMPORT_EXAMPLE_ROW,
  IMPORT_HEADERS,
  IMPORT_KINDS,
  MAX_FILE_SIZE_BYTES,
  Role,
} from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expectError,
  makePdf,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import {
  importAndSettle,
  outcomes,
  postImport,
  runRows,
  settledRun,
  sheetFixture,
  startedRun,
} from "../../../test/imports.js";
import { queryRows } from "../../db/client.js";
import { ensureCompany, ensureUser } from "../../db/seed/builders.js";
import { readImportSheet } from "../../lib/sheets/read-sheet.js";
import { writeSheet } from "../../lib/sheets/write-sheet.js";
import type { AccountsContext } from "../accounts/context.js";
import { DEFAULT_ACCOUNT_LIMITS } from "../accounts/context.js";
import { DEFAULT_MAIL_SETTINGS, Mailer } from "../mail/mailer.js";
import type { ImportKindHandler, ImportScope } from "./import-kind.js";
import { runImport } from "./import-runner.js";
import { IMPORT_RATE, prepareImport } from "./imports.service.js";
import { administratorsImport } from "./kinds/administrators.js";

/**
 * The import routes whatever the kind (issue 20): the file as a whole, who may import and read what, the
 * results table, the error file, the templates, an interrupted run and the runner's fallback. The kinds'
 * own rows are in kinds/*.test.ts. Colegio B and its user read nothing of colegio A's.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
const t = {} as Record<keyof typeof DEMO_ACCOUNTS | "colegioB", string>;
let colegioUserId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const B = await ensureCompany(db(), {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Barcelona",
    cif: "Q0863003J",
    ownerCompanyId: ctx.seed.master.id,
  });
  await ensureUser(db(), { email: "colegio-b@coordina.test", password: DEMO_PASSWORD, companyId: B.id, role: 10 });
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][])
    t[role] = await tokenFor(ctx.app, email);
  t.colegioB = await tokenFor(ctx.app, "colegio-b@coordina.test");
  const [user] = await queryRows<{ id: number }>(db(), sql`select id from users where email = 'colegio@coordina.test'`);
  colegioUserId = user!.id;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), query))[0]!.n);
const runsCount = () => count(sql`select count(*) as n from import_runs`);
const companiesCount = () => count(sql`select count(*) as n from companies`);
const get = (token: string | undefined, url: string) => call(ctx.app, "GET", url, token ? { token } : {});

/** An .xlsx of sheet 'Datos' with `rows` as SheetJS writes them: dates, numbers and true/false kept typed. */
function typedSheet(rows: readonly (readonly unknown[])[], bookSST = false) {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(
    rows.map((cells) => [...cells]),
    { cellDates: true },
  );
  XLSX.utils.book_append_sheet(book, sheet, "Datos");
  return {
    name: "datos.xlsx",
    data: XLSX.write(book, { type: "buffer", bookType: "xlsx", cellDates: true, bookSST }) as Buffer,
  };
}

/** The .xlsx with a text of its shared strings replaced (what SheetJS would not write). */
function withSharedString(file: { name: string; data: Buffer }, placeholder: string, replacement: string) {
  const CFB = XLSX.CFB as {
    read(file: Buffer, options: { type: "buffer" }): unknown;
    find(container: unknown, path: string): { content: Uint8Array } | null;
    write(container: unknown, options: { fileType: "zip"; type: "buffer"; compression: boolean }): Uint8Array;
  };
  const container = CFB.read(file.data, { type: "buffer" });
  const entry = CFB.find(container, "/xl/sharedStrings.xml")!;
  entry.content = Buffer.from(Buffer.from(entry.content).toString("utf8").replace(placeholder, replacement), "utf8");
  return { ...file, data: Buffer.from(CFB.write(container, { fileType: "zip", type: "buffer", compression: true })) };
}

/** The colegio's scope and an AccountsContext of its own, to drive the service and the runner directly. */
function directly() {
  const scope: ImportScope = {
    companyId: ctx.seed.colegio.id,
    colegioId: ctx.seed.colegio.id,
    communityId: null,
    userId: colegioUserId,
  };
  const accounts: AccountsContext = {
    db: db(),
    mailer: new Mailer(db(), ctx.app.log, null, DEFAULT_MAIL_SETTINGS, "coordina@coordina.test"),
    publicUrl: "http://localhost",
    limits: DEFAULT_ACCOUNT_LIMITS,
    background: ctx.app.background,
  };
  return { scope, accounts };
}

describe("a file that cannot be imported as a whole", () => {
  it.each([
    ["no-datos.xlsx", ErrorKey.importNoDatosSheet, undefined],
    ["no-datos.xls", ErrorKey.importNoDatosSheet, undefined],
    ["missing-cif.xlsx", ErrorKey.importHeaderMissing, { title: "cif" }],
    ["missing-cif.xls", ErrorKey.importHeaderMissing, { title: "cif" }],
    ["formula.xlsx", ErrorKey.importFormulas, undefined],
  ])("%s: 400 %s with its params, and nothing stored", async (name, error, params) => {
    const res = await postImport(ctx.app, t.colegio, "providers", sheetFixture(name));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ result: false, error, ...(params ? { params } : {}) });
    expect(await runsCount()).toBe(0);
  });

  it("a sheet with its headers and no row: 400 import.empty, and nothing stored", async () => {
    const res = await postImport(ctx.app, t.colegio, "administrators", {
      name: "vacio.xlsx",
      data: writeSheet(IMPORT_HEADERS.administrators, [[], ["", "", ""]]),
    });
    expectError(res, 400, ErrorKey.importEmpty);
    expect(await runsCount()).toBe(0);
  });

  it("a small file whose one long shared string fills thousands of cells: 400 naming the cell, the server up", async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ["XLONGX", `B${10_000_000 + i}`, `u${i}@ejemplo.es`]);
    const file = withSharedString(
      typedSheet([IMPORT_HEADERS.administrators, ...rows], true),
      "XLONGX",
      "A".repeat(1024 * 1024),
    );
    expect(file.data.length).toBeLessThan(512 * 1024);
    const res = await postImport(ctx.app, t.colegio, "administrators", file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      result: false,
      error: ErrorKey.importCellTooLong,
      params: { row: "2", column: "A" },
    });
    expect(await runsCount()).toBe(0);
    // and the server goes on
    expect((await get(t.colegio, "/imports/templates/administrators")).statusCode).toBe(200);
  });

  it("a lone surrogate in a cell is stored as U+FFFD, never a 500", async () => {
    const file = withSharedString(
      typedSheet([IMPORT_HEADERS.administrators, ["Nombre XSURROGATEX raro", "B28000501", "raro@ejemplo.es"]], true),
      "XSURROGATEX",
      "&#xD800;",
    );
    const run = await importAndSettle(ctx.app, t.colegio, "administrators", file);
    expect(run).toMatchObject({ status: "endCorrect", counts: { created: 1 } });
    expect((await runRows(ctx.app, t.colegio, run.id))[0]!.values.name).toBe("Nombre \ufffd raro");
  });

  it("a PDF named .xlsx is not a spreadsheet", async () => {
    const res = await postImport(ctx.app, t.colegio, "administrators", { name: "datos.xlsx", data: await makePdf() });
    expectError(res, 400, ErrorKey.importNotASpreadsheet);
    expect(await runsCount()).toBe(0);
  });

  it("a file over 10 MB is too large (413), never a 500", async () => {
    const data = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(MAX_FILE_SIZE_BYTES)]);
    const res = await postImport(ctx.app, t.colegio, "administrators", { name: "enorme.xlsx", data });
    expectError(res, 413, ErrorKey.importTooLarge);
    expect(await runsCount()).toBe(0);
  });

  it("a request without the file, or not multipart, is refused", async () => {
    const empty = await ctx.app.inject({
      method: "POST",
      url: "/imports/administrators",
      headers: { authentication: `Bearer ${t.colegio}`, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expectError(empty, 400, ErrorKey.fileMissing);
    const json = await call(ctx.app, "POST", "/imports/administrators", { token: t.colegio, body: {} });
    expect(json.statusCode).toBe(415);
    expect(await runsCount()).toBe(0);
  });

  it("id_finca belongs to community-providers only; an unknown kind is not a route", async () => {
    const res = await postImport(
      ctx.app,
      t.colegio,
      "administrators",
      sheetFixture("administrators.xlsx"),
      "?id_finca=1",
    );
    expectError(res, 400, ErrorKey.invalidInput);
    const unknown = await postImport(ctx.app, t.colegio, "colegios", sheetFixture("administrators.xlsx"));
    expectError(unknown, 400, ErrorKey.invalidInput);
    expect(await runsCount()).toBe(0);
  });

  it(`a user starts at most ${IMPORT_RATE.max} imports an hour`, async () => {
    // Requests that come without their file count too (the limit is checked before the file is read).
    for (let i = 0; i < IMPORT_RATE.max; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/imports/administrators",
        headers: { authentication: `Bearer ${t.colegio}`, "content-type": "multipart/form-data; boundary=x" },
        payload: "--x--\r\n",
      });
      expectError(res, 400, ErrorKey.fileMissing);
    }
    const res = await postImport(ctx.app, t.colegio, "administrators", sheetFixture("administrators.xlsx"));
    expectError(res, 429, ErrorKey.tooManyRequests);
    expect(await runsCount()).toBe(0);
  });
});

describe("who imports", () => {
  it.each(["administrators", "providers"] as const)(
    "only the colegio imports %s: an administrator is forbidden before its file is read",
    async (kind) => {
      const res = await postImport(ctx.app, t.administrador, kind, sheetFixture("administrators.xlsx"));
      expectError(res, 403, ErrorKey.forbidden);
      expect(await runsCount()).toBe(0);
      expect(await companiesCount()).toBeGreaterThan(0);
    },
  );

  it.each(["gremio", "portero", "master"] as const)("a %s imports nothing", async (role) => {
    for (const kind of IMPORT_KINDS) {
      const res = await postImport(ctx.app, t[role], kind, sheetFixture("administrators.xlsx"));
      expectError(res, 403, ErrorKey.forbidden);
    }
    expect(await runsCount()).toBe(0);
  });

  it("without a session: 401", async () => {
    const res = await postImport(ctx.app, "not-a-token", "administrators", sheetFixture("administrators.xlsx"));
    expect(res.statusCode).toBe(401);
    expect(await runsCount()).toBe(0);
  });
});

describe("reading a run", () => {
  it("the results table pages the rows in sheet order; only=problems keeps the wrong ones", async () => {
    const run = await startedRun(ctx.app, t.colegio, "administrators", sheetFixture("administrators-errors.xlsx"));
    const page = await get(t.colegio, `/imports/runs/${run.id}/rows?page=2&limit=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ result: true, count: 4, pagination: { count: 4, page: 2, limit: 2 } });
    expect(page.json().data.map((r: { row: number }) => r.row)).toEqual([4, 5]);
    expect(page.json().data[1].values).toEqual({
      name: "Administraciones Núñez Duplicada",
      cif: "B01234567",
      email: "otra@nunez-fincas.es",
    });
    const problems = await runRows(ctx.app, t.colegio, run.id, "problems");
    expect(problems.map((r) => r.row)).toEqual([3, 4, 5]);
  });

  it("belongs to the company that imported it: another colegio, an administrator, no session learn nothing", async () => {
    const run = await importAndSettle(ctx.app, t.colegio, "administrators", sheetFixture("administrators.xlsx"));
    for (const token of [t.colegioB, t.administrador]) {
      for (const path of ["", "/rows", "/errors.xlsx"]) {
        expectError(await get(token, `/imports/runs/${run.id}${path}`), 404, ErrorKey.importNotFound);
      }
    }
    expect((await get(undefined, `/imports/runs/${run.id}`)).statusCode).toBe(401);
    expect((await get(t.gremio, `/imports/runs/${run.id}`)).statusCode).toBe(403);
    expectError(await get(t.colegio, `/imports/runs/${run.id + 1000}`), 404, ErrorKey.importNotFound);
  });

  it("the error file holds every row as it came and, in 'error', the Spanish text of what is wrong", async () => {
    const run = await startedRun(ctx.app, t.colegio, "administrators", sheetFixture("administrators-errors.xlsx"));
    const res = await get(t.colegio, `/imports/runs/${run.id}/errors.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="Errores-Importacion.xlsx"');
    const rows = await readImportSheet(res.rawPayload, [...IMPORT_HEADERS.administrators, IMPORT_ERROR_COLUMN]);
    expect(rows).toEqual([
      {
        row: 2,
        values: { name: "Administraciones Núñez S.L.", cif: "B01234567", email: "gestion@nunez-fincas.es", error: "" },
      },
      {
        row: 3,
        values: {
          name: "Fincas Sin CIF",
          cif: "",
          email: "sincif@example.com",
          error: "Error en el registro, no hay cif",
        },
      },
      {
        row: 4,
        values: {
          name: "Gestoría Peña",
          cif: "B02345678",
          email: "correo@",
          error: "El correo correo@ no tiene el formato correcto: línea 4",
        },
      },
      {
        row: 5,
        values: {
          name: "Administraciones Núñez Duplicada",
          cif: "B01234567",
          email: "otra@nunez-fincas.es",
          error: "El CIF B01234567 ya está en la fila 2 del fichero",
        },
      },
    ]);
  });

  it("puts each row at its own row number, empty rows where the file had none, as the messages count them", async () => {
    const file = {
      name: "huecos.xlsx",
      data: writeSheet(IMPORT_HEADERS.administrators, [
        ["Primera S.L.", "B28000601", "primera@ejemplo.es"],
        [],
        ["", "", ""],
        ["Sin Arroba S.L.", "B28000602", "sinarroba"],
        [],
        ["Repetida S.L.", "b-28000601", "repetida@ejemplo.es"],
      ]),
    };
    const run = await startedRun(ctx.app, t.colegio, "administrators", file);
    const errors = (await get(t.colegio, `/imports/runs/${run.id}/errors.xlsx`)).rawPayload;
    const sheet = XLSX.read(errors, { type: "buffer", dense: true }).Sheets.Datos!;
    const grid = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, blankrows: true, defval: "" });
    expect(grid).toEqual([
      [...IMPORT_HEADERS.administrators, IMPORT_ERROR_COLUMN],
      ["Primera S.L.", "B28000601", "primera@ejemplo.es", ""],
      [],
      [],
      ["Sin Arroba S.L.", "B28000602", "sinarroba", "El correo sinarroba no tiene el formato correcto: línea 5"],
      [],
      ["Repetida S.L.", "b-28000601", "repetida@ejemplo.es", "El CIF b-28000601 ya está en la fila 2 del fichero"],
    ]);
    // read back, the rows keep the numbers of the original
    const again = await readImportSheet(errors, [...IMPORT_HEADERS.administrators, IMPORT_ERROR_COLUMN]);
    expect(again.map((r) => r.row)).toEqual([2, 5, 7]);
  });

  it("the corrected error file imports (its 'error' column is not a header of the kind)", async () => {
    const run = await startedRun(ctx.app, t.colegio, "administrators", sheetFixture("administrators-errors.xlsx"));
    const errors = (await get(t.colegio, `/imports/runs/${run.id}/errors.xlsx`)).rawPayload;
    const rows = await readImportSheet(errors, [...IMPORT_HEADERS.administrators, IMPORT_ERROR_COLUMN]);
    const fixed = rows.map(({ values }, index) => [
      values.name!,
      values.cif || `B0999999${index}`,
      values.email === "correo@" ? "correo@pena.es" : values.email!,
      values.error!,
    ]);
    fixed[3]![1] = "B02999999";
    const again = await importAndSettle(ctx.app, t.colegio, "administrators", {
      name: "Errores-Importacion.xlsx",
      data: writeSheet([...IMPORT_HEADERS.administrators, IMPORT_ERROR_COLUMN], fixed),
    });
    expect(again).toMatchObject({ status: "endCorrect", counts: { created: 4 } });
  });
});

describe("tax id cells", () => {
  /** Each kind's tax id columns, who imports it, and good values for its other columns. */
  const KINDS = [
    ["administrators", "cif", { name: "Empresa", email: "e@ejemplo.es" }],
    ["providers", "cif", { name: "Empresa", email: "e@ejemplo.es", tlfn: "", activity: "" }],
    ["communities", "cif", { name: "Comunidad" }],
    ["community-providers", "cif", {}],
    ["pairs", "cif_finca", { cif_provider: "B00123456" }],
    ["pairs", "cif_provider", { cif_finca: "H28123456" }],
  ] as const;

  it.each(KINDS)(
    "%s: %s never takes a date, a true/false or a number that is not a whole one; a whole number is a tax id",
    async (kind, column, others) => {
      const headers = IMPORT_HEADERS[kind];
      const cells: unknown[] = [new Date(Date.UTC(2024, 0, 15)), true, 1.2345678901234568e21, 12.5, 45678901];
      const rows = cells.map((cell, i) =>
        headers.map((h) => {
          if (h === column) return cell;
          if (h === "email") return `e${i}@ejemplo.es`;
          return (others as Record<string, string>)[h] ?? "";
        }),
      );
      const colegioKind = kind === "administrators" || kind === "providers";
      const query =
        kind === "community-providers"
          ? `?colg_id=${ctx.seed.colegio.id}&id_finca=${ctx.seed.community.id}`
          : colegioKind
            ? ""
            : `?colg_id=${ctx.seed.colegio.id}`;
      const run = await startedRun(
        ctx.app,
        colegioKind ? t.colegio : t.administrador,
        kind,
        typedSheet([headers, ...rows]),
        query,
      );
      expect(run.status).toBe("endErrors");
      const found = outcomes(await runRows(ctx.app, colegioKind ? t.colegio : t.administrador, run.id));
      const invalid = (cif: string) => ({ outcome: "invalid", key: ErrorKey.importRowCifInvalid, params: { cif } });
      expect(found.slice(0, 4)).toEqual([
        { row: 2, ...invalid("2024-01-15") },
        { row: 3, ...invalid("TRUE") },
        { row: 4, ...invalid("1.2345678901234568e+21") },
        { row: 5, ...invalid("12.5") },
      ]);
      expect(found[4]).toMatchObject({ row: 6 });
      expect(found[4]!.key).not.toBe(ErrorKey.importRowCifInvalid);
    },
  );
});

describe("templates", () => {
  it.each(IMPORT_KINDS.map((kind) => [kind] as const))(
    "%s: 'Plantilla-Importacion.xlsx' with the kind's headers and one example row",
    async (kind) => {
      const role = kind === "administrators" || kind === "providers" ? "colegio" : "administrador";
      const res = await get(t[role], `/imports/templates/${kind}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="Plantilla-Importacion.xlsx"');
      expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(await readImportSheet(res.rawPayload, IMPORT_HEADERS[kind])).toEqual([
        { row: 2, values: IMPORT_EXAMPLE_ROW[kind] },
      ]);
      const other = role === "colegio" ? "administrador" : "colegio";
      expectError(await get(t[other], `/imports/templates/${kind}`), 403, ErrorKey.forbidden);
    },
  );
});

describe("an interrupted import", () => {
  it("shows as interrupted once its heartbeat stops; the same file again imports the rest", async () => {
    const { scope, accounts } = directly();
    const { runId, pending } = await prepareImport(
      db(),
      "administrators",
      administratorsImport,
      scope,
      sheetFixture("administrators.xlsx"),
    );
    expect(pending).toHaveLength(4);
    // The server died after its first batch (two rows); a minute and more went by.
    await runImport(accounts, ctx.app.log, runId, administratorsImport, scope, pending!.slice(0, 2), 2);
    await db().execute(
      sql`update import_runs set status = 'importing', finished_at = null, updated_at = now() - interval '2 minutes'
          where id = ${runId}`,
    );
    const interrupted = await settledRun(ctx.app, t.colegio, runId);
    expect(interrupted).toMatchObject({ status: "interrupted", total: 4, done: 2, counts: { created: 2 } });
    expect(outcomes(await runRows(ctx.app, t.colegio, runId)).map((r) => r.outcome)).toEqual([
      "created",
      "created",
      null,
      null,
    ]);
    // the error file says which rows the import never reached
    const errors = (await get(t.colegio, `/imports/runs/${runId}/errors.xlsx`)).rawPayload;
    const interruptedText =
      "La importación se interrumpió antes de esta fila. Vuelve a importar el mismo fichero: lo ya importado no se repite.";
    expect(
      (await readImportSheet(errors, [...IMPORT_HEADERS.administrators, IMPORT_ERROR_COLUMN])).map((r) => [
        r.row,
        r.values.error,
      ]),
    ).toEqual([
      [2, ""],
      [3, ""],
      [5, interruptedText],
      [6, interruptedText],
    ]);

    const again = await importAndSettle(ctx.app, t.colegio, "administrators", sheetFixture("administrators.xlsx"));
    expect(again).toMatchObject({ status: "endCorrect", counts: { created: 2, already: 2 } });
    expect(outcomes(await runRows(ctx.app, t.colegio, again.id)).map((r) => r.outcome)).toEqual([
      "already",
      "already",
      "created",
      "created",
    ]);
    const mails = await queryRows<{ to_address: string; n: number }>(
      db(),
      sql`select to_address, count(*)::int as n from mail_outbox where kind = 'registry' group by to_address order by 1`,
    );
    expect(mails).toEqual(
      ["gestion@nunez-fincas.es", "gestoria@aguila.es", "jangel.munoz@example.com", "oficina@penafincas.com"].map(
        (to_address) => ({ to_address, n: 1 }),
      ),
    );
  });

  it("a run the runner is still working on is importing", async () => {
    const { scope } = directly();
    const { runId } = await prepareImport(
      db(),
      "administrators",
      administratorsImport,
      scope,
      sheetFixture("administrators.xlsx"),
    );
    expect(await settledRun(ctx.app, t.colegio, runId)).toMatchObject({ status: "importing", done: 0 });
  });
});

describe("the runner", () => {
  /**
   * A kind that adds the colegio's activity named in each row's `name` and refuses, by throwing, the rows
   * named 'Rechazada' (as a database constraint would): the runner's handling of a batch that throws.
   */
  const activitiesKind: ImportKindHandler<string> = {
    kind: "administrators",
    scopeFor: () => Promise.reject(new Error("not used")),
    validate: async (_db, _scope, rows) => rows.map((r) => ({ row: r.row, plan: r.values.name! })),
    apply: async (tx, _ctx, scope, batch) => {
      for (const { plan } of batch) {
        await tx.execute(sql`insert into activities (colegio_id, name) values (${scope.colegioId}, ${plan})`);
        if (plan.startsWith("Rechazada")) throw new Error(`refused ${plan}`);
      }
      return batch.map(() => ({
        outcome: "created" as const,
        message: { key: ErrorKey.importRowCreated, params: {} },
      }));
    },
  };

  it("rolls a batch back when it throws, and tries its rows one at a time: only the refused row fails", async () => {
    const { scope, accounts } = directly();
    const names = ["Poda", "Rechazada Pérez", "Desatascos", "Cristalería", "Rechazada Gómez"];
    const file = {
      name: "x.xlsx",
      data: writeSheet(
        ["name", "cif", "email"],
        names.map((n) => [n, "", ""]),
      ),
    };
    const { runId, pending } = await prepareImport(db(), "administrators", activitiesKind, scope, file);
    await runImport(accounts, ctx.app.log, runId, activitiesKind, scope, pending!, 3);

    expect(outcomes(await runRows(ctx.app, t.colegio, runId)).map((r) => [r.row, r.outcome, r.key])).toEqual([
      [2, "created", ErrorKey.importRowCreated],
      [3, "failed", ErrorKey.importRowInsertFailed],
      [4, "created", ErrorKey.importRowCreated],
      [5, "created", ErrorKey.importRowCreated],
      [6, "failed", ErrorKey.importRowInsertFailed],
    ]);
    const added = await queryRows<{ name: string }>(
      db(),
      sql`select name from activities where colegio_id = ${scope.colegioId} and name in ${names} order by id`,
    );
    expect(added.map((a) => a.name)).toEqual(["Poda", "Desatascos", "Cristalería"]);
    expect(await settledRun(ctx.app, t.colegio, runId)).toMatchObject({
      status: "endErrors",
      done: 5,
      counts: { created: 3, failed: 2 },
    });
    // The log names the rows, never their values.
    expect(ctx.logs.text).toContain("import row refused");
    expect(ctx.logs.text).not.toContain("Rechazada");
  });
});
