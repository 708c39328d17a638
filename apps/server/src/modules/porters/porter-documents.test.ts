import {
  type CommunityDocumentRow,
  type CompanyDefinedResponse,
  type DefinitionInput,
  ErrorKey,
  Requirement,
  Role,
  todayInSpain,
} from "@coordina/domain";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDocumentsWorld,
  type DocumentRowLike,
  type DocumentsWorld,
  define,
  uploadDocument,
  uploaded,
} from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  ensureMemberCompany,
  expectError,
  makePdf,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { companyDocuments, readMarks } from "../../db/schema/index.js";
import { ensurePorterLink } from "../../db/seed/builders.js";
import { porterInCommunityFigures } from "../compliance/compliance.sql.js";

/**
 * A porter's documents (spec 02 §2 'Porter documents for an administrator', "Porter's own view", §6
 * 'Porters read documents … and upload PORTEROS documents'; §7 porteros/documents/*; docs/compliance.md,
 * porters): a porter reads, marks and uploads like a provider, in the communities it works in only. On
 * the shared documents world (test/documents-world.ts): the demo porter 'portero' works in C1 (served by P1
 * and P3), 'conserje' in C2; here also 'vigilante', a second porter of C1.
 *
 * Colegio A's definitions: ADM_P 'Normas para porteros' (administrator → porters, to read), ADM_BOUND
 * 'Riesgos de la finca' (administrator → providers and porters, per community, to read), ADM_PROV
 * 'Normas de la comunidad' (administrator → providers), PROV_P 'Parte para el portero' (provider → porters,
 * to read), PROV_LOPD 'Contrato LOPD' (provider → providers and porters, group LOPD, to read), PROV_ADMIN
 * 'Seguro de responsabilidad civil' (provider → administrator), PORTER_TRAINING 'Formación del portero'
 * (porter → administrator, mandatory, expiry required, group PORTERO), PORTER_SHIFT 'Parte de turno'
 * (porter → porters, per community, mandatory, to read).
 */
let ctx: TestContext;
let w: DocumentsWorld;
let vigilante: { companyId: number; userId: number; token: string };
const db = () => ctx.database.db;
const today = todayInSpain();
function dayFrom(days: number) {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type DefKey =
  | "ADM_P"
  | "ADM_BOUND"
  | "ADM_PROV"
  | "PROV_P"
  | "PROV_LOPD"
  | "PROV_ADMIN"
  | "PORTER_TRAINING"
  | "PORTER_SHIFT";
const def = {} as Record<DefKey, { id: number; name: string; read: boolean; group: string | null }>;
type DocKey =
  | "aPorters"
  | "aBoundC1"
  | "aBoundC2"
  | "aProviders"
  | "aPortersExpired"
  | "p1Parte"
  | "p1Lopd"
  | "p1Seguro"
  | "p3ParteExpired"
  | "p2Parte"
  | "vShift";
const doc = {} as Record<DocKey, DocumentRowLike & { def: DefKey; bytes: Buffer }>;

const BY_PROVIDERS = "/companies/providers/documets_of_finca_by_providers";
const IS_PENDING = "/companies/providers/is_pending_read";
const MARK = "/companies/providers/mark_read";
const ADMIN_FOR_PORTER = "/porteros/documents/adminforportero";
const UPLOADED_BY_FINCA = "/porteros/documents/documentUploadedByFinca";
const READ_BY_FINCA = "/porteros/documents/readByFinca";
const COMPANY_DEFINED = "/companies/documents/getcompanydefined";

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });
const porterId = () => ctx.seed.porter.id;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const v = await ensureMemberCompany(
    db(),
    [],
    { type: Role.portero, name: "Luis Vigilante", cif: "11223344B" },
    "vigilante@coordina.test",
  );
  await ensurePorterLink(db(), w.C1.id, v.managerId!);
  vigilante = { companyId: v.id, userId: v.managerId!, token: await tokenFor(ctx.app, "vigilante@coordina.test") };

  const { administrator, provider, portero, provider_portero } = Requirement;
  const inputs: [DefKey, string, Omit<DefinitionInput, "name">][] = [
    ["ADM_P", "Normas para porteros", { requirement_origin: administrator, requirement_dest: portero }],
    [
      "ADM_BOUND",
      "Riesgos de la finca",
      { requirement_origin: administrator, requirement_dest: provider_portero, assocfinca: true },
    ],
    ["ADM_PROV", "Normas de la comunidad", { requirement_origin: administrator, requirement_dest: provider }],
    ["PROV_P", "Parte para el portero", { requirement_origin: provider, requirement_dest: portero }],
    ["PROV_LOPD", "Contrato LOPD", { requirement_origin: provider, requirement_dest: provider_portero, group: "LOPD" }],
    [
      "PROV_ADMIN",
      "Seguro de responsabilidad civil",
      { requirement_origin: provider, requirement_dest: administrator },
    ],
    [
      "PORTER_TRAINING",
      "Formación del portero",
      { requirement_origin: portero, mandatory: true, obsoletable: true, group: "PORTERO" },
    ],
    [
      "PORTER_SHIFT",
      "Parte de turno",
      { requirement_origin: portero, requirement_dest: portero, assocfinca: true, mandatory: true },
    ],
  ];
  for (const [key, name, input] of inputs) {
    const read = key !== "ADM_PROV" && key !== "PROV_ADMIN" && key !== "PORTER_TRAINING";
    const created = await define(ctx, w.t.colegio, { name, dest_read_required: read, ...input });
    def[key] = { id: created.id, name, read, group: input.group ?? null };
  }

  const A = w.A.id;
  const uploads: [DocKey, string, DefKey, Record<string, string | number>, string][] = [
    ["aPorters", w.t.administrador, "ADM_P", {}, "normas-porteria.pdf"],
    ["aBoundC1", w.t.administrador, "ADM_BOUND", { id_finca: w.C1.id }, "riesgos-mayor.pdf"],
    ["aBoundC2", w.t.administrador, "ADM_BOUND", { id_finca: w.C2.id }, "riesgos-toledo.pdf"],
    ["aProviders", w.t.administrador, "ADM_PROV", {}, "normas.pdf"],
    ["aPortersExpired", w.t.administrador, "ADM_P", { obsolete: dayFrom(-1) }, "normas-viejas.pdf"],
    ["p1Parte", w.t.gremio, "PROV_P", {}, "parte-ascensores.pdf"],
    ["p1Lopd", w.t.gremio, "PROV_LOPD", {}, "lopd-ascensores.pdf"],
    ["p1Seguro", w.t.gremio, "PROV_ADMIN", {}, "poliza.pdf"],
    ["p3ParteExpired", w.t.p3, "PROV_P", { obsolete: dayFrom(-2) }, "parte-limpieza.pdf"],
    ["p2Parte", w.t.p2, "PROV_P", {}, "parte-pinturas.pdf"],
    ["vShift", vigilante.token, "PORTER_SHIFT", { id_finca: w.C1.id }, "turno-vigilante.pdf"],
  ];
  for (const [key, token, defKey, fields, name] of uploads) {
    doc[key] = { ...(await uploaded(ctx, token, A, { id_definition: def[defKey].id, ...fields }, name)), def: defKey };
  }
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

/** The row a reading list shows for a document, unread unless `read` gives the mark's id. */
function row(key: DocKey, read = 0): CommunityDocumentRow {
  const d = doc[key];
  const definition = def[d.def];
  return {
    id: definition.id,
    definition_name: definition.name,
    read_required: definition.read,
    group: definition.group,
    doc_id: d.id,
    doc_name: d.fileupload.name,
    file_id: d.fileupload_id,
    file_size: d.fileupload.size,
    file_obsolete: d.fileupload.obsolete,
    company_uploaded: d.company_id,
    company_name: d.company_name,
    read_identifier: read,
    created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown as string,
  };
}

async function rowsOf(token: string, url: string, body: object) {
  const res = await post(token, url, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(Object.keys(res.json()).sort()).toEqual(["data", "result"]);
  return res.json().data as CommunityDocumentRow[];
}
async function pendingFlag(token: string, communityId: number) {
  const res = await post(token, IS_PENDING, { id_finca: communityId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pending as boolean;
}
const asPorter = (key: DocKey, finca = w.C1.id) => ({
  readed: true,
  id_document: doc[key].id,
  id_finca: finca,
  id_company: w.porterCompany.id,
});
async function marked(token: string, body: object) {
  const res = await post(token, MARK, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().read_identifier as number;
}
const countMarks = async () => (await db().select({ n: count() }).from(readMarks))[0]!.n;
const countDocuments = async () => (await db().select({ n: count() }).from(companyDocuments))[0]!.n;

/** The porter's figures in a community, as the compliance engine counts them. */
async function porterFigures(communityId: number, companyId: number) {
  const [figures] = await queryRows<Record<string, number>>(
    db(),
    sql`select * from ${porterInCommunityFigures(sql`${communityId}`, sql`${companyId}`, today)} fig`,
  );
  return {
    upload_must: Number(figures!.upload_must),
    uploaded_count: Number(figures!.uploaded_count),
    read_must: Number(figures!.read_must),
    read_count: Number(figures!.read_count),
  };
}

describe("a porter reads like a provider, in the communities it works in", () => {
  it("sees the live providers' current documents for porters (tabs 'Proveedores' and 'LOPD')", async () => {
    // By definition name: 'Contrato LOPD' (group LOPD) before 'Parte para el portero'. Not P1's document for
    // the administrator, not P3's expired one, not P2's (R1), not the other porter's.
    expect(await rowsOf(w.t.portero, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([row("p1Lopd"), row("p1Parte")]);
    expect(await rowsOf(vigilante.token, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([row("p1Lopd"), row("p1Parte")]);
    expect(await rowsOf(w.t.conserje, BY_PROVIDERS, { id_finca: w.C2.id })).toEqual([row("p1Lopd"), row("p1Parte")]);
    for (const [who, token, id] of [
      ["portero in C2", w.t.portero, w.C2.id],
      ["conserje in C1", w.t.conserje, w.C1.id],
      ["portero in R1", w.t.portero, w.R1.id],
    ] as const) {
      for (const url of [BY_PROVIDERS, IS_PENDING]) {
        const res = await post(token, url, { id_finca: id });
        expect(res.statusCode, `${url} ${who}`).toBe(403);
        expect(res.json(), `${url} ${who}`).toEqual({ result: false, error: ErrorKey.forbidden });
      }
    }
  });

  it("marks for its own company what it may read there, once, and its pending flag goes down", async () => {
    expect(await pendingFlag(w.t.portero, w.C1.id)).toBe(true);
    expect(await porterFigures(w.C1.id, w.porterCompany.id)).toMatchObject({ read_must: 4, read_count: 0 });
    const before = await countMarks();
    const first = await marked(w.t.portero, asPorter("aPorters"));
    expect(await marked(w.t.portero, asPorter("aPorters"))).toBe(first);
    const [stored] = await queryRows<{ reader_company_id: number; user_id: number; community_id: number }>(
      db(),
      sql`select reader_company_id, user_id, community_id from read_marks where id = ${first}`,
    );
    expect(stored).toEqual({ reader_company_id: w.porterCompany.id, user_id: porterId(), community_id: w.C1.id });
    await marked(w.t.portero, asPorter("aBoundC1"));
    await marked(w.t.portero, asPorter("p1Parte"));
    expect(await pendingFlag(w.t.portero, w.C1.id)).toBe(true);
    const lopd = await marked(w.t.portero, asPorter("p1Lopd"));
    expect(await pendingFlag(w.t.portero, w.C1.id)).toBe(false);
    expect(await countMarks()).toBe(before + 4);
    expect(await porterFigures(w.C1.id, w.porterCompany.id)).toMatchObject({ read_must: 4, read_count: 4 });
    expect(await rowsOf(w.t.portero, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([
      row("p1Lopd", lopd),
      expect.objectContaining({ doc_id: doc.p1Parte.id, read_identifier: expect.any(Number) }),
    ]);
    // The marks are the porter company's: the other porter of C1 has read nothing.
    expect(await pendingFlag(vigilante.token, w.C1.id)).toBe(true);
  });

  it("refuses to mark what it may not read there, for another company, or elsewhere, recording nothing", async () => {
    const before = await countMarks();
    const refusals: [string, string, object, number, string][] = [
      [
        "for another company",
        w.t.portero,
        { ...asPorter("aPorters"), id_company: vigilante.companyId },
        403,
        ErrorKey.readForOtherCompany,
      ],
      ["a document for providers only", w.t.portero, asPorter("aProviders"), 403, ErrorKey.documentNotReadable],
      ["a document for the administrator", w.t.portero, asPorter("p1Seguro"), 403, ErrorKey.documentNotReadable],
      ["an expired document", w.t.portero, asPorter("aPortersExpired"), 403, ErrorKey.documentNotReadable],
      ["another community's document", w.t.portero, asPorter("aBoundC2"), 403, ErrorKey.documentNotReadable],
      ["another porter's document", w.t.portero, asPorter("vShift"), 403, ErrorKey.documentNotReadable],
      ["a provider's document elsewhere", w.t.portero, asPorter("p2Parte"), 403, ErrorKey.documentNotReadable],
      ["in a community it does not work in", w.t.portero, asPorter("aBoundC2", w.C2.id), 403, ErrorKey.forbidden],
      [
        "a document that does not exist",
        w.t.portero,
        { ...asPorter("aPorters"), id_document: 99_999_999 },
        404,
        ErrorKey.notFound,
      ],
    ];
    for (const [what, token, body, status, error] of refusals) {
      const res = await post(token, MARK, body);
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toEqual({ result: false, error });
    }
    expect(await countMarks()).toBe(before);
  });

  it("opens the PDFs of what it may read in its communities and of its own documents, nothing else", async () => {
    const retrieve = (token: string, fileId: number) =>
      call(ctx.app, "GET", `/file-manager/fileload/retrieve/${fileId}`, { token });
    const own = await uploaded(ctx, w.t.portero, w.A.id, {
      id_definition: def.PORTER_TRAINING.id,
      obsolete: dayFrom(30),
    });
    for (const key of ["aPorters", "aBoundC1", "p1Parte", "p1Lopd"] as const) {
      const res = await retrieve(w.t.portero, doc[key].fileupload_id);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json().data.file.id, key).toBe(doc[key].fileupload_id);
    }
    expect((await retrieve(w.t.portero, own.fileupload_id)).statusCode).toBe(200);
    // For providers or the administrator only; another community's; another porter's; R1's provider's.
    for (const key of ["aProviders", "p1Seguro", "aBoundC2", "vShift", "p2Parte"] as const) {
      expectError(await retrieve(w.t.portero, doc[key].fileupload_id), 403, ErrorKey.forbidden);
    }
    // The other porter of C1 may not open the porter's own documents either; its administrator may.
    expectError(await retrieve(vigilante.token, own.fileupload_id), 403, ErrorKey.forbidden);
    expect((await retrieve(w.t.administrador, own.fileupload_id)).statusCode).toBe(200);
    // Once no longer a porter of C1, it opens nothing of C1.
    await db().execute(
      sql`update community_porters set erased = true where community_id = ${w.C1.id} and porter_user_id = ${porterId()}`,
    );
    expectError(await retrieve(w.t.portero, doc.aBoundC1.fileupload_id), 403, ErrorKey.forbidden);
  });
});

describe("a porter uploads the documents whose origin names porters", () => {
  const definedIn = async (token: string, body: object) => {
    const res = await post(token, COMPANY_DEFINED, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CompanyDefinedResponse;
  };

  it("is offered the porters' definitions (group PORTERO or not), bound ones only where it works", async () => {
    const inC1 = await definedIn(w.t.portero, { id_finca: w.C1.id });
    expect(inC1.company).toEqual({ id: w.porterCompany.id, name: w.porterCompany.name });
    expect(inC1.data.map((d) => [d.definition.name, d.can_upload])).toEqual([
      ["Formación del portero", true],
      ["Parte de turno", true],
    ]);
    const porteroGroup = await definedIn(w.t.portero, { id_finca: w.C1.id, group: "PORTERO" });
    expect(porteroGroup.data.map((d) => d.definition.id)).toEqual([def.PORTER_TRAINING.id]);
    // In general (no community): the general ones only.
    const general = await definedIn(w.t.portero, { colg_id: w.A.id });
    expect(general.data.map((d) => d.definition.id)).toEqual([def.PORTER_TRAINING.id]);
    expectError(await post(w.t.portero, COMPANY_DEFINED, { id_finca: w.C2.id }), 403, ErrorKey.forbidden);
    expectError(await post(w.t.portero, COMPANY_DEFINED, { id_finca: w.B1.id }), 403, ErrorKey.forbidden);
  });

  it("uploads with an expiry date, and the document meets its duty there", async () => {
    expect(await porterFigures(w.C1.id, w.porterCompany.id)).toMatchObject({ upload_must: 2, uploaded_count: 0 });
    // Without the date its definition requires: stored, but incomplete (the dialog asks for the date).
    const incomplete = await uploaded(ctx, w.t.portero, w.A.id, { id_definition: def.PORTER_TRAINING.id });
    expect(incomplete.fileupload.obsolete).toBeNull();
    expect(await porterFigures(w.C1.id, w.porterCompany.id)).toMatchObject({ uploaded_count: 0 });
    const res = await uploadDocument(
      ctx,
      w.t.portero,
      w.A.id,
      { id_definition: def.PORTER_TRAINING.id, obsolete: dayFrom(90) },
      { name: "formacion.pdf", data: await makePdf("Formación") },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: true,
      needs_expiry: false,
      data: { company_id: w.porterCompany.id, id_finca: null, expired: false, can_edit: true },
    });
    expect(res.json().data.fileupload.obsolete).toBe(dayFrom(90));
    expect(await porterFigures(w.C1.id, w.porterCompany.id)).toMatchObject({ upload_must: 2, uploaded_count: 1 });
    // General: it counts in C1 only for this porter; the other porter of C1 still owes it.
    expect(await porterFigures(w.C1.id, vigilante.companyId)).toMatchObject({ uploaded_count: 1 });
    await uploaded(ctx, w.t.portero, w.A.id, { id_definition: def.PORTER_SHIFT.id, id_finca: w.C1.id });
    expect(await porterFigures(w.C1.id, w.porterCompany.id)).toMatchObject({ upload_must: 2, uploaded_count: 2 });
    const mine = await definedIn(w.t.portero, { id_finca: w.C1.id });
    expect(mine.data.map((d) => d.documents.length)).toEqual([2, 1]);
    expect(mine.data[0]!.documents.map((d) => d.needs_expiry)).toEqual([true, false]);
  });

  it("refuses uploads where it does not work and of definitions that are not the porters', storing nothing", async () => {
    const before = await countDocuments();
    const pdf = { name: "x.pdf", data: await makePdf("x") };
    for (const [what, fields, status, error] of [
      [
        "a bound definition for another community",
        { id_definition: def.PORTER_SHIFT.id, id_finca: w.C2.id },
        403,
        ErrorKey.forbidden,
      ],
      ["a provider's definition", { id_definition: def.PROV_P.id }, 403, ErrorKey.forbidden],
      ["an administrator's definition", { id_definition: def.ADM_P.id }, 403, ErrorKey.forbidden],
      ["a bound definition without a community", { id_definition: def.PORTER_SHIFT.id }, 400, ErrorKey.fincaRequired],
    ] as const) {
      const res = await uploadDocument(ctx, w.t.portero, w.A.id, fields, pdf);
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toEqual({ result: false, error });
    }
    expect(await countDocuments()).toBe(before);
  });
});

describe("a porter's documents in a community (porteros/documents/*)", () => {
  const body = () => ({ id_portero: porterId(), id_finca: w.C1.id });

  it("adminforportero: what the administrator gives porters there, with that porter's marks, for all three callers", async () => {
    const mark = await marked(w.t.portero, asPorter("aBoundC1"));
    const expected = [row("aPorters"), row("aBoundC1", mark)];
    expect(await rowsOf(w.t.portero, ADMIN_FOR_PORTER, body())).toEqual(expected);
    expect(await rowsOf(w.t.administrador, ADMIN_FOR_PORTER, body())).toEqual(expected);
    expect(await rowsOf(w.t.colegio, ADMIN_FOR_PORTER, body())).toEqual(expected);
    // Another porter of C1: its own marks (none).
    expect(
      await rowsOf(w.t.administrador, ADMIN_FOR_PORTER, { id_portero: vigilante.userId, id_finca: w.C1.id }),
    ).toEqual([row("aPorters"), row("aBoundC1")]);
    expect(
      await rowsOf(w.t.administrador, ADMIN_FOR_PORTER, { id_portero: w.conserje.managerId, id_finca: w.C2.id }),
    ).toEqual([row("aPorters"), row("aBoundC2")]);
  });

  it("readByFinca: everything it must or may read there, from the administrator and the providers", async () => {
    const mark = await marked(w.t.portero, asPorter("p1Parte"));
    const expected = [row("p1Lopd"), row("aPorters"), row("p1Parte", mark), row("aBoundC1")];
    expect(await rowsOf(w.t.portero, READ_BY_FINCA, body())).toEqual(expected);
    expect(await rowsOf(w.t.administrador, READ_BY_FINCA, body())).toEqual(expected);
    expect(await rowsOf(w.t.colegio, READ_BY_FINCA, body())).toEqual(expected);
    // Its read duties are the engine's: the documents that require reading.
    const figures = await porterFigures(w.C1.id, w.porterCompany.id);
    expect(figures).toMatchObject({ read_must: expected.filter((r) => r.read_required).length, read_count: 1 });
  });

  it("documentUploadedByFinca: its documents that count there, by the porters' definitions, expired ones included", async () => {
    const expired = await uploaded(ctx, w.t.portero, w.A.id, {
      id_definition: def.PORTER_TRAINING.id,
      obsolete: dayFrom(-3),
    });
    const shiftC1 = await uploaded(ctx, w.t.portero, w.A.id, { id_definition: def.PORTER_SHIFT.id, id_finca: w.C1.id });
    const shiftC2 = await uploaded(ctx, w.t.conserje, w.A.id, {
      id_definition: def.PORTER_SHIFT.id,
      id_finca: w.C2.id,
    });
    for (const token of [w.t.portero, w.t.administrador, w.t.colegio]) {
      const res = await post(token, UPLOADED_BY_FINCA, body());
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as CompanyDefinedResponse;
      expect(answer.company).toEqual({ id: w.porterCompany.id, name: w.porterCompany.name });
      expect(answer.data.map((d) => [d.definition.id, d.documents.map((x) => x.id), d.can_upload])).toEqual([
        [def.PORTER_TRAINING.id, [expired.id], false],
        [def.PORTER_SHIFT.id, [shiftC1.id], false],
      ]);
      expect(answer.data[0]!.documents[0]).toMatchObject({ expired: true, can_edit: token === w.t.portero });
    }
    const conserje = await post(w.t.administrador, UPLOADED_BY_FINCA, {
      id_portero: w.conserje.managerId,
      id_finca: w.C2.id,
    });
    expect((conserje.json() as CompanyDefinedResponse).data.map((d) => d.documents.map((x) => x.id))).toEqual([
      [],
      [shiftC2.id],
    ]);
  });

  it("refuses other porters, administrators and colegios, providers and strangers, with no data", async () => {
    const urls = [ADMIN_FOR_PORTER, UPLOADED_BY_FINCA, READ_BY_FINCA];
    const refusals: [string, string | undefined, object, number, string][] = [
      ["the other porter of C1, asking for this one", vigilante.token, body(), 403, ErrorKey.forbidden],
      ["a porter of C2, asking for this one", w.t.conserje, body(), 403, ErrorKey.forbidden],
      [
        "a porter, about itself where it does not work",
        w.t.portero,
        { id_portero: porterId(), id_finca: w.C2.id },
        403,
        ErrorKey.forbidden,
      ],
      ["another administrator", w.t.admin2, body(), 403, ErrorKey.forbidden],
      ["colegio B's administrator", w.t.adminB, body(), 403, ErrorKey.forbidden],
      ["another colegio", w.t.colegioB, body(), 403, ErrorKey.forbidden],
      ["a provider of the community", w.t.gremio, body(), 403, ErrorKey.forbidden],
      ["nobody signed in", undefined, body(), 401, ErrorKey.unauthorized],
      [
        "a porter of another community",
        w.t.administrador,
        { id_portero: w.conserje.managerId, id_finca: w.C1.id },
        404,
        ErrorKey.porterNotInFinca,
      ],
      [
        "a user who is no porter",
        w.t.administrador,
        { id_portero: w.P3.managerId!, id_finca: w.C1.id },
        404,
        ErrorKey.porterNotInFinca,
      ],
      [
        "a user that does not exist",
        w.t.administrador,
        { id_portero: 99_999_999, id_finca: w.C1.id },
        404,
        ErrorKey.porterNotInFinca,
      ],
      [
        "a community that does not exist",
        w.t.administrador,
        { id_portero: porterId(), id_finca: 99_999_999 },
        404,
        ErrorKey.notFound,
      ],
      ["a bad id", w.t.administrador, { id_portero: "x", id_finca: w.C1.id }, 400, ErrorKey.invalidInput],
    ];
    for (const url of urls) {
      for (const [who, token, payload, status, error] of refusals) {
        const res = await post(token, url, payload);
        expect(res.statusCode, `${url} ${who}`).toBe(status);
        expect(res.json(), `${url} ${who}`).toEqual({ result: false, error });
      }
    }
  });

  it("answers 404 porteros.not-in-finca once the porter leaves the community, or its account is deleted", async () => {
    await db().execute(
      sql`update community_porters set erased = true where community_id = ${w.C1.id} and porter_user_id = ${porterId()}`,
    );
    for (const url of [ADMIN_FOR_PORTER, UPLOADED_BY_FINCA, READ_BY_FINCA]) {
      expectError(await post(w.t.administrador, url, body()), 404, ErrorKey.porterNotInFinca);
      // The porter itself no longer reaches the community at all.
      expectError(await post(w.t.portero, url, body()), 403, ErrorKey.forbidden);
    }
    await db().execute(sql`update users set erased = true where id = ${vigilante.userId}`);
    expectError(
      await post(w.t.administrador, ADMIN_FOR_PORTER, { id_portero: vigilante.userId, id_finca: w.C1.id }),
      404,
      ErrorKey.porterNotInFinca,
    );
  });
});
