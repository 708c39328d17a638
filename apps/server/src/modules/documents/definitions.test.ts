import fs from "node:fs";
import { ErrorKey, PAGE_SIZE, Requirement, ValidationKey } from "@coordina/domain";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobPath, buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, makePdf, type TestContext, upload } from "../../../test/helpers.js";
import { companyDocuments, definitionTemplates, documentDefinitions, files } from "../../db/schema/index.js";

/**
 * Document definitions and their templates through HTTP (spec 02 §2 'Document definitions
 * administration', §3, §5 'Definition form', §7 'Definitions'), on the shared documents world
 * (test/documents-world.ts). Colegio A defines:
 *
 * | name                        | origin            | group   |
 * |-----------------------------|-------------------|---------|
 * | Contrato LOPD               | administrator     | LOPD    |
 * | Evaluación de riesgos       | provider_portero  | —       |
 * | Formación del portero       | portero           | PORTERO |
 * | Normas para porteros        | administrator     | PORTERO |
 * | Plan de emergencia          | everybody         | —       |
 * | Seguro de responsabilidad   | provider          | —       |
 *
 * and colegio B one 'Seguro de Barcelona'.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;

const A_DEFINITIONS = [
  { name: "Contrato LOPD", requirement_origin: Requirement.administrator, group: "LOPD" as const },
  { name: "Evaluación de riesgos", requirement_origin: Requirement.provider_portero },
  { name: "Formación del portero", requirement_origin: Requirement.portero, group: "PORTERO" as const },
  { name: "Normas para porteros", requirement_origin: Requirement.administrator, group: "PORTERO" as const },
  { name: "Plan de emergencia", requirement_origin: Requirement.administrador_provider_portero },
  { name: "Seguro de responsabilidad", requirement_origin: Requirement.provider, mandatory: true },
];
const ids = {} as Record<string, number>;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  for (const input of A_DEFINITIONS) ids[input.name] = (await define(ctx, w.t.colegio, input)).id;
  ids["Seguro de Barcelona"] = (
    await define(ctx, w.t.colegioB, { name: "Seguro de Barcelona", requirement_origin: Requirement.provider })
  ).id;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
type Res = Awaited<ReturnType<typeof post>>;
const index = (token: string, body: object = {}) => post(token, "/document-require-definitions/index", body);
const inA = (body: object = {}) => ({ colg_id: w.A.id, ...body });
const names = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((d: { name: string }) => d.name);
};
const definitionRow = async (id: number) =>
  (await db().select().from(documentDefinitions).where(eq(documentDefinitions.id, id)))[0]!;

describe("the definitions list (document-require-definitions/index)", () => {
  it("lists the colegio's own definitions by name, with the paging count, and lets only it edit", async () => {
    const res = await index(w.t.colegio);
    expect(names(res)).toEqual(A_DEFINITIONS.map((d) => d.name));
    expect(res.json().count).toBe(6);
    expect(res.json().docsAllowedToEdit).toBe(true);
    const b = await index(w.t.colegioB);
    expect(names(b)).toEqual(["Seguro de Barcelona"]);
    expect(b.json().docsAllowedToEdit).toBe(true);
  });

  it("answers each row with the fields of the spec, the colegio as id_company and live counts", async () => {
    const res = await index(w.t.colegio, { filter: "Seguro de responsabilidad" });
    expect(res.json().data).toEqual([
      {
        id: ids["Seguro de responsabilidad"],
        name: "Seguro de responsabilidad",
        requirement_origin: Requirement.provider,
        requirement_dest: Requirement.administrator,
        origin_read_required: false,
        dest_read_required: false,
        assocfinca: false,
        oneonly: false,
        mandatory: true,
        obsoletable: false,
        validate_colegio_required: false,
        id_company: w.A.id,
        editable_colegio: false,
        group: null,
        templates_count: 0,
        documents_count: 0,
      },
    ]);
  });

  it.each([
    ["administrator", ["Contrato LOPD", "Normas para porteros", "Plan de emergencia"]],
    ["provider", ["Evaluación de riesgos", "Plan de emergencia", "Seguro de responsabilidad"]],
    ["portero", ["Evaluación de riesgos", "Formación del portero", "Plan de emergencia"]],
  ])("the %s tab shows the definitions that party uploads", async (tab, expected) => {
    expect(names(await index(w.t.colegio, { tab }))).toEqual(expected);
  });

  it.each([
    ["ALL", A_DEFINITIONS.map((d) => d.name)],
    ["CAF", ["Evaluación de riesgos", "Plan de emergencia", "Seguro de responsabilidad"]],
    ["LOPD", ["Contrato LOPD"]],
    ["PORTERO", ["Formación del portero", "Normas para porteros"]],
  ])("the group %s filters by group (CAF: none)", async (group, expected) => {
    expect(names(await index(w.t.colegio, { group }))).toEqual(expected);
  });

  it("tab and group combine; search is case-insensitive on the name", async () => {
    expect(names(await index(w.t.colegio, { tab: "administrator", group: "PORTERO" }))).toEqual([
      "Normas para porteros",
    ]);
    expect(names(await index(w.t.colegio, { filter: "PORTER" }))).toEqual([
      "Formación del portero",
      "Normas para porteros",
    ]);
    const none = await index(w.t.colegio, { filter: "no existe" });
    expect(none.json()).toMatchObject({ data: [], count: 0 });
  });

  it("pages with currentPage and perPage, counting every match", async () => {
    const all = A_DEFINITIONS.map((d) => d.name);
    const page2 = await index(w.t.colegio, { currentPage: 2, perPage: 4 });
    expect(names(page2)).toEqual(all.slice(4));
    expect(page2.json().count).toBe(6);
    const page1 = await index(w.t.colegio, { currentPage: "1", perPage: "2" });
    expect(names(page1)).toEqual(all.slice(0, 2));
    const past = await index(w.t.colegio, { currentPage: 9, perPage: 4 });
    expect(past.json()).toMatchObject({ data: [], count: 6 });
    expectError(await index(w.t.colegio, { perPage: 101 }), 400, ErrorKey.invalidInput);
    expectError(await index(w.t.colegio, { currentPage: 0 }), 400, ErrorKey.invalidInput);
    expect(PAGE_SIZE.definitions).toBe(10);
  });

  it("members of the colegio read the same list, without the right to edit", async () => {
    for (const who of ["administrador", "gremio", "p0", "admin2"] as const) {
      const res = await index(w.t[who], inA());
      expect(names(res), who).toEqual(A_DEFINITIONS.map((d) => d.name));
      expect(res.json().docsAllowedToEdit, who).toBe(false);
    }
    const porter = await index(w.t.portero, inA({ tab: "portero" }));
    expect(names(porter)).toEqual(["Evaluación de riesgos", "Formación del portero", "Plan de emergencia"]);
    expect(porter.json().docsAllowedToEdit).toBe(false);
  });

  it("an administrator or provider that has not chosen a colegio is refused with the colegio error", async () => {
    for (const who of ["administrador", "gremio", "portero"] as const) {
      expectError(await index(w.t[who]), 403, ErrorKey.colegioForbidden);
    }
  });

  it("nobody reads another colegio's definitions", async () => {
    // Not a member of colegio B: refused before anything is read.
    for (const who of ["administrador", "gremio", "portero"] as const) {
      expectError(await index(w.t[who], { colg_id: w.B.id }), 403, ErrorKey.colegioForbidden);
    }
    // A colegio cannot work in another colegio.
    expectError(await index(w.t.colegioB, { colg_id: w.A.id }), 403, ErrorKey.colegioForbidden);
    expect(names(await index(w.t.colegioB, { colg_id: w.B.id }))).toEqual(["Seguro de Barcelona"]);
    expectError(await index(w.t.master), 403, ErrorKey.forbidden);
    expectError(await call(ctx.app, "POST", "/document-require-definitions/index"), 401, ErrorKey.unauthorized);
  });
});

const FULL = {
  name: "  Certificado de formación  ",
  requirement_origin: Requirement.provider_portero,
  requirement_dest: Requirement.administrador_provider_portero,
  origin_read_required: true,
  dest_read_required: true,
  assocfinca: true,
  oneonly: true,
  mandatory: true,
  obsoletable: true,
  validate_colegio_required: true,
  group: "LOPD" as const,
};

describe("adding a definition (document-require-definitions/add)", () => {
  it("saves every field as sent, never read-required at its origin nor editable by the colegio", async () => {
    const res = await post(w.t.colegio, "/document-require-definitions/add", FULL);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      ...FULL,
      id: expect.any(Number),
      name: "Certificado de formación",
      origin_read_required: false,
      id_company: w.A.id,
      editable_colegio: false,
      templates_count: 0,
      documents_count: 0,
    });
    expect(await definitionRow(data.id)).toMatchObject({
      colegioId: w.A.id,
      name: "Certificado de formación",
      requirementOrigin: Requirement.provider_portero,
      requirementDest: Requirement.administrador_provider_portero,
      originReadRequired: false,
      destReadRequired: true,
      assocfinca: true,
      oneonly: true,
      mandatory: true,
      obsoletable: true,
      validateColegioRequired: true,
      editableColegio: false,
      group: "LOPD",
      erased: false,
    });
  });

  it("defaults: destination administrator, every flag off, no group", async () => {
    const res = await post(w.t.colegio, "/document-require-definitions/add", {
      name: "Mínima",
      requirement_origin: Requirement.provider,
    });
    expect(res.json().data).toMatchObject({
      requirement_dest: Requirement.administrator,
      origin_read_required: false,
      dest_read_required: false,
      assocfinca: false,
      oneonly: false,
      mandatory: false,
      obsoletable: false,
      validate_colegio_required: false,
      group: null,
    });
  });

  it.each([
    ["an empty name", { name: "   " }, ValidationKey.definitionName],
    ["no name", { name: undefined }, ValidationKey.definitionName],
    ["a name over 200 characters", { name: "x".repeat(201) }, ValidationKey.definitionName],
    ["origin none (-1)", { requirement_origin: -1 }, ValidationKey.required],
    ["an unknown origin", { requirement_origin: 7 }, ValidationKey.required],
    ["no origin", { requirement_origin: undefined }, ValidationKey.required],
    ["an unknown destination", { requirement_dest: 99 }, ValidationKey.required],
    ["an unknown group", { group: "CAE" }, ErrorKey.invalidInput],
    ["the CAF filter as a group", { group: "CAF" }, ErrorKey.invalidInput],
  ])("refuses %s with its message and saves nothing", async (_label, change, key) => {
    const before = (await index(w.t.colegio, { perPage: 100 })).json().count;
    expectError(
      await post(w.t.colegio, "/document-require-definitions/add", { ...FULL, name: "Inválida", ...change }),
      400,
      key,
    );
    expect((await index(w.t.colegio, { perPage: 100 })).json().count).toBe(before);
  });

  it("only a colegio adds definitions, for itself", async () => {
    for (const who of ["administrador", "gremio", "portero", "master"] as const) {
      expectError(
        await post(w.t[who], "/document-require-definitions/add", { ...FULL, colg_id: w.A.id, name: `De ${who}` }),
        403,
        ErrorKey.forbidden,
      );
    }
    expect(names(await index(w.t.colegio, { filter: "De " }))).not.toContain(expect.stringMatching(/^De /));
    // Colegio B adds to colegio B; it cannot work in colegio A.
    const intoA = { name: "De Barcelona", requirement_origin: Requirement.provider, colg_id: w.A.id };
    expectError(await post(w.t.colegioB, "/document-require-definitions/add", intoA), 403, ErrorKey.colegioForbidden);
    const res = await post(w.t.colegioB, "/document-require-definitions/add", { ...intoA, colg_id: w.B.id });
    expect(res.json().data.id_company).toBe(w.B.id);
    expect(names(await index(w.t.colegio, { filter: "Barcelona" }))).toEqual([]);
  });
});

describe("editing a definition (document-require-definitions/edit/{id})", () => {
  let id: number;
  beforeAll(async () => {
    id = (await define(ctx, w.t.colegio, { name: "Para editar", requirement_origin: Requirement.provider })).id;
  });
  freshWorldForEachTest(() => ctx);
  const edit = (token: string, defId: number | string, body: object) =>
    post(token, `/document-require-definitions/edit/${defId}`, body);

  it("changes every field", async () => {
    const res = await edit(w.t.colegio, id, {
      name: "Editada",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.portero,
      dest_read_required: true,
      assocfinca: true,
      oneonly: true,
      mandatory: true,
      obsoletable: true,
      validate_colegio_required: true,
      group: "PORTERO",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      name: "Editada",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.portero,
      dest_read_required: true,
      assocfinca: true,
      oneonly: true,
      mandatory: true,
      obsoletable: true,
      validate_colegio_required: true,
      group: "PORTERO",
      id_company: w.A.id,
      editable_colegio: false,
      templates_count: 0,
      documents_count: 0,
    });
    expect(await definitionRow(id)).toMatchObject({ name: "Editada", requirementDest: Requirement.portero });
    const back = await edit(w.t.colegio, id, { name: "Para editar", requirement_origin: Requirement.provider });
    expect(back.json().data).toMatchObject({
      assocfinca: false,
      group: null,
      requirement_dest: Requirement.administrator,
    });
  });

  it("validates like add", async () => {
    expectError(await edit(w.t.colegio, id, { name: "", requirement_origin: 5 }), 400, ValidationKey.definitionName);
    expectError(await edit(w.t.colegio, id, { name: "X", requirement_origin: -1 }), 400, ValidationKey.required);
    expectError(
      await edit(w.t.colegio, id, { name: "X", requirement_origin: 5, group: "X" }),
      400,
      ErrorKey.invalidInput,
    );
    expect((await definitionRow(id)).name).toBe("Para editar");
  });

  it("another colegio cannot edit it (403, nothing changed), nor anyone but a colegio", async () => {
    expectError(
      await edit(w.t.colegioB, id, { name: "Robada", requirement_origin: Requirement.provider }),
      403,
      ErrorKey.forbidden,
    );
    for (const who of ["administrador", "gremio"] as const) {
      expectError(
        await edit(w.t[who], id, { colg_id: w.A.id, name: "Robada", requirement_origin: Requirement.provider }),
        403,
        ErrorKey.forbidden,
      );
    }
    expect((await definitionRow(id)).name).toBe("Para editar");
  });

  it("a definition that does not exist is 404", async () => {
    expectError(
      await edit(w.t.colegio, 999_999, { name: "X", requirement_origin: Requirement.provider }),
      404,
      ErrorKey.notFound,
    );
    expectError(await edit(w.t.colegio, "abc", { name: "X", requirement_origin: 5 }), 400, ErrorKey.invalidInput);
  });
});

describe("deleting a definition (document-require-definitions/delete/{id})", () => {
  let id: number;
  let docs: Awaited<ReturnType<typeof uploaded>>[];
  let templateFileId: number;
  let otherDoc: Awaited<ReturnType<typeof uploaded>>;

  beforeAll(async () => {
    id = (await define(ctx, w.t.colegio, { name: "Para borrar", requirement_origin: Requirement.provider })).id;
    docs = [
      await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: id }),
      await uploaded(ctx, w.t.p3, w.A.id, { id_definition: id }),
    ];
    otherDoc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: ids["Seguro de responsabilidad"]! });
    const res = await upload(
      ctx.app,
      "/file-manager/fileupload/upload",
      w.t.colegio,
      { docDefinitionId: id },
      { name: "plantilla.pdf", data: await makePdf("Plantilla") },
    );
    expect(res.statusCode, res.body).toBe(200);
    templateFileId = res.json().file.id;
  });
  freshWorldForEachTest(() => ctx);
  const del = (token: string, defId: number) => post(token, `/document-require-definitions/delete/${defId}`, {});

  it("the list counts its live documents and templates", async () => {
    const res = await index(w.t.colegio, { filter: "Para borrar" });
    expect(res.json().data[0]).toMatchObject({ id, templates_count: 1, documents_count: 2 });
    // A member counts only its own company's documents: the others' are none of its business.
    for (const [who, own] of [
      ["gremio", 1],
      ["p3", 1],
      ["p0", 0],
      ["administrador", 0],
    ] as const) {
      const mine = await index(w.t[who], inA({ filter: "Para borrar" }));
      expect(mine.json().data[0], who).toMatchObject({ id, templates_count: 1, documents_count: own });
    }
  });

  it("another colegio, an administrator or a provider cannot delete it (403), and nothing changes", async () => {
    expectError(await del(w.t.colegioB, id), 403, ErrorKey.forbidden);
    expectError(
      await post(w.t.administrador, `/document-require-definitions/delete/${id}`, inA()),
      403,
      ErrorKey.forbidden,
    );
    expectError(await post(w.t.gremio, `/document-require-definitions/delete/${id}`, inA()), 403, ErrorKey.forbidden);
    expect((await definitionRow(id)).erased).toBe(false);
    const rows = await db().select().from(companyDocuments).where(eq(companyDocuments.definitionId, id));
    expect(rows.map((r) => r.erased)).toEqual([false, false]);
  });

  it("soft-deletes the definition, its documents and its templates; the files and their bytes stay", async () => {
    expect((await del(w.t.colegio, id)).json()).toEqual({ result: true });
    expect((await definitionRow(id)).erased).toBe(true);
    const documents = await db().select().from(companyDocuments).where(eq(companyDocuments.definitionId, id));
    expect(documents).toHaveLength(2);
    for (const d of documents) {
      expect(d.erased).toBe(true);
      expect(d.erasedAt).toBeInstanceOf(Date);
    }
    const templates = await db().select().from(definitionTemplates).where(eq(definitionTemplates.definitionId, id));
    expect(templates.map((r) => r.erased)).toEqual([true]);
    const fileRows = await db()
      .select()
      .from(files)
      .where(inArray(files.id, [...docs.map((d) => d.fileupload_id), templateFileId]));
    expect(fileRows).toHaveLength(3);
    for (const f of fileRows) {
      expect(f.deleted).toBe(false);
      expect(fs.existsSync(blobPath(ctx, f.sha256)), f.name).toBe(true);
    }
    // Another definition's document is untouched.
    const [other] = await db().select().from(companyDocuments).where(eq(companyDocuments.id, otherDoc.id));
    expect(other!.erased).toBe(false);
  });

  it("is gone from the lists, its documents and templates with it; a second delete is 404", async () => {
    expect((await del(w.t.colegio, id)).json()).toEqual({ result: true });
    expect(names(await index(w.t.colegio, { filter: "Para borrar" }))).toEqual([]);
    const mine = await post(w.t.gremio, "/companies/documents/getcompanydefined", inA());
    expect(mine.json().data.map((d: { definition: { id: number } }) => d.definition.id)).not.toContain(id);
    expectError(
      await call(ctx.app, "GET", `/companies/documents/getcompanyuploaded/${docs[0]!.id}`, { token: w.t.gremio }),
      404,
      ErrorKey.notFound,
    );
    expectError(
      await post(w.t.colegio, "/plantillas-docs/list", { id_document_require_definition: id }),
      404,
      ErrorKey.notFound,
    );
    expectError(await del(w.t.colegio, id), 404, ErrorKey.notFound);
    expectError(
      await post(w.t.colegio, `/document-require-definitions/edit/${id}`, { name: "X", requirement_origin: 5 }),
      404,
      ErrorKey.notFound,
    );
    // A stranger still learns nothing: 403 whether or not it was deleted.
    expectError(await del(w.t.colegioB, id), 403, ErrorKey.forbidden);
    expectError(await del(w.t.colegio, 999_999), 404, ErrorKey.notFound);
  });
});

describe("templates (plantillas)", () => {
  let id: number;
  let pdf: Buffer;
  const TEMPLATE_URL = "/file-manager/fileupload/upload";
  /** A template the colegio uploads for the definition, as the answer shows it. */
  const uploadTemplate = async (name = "modelo.pdf") => {
    const res = await upload(ctx.app, TEMPLATE_URL, w.t.colegio, { docDefinitionId: id }, { name, data: pdf });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      file: { id: number; name: string; size: number; ftype: string; obsolete: string | null };
      template: {
        id: number;
        id_document_require_definition: number;
        fileupload: { id: number; name: string; size: number };
      };
    };
  };
  const list = (token: string, defId: number, extra: object = {}) =>
    post(token, "/plantillas-docs/list", { id_document_require_definition: defId, ...extra });
  const templatesOf = async (defId: number) =>
    db().select().from(definitionTemplates).where(eq(definitionTemplates.definitionId, defId));

  beforeAll(async () => {
    id = ids["Seguro de responsabilidad"]!;
    pdf = await makePdf("Modelo de certificado");
  });

  it("the colegio uploads one for its definition: a stored PDF, listed with the definition", async () => {
    const body = await uploadTemplate();
    const template = body.template;
    expect(body.file).toMatchObject({ name: "modelo.pdf", size: pdf.length, ftype: "application/pdf", obsolete: null });
    expect(template).toEqual({
      id: expect.any(Number),
      id_document_require_definition: id,
      fileupload: { id: body.file.id, name: "modelo.pdf", size: pdf.length },
    });
    // The bytes are in the store, under their SHA-256.
    const [row] = await db().select().from(files).where(eq(files.id, body.file.id));
    expect(fs.readFileSync(blobPath(ctx, row!.sha256))).toEqual(pdf);
    expect((await index(w.t.colegio, { filter: "Seguro de responsabilidad" })).json().data[0].templates_count).toBe(1);
  });

  it("members of the colegio list them; another colegio and strangers are refused", async () => {
    const { template } = await uploadTemplate();
    for (const [who, extra] of [
      ["colegio", {}],
      ["administrador", inA()],
      ["gremio", inA()],
      ["gremio", {}],
      ["portero", inA()],
      ["p0", inA()],
    ] as const) {
      const res = await list(w.t[who], id, extra);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.json().data, who).toEqual([template]);
    }
    expectError(await list(w.t.colegioB, id), 403, ErrorKey.forbidden);
    expectError(await list(w.t.pB, id), 403, ErrorKey.forbidden);
    expectError(await list(w.t.adminB, id), 403, ErrorKey.forbidden);
    expectError(await list(w.t.master, id), 403, ErrorKey.forbidden);
    expectError(await list(w.t.colegio, 999_999), 404, ErrorKey.notFound);
  });

  it("only the colegio of the definition uploads templates (403 for others, nothing recorded)", async () => {
    const before = (await templatesOf(id)).length;
    const filesBefore = (await db().select().from(files)).length;
    for (const [who, colegio] of [
      ["colegioB", null],
      ["administrador", w.A.id],
      ["gremio", w.A.id],
      ["portero", w.A.id],
    ] as const) {
      const url = colegio === null ? TEMPLATE_URL : `${TEMPLATE_URL}?colg_id=${colegio}`;
      const res = await upload(ctx.app, url, w.t[who], { docDefinitionId: id }, { name: "x.pdf", data: pdf });
      expectError(res, 403, ErrorKey.forbidden);
    }
    expect(await templatesOf(id)).toHaveLength(before);
    expect(await db().select().from(files)).toHaveLength(filesBefore);
    expect(
      (await upload(ctx.app, TEMPLATE_URL, w.t.master, { docDefinitionId: id }, { name: "x.pdf", data: pdf }))
        .statusCode,
    ).toBe(403);
  });

  it("a deleted or missing definition takes no template (404)", async () => {
    const gone = (await define(ctx, w.t.colegio, { name: "Borrada", requirement_origin: Requirement.provider })).id;
    expect((await post(w.t.colegio, `/document-require-definitions/delete/${gone}`)).statusCode).toBe(200);
    for (const defId of [gone, 999_999]) {
      const res = await upload(
        ctx.app,
        TEMPLATE_URL,
        w.t.colegio,
        { docDefinitionId: defId },
        { name: "x.pdf", data: pdf },
      );
      expectError(res, 404, ErrorKey.notFound);
    }
    expect(await templatesOf(gone)).toHaveLength(0);
    const bad = await upload(
      ctx.app,
      TEMPLATE_URL,
      w.t.colegio,
      { docDefinitionId: "abc" },
      { name: "x.pdf", data: pdf },
    );
    expectError(bad, 400, ErrorKey.invalidInput);
  });

  it("deleting one: only the colegio of the definition; soft, the file stays; then 404", async () => {
    const { template } = await uploadTemplate();
    const del = (token: string, templateId: number, extra: object = {}) =>
      post(token, `/plantillas-docs/delete/${templateId}`, extra);
    expectError(await del(w.t.colegioB, template.id), 403, ErrorKey.forbidden);
    expectError(await del(w.t.administrador, template.id, inA()), 403, ErrorKey.forbidden);
    expectError(await del(w.t.gremio, template.id, inA()), 403, ErrorKey.forbidden);
    expect((await list(w.t.gremio, id, inA())).json().data).toEqual([template]);

    expect((await del(w.t.colegio, template.id)).json()).toEqual({ result: true });
    expect((await list(w.t.gremio, id, inA())).json().data).toEqual([]);
    expect((await templatesOf(id)).map((r) => r.erased)).toEqual([true]);
    const [file] = await db().select().from(files).where(eq(files.id, template.fileupload.id));
    expect(file!.deleted).toBe(false);
    expectError(await del(w.t.colegio, template.id), 404, ErrorKey.notFound);
    expectError(await del(w.t.colegioB, template.id), 403, ErrorKey.forbidden);
    expectError(await del(w.t.colegio, 999_999), 404, ErrorKey.notFound);
  });
});

describe("plantillas-docs/add (the spec's name for a template upload)", () => {
  it("adds a template for the colegio; others get 403 and a missing definition id 400, nothing kept", async () => {
    const defId = ids["Evaluación de riesgos"]!;
    const file = { name: "plantilla.pdf", data: await makePdf("plantilla") };
    const before = (await db().select().from(definitionTemplates).where(eq(definitionTemplates.definitionId, defId)))
      .length;
    const ok = await upload(ctx.app, "/plantillas-docs/add", w.t.colegio, { docDefinitionId: defId }, file);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().template).toMatchObject({ id_document_require_definition: defId });
    expectError(await upload(ctx.app, "/plantillas-docs/add", w.t.colegio, {}, file), 400, ErrorKey.invalidInput);
    const refused = await upload(
      ctx.app,
      `/plantillas-docs/add?colg_id=${w.A.id}`,
      w.t.gremio,
      { docDefinitionId: defId },
      file,
    );
    expectError(refused, 403, ErrorKey.forbidden);
    const after = await db().select().from(definitionTemplates).where(eq(definitionTemplates.definitionId, defId));
    expect(after.length).toBe(before + 1);
  });
});

describe("the community panel's menu follows the colegio's definitions", () => {
  const menuOf = async () => {
    const res = await call(ctx.app, "GET", `/companies/fincas/view/${w.B1.id}?colg_id=${w.B.id}`, {
      token: w.t.adminB,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().finca.menu as Record<string, boolean>;
  };

  it("shows 'Docs proveedores', 'Docs porteros' and 'LOPD' only once such definitions exist", async () => {
    expect(await menuOf()).toEqual({
      provider_bound_docs: false,
      porter_docs: false,
      lopd_docs: false,
      pending_read: false,
      pending_read_providers: false,
    });
    // A general administrator document for providers is not community-bound: no 'Docs proveedores' yet.
    await define(ctx, w.t.colegioB, {
      name: "Normas generales",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider,
    });
    expect((await menuOf()).provider_bound_docs).toBe(false);
    const bound = await define(ctx, w.t.colegioB, {
      name: "Riesgos de la finca",
      requirement_origin: Requirement.administrator,
      requirement_dest: Requirement.provider_portero,
      assocfinca: true,
    });
    await define(ctx, w.t.colegioB, { name: "LOPD B", requirement_origin: Requirement.provider, group: "LOPD" });
    await define(ctx, w.t.colegioB, { name: "Formación B", requirement_origin: Requirement.portero });
    expect(await menuOf()).toEqual({
      provider_bound_docs: true,
      porter_docs: true,
      lopd_docs: true,
      pending_read: false,
      pending_read_providers: false,
    });
    // Deleting the bound definition takes the entry away again.
    expect((await post(w.t.colegioB, `/document-require-definitions/delete/${bound.id}`)).statusCode).toBe(200);
    expect((await menuOf()).provider_bound_docs).toBe(false);
  });
});

describe("a definition with documents keeps who uploads it and whether it is per community", () => {
  it("refuses those changes with 409 while documents exist, allows the rest, and allows them again once none is left", async () => {
    const d = await define(ctx, w.t.colegio, {
      name: "Certificado de formación",
      requirement_origin: Requirement.provider,
    });
    const doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: d.id });
    const edit = (changes: object) =>
      post(w.t.colegio, `/document-require-definitions/edit/${d.id}`, {
        name: "Certificado de formación",
        requirement_origin: Requirement.provider,
        ...changes,
      });
    expectError(await edit({ assocfinca: true }), 409, ErrorKey.definitionInUse);
    expectError(await edit({ requirement_origin: Requirement.portero }), 409, ErrorKey.definitionInUse);
    const renamed = await edit({ name: "Certificado de formación PRL", mandatory: true, obsoletable: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: "Certificado de formación PRL", mandatory: true });
    const erase = await post(w.t.gremio, `/companies/documents/erasecompanydefined/${doc.id}`);
    expect(erase.statusCode).toBe(200);
    expect((await edit({ assocfinca: true })).statusCode).toBe(200);
  });
});
