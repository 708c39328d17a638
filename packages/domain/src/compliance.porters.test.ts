import { describe, expect, it } from "vitest";
import {
  type ComplianceWorld,
  complianceModel,
  type ModelDefinition,
  type ModelDocument,
  type ModelReadMark,
} from "./compliance.js";
import { Requirement } from "./documents.js";

/*
 * The porters' rules (docs/compliance.md, rules 8–10) and what a provider lacks (rule 11), one at a time.
 * Colegio G with communities F1 and F2 (administrator A); provider P serves both, Q serves F1; porter R
 * (its company) works in F1 and F2, porter S in F1 only.
 */

const TODAY = "2026-11-23";
const YESTERDAY = "2026-11-22";
const G = 1;
const OTHER_COLEGIO = 2;
const A = 10;
const P = 20;
const Q = 21;
const R = 30;
const S = 31;
const F1 = 100;
const F2 = 101;

const { none, administrator, provider, portero, provider_portero, administrador_provider_portero } = Requirement;

let nextId = 1000;
function def(flags: Partial<ModelDefinition> = {}): ModelDefinition {
  const id = nextId++;
  return {
    id,
    colegioId: G,
    origin: portero,
    dest: administrator,
    destReadRequired: false,
    assocfinca: false,
    mandatory: true,
    obsoletable: false,
    validateColegioRequired: false,
    erased: false,
    name: `Definición ${id}`,
    ...flags,
  };
}
function doc(d: ModelDefinition, companyId: number, fields: Partial<ModelDocument> = {}): ModelDocument {
  const id = nextId++;
  return {
    id,
    definitionId: d.id,
    companyId,
    communityId: null,
    obsolete: null,
    fileDeleted: false,
    erased: false,
    validated: false,
    fileName: `doc-${id}.pdf`,
    ...fields,
  };
}
const read = (document: ModelDocument, communityId: number, readerCompanyId: number): ModelReadMark => ({
  documentId: document.id,
  communityId,
  readerCompanyId,
});

function world(parts: Partial<ComplianceWorld> = {}): ComplianceWorld {
  return {
    today: TODAY,
    communities: [
      { id: F1, colegioId: G, adminCompanyId: A, erased: false },
      { id: F2, colegioId: G, adminCompanyId: A, erased: false },
    ],
    links: [
      { communityId: F1, providerId: P, erased: false },
      { communityId: F2, providerId: P, erased: false },
      { communityId: F1, providerId: Q, erased: false },
    ],
    porterLinks: [
      { communityId: F1, porterCompanyId: R, erased: false },
      { communityId: F2, porterCompanyId: R, erased: false },
      { communityId: F1, porterCompanyId: S, erased: false },
    ],
    definitions: [],
    documents: [],
    reads: [],
    ...parts,
  };
}
const model = (parts: Partial<ComplianceWorld> = {}) => complianceModel(world(parts));
/** A definition porters must read. */
const toRead = (flags: Partial<ModelDefinition> = {}) =>
  def({ origin: administrador_provider_portero, dest: portero, destReadRequired: true, mandatory: false, ...flags });
const zero = { upload_must: 0, uploaded_count: 0, read_must: 0, read_count: 0 };

describe("a porter's upload duties (rule 8)", () => {
  it("are the live mandatory definitions of the colegio whose origin includes porters", () => {
    const owed = [
      def({ origin: portero }),
      def({ origin: provider_portero }),
      def({ origin: administrador_provider_portero }),
    ];
    const notOwed = [
      def({ origin: administrator }),
      def({ origin: provider }),
      def({ mandatory: false }),
      def({ erased: true }),
      def({ colegioId: OTHER_COLEGIO }),
    ];
    const duties = model({ definitions: [...owed, ...notOwed] }).porterUploadDuties(F1, R);
    expect(duties.map((d) => d.definitionId)).toEqual(owed.map((d) => d.id));
  });

  it("are met by the porter's current document: a general one everywhere, a per-community one there only", () => {
    const general = def();
    const bound = def({ assocfinca: true, obsoletable: true });
    const m = model({
      definitions: [general, bound],
      documents: [
        doc(general, R),
        doc(bound, R, { communityId: F1, obsolete: TODAY }),
        doc(bound, R, { communityId: F2 }),
      ],
    });
    expect(m.porterInCommunity(F1, R)).toEqual({ ...zero, upload_must: 2, uploaded_count: 2 });
    // F2's is incomplete (no expiry date on an obsoletable definition)
    expect(m.porterInCommunity(F2, R)).toEqual({ ...zero, upload_must: 2, uploaded_count: 1 });
    // another porter's documents meet nothing of S's
    expect(m.porterInCommunity(F1, S)).toEqual({ ...zero, upload_must: 2, uploaded_count: 0 });
  });

  it("a definition of providers and porters is owed by both, each with its own documents", () => {
    const both = def({ origin: provider_portero });
    const m = model({ definitions: [both], documents: [doc(both, P)] });
    expect(m.providerInCommunity(F1, P)).toMatchObject({ upload_must: 1, uploaded_count: 1 });
    expect(m.porterInCommunity(F1, R)).toMatchObject({ upload_must: 1, uploaded_count: 0 });
  });
});

describe("a porter's read duties (rule 9)", () => {
  it("are current documents of the administrator and the live providers whose destination includes porters", () => {
    const asked = [
      toRead({ dest: portero }),
      toRead({ dest: provider_portero }),
      toRead({ dest: administrador_provider_portero }),
    ];
    const notAsked = [
      toRead({ dest: provider }),
      toRead({ dest: administrator }),
      toRead({ dest: none }),
      toRead({ destReadRequired: false }),
    ];
    const documents = [...asked, ...notAsked].map((d) => doc(d, A));
    const m = model({ definitions: [...asked, ...notAsked], documents });
    expect(m.porterReadDuties(F1, R).map((r) => r.documentId)).toEqual(documents.slice(0, 3).map((x) => x.id));
  });

  it("include live providers' documents, never other porters', removed providers' or expired ones", () => {
    const d = toRead();
    const byQ = doc(d, Q);
    const byS = doc(d, S);
    const expired = doc(d, A, { obsolete: YESTERDAY });
    const m = model({ definitions: [d], documents: [byQ, byS, expired] });
    expect(m.porterReadDuties(F1, R).map((r) => r.documentId)).toEqual([byQ.id]);
    // Q does not serve F2
    expect(m.porterReadDuties(F2, R)).toEqual([]);
    const removed = model({
      definitions: [d],
      documents: [byQ],
      links: world().links.map((l) => (l.providerId === Q ? { ...l, erased: true } : l)),
    });
    expect(removed.porterInCommunity(F1, R)).toEqual(zero);
  });

  it("are met by the porter's own mark in that community", () => {
    const d = toRead();
    const g = doc(d, A);
    const m = model({ definitions: [d], documents: [g], reads: [read(g, F1, R), read(g, F2, S)] });
    expect(m.porterInCommunity(F1, R)).toEqual({ ...zero, read_must: 1, read_count: 1 });
    expect(m.porterInCommunity(F2, R)).toEqual({ ...zero, read_must: 1, read_count: 0 });
    expect(m.porterInCommunity(F1, S)).toEqual({ ...zero, read_must: 1, read_count: 0 });
  });
});

describe("who is a porter of a community", () => {
  const d = def();
  const r = toRead();
  const base = { definitions: [d, r], documents: [doc(d, R), doc(r, A)] };

  it("a removed link, a deleted porter or a deleted community leaves no duties", () => {
    expect(model(base).porterInCommunity(F1, R)).toEqual({
      upload_must: 1,
      uploaded_count: 1,
      read_must: 1,
      read_count: 0,
    });
    const unlinked = model({ ...base, porterLinks: [{ communityId: F1, porterCompanyId: R, erased: true }] });
    expect(unlinked.porterInCommunity(F1, R)).toEqual(zero);
    expect(unlinked.portersOf(F1)).toEqual([]);
    const erasedCommunity = model({
      ...base,
      communities: world().communities.map((c) => (c.id === F1 ? { ...c, erased: true } : c)),
    });
    expect(erasedCommunity.porterInCommunity(F1, R)).toEqual(zero);
    expect(model(base).porterInCommunity(F2, S)).toEqual(zero);
  });

  it("porters change none of the providers' or the community's figures", () => {
    const both = def({ origin: provider_portero, dest: provider_portero, destReadRequired: true });
    const plain = { definitions: [both], documents: [doc(both, A), doc(both, P)] };
    const without = model({ ...plain, porterLinks: [] });
    const withPorters = model({
      ...plain,
      documents: [...plain.documents, doc(both, R)],
      reads: [read(plain.documents[0] as ModelDocument, F1, R)],
    });
    for (const c of [F1, F2]) {
      expect(withPorters.community(c)).toEqual(without.community(c));
      for (const p of [P, Q]) expect(withPorters.providerInCommunity(c, p)).toEqual(without.providerInCommunity(c, p));
    }
    expect(withPorters.company(G, P)).toEqual(without.company(G, P));
  });
});

describe("a porter's figures over communities (rule 10)", () => {
  it("count a general upload once, a per-community one per community, and sum the reads", () => {
    const general = def();
    const bound = def({ assocfinca: true });
    const r = toRead();
    const g = doc(r, A);
    const m = model({
      definitions: [general, bound, r],
      documents: [doc(general, R), doc(bound, R, { communityId: F2 }), g],
      reads: [read(g, F2, R)],
    });
    expect(m.porterOver(R, [F1, F2])).toEqual({ must_upload: 3, uploaded: 2, must_read: 2, readed: 1, numfincas: 2 });
    expect(m.porterOver(R, [F2])).toEqual({ must_upload: 2, uploaded: 2, must_read: 1, readed: 1, numfincas: 1 });
    // S does not work in F2; 999 is nobody's
    expect(m.porterOver(S, [F1, F2, 999])).toEqual({
      must_upload: 2,
      uploaded: 0,
      must_read: 1,
      readed: 0,
      numfincas: 1,
    });
    expect(m.porterOver(R, [])).toEqual({ must_upload: 0, uploaded: 0, must_read: 0, readed: 0, numfincas: 0 });
  });
});

describe("what a provider lacks in a community (rule 11)", () => {
  const up = (d: ModelDefinition) => ({ kind: "upload", definition_id: d.id, definition_name: d.name });

  it("says why each upload is unmet: missing, expired on its latest date, or incomplete", () => {
    const missing = def({ origin: provider, name: "Alta en la Seguridad Social" });
    const expired = def({ origin: provider, name: "Seguro de responsabilidad civil", obsoletable: true });
    const incomplete = def({ origin: provider, name: "Evaluación de riesgos", obsoletable: true });
    const met = def({ origin: provider, name: "Plan de prevención" });
    const m = model({
      definitions: [missing, expired, incomplete, met],
      documents: [
        doc(missing, P, { erased: true }),
        doc(missing, P, { obsolete: "2026-01-01", fileDeleted: true }),
        doc(expired, P, { obsolete: "2026-03-12" }),
        doc(expired, P, { obsolete: null }),
        doc(expired, P, { obsolete: "2026-02-01" }),
        doc(incomplete, P, { obsolete: "2026-05-05" }),
        doc(incomplete, P, { obsolete: null }),
        doc(met, P),
      ],
    });
    expect(m.unmetDuties(F1, P)).toEqual([
      { ...up(missing), reason: "missing", expired_on: null },
      { ...up(incomplete), reason: "incomplete", expired_on: null },
      { ...up(expired), reason: "expired", expired_on: "2026-03-12" },
    ]);
  });

  it("lists the unread documents after the uploads, by definition name and file name; as many as the figures say", () => {
    const owed = def({ origin: provider, name: "Zeta" });
    const plan = toRead({ dest: provider, name: "Plan de trabajo" });
    const normas = toRead({ dest: provider, name: "Normas" });
    const b = doc(plan, A, { fileName: "b.pdf" });
    const a = doc(plan, Q, { fileName: "A.pdf" });
    const n = doc(normas, A, { fileName: "z.pdf" });
    const done = doc(normas, A, { fileName: "y.pdf" });
    const m = model({ definitions: [owed, plan, normas], documents: [b, a, n, done], reads: [read(done, F1, P)] });
    expect(m.unmetDuties(F1, P)).toEqual([
      { ...up(owed), reason: "missing", expired_on: null },
      { kind: "read", document_id: n.id, definition_name: "Normas", document_name: "z.pdf" },
      { kind: "read", document_id: a.id, definition_name: "Plan de trabajo", document_name: "A.pdf" },
      { kind: "read", document_id: b.id, definition_name: "Plan de trabajo", document_name: "b.pdf" },
    ]);
    const f = m.providerInCommunity(F1, P);
    expect(f).toEqual({ upload_must: 1, uploaded_count: 0, readed_must: 4, readed_count: 1 });
  });

  it("is empty when everything is met and where the provider does not serve the community", () => {
    const d = def({ origin: provider });
    const m = model({ definitions: [d], documents: [doc(d, P)] });
    expect(m.unmetDuties(F1, P)).toEqual([]);
    expect(m.unmetDuties(F2, Q)).toEqual([]);
    expect(m.unmetDuties(F1, Q)).toHaveLength(1);
  });
});
