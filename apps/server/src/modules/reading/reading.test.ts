import {
  type CommunityDocumentRow,
  type DefinitionInput,
  ErrorKey,
  type PendingReadRow,
  Requirement,
  Role,
  todayInSpain,
} from "@coordina/domain";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDocumentsWorld,
  type DocumentRowLike,
  type DocumentsWorld,
  define,
  uploaded,
} from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { readMarks } from "../../db/schema/index.js";
import { ensureMembership, ensureProviderLink } from "../../db/seed/builders.js";

/**
 * Reading duties through HTTP (spec 02 §2 'Document viewing for a community', 'Provider home', §7
 * 'Provider documents', 'Mark read'; docs/compliance.md rules 2 and 7), on the shared documents world
 * (test/documents-world.ts): the demo administrator's C1 (served by P1 'gremio' and P3 'p3') and C2
 * (served by P1); admin2's R1 (P2); and colegio B's B1, which P1 also serves here.
 *
 * Colegio A's definitions: ADM 'Normas de la comunidad' (administrator → providers, to read), ADM_BOUND (the same, per community, to providers and porters), ADM_INFO (administrator →
 * providers, nothing to read), PROV (provider → providers, to read, expiry required), PROV_ADMIN
 * (provider → administrator, to read), ALL (provider → everybody, to read, per community), PORTER
 * (provider → porters). Colegio B: B_ADM (administrator → providers, to read).
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
type DefKey = "ADM" | "ADM_BOUND" | "ADM_INFO" | "PROV" | "PROV_ADMIN" | "ALL" | "PORTER" | "B_ADM";
const def = {} as Record<DefKey, { id: number; name: string; read: boolean }>;
type DocKey =
  | "aNormas"
  | "aResumen"
  | "aRiesgosC1"
  | "aRiesgosC2"
  | "aHorario"
  | "aErased"
  | "aExpired"
  | "a2Normas"
  | "p1Plan"
  | "p1Incomplete"
  | "p1Seguro"
  | "p1Protocolo"
  | "p1Porter"
  | "p3Plan"
  | "p3Deleted"
  | "bNormas";
const doc = {} as Record<DocKey, DocumentRowLike & { def: DefKey }>;

const today = todayInSpain();
function dayFrom(days: number) {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const BY_ADMIN = "/companies/providers/documents_of_finca_by_administrator";
const BY_PROVIDERS = "/companies/providers/documets_of_finca_by_providers";
const IS_PENDING = "/companies/providers/is_pending_read";
const PENDING = "/companies/providers/doc-read-pending-by-provider";
const READ_BY_PROVIDER = "/companies/providers/read_by_provider";
const MARK = "/companies/providers/mark_read";

const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  await ensureMembership(db(), w.B.id, w.P1.id);
  await ensureProviderLink(db(), w.B1.id, w.P1.id);

  const { administrator, provider, portero, provider_portero, administrador_provider_portero } = Requirement;
  const inputs: [DefKey, string, Omit<DefinitionInput, "name">][] = [
    ["ADM", "Normas de la comunidad", { requirement_origin: administrator, requirement_dest: provider }],
    [
      "ADM_BOUND",
      "Riesgos de la finca",
      { requirement_origin: administrator, requirement_dest: provider_portero, assocfinca: true },
    ],
    ["ADM_INFO", "Horario de la finca", { requirement_origin: administrator, requirement_dest: provider }],
    ["PROV", "Plan de seguridad", { requirement_origin: provider, requirement_dest: provider, obsoletable: true }],
    [
      "PROV_ADMIN",
      "Seguro de responsabilidad civil",
      { requirement_origin: provider, requirement_dest: administrator },
    ],
    [
      "ALL",
      "Protocolo de emergencia",
      { requirement_origin: provider, requirement_dest: administrador_provider_portero, assocfinca: true },
    ],
    ["PORTER", "Parte para el portero", { requirement_origin: provider, requirement_dest: portero }],
  ];
  for (const [key, name, input] of inputs) {
    const read = key !== "ADM_INFO";
    def[key] = { id: (await define(ctx, w.t.colegio, { name, dest_read_required: read, ...input })).id, name, read };
  }
  def.B_ADM = {
    id: (
      await define(ctx, w.t.colegioB, {
        name: "Normes de la comunitat",
        requirement_origin: administrator,
        requirement_dest: provider,
        dest_read_required: true,
      })
    ).id,
    name: "Normes de la comunitat",
    read: true,
  };

  const A = w.A.id;
  const uploads: [DocKey, string, number, DefKey, Record<string, string | number>, string][] = [
    ["aNormas", w.t.administrador, A, "ADM", {}, "normas.pdf"],
    ["aResumen", w.t.administrador, A, "ADM", {}, "resumen-normas.pdf"],
    ["aRiesgosC1", w.t.administrador, A, "ADM_BOUND", { id_finca: w.C1.id }, "riesgos-mayor.pdf"],
    ["aRiesgosC2", w.t.administrador, A, "ADM_BOUND", { id_finca: w.C2.id }, "riesgos-toledo.pdf"],
    ["aHorario", w.t.administrador, A, "ADM_INFO", {}, "horario.pdf"],
    ["aErased", w.t.administrador, A, "ADM", {}, "normas-antiguas.pdf"],
    ["aExpired", w.t.administrador, A, "ADM", { obsolete: dayFrom(-1) }, "normas-caducadas.pdf"],
    ["a2Normas", w.t.admin2, A, "ADM", {}, "normas-retiro.pdf"],
    ["p1Plan", w.t.gremio, A, "PROV", { obsolete: dayFrom(1) }, "plan-ascensores.pdf"],
    ["p1Incomplete", w.t.gremio, A, "PROV", {}, "plan-sin-fecha.pdf"],
    ["p1Seguro", w.t.gremio, A, "PROV_ADMIN", {}, "poliza.pdf"],
    ["p1Protocolo", w.t.gremio, A, "ALL", { id_finca: w.C1.id }, "protocolo-mayor.pdf"],
    ["p1Porter", w.t.gremio, A, "PORTER", {}, "parte.pdf"],
    // Valid through today: still current.
    ["p3Plan", w.t.p3, A, "PROV", { obsolete: today }, "plan-limpieza.pdf"],
    ["p3Deleted", w.t.p3, A, "PROV", { obsolete: dayFrom(30) }, "plan-borrado.pdf"],
    ["bNormas", w.t.adminB, w.B.id, "B_ADM", {}, "normes.pdf"],
  ];
  for (const [key, token, colegio, defKey, fields, name] of uploads) {
    doc[key] = {
      ...(await uploaded(ctx, token, colegio, { id_definition: def[defKey].id, ...fields }, name)),
      def: defKey,
    };
  }
  const erased = await post(w.t.administrador, `/companies/documents/erasecompanydefined/${doc.aErased.id}`);
  expect(erased.statusCode, erased.body).toBe(200);
  await db().execute(sql`update files set deleted = true where id = ${doc.p3Deleted.fileupload_id}`);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

/** The row a reading list shows for a document, unread unless `read` says the mark's id. */
function row(key: DocKey, read = 0): CommunityDocumentRow {
  const d = doc[key];
  const definition = def[d.def];
  return {
    id: definition.id,
    definition_name: definition.name,
    read_required: definition.read,
    group: null,
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
  return res.json().data as CommunityDocumentRow[];
}
const docIds = (rows: { doc_id: number }[]) => rows.map((r) => r.doc_id);
const ids = (...keys: DocKey[]) => keys.map((k) => doc[k].id);

async function pendingFlag(token: string, communityId: number) {
  const res = await post(token, IS_PENDING, { id_finca: communityId });
  expect(res.statusCode, res.body).toBe(200);
  expect(Object.keys(res.json()).sort()).toEqual(["pending", "result"]);
  return res.json().pending as boolean;
}

async function menuOf(token: string, communityId: number) {
  const res = await call(ctx.app, "GET", `/companies/fincas/view/${communityId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const { pending_read, pending_read_providers } = res.json().finca.menu;
  return { pending_read, pending_read_providers };
}

const mark = (token: string, body: { id_document: number; id_finca: number; id_company: number }) =>
  post(token, MARK, { readed: true, ...body });
async function marked(token: string, body: { id_document: number; id_finca: number; id_company: number }) {
  const res = await mark(token, body);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().read_identifier as number;
  expect(id).toBeGreaterThan(0);
  expect(res.json()).toEqual({ result: true, read_identifier: id });
  return id;
}
const countMarks = async () => (await db().select({ n: count() }).from(readMarks))[0]!.n;

describe("what the administrator gives a provider (documents_of_finca_by_administrator)", () => {
  it("lists the current documents of the community's administrator for a provider serving it, exactly", async () => {
    const rows = await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C1.id });
    // By definition name, the newest first within one: general ones and those bound to C1 only.
    expect(rows).toEqual([row("aHorario"), row("aResumen"), row("aNormas"), row("aRiesgosC1")]);
    expect(await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C2.id })).toEqual([
      row("aHorario"),
      row("aResumen"),
      row("aNormas"),
      row("aRiesgosC2"),
    ]);
    expect(await rowsOf(w.t.p3, BY_ADMIN, { id_finca: w.C1.id })).toEqual(rows);
    // colg_id of the community's colegio changes nothing; another administrator's community has its own.
    expect(await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C1.id, colg_id: w.A.id })).toEqual(rows);
    expect(docIds(await rowsOf(w.t.p2, BY_ADMIN, { id_finca: w.R1.id }))).toEqual(ids("a2Normas"));
    expect(docIds(await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.B1.id, colg_id: w.B.id }))).toEqual(ids("bNormas"));
  });

  it("leaves out erased, expired and other communities' documents and what the administrator has for no provider", async () => {
    const listed = docIds(await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C1.id }));
    for (const key of ["aErased", "aExpired", "aRiesgosC2", "a2Normas", "bNormas"] as const)
      expect(listed, key).not.toContain(doc[key].id);
  });

  it("refuses, with 403 and no data, whoever does not serve the community", async () => {
    for (const [who, token, body] of [
      ["P2 (serves R1 only)", w.t.p2, { id_finca: w.C1.id }],
      ["P0 (serves nothing)", w.t.p0, { id_finca: w.C1.id }],
      ["PB (colegio B)", w.t.pB, { id_finca: w.C1.id }],
      ["P1 in R1", w.t.gremio, { id_finca: w.R1.id }],
      ["P1 in C1 with colegio B chosen", w.t.gremio, { id_finca: w.C1.id, colg_id: w.B.id }],
      ["the administrator (reads from providers)", w.t.administrador, { id_finca: w.C1.id }],
      ["the colegio", w.t.colegio, { id_finca: w.C1.id }],
      ["a porter", w.t.portero, { id_finca: w.C1.id }],
    ] as const) {
      const res = await post(token, BY_ADMIN, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expectError(await post(w.t.gremio, BY_ADMIN, { id_finca: 99_999_999 }), 404, ErrorKey.notFound);
    expectError(await post(w.t.gremio, BY_ADMIN, { id_finca: "x" }), 400, ErrorKey.invalidInput);
    expectError(await post(undefined, BY_ADMIN, { id_finca: w.C1.id }), 401, ErrorKey.unauthorized);
  });
});

describe("what the providers give (documets_of_finca_by_providers)", () => {
  it("gives a provider the other live providers' current documents for providers, never its own", async () => {
    // P3's plan is valid through today; its deleted file is gone.
    expect(await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([row("p3Plan")]);
    // P1's incomplete plan (no expiry), its document for the administrator and for porters are not for P3.
    expect(await rowsOf(w.t.p3, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([row("p1Plan"), row("p1Protocolo")]);
    // Alone in C2: no other provider.
    expect(await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C2.id })).toEqual([]);
  });

  it("gives the administrator its providers' current documents for the administrator", async () => {
    expect(await rowsOf(w.t.administrador, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([
      row("p1Protocolo"),
      row("p1Seguro"),
    ]);
    // The protocol is bound to C1; the insurance is general.
    expect(await rowsOf(w.t.administrador, BY_PROVIDERS, { id_finca: w.C2.id })).toEqual([row("p1Seguro")]);
  });

  it("lists an incomplete document to no reader (no 'Falta la fecha' flag needed), and lists it once its date is set", async () => {
    // docs/compliance.md: without the expiry its definition requires, a document is incomplete and counts
    // for nothing, so no reading list (provider, administrator, porter) carries it, nor any pending read.
    const name = "Certificado de formación";
    const certDef = await define(ctx, w.t.colegio, {
      name,
      requirement_origin: Requirement.provider,
      requirement_dest: Requirement.administrador_provider_portero,
      obsoletable: true,
      dest_read_required: true,
    });
    const cert = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: certDef.id }, "certificado.pdf");
    expect(cert.fileupload.obsolete).toBeNull();
    const readers = [
      ["P3", w.t.p3, BY_PROVIDERS, { id_finca: w.C1.id }],
      ["the administrator", w.t.administrador, BY_PROVIDERS, { id_finca: w.C1.id }],
      [
        "the porter",
        w.t.portero,
        "/porteros/documents/readByFinca",
        { id_finca: w.C1.id, id_portero: ctx.seed.porter.id },
      ],
    ] as const;
    const before = [];
    for (const [who, token, url, body] of readers) {
      const rows = await rowsOf(token, url, body);
      expect(docIds(rows), who).not.toContain(cert.id);
      before.push(rows);
    }
    expect(docIds(await rowsOf(w.t.p3, BY_PROVIDERS, { id_finca: w.C1.id }))).toEqual(ids("p1Plan", "p1Protocolo"));
    const pending = await post(w.t.p3, PENDING);
    expect((pending.json().data as PendingReadRow[]).map((r) => r.uploaded_doc_id)).not.toContain(cert.id);

    const obsolete = dayFrom(60);
    const edited = await post(w.t.gremio, `/file-manager/fileupload/edit/${cert.fileupload_id}`, {
      name: "certificado.pdf",
      obsolete,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const [i, [who, token, url, body]] of readers.entries()) {
      const rows = await rowsOf(token, url, body);
      const listed = rows.filter((r) => r.doc_id === cert.id);
      expect(listed, who).toEqual([
        expect.objectContaining({ definition_name: name, doc_name: "certificado.pdf", file_obsolete: obsolete }),
      ]);
      expect(
        rows.filter((r) => r.doc_id !== cert.id),
        who,
      ).toEqual(before[i]);
    }
  });

  it("stops listing a removed provider's documents, and lists them again when it is added back", async () => {
    const added = await post(w.t.administrador, "/companies-providers/add", {
      id_provider: w.P0.id,
      id_company: w.C1.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const p0Plan = await uploaded(
      ctx,
      w.t.p0,
      w.A.id,
      { id_definition: def.PROV.id, obsolete: dayFrom(10) },
      "plan-jardines.pdf",
    );
    expect(docIds(await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C1.id }))).toEqual([p0Plan.id, doc.p3Plan.id]);
    expect(await pendingFlag(w.t.p0, w.C1.id)).toBe(true);

    const removed = await post(w.t.administrador, `/companies-providers/delete/${added.json().data.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(docIds(await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C1.id }))).toEqual(ids("p3Plan"));
    const pending = await post(w.t.gremio, PENDING);
    expect((pending.json().data as PendingReadRow[]).map((r) => r.uploaded_doc_id)).not.toContain(p0Plan.id);
    // Unlinked, P0 reads nothing there any more, and nobody may ask what it reads.
    expectError(await post(w.t.p0, BY_PROVIDERS, { id_finca: w.C1.id }), 403, ErrorKey.forbidden);
    expectError(await post(w.t.p0, IS_PENDING, { id_finca: w.C1.id }), 403, ErrorKey.forbidden);
    expectError(
      await post(w.t.administrador, READ_BY_PROVIDER, { id_finca: w.C1.id, id_gremio: w.P0.id }),
      404,
      ErrorKey.providerNotInFinca,
    );

    const again = await post(w.t.administrador, "/companies-providers/add", {
      id_provider: w.P0.id,
      id_company: w.C1.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(docIds(await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C1.id }))).toEqual([p0Plan.id, doc.p3Plan.id]);
    expect((await post(w.t.administrador, `/companies-providers/delete/${again.json().data.id}`)).statusCode).toBe(200);
  });

  it("refuses, with 403 and no data, whoever is not a party of the community", async () => {
    for (const [who, token, body] of [
      ["P2 (serves R1 only)", w.t.p2, { id_finca: w.C1.id }],
      ["P0 (serves nothing)", w.t.p0, { id_finca: w.C2.id }],
      ["another administrator", w.t.admin2, { id_finca: w.C1.id }],
      ["colegio B's administrator", w.t.adminB, { id_finca: w.C1.id }],
      ["the colegio", w.t.colegio, { id_finca: w.C1.id }],
      ["another colegio", w.t.colegioB, { id_finca: w.C1.id }],
      ["a porter of another community", w.t.conserje, { id_finca: w.C1.id }],
    ] as const) {
      const res = await post(token, BY_PROVIDERS, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expectError(await post(w.t.administrador, BY_PROVIDERS, { id_finca: 99_999_999 }), 404, ErrorKey.notFound);
  });
});

describe("the provider's pending reads (doc-read-pending-by-provider)", () => {
  const pendingRow = (key: DocKey, community: { id: number; name: string }, admin: string): PendingReadRow => {
    const d = doc[key];
    const definition = def[d.def];
    return {
      finca_name: community.name,
      finca_administrator: admin,
      finca_id: community.id,
      uploaded_doc_id: d.id,
      uploaded_doc_name: d.fileupload.name,
      doc_id: definition.id,
      doc_type: definition.name,
      file_id: d.fileupload_id,
      file_size: d.fileupload.size,
      company_name: d.company_name,
      from_administrator: d.company_id !== w.P1.id && d.company_id !== w.P3.id,
    };
  };
  const pendingOf = async (token: string, body: object = {}) => {
    const res = await post(token, PENDING, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PendingReadRow[];
  };

  it("lists every unread document to read in the communities it serves in the colegio, by community, category and file", async () => {
    const adminName = doc.aNormas.company_name;
    const C1 = { id: w.C1.id, name: w.C1.name };
    const C2 = { id: w.C2.id, name: w.C2.name };
    const expected = [
      // 'Comunidad Calle Toledo 5' before 'Comunidad de Propietarios Calle Mayor 10'.
      pendingRow("aNormas", C2, adminName),
      pendingRow("aResumen", C2, adminName),
      pendingRow("aRiesgosC2", C2, adminName),
      pendingRow("aNormas", C1, adminName),
      pendingRow("aResumen", C1, adminName),
      pendingRow("p3Plan", C1, adminName),
      pendingRow("aRiesgosC1", C1, adminName),
    ];
    expect(await pendingOf(w.t.gremio, { colg_id: w.A.id })).toEqual(expected);
    expect(expected.find((r) => r.uploaded_doc_id === doc.p3Plan.id)?.from_administrator).toBe(false);
    const inB = [pendingRow("bNormas", { id: w.B1.id, name: w.B1.name }, doc.bNormas.company_name)];
    expect(await pendingOf(w.t.gremio, { colg_id: w.B.id })).toEqual(inB);
    // No colegio chosen: every colegio it works in.
    expect(await pendingOf(w.t.gremio)).toEqual([...expected, ...inB]);
  });

  it("counts for every provider exactly the colegio's 'Docs a leer' still unread (read_must − read_all), before and after a read", async () => {
    // 'Tareas pendientes' and its summary show this list's length; the colegio's providers list, the figures.
    const providers = [
      { token: w.t.gremio, id: w.P1.id },
      { token: w.t.p3, id: w.P3.id },
      { token: w.t.p2, id: w.P2.id },
      { token: w.t.p0, id: w.P0.id },
    ];
    const compare = async () => {
      const list = await post(w.t.colegio, "/companies/companies/index", { type: Role.gremio, limit: 100 });
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json().data as { id: number; read_must: number; read_all: number }[];
      const counted: [number, number, number][] = [];
      for (const p of providers) {
        const figures = rows.find((r) => r.id === p.id);
        expect(figures, `provider ${p.id} in the colegio's list`).toBeDefined();
        counted.push([
          p.id,
          (await pendingOf(p.token, { colg_id: w.A.id })).length,
          figures!.read_must - figures!.read_all,
        ]);
      }
      for (const [, listed, owed] of counted) expect(listed).toBe(owed);
      return counted.map(([, listed]) => listed);
    };
    const before = await compare();
    expect(before[0]).toBeGreaterThan(0);
    await marked(w.t.gremio, { id_document: doc.aNormas.id, id_finca: w.C1.id, id_company: w.P1.id });
    const after = await compare();
    expect(after[0]).toBe(before[0]! - 1);
  });

  it("is empty for a provider that serves nothing, and only for providers", async () => {
    expect(await pendingOf(w.t.p0, { colg_id: w.A.id })).toEqual([]);
    // PB reads what colegio B's administrator gives B1, as P1 does.
    expect((await pendingOf(w.t.pB)).map((r) => [r.finca_id, r.uploaded_doc_id])).toEqual([[w.B1.id, doc.bNormas.id]]);
    for (const token of [w.t.administrador, w.t.colegio, w.t.portero, w.t.master])
      expectError(await post(token, PENDING), 403, ErrorKey.forbidden);
    expectError(await post(w.t.gremio, PENDING, { colg_id: w.B.id + 1000 }), 403, ErrorKey.colegioForbidden);
  });
});

describe("marking a document read (mark_read) and what it changes", () => {
  it("starts with every flag up where something is left to read", async () => {
    expect(await pendingFlag(w.t.gremio, w.C1.id)).toBe(true);
    expect(await pendingFlag(w.t.gremio, w.C2.id)).toBe(true);
    expect(await pendingFlag(w.t.p3, w.C1.id)).toBe(true);
    expect(await pendingFlag(w.t.administrador, w.C1.id)).toBe(true);
    expect(await pendingFlag(w.t.administrador, w.C2.id)).toBe(true);
    expect(await pendingFlag(w.t.p2, w.R1.id)).toBe(true);
    expect(await menuOf(w.t.gremio, w.C1.id)).toEqual({ pending_read: true, pending_read_providers: true });
    expect(await menuOf(w.t.gremio, w.C2.id)).toEqual({ pending_read: true, pending_read_providers: false });
    expect(await menuOf(w.t.p3, w.C1.id)).toEqual({ pending_read: true, pending_read_providers: true });
    // Other roles: no badges.
    for (const token of [w.t.administrador, w.t.colegio, w.t.portero])
      expect(await menuOf(token, w.C1.id)).toEqual({ pending_read: false, pending_read_providers: false });
  });

  it("marks once per document, community and company, and shows the mark where it counts", async () => {
    const before = await countMarks();
    const body = { id_document: doc.aNormas.id, id_finca: w.C1.id, id_company: w.P1.id };
    const id = await marked(w.t.gremio, body);
    expect(await marked(w.t.gremio, body)).toBe(id);
    expect(await countMarks()).toBe(before + 1);
    // Two clicks at once: one mark, both answered with it.
    const p3 = { id_document: doc.aResumen.id, id_finca: w.C1.id, id_company: w.P3.id };
    const [first, second] = await Promise.all([marked(w.t.p3, p3), marked(w.t.p3, p3)]);
    expect(second).toBe(first);
    expect(await countMarks()).toBe(before + 2);
    const [stored] = await db().select().from(readMarks).where(eq(readMarks.id, id));
    expect(stored).toMatchObject({
      documentId: doc.aNormas.id,
      communityId: w.C1.id,
      readerCompanyId: w.P1.id,
      userId: doc.p1Plan.user_origin,
    });

    expect(await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C1.id })).toEqual([
      row("aHorario"),
      row("aResumen"),
      row("aNormas", id),
      row("aRiesgosC1"),
    ]);
    // Marks are per community and per company.
    const inC2 = await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C2.id });
    expect(inC2.find((r) => r.doc_id === doc.aNormas.id)?.read_identifier).toBe(0);
    const forP3 = await rowsOf(w.t.p3, BY_ADMIN, { id_finca: w.C1.id });
    expect(forP3.find((r) => r.doc_id === doc.aNormas.id)?.read_identifier).toBe(0);
    const pending = (await post(w.t.gremio, PENDING, { colg_id: w.A.id })).json().data as PendingReadRow[];
    expect(pending.map((r) => [r.finca_id, r.uploaded_doc_id])).toEqual([
      [w.C2.id, doc.aNormas.id],
      [w.C2.id, doc.aResumen.id],
      [w.C2.id, doc.aRiesgosC2.id],
      [w.C1.id, doc.aResumen.id],
      [w.C1.id, doc.p3Plan.id],
      [w.C1.id, doc.aRiesgosC1.id],
    ]);
  });

  it("takes the badges down as the provider reads what it must", async () => {
    const p1 = (key: DocKey, finca = w.C1.id) => ({ id_document: doc[key].id, id_finca: finca, id_company: w.P1.id });
    await marked(w.t.gremio, p1("aNormas"));
    await marked(w.t.gremio, p1("aResumen"));
    expect(await menuOf(w.t.gremio, w.C1.id)).toEqual({ pending_read: true, pending_read_providers: true });
    await marked(w.t.gremio, p1("aRiesgosC1"));
    expect(await menuOf(w.t.gremio, w.C1.id)).toEqual({ pending_read: false, pending_read_providers: true });
    expect(await pendingFlag(w.t.gremio, w.C1.id)).toBe(true);
    const planMark = await marked(w.t.gremio, p1("p3Plan"));
    expect(await menuOf(w.t.gremio, w.C1.id)).toEqual({ pending_read: false, pending_read_providers: false });
    expect(await pendingFlag(w.t.gremio, w.C1.id)).toBe(false);
    expect(await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([row("p3Plan", planMark)]);
    // The timetable needs no reading: unread, it raises no badge; it may still be marked.
    const horario = await marked(w.t.gremio, p1("aHorario"));
    const rows = await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C1.id });
    expect(rows.find((r) => r.doc_id === doc.aHorario.id)?.read_identifier).toBe(horario);
    // C2 still has its own reading to do; P3 in C1 too.
    expect(await menuOf(w.t.gremio, w.C2.id)).toEqual({ pending_read: true, pending_read_providers: false });
    expect(await menuOf(w.t.p3, w.C1.id)).toEqual({ pending_read: true, pending_read_providers: true });
    expect(
      ((await post(w.t.gremio, PENDING, { colg_id: w.A.id })).json().data as PendingReadRow[]).map((r) => r.finca_id),
    ).toEqual([w.C2.id, w.C2.id, w.C2.id]);
  });

  it("lets the administrator mark what its providers give it", async () => {
    const admin = (key: DocKey, finca = w.C1.id) => ({
      id_document: doc[key].id,
      id_finca: finca,
      id_company: w.admin.id,
    });
    const seguro = await marked(w.t.administrador, admin("p1Seguro"));
    expect(await pendingFlag(w.t.administrador, w.C1.id)).toBe(true);
    const protocolo = await marked(w.t.administrador, admin("p1Protocolo"));
    expect(await pendingFlag(w.t.administrador, w.C1.id)).toBe(false);
    expect(await rowsOf(w.t.administrador, BY_PROVIDERS, { id_finca: w.C1.id })).toEqual([
      row("p1Protocolo", protocolo),
      row("p1Seguro", seguro),
    ]);
    // Read in C1, the general insurance is still unread in C2.
    expect(await pendingFlag(w.t.administrador, w.C2.id)).toBe(true);
    // The administrator's own panel shows no badges whatever it has left.
    expect(await menuOf(w.t.administrador, w.C2.id)).toEqual({ pending_read: false, pending_read_providers: false });
  });

  it("refuses to mark what the caller may not read there, without recording anything", async () => {
    const before = await countMarks();
    const P1 = w.P1.id;
    const refusals: [string, string, { id_document: number; id_finca: number; id_company: number }, number, string][] =
      [
        [
          "for another company",
          w.t.gremio,
          { id_document: doc.aNormas.id, id_finca: w.C2.id, id_company: w.P3.id },
          403,
          ErrorKey.readForOtherCompany,
        ],
        [
          "for the administrator's company",
          w.t.gremio,
          { id_document: doc.aNormas.id, id_finca: w.C2.id, id_company: w.admin.id },
          403,
          ErrorKey.readForOtherCompany,
        ],
        [
          "an expired document",
          w.t.gremio,
          { id_document: doc.aExpired.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "an erased document",
          w.t.gremio,
          { id_document: doc.aErased.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "a document whose file is deleted",
          w.t.gremio,
          { id_document: doc.p3Deleted.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "an incomplete document",
          w.t.p3,
          { id_document: doc.p1Incomplete.id, id_finca: w.C1.id, id_company: w.P3.id },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "another community's document",
          w.t.gremio,
          { id_document: doc.aRiesgosC2.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "another administrator's document",
          w.t.gremio,
          { id_document: doc.a2Normas.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "another colegio's document",
          w.t.gremio,
          { id_document: doc.bNormas.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "its own document",
          w.t.gremio,
          { id_document: doc.p1Plan.id, id_finca: w.C1.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "a document for the administrator",
          w.t.p3,
          { id_document: doc.p1Seguro.id, id_finca: w.C1.id, id_company: w.P3.id },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "a document for porters",
          w.t.p3,
          { id_document: doc.p1Porter.id, id_finca: w.C1.id, id_company: w.P3.id },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "a P3 document in C2, where P3 is no party",
          w.t.gremio,
          { id_document: doc.p3Plan.id, id_finca: w.C2.id, id_company: P1 },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "the administrator its own document",
          w.t.administrador,
          { id_document: doc.aNormas.id, id_finca: w.C1.id, id_company: w.admin.id },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "the administrator a document for providers",
          w.t.administrador,
          { id_document: doc.p1Plan.id, id_finca: w.C1.id, id_company: w.admin.id },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "in a community it does not serve",
          w.t.p2,
          { id_document: doc.aNormas.id, id_finca: w.C1.id, id_company: w.P2.id },
          403,
          ErrorKey.forbidden,
        ],
        [
          "another administrator's community",
          w.t.admin2,
          { id_document: doc.p1Seguro.id, id_finca: w.C1.id, id_company: w.admin2.id },
          403,
          ErrorKey.forbidden,
        ],
        [
          "a colegio",
          w.t.colegio,
          { id_document: doc.aNormas.id, id_finca: w.C1.id, id_company: w.A.id },
          403,
          ErrorKey.forbidden,
        ],
        [
          "a porter a document for providers only",
          w.t.portero,
          { id_document: doc.aNormas.id, id_finca: w.C1.id, id_company: w.porterCompany.id },
          403,
          ErrorKey.documentNotReadable,
        ],
        [
          "a porter in a community it does not work in",
          w.t.conserje,
          { id_document: doc.aRiesgosC1.id, id_finca: w.C1.id, id_company: w.conserje.id },
          403,
          ErrorKey.forbidden,
        ],
        [
          "a document that does not exist",
          w.t.gremio,
          { id_document: 99_999_999, id_finca: w.C1.id, id_company: P1 },
          404,
          ErrorKey.notFound,
        ],
        [
          "in a community that does not exist",
          w.t.gremio,
          { id_document: doc.aNormas.id, id_finca: 99_999_999, id_company: P1 },
          404,
          ErrorKey.notFound,
        ],
      ];
    for (const [what, token, body, status, error] of refusals) {
      const res = await mark(token, body);
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toEqual({ result: false, error });
    }
    expectError(
      await post(w.t.gremio, MARK, { readed: false, id_document: doc.aNormas.id, id_finca: w.C2.id, id_company: P1 }),
      400,
      ErrorKey.invalidInput,
    );
    expect(await countMarks()).toBe(before);
  });
});

describe("what a provider may read, with its marks (read_by_provider)", () => {
  it("shows the community's administrator, its colegio and the provider itself the same rows", async () => {
    await marked(w.t.p3, { id_document: doc.aResumen.id, id_finca: w.C1.id, id_company: w.P3.id });
    const p1 = await rowsOf(w.t.gremio, BY_ADMIN, { id_finca: w.C1.id });
    const fromProviders = await rowsOf(w.t.gremio, BY_PROVIDERS, { id_finca: w.C1.id });
    // Documents from providers and from the administrator, by category.
    const byCategory = [...p1, ...fromProviders].sort(
      (a, b) => a.definition_name.localeCompare(b.definition_name, "es") || b.created.localeCompare(a.created),
    );
    expect(docIds(byCategory)).toEqual(ids("aHorario", "aResumen", "aNormas", "p3Plan", "aRiesgosC1"));
    const body = { id_finca: w.C1.id, id_gremio: w.P1.id };
    for (const [who, token] of [
      ["administrator", w.t.administrador],
      ["colegio", w.t.colegio],
      ["the provider", w.t.gremio],
    ] as const) {
      expect(await rowsOf(token, READ_BY_PROVIDER, body), who).toEqual(byCategory);
    }
    // P3 has read only the summary; what it reads comes from P1 too.
    const p3 = await rowsOf(w.t.administrador, READ_BY_PROVIDER, { id_finca: w.C1.id, id_gremio: w.P3.id });
    expect(docIds(p3)).toEqual(ids("aHorario", "aResumen", "aNormas", "p1Plan", "p1Protocolo", "aRiesgosC1"));
    expect(docIds(p3.filter((r) => r.read_identifier !== 0))).toEqual(ids("aResumen"));
    expect(await rowsOf(w.t.colegio, READ_BY_PROVIDER, { id_finca: w.R1.id, id_gremio: w.P2.id })).toEqual([
      row("a2Normas"),
    ]);
  });

  it("agrees with the community's providers list: its documents to read are the row's 'Documentos leídos'", async () => {
    const res = await post(w.t.administrador, "/companies-providers/index", { idFinca: w.C1.id });
    expect(res.statusCode, res.body).toBe(200);
    for (const provider of [w.P1, w.P3]) {
      const figures = (res.json().data as { id_provider: number; readed_must: number; readed_count: number }[]).find(
        (r) => r.id_provider === provider.id,
      );
      const rows = await rowsOf(w.t.administrador, READ_BY_PROVIDER, { id_finca: w.C1.id, id_gremio: provider.id });
      const toRead = rows.filter((r) => r.read_required);
      expect(figures, provider.name).toMatchObject({
        readed_must: toRead.length,
        readed_count: toRead.filter((r) => r.read_identifier !== 0).length,
      });
    }
  });

  it("refuses, with 403 and no data, whoever may not see it, and 404 for a company that is no provider there", async () => {
    const body = { id_finca: w.C1.id, id_gremio: w.P1.id };
    for (const [who, token, request] of [
      ["another provider of the community", w.t.p3, body],
      ["a provider of another community", w.t.p2, body],
      ["a provider asking about itself where it does not serve", w.t.p2, { id_finca: w.C1.id, id_gremio: w.P2.id }],
      ["another administrator", w.t.admin2, body],
      ["colegio B's administrator", w.t.adminB, body],
      ["another colegio", w.t.colegioB, body],
      ["a porter", w.t.portero, body],
      ["the master", w.t.master, body],
    ] as const) {
      const res = await post(token, READ_BY_PROVIDER, request);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    for (const id_gremio of [w.P2.id, w.P0.id, w.admin.id, 99_999_999])
      expectError(
        await post(w.t.administrador, READ_BY_PROVIDER, { id_finca: w.C1.id, id_gremio }),
        404,
        ErrorKey.providerNotInFinca,
      );
    expectError(
      await post(w.t.colegio, READ_BY_PROVIDER, { id_finca: 99_999_999, id_gremio: w.P1.id }),
      404,
      ErrorKey.notFound,
    );
  });
});

describe("a deleted community", () => {
  it("has nothing left to read: its lists answer 404 and its reads leave the pending list", async () => {
    const pendingReads = async () =>
      (await post(w.t.gremio, PENDING, { colg_id: w.A.id })).json().data as PendingReadRow[];
    const before = await pendingReads();
    expect(before.filter((r) => r.finca_id === w.C2.id).length).toBeGreaterThan(0);
    const res = await post(w.t.administrador, `/companies/fincas/delete/${w.C2.id}`);
    expect(res.statusCode, res.body).toBe(200);
    for (const url of [BY_ADMIN, BY_PROVIDERS, IS_PENDING])
      expectError(await post(w.t.gremio, url, { id_finca: w.C2.id }), 404, ErrorKey.notFound);
    expectError(
      await mark(w.t.gremio, { id_document: doc.aNormas.id, id_finca: w.C2.id, id_company: w.P1.id }),
      404,
      ErrorKey.notFound,
    );
    expectError(
      await post(w.t.administrador, READ_BY_PROVIDER, { id_finca: w.C2.id, id_gremio: w.P1.id }),
      404,
      ErrorKey.notFound,
    );
    // A stranger cannot tell it was there.
    expectError(await post(w.t.p2, BY_ADMIN, { id_finca: w.C2.id }), 403, ErrorKey.forbidden);
    expect(await pendingReads()).toEqual(before.filter((r) => r.finca_id !== w.C2.id));
  });
});
