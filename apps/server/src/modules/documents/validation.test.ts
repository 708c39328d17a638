import { ErrorKey, Requirement, Role } from "@coordina/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDocumentsWorld,
  type DocumentRowLike,
  type DocumentsWorld,
  define,
  uploaded,
} from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  expectError,
  makePdf,
  type TestContext,
  upload,
} from "../../../test/helpers.js";
import { companyDocuments, users } from "../../db/schema/index.js";

/**
 * Validation by the colegio (spec 02 §4 'Document validity', §6 'Validation only by the colegio') and
 * the definitions that apply to a company with its documents (getcompanydefined), on the shared
 * documents world (test/documents-world.ts).
 *
 * Colegio A's definitions: VAL (providers, validated by the colegio), NOVAL (providers, no validation),
 * LOPD (providers, group LOPD), PORT (providers, group PORTERO), ADMINVAL (administrators, validated),
 * BOUND (providers, per community). Colegio B's VALB (providers, validated).
 * Documents: P1's v1 (VAL), P3's v2 (VAL), P1's n1 (NOVAL), P1's l1 (LOPD), the administrator's a1
 * (ADMINVAL), PB's b1 (VALB), P1's c1 (BOUND, for C1).
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const def = {} as Record<"VAL" | "NOVAL" | "LOPD" | "PORT" | "ADMINVAL" | "BOUND" | "VALB", number>;
const docs = {} as Record<"v1" | "v2" | "n1" | "l1" | "a1" | "b1" | "c1", DocumentRowLike>;
let colegioUserId: number;
let templateId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const provider = Requirement.provider;
  def.VAL = (
    await define(ctx, w.t.colegio, {
      name: "Alta en la Seguridad Social",
      requirement_origin: provider,
      validate_colegio_required: true,
    })
  ).id;
  def.NOVAL = (await define(ctx, w.t.colegio, { name: "Memoria de actividad", requirement_origin: provider })).id;
  def.LOPD = (
    await define(ctx, w.t.colegio, { name: "Contrato de encargo LOPD", requirement_origin: provider, group: "LOPD" })
  ).id;
  def.PORT = (
    await define(ctx, w.t.colegio, {
      name: "Instrucciones para porteros",
      requirement_origin: provider,
      group: "PORTERO",
    })
  ).id;
  def.ADMINVAL = (
    await define(ctx, w.t.colegio, {
      name: "Póliza del administrador",
      requirement_origin: Requirement.administrator,
      validate_colegio_required: true,
    })
  ).id;
  def.BOUND = (
    await define(ctx, w.t.colegio, { name: "Plan en la comunidad", requirement_origin: provider, assocfinca: true })
  ).id;
  def.VALB = (
    await define(ctx, w.t.colegioB, {
      name: "Alta en Barcelona",
      requirement_origin: provider,
      validate_colegio_required: true,
    })
  ).id;

  docs.v1 = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.VAL }, "alta-levante.pdf");
  docs.v2 = await uploaded(ctx, w.t.p3, w.A.id, { id_definition: def.VAL }, "alta-zeta.pdf");
  docs.n1 = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.NOVAL });
  docs.l1 = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.LOPD });
  docs.a1 = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.ADMINVAL }, "poliza-admin.pdf");
  docs.b1 = await uploaded(ctx, w.t.pB, w.B.id, { id_definition: def.VALB });
  docs.c1 = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.BOUND, id_finca: w.C1.id });
  for (const d of Object.values(docs)) delete (d as Partial<typeof d & { bytes: Buffer }>).bytes;

  const res = await upload(
    ctx.app,
    "/file-manager/fileupload/upload",
    w.t.colegio,
    { docDefinitionId: def.VAL },
    { name: "modelo-alta.pdf", data: await makePdf("modelo") },
  );
  templateId = res.json().template.id;
  const [user] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.colegio));
  colegioUserId = user!.id;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const validate = (token: string, id: number, valid: boolean, extra: object = {}) =>
  post(token, "/companies/documents/validatedocument", { id_document: id, valid, ...extra });
const pending = (token: string, body: object = {}) => post(token, "/companies/documents/pending-validation", body);
const companyDefined = (token: string, body: object) => post(token, "/companies/documents/getcompanydefined", body);
const rowOf = async (id: number) => (await db().select().from(companyDocuments).where(eq(companyDocuments.id, id)))[0]!;
type Entry = {
  definition: { id: number; name: string };
  documents: DocumentRowLike[];
  templates: { id: number }[];
  can_upload: boolean;
  can_validate: boolean;
};
const entries = (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};
const entryOf = (res: Awaited<ReturnType<typeof post>>, definitionId: number) =>
  entries(res).find((e) => e.definition.id === definitionId);

describe("validating a document (companies/documents/validatedocument)", () => {
  it("the colegio validates and un-validates; the owner and the colegio see it at once", async () => {
    const on = await validate(w.t.colegio, docs.v1.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ result: true, data: { id: docs.v1.id, validated: true } });
    const row = await rowOf(docs.v1.id);
    expect(row).toMatchObject({ validated: true, validatedBy: colegioUserId });
    expect(row.validatedAt).toBeInstanceOf(Date);
    const mine = entryOf(await companyDefined(w.t.gremio, { colg_id: w.A.id }), def.VAL)!;
    expect(mine.documents.map((d) => [d.id, d.validated])).toEqual([[docs.v1.id, true]]);
    const seen = entryOf(await companyDefined(w.t.colegio, { id_company: w.P1.id }), def.VAL)!;
    expect(seen.documents.map((d) => [d.id, d.validated])).toEqual([[docs.v1.id, true]]);

    const off = await validate(w.t.colegio, docs.v1.id, false);
    expect(off.json()).toEqual({ result: true, data: { id: docs.v1.id, validated: false } });
    expect(await rowOf(docs.v1.id)).toMatchObject({ validated: false, validatedAt: null, validatedBy: null });
    const again = entryOf(await companyDefined(w.t.gremio, { colg_id: w.A.id }), def.VAL)!;
    expect(again.documents[0]!.validated).toBe(false);
    // Setting the same state twice is harmless.
    expect((await validate(w.t.colegio, docs.v1.id, false)).json().data.validated).toBe(false);
  });

  it("administrators, providers and porters cannot validate, not even their own document (403)", async () => {
    for (const [who, id] of [
      ["gremio", docs.v1.id],
      ["administrador", docs.v1.id],
      ["administrador", docs.a1.id],
      ["portero", docs.v1.id],
      ["master", docs.v1.id],
    ] as const) {
      const res = await validate(w.t[who], id, true, who === "portero" || who === "master" ? {} : { colg_id: w.A.id });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expect((await rowOf(docs.v1.id)).validated).toBe(false);
    expect((await rowOf(docs.a1.id)).validated).toBe(false);
  });

  it("another colegio cannot validate (403), neither way", async () => {
    expectError(await validate(w.t.colegioB, docs.v1.id, true), 403, ErrorKey.forbidden);
    expectError(await validate(w.t.colegio, docs.b1.id, true), 403, ErrorKey.forbidden);
    expect((await rowOf(docs.v1.id)).validated).toBe(false);
    expect((await rowOf(docs.b1.id)).validated).toBe(false);
    // Its own colegio's document it validates.
    expect((await validate(w.t.colegioB, docs.b1.id, true)).json().data.validated).toBe(true);
    expect((await validate(w.t.colegioB, docs.b1.id, false)).json().data.validated).toBe(false);
  });

  it("a definition that does not require validation answers 409 and nothing changes", async () => {
    expectError(await validate(w.t.colegio, docs.n1.id, true), 409, ErrorKey.validationNotRequired);
    expect((await rowOf(docs.n1.id)).validated).toBe(false);
    // A stranger learns nothing about it.
    expectError(await validate(w.t.colegioB, docs.n1.id, true), 403, ErrorKey.forbidden);
  });

  it("a missing or erased document is 404; a bad body 400", async () => {
    expectError(await validate(w.t.colegio, 999_999, true), 404, ErrorKey.notFound);
    const gone = await uploaded(ctx, w.t.p3, w.A.id, { id_definition: def.VAL });
    expect((await post(w.t.p3, `/companies/documents/erasecompanydefined/${gone.id}`)).statusCode).toBe(200);
    expectError(await validate(w.t.colegio, gone.id, true), 404, ErrorKey.notFound);
    expectError(
      await post(w.t.colegio, "/companies/documents/validatedocument", { id_document: docs.v1.id }),
      400,
      ErrorKey.invalidInput,
    );
    expectError(
      await post(w.t.colegio, "/companies/documents/validatedocument", { id_document: docs.v1.id, valid: "yes" }),
      400,
      ErrorKey.invalidInput,
    );
  });
});

describe("documents waiting for validation (companies/documents/pending-validation)", () => {
  const ids = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { document: { id: number } }) => r.document.id);
  };

  it("lists only the colegio's unvalidated documents of definitions that require it, oldest first", async () => {
    const res = await pending(w.t.colegio);
    expect(ids(res)).toEqual([docs.v1.id, docs.v2.id, docs.a1.id]);
    expect(res.json().count).toBe(3);
    const first = res.json().data[0];
    const { can_edit: _canEdit, ...v1 } = docs.v1;
    expect(first).toEqual({
      document: { ...v1, validated: false },
      definition_name: "Alta en la Seguridad Social",
      company_name: w.P1.name,
      company_type: Role.gremio,
    });
    expect(first.document.can_edit).toBeUndefined();
    expect(res.json().data[2]).toMatchObject({ company_name: w.admin.name, company_type: Role.administrador });
    expect(ids(await pending(w.t.colegioB))).toEqual([docs.b1.id]);
  });

  it("a validated document leaves the list and comes back when un-validated", async () => {
    await validate(w.t.colegio, docs.v2.id, true);
    expect(ids(await pending(w.t.colegio))).toEqual([docs.v1.id, docs.a1.id]);
    await validate(w.t.colegio, docs.v2.id, false);
    expect(ids(await pending(w.t.colegio))).toEqual([docs.v1.id, docs.v2.id, docs.a1.id]);
  });

  it("changing a validated document's expiry sends it back to pending; renaming it does not", async () => {
    const edit = (body: object) => post(w.t.gremio, `/file-manager/fileupload/edit/${docs.v1.fileupload_id}`, body);
    await validate(w.t.colegio, docs.v1.id, true);
    expect((await edit({ name: "alta-levante-2.pdf" })).statusCode).toBe(200);
    expect(ids(await pending(w.t.colegio))).not.toContain(docs.v1.id);
    expect((await edit({ name: "alta-levante.pdf", obsolete: "2099-12-31" })).statusCode).toBe(200);
    expect(ids(await pending(w.t.colegio))).toContain(docs.v1.id);
    expect((await edit({ name: "alta-levante.pdf", obsolete: null })).statusCode).toBe(200);
  });

  it("an expired document is not waiting for validation: it no longer counts; renewed, it is back", async () => {
    const edit = (obsolete: string | null) =>
      post(w.t.gremio, `/file-manager/fileupload/edit/${docs.v1.fileupload_id}`, {
        name: "alta-levante.pdf",
        obsolete,
      });
    expect((await edit("2020-01-31")).statusCode).toBe(200);
    expect(ids(await pending(w.t.colegio))).toEqual([docs.v2.id, docs.a1.id]);
    expect((await edit("2999-12-31")).statusCode).toBe(200);
    expect(ids(await pending(w.t.colegio))).toEqual([docs.v1.id, docs.v2.id, docs.a1.id]);
    expect((await edit(null)).statusCode).toBe(200);
  });

  it("search filters by company or definition name, case-insensitively; pages count every match", async () => {
    expect(ids(await pending(w.t.colegio, { filter: "zeta" }))).toEqual([docs.v2.id]);
    expect(ids(await pending(w.t.colegio, { filter: "PÓLIZA" }))).toEqual([docs.a1.id]);
    expect(ids(await pending(w.t.colegio, { filter: "seguridad social" }))).toEqual([docs.v1.id, docs.v2.id]);
    expect(ids(await pending(w.t.colegio, { filter: "Memoria" }))).toEqual([]);
    const page = await pending(w.t.colegio, { page: 2, limit: 2 });
    expect(ids(page)).toEqual([docs.a1.id]);
    expect(page.json()).toMatchObject({ count: 3, pagination: { count: 3, page: 2, limit: 2 } });
  });

  it("only colegios ask for it (403)", async () => {
    for (const who of ["administrador", "gremio", "portero", "master"] as const) {
      expectError(
        await pending(w.t[who], who === "administrador" || who === "gremio" ? { colg_id: w.A.id } : {}),
        403,
        ErrorKey.forbidden,
      );
    }
  });
});

describe("the definitions that apply to a company (companies/documents/getcompanydefined)", () => {
  it("a provider sees its general definitions with its documents and templates, and may upload and edit", async () => {
    const res = await companyDefined(w.t.gremio, { colg_id: w.A.id });
    expect(res.json().company).toEqual({ id: w.P1.id, name: w.P1.name });
    expect(entries(res).map((e) => e.definition.name)).toEqual([
      "Alta en la Seguridad Social",
      "Contrato de encargo LOPD",
      "Instrucciones para porteros",
      "Memoria de actividad",
    ]);
    const val = entryOf(res, def.VAL)!;
    expect(val).toMatchObject({ can_upload: true, can_validate: false });
    expect(val.documents).toEqual([{ ...docs.v1, validated: false, can_edit: true }]);
    expect(val.templates.map((t) => t.id)).toEqual([templateId]);
    // Only its own documents: P3's is not there.
    expect(val.documents.map((d) => d.company_id)).toEqual([w.P1.id]);
  });

  it.each([
    ["ALL", ["VAL", "LOPD", "PORT", "NOVAL"]],
    ["CAF", ["VAL", "NOVAL"]],
    ["LOPD", ["LOPD"]],
    ["PORTERO", ["PORT"]],
  ] as const)("the group %s filters the definitions", async (group, expected) => {
    const res = await companyDefined(w.t.gremio, { colg_id: w.A.id, group });
    expect(entries(res).map((e) => e.definition.id)).toEqual(expected.map((k) => def[k]));
  });

  it("in a community it also shows the definitions bound to it, with that community's documents", async () => {
    const res = await companyDefined(w.t.gremio, { id_finca: w.C1.id });
    expect(entryOf(res, def.BOUND)).toMatchObject({ can_upload: true, documents: [{ id: docs.c1.id }] });
    expect(entryOf(res, def.VAL)!.documents.map((d) => d.id)).toEqual([docs.v1.id]);
    expect(entryOf(await companyDefined(w.t.gremio, { id_finca: w.C2.id }), def.BOUND)!.documents).toEqual([]);
    expectError(await companyDefined(w.t.gremio, { id_finca: w.R1.id }), 403, ErrorKey.forbidden);
    expectError(await companyDefined(w.t.gremio, { id_finca: 999_999 }), 404, ErrorKey.notFound);
  });

  it("the colegio sees a company's general documents read-only, with validation where required", async () => {
    const res = await companyDefined(w.t.colegio, { id_company: w.P1.id });
    expect(res.json().company).toEqual({ id: w.P1.id, name: w.P1.name });
    expect(entries(res).map((e) => e.definition.id)).toEqual([def.VAL, def.LOPD, def.PORT, def.NOVAL]);
    for (const e of entries(res)) {
      expect(e.can_upload, e.definition.name).toBe(false);
      expect(e.can_validate, e.definition.name).toBe(e.definition.id === def.VAL);
    }
    const documents = entries(res).flatMap((e) => e.documents);
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) expect(d.can_edit).toBe(false);
    expect(entryOf(res, def.VAL)!.documents.map((d) => d.id)).toEqual([docs.v1.id]);
    expect(entryOf(res, def.LOPD)!.documents.map((d) => d.id)).toEqual([docs.l1.id]);
    const admin = await companyDefined(w.t.colegio, { id_company: w.admin.id });
    expect(entries(admin).map((e) => [e.definition.id, e.can_validate, e.documents.map((d) => d.id)])).toEqual([
      [def.ADMINVAL, true, [docs.a1.id]],
    ]);
  });

  it("the colegio must name the company, one of its colegio", async () => {
    expectError(await companyDefined(w.t.colegio, {}), 400, ErrorKey.invalidInput);
    expectError(await companyDefined(w.t.colegio, { id_company: w.PB.id }), 403, ErrorKey.forbidden);
    expectError(await companyDefined(w.t.colegioB, { id_company: w.P1.id }), 403, ErrorKey.forbidden);
    expectError(await companyDefined(w.t.colegio, { id_company: 999_999 }), 404, ErrorKey.notFound);
  });

  it("a provider cannot ask for another company's documents (403)", async () => {
    expectError(await companyDefined(w.t.gremio, { colg_id: w.A.id, id_company: w.P3.id }), 403, ErrorKey.forbidden);
    expectError(
      await companyDefined(w.t.administrador, { colg_id: w.A.id, id_company: w.P1.id }),
      403,
      ErrorKey.forbidden,
    );
    const own = await companyDefined(w.t.gremio, { colg_id: w.A.id, id_company: w.P1.id });
    expect(own.json().company.id).toBe(w.P1.id);
  });

  it("without a colegio chosen nor a community: 400 documents.colegio-required", async () => {
    expectError(await companyDefined(w.t.administrador, {}), 400, ErrorKey.colegioRequired);
    expectError(await companyDefined(w.t.gremio, {}), 400, ErrorKey.colegioRequired);
    // A community gives the colegio.
    const res = await companyDefined(w.t.administrador, { id_finca: w.C1.id });
    expect(entryOf(res, def.ADMINVAL)).toMatchObject({
      can_upload: true,
      documents: [{ id: docs.a1.id, can_edit: true }],
    });
  });

  it("the administrator sees its own definitions; nobody reads another colegio's", async () => {
    const res = await companyDefined(w.t.administrador, { colg_id: w.A.id });
    expect(entries(res).map((e) => e.definition.id)).toEqual([def.ADMINVAL]);
    expectError(await companyDefined(w.t.gremio, { colg_id: w.B.id }), 403, ErrorKey.colegioForbidden);
    expectError(await companyDefined(w.t.master, {}), 403, ErrorKey.forbidden);
  });
});

describe("undoing a validation (issue 21: 'Deshacer' sends validatedocument with valid false)", () => {
  /** Every figure of colegio A that a validation can move, as its lists answer them. */
  const figures = async () => {
    const companies = async (type: number, extra: object = {}) => {
      const res = await post(w.t.colegio, "/companies/companies/index", { type, limit: 100, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Record<string, number>[]).map((r) => [
        r.id,
        r.all_uploaded,
        r.upload_must,
        r.read_all,
        r.read_must,
        r.pending_validation,
      ]);
    };
    const communities = await post(w.t.administrador, "/companies/fincas/index", { colg_id: w.A.id });
    expect(communities.statusCode, communities.body).toBe(200);
    const providersOfC1 = await post(w.t.administrador, "/companies-providers/index", { idFinca: w.C1.id });
    expect(providersOfC1.statusCode, providersOfC1.body).toBe(200);
    return {
      providers: await companies(Role.gremio),
      administrators: await companies(Role.administrador),
      // 'Ver solo docs pendientes' (pending_work_cache)
      withWorkLeft: (await companies(Role.gremio, { filterNotRead: 1 })).map(([id]) => id),
      communities: communities.json().data,
      providersOfC1: providersOfC1.json().data,
      pending: (await pending(w.t.colegio)).json(),
    };
  };
  const pendingOf = (rows: (number | undefined)[][], id: number) => rows.find(([rowId]) => rowId === id)![5];

  it("puts back every figure and list exactly as they were before validating, its row included", async () => {
    const before = await figures();
    const beforeRow = await rowOf(docs.v1.id);
    expect(pendingOf(before.providers, w.P1.id)).toBe(1);
    expect(before.withWorkLeft).toContain(w.P1.id);

    expect((await validate(w.t.colegio, docs.v1.id, true)).json().data.validated).toBe(true);
    const validated = await figures();
    expect(pendingOf(validated.providers, w.P1.id)).toBe(0);
    expect(validated.pending.data.map((r: { document: { id: number } }) => r.document.id)).not.toContain(docs.v1.id);

    const undo = await validate(w.t.colegio, docs.v1.id, false);
    expect(undo.json()).toEqual({ result: true, data: { id: docs.v1.id, validated: false } });
    expect(await figures()).toEqual(before);
    expect(await rowOf(docs.v1.id)).toEqual(beforeRow);
  });

  it("only the colegio of the document undoes it: anyone else gets 403 with no data and it stays validated", async () => {
    expect((await validate(w.t.colegio, docs.v1.id, true)).statusCode).toBe(200);
    const validatedRow = await rowOf(docs.v1.id);
    for (const who of ["colegioB", "gremio", "p3", "administrador", "portero", "master"] as const) {
      const colg = who === "gremio" || who === "p3" || who === "administrador" ? { colg_id: w.A.id } : {};
      const res = await validate(w.t[who], docs.v1.id, false, colg);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expect(await rowOf(docs.v1.id)).toEqual(validatedRow);
    // Without a session: 401, and nothing changes either.
    expectError(
      await post(undefined, "/companies/documents/validatedocument", { id_document: docs.v1.id, valid: false }),
      401,
      ErrorKey.unauthorized,
    );
    expect((await rowOf(docs.v1.id)).validated).toBe(true);
  });
});

describe("a document that still owes its expiry date (issue 21: needs_expiry in every list's rows)", () => {
  /** P1's document for an obsoletable definition (validated by the colegio), uploaded without a date. */
  async function owedDocument() {
    const rc = await define(ctx, w.t.colegio, {
      name: "Seguro de responsabilidad civil",
      requirement_origin: Requirement.provider,
      mandatory: true,
      obsoletable: true,
      validate_colegio_required: true,
    });
    const doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: rc.id }, "poliza-rc.pdf");
    return { rc, doc };
  }
  /** What each list that shows P1's documents says of `id`: needs_expiry, or undefined where it is absent. */
  const owedIn = async (definitionId: number, id: number) => {
    const inEntry = (res: Awaited<ReturnType<typeof post>>) =>
      (entryOf(res, definitionId)?.documents.find((d) => d.id === id) as { needs_expiry?: boolean } | undefined)
        ?.needs_expiry;
    const own = inEntry(await companyDefined(w.t.gremio, { colg_id: w.A.id }));
    const inCommunity = inEntry(await companyDefined(w.t.gremio, { id_finca: w.C1.id }));
    const colegio = inEntry(await companyDefined(w.t.colegio, { id_company: w.P1.id }));
    const administrator = inEntry(
      await post(w.t.administrador, "/companies/providers/document_uploaded_by_provider_finca", {
        id_finca: w.C1.id,
        id_gremio: w.P1.id,
      }),
    );
    const one = await call(ctx.app, "GET", `/companies/documents/getcompanyuploaded/${id}?colg_id=${w.A.id}`, {
      token: w.t.gremio,
    });
    expect(one.statusCode, one.body).toBe(200);
    return { own, inCommunity, colegio, administrator, one: [one.json().needs_expiry, one.json().data.needs_expiry] };
  };
  const everywhere = (value: boolean) => ({
    own: value,
    inCommunity: value,
    colegio: value,
    administrator: value,
    one: [value, value],
  });

  it("is said in every list that shows the document, for its uploader and for those who look at it", async () => {
    const { rc, doc } = await owedDocument();
    expect(await owedIn(rc.id, doc.id)).toEqual(everywhere(true));
    // Another definition's document without a date owes nothing.
    expect((await owedIn(def.VAL, docs.v1.id)).own).toBe(false);
    // An incomplete document does not wait for the colegio.
    expect(
      (await pending(w.t.colegio)).json().data.map((r: { document: { id: number } }) => r.document.id),
    ).not.toContain(doc.id);
  });

  it("ends when the date is set, and follows the definition as it is now (no copy to go stale)", async () => {
    const { rc, doc } = await owedDocument();
    const edit = (obsolete: string | null) =>
      post(w.t.gremio, `/file-manager/fileupload/edit/${doc.fileupload_id}`, { name: "poliza-rc.pdf", obsolete });
    expect((await edit("2099-12-31")).statusCode).toBe(200);
    expect(await owedIn(rc.id, doc.id)).toEqual(everywhere(false));

    // The colegio stops demanding a date: a document without one owes nothing any more; demanding it again, it does.
    const redefine = async (obsoletable: boolean) => {
      const res = await post(w.t.colegio, `/document-require-definitions/edit/${rc.id}`, {
        name: rc.name,
        requirement_origin: Requirement.provider,
        mandatory: true,
        validate_colegio_required: true,
        obsoletable,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await redefine(false);
    expect((await edit(null)).statusCode).toBe(200);
    expect(await owedIn(rc.id, doc.id)).toEqual(everywhere(false));
    await redefine(true);
    expect(await owedIn(rc.id, doc.id)).toEqual(everywhere(true));
  });
});
