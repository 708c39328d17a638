import { describe, expect, it } from "vitest";
import {
  type ComplianceWorld,
  complianceModel,
  isCurrentDocument,
  type ModelDefinition,
  type ModelDocument,
  type ModelReadMark,
} from "./compliance.js";
import { Requirement } from "./documents.js";

/*
 * The rules of docs/compliance.md, one at a time, on tiny worlds. The world below is the starting point:
 * colegio G with communities F1 and F2 (administrator A); provider P serves both, provider Q serves F1.
 * Each test adds what it is about.
 */

const TODAY = "2026-11-23";
const YESTERDAY = "2026-11-22";
const TOMORROW = "2026-11-24";
const G = 1;
const OTHER_COLEGIO = 2;
const A = 10;
const P = 20;
const Q = 21;
const F1 = 100;
const F2 = 101;

const { none, administrator, provider, portero, provider_portero, administrador_provider_portero } = Requirement;

let nextId = 1000;
function def(flags: Partial<ModelDefinition> = {}): ModelDefinition {
  return {
    id: nextId++,
    colegioId: G,
    origin: provider,
    dest: administrator,
    destReadRequired: false,
    assocfinca: false,
    mandatory: true,
    obsoletable: false,
    validateColegioRequired: false,
    erased: false,
    ...flags,
  };
}
function doc(d: ModelDefinition, companyId: number, fields: Partial<ModelDocument> = {}): ModelDocument {
  return {
    id: nextId++,
    definitionId: d.id,
    companyId,
    communityId: null,
    obsolete: null,
    fileDeleted: false,
    erased: false,
    validated: false,
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
    porterLinks: [],
    definitions: [],
    documents: [],
    reads: [],
    ...parts,
  };
}
const model = (parts: Partial<ComplianceWorld> = {}) => complianceModel(world(parts));

/** A definition providers must read (administrator → provider) and one administrators must read. */
const toRead = (flags: Partial<ModelDefinition> = {}) =>
  def({ origin: administrador_provider_portero, dest: provider, destReadRequired: true, mandatory: false, ...flags });

describe("a current document", () => {
  const plain = def();
  const dated = (obsolete: string | null, flags: Partial<ModelDefinition> = {}) =>
    isCurrentDocument(doc(plain, P, { obsolete }), { ...plain, ...flags }, TODAY);

  it("is valid through its expiry date and expired from the day after", () => {
    expect(dated(TOMORROW)).toBe(true);
    expect(dated(TODAY)).toBe(true);
    expect(dated(YESTERDAY)).toBe(false);
    expect(isCurrentDocument(doc(plain, P, { obsolete: TODAY }), plain, TOMORROW)).toBe(false);
  });

  it("without a date never expires, unless its definition is obsoletable: then it is incomplete", () => {
    expect(dated(null)).toBe(true);
    expect(dated(null, { obsoletable: true })).toBe(false);
    expect(dated(TODAY, { obsoletable: true })).toBe(true);
  });

  it("stops being current when it, its file or its definition is deleted", () => {
    expect(isCurrentDocument(doc(plain, P, { erased: true }), plain, TODAY)).toBe(false);
    expect(isCurrentDocument(doc(plain, P, { fileDeleted: true }), plain, TODAY)).toBe(false);
    expect(isCurrentDocument(doc(plain, P), { ...plain, erased: true }, TODAY)).toBe(false);
  });

  it("meets an upload duty only while current", () => {
    const d = def();
    const met = (fields: Partial<ModelDocument>, today = TODAY) =>
      complianceModel({ ...world({ definitions: [d], documents: [doc(d, P, fields)] }), today }).providerInCommunity(
        F1,
        P,
      ).uploaded_count;
    expect(met({})).toBe(1);
    expect(met({ obsolete: TODAY })).toBe(1);
    expect(met({ obsolete: TODAY }, TOMORROW)).toBe(0);
    expect(met({ erased: true })).toBe(0);
    expect(met({ fileDeleted: true })).toBe(0);
  });
});

describe("upload duties (rule 1)", () => {
  it("are the live mandatory definitions of the colegio whose origin includes providers", () => {
    const owed = [
      def({ origin: provider }),
      def({ origin: provider_portero }),
      def({ origin: administrador_provider_portero }),
    ];
    const notOwed = [
      def({ origin: administrator }),
      def({ origin: portero }),
      def({ mandatory: false }),
      def({ erased: true }),
      def({ colegioId: OTHER_COLEGIO }),
    ];
    const duties = model({ definitions: [...owed, ...notOwed] }).uploadDuties(F1, P);
    expect(duties.map((d) => d.definitionId)).toEqual(owed.map((d) => d.id));
  });

  it("a general document counts in every community of the provider", () => {
    const d = def();
    const m = model({ definitions: [d], documents: [doc(d, P)] });
    expect(m.providerInCommunity(F1, P)).toMatchObject({ upload_must: 1, uploaded_count: 1 });
    expect(m.providerInCommunity(F2, P)).toMatchObject({ upload_must: 1, uploaded_count: 1 });
  });

  it("a document of a per-community definition counts only in its community", () => {
    const d = def({ assocfinca: true });
    const m = model({ definitions: [d], documents: [doc(d, P, { communityId: F1 })] });
    expect(m.uploadDuties(F1, P)).toEqual([{ definitionId: d.id, communityId: F1, met: true }]);
    expect(m.uploadDuties(F2, P)).toEqual([{ definitionId: d.id, communityId: F2, met: false }]);
  });

  it("a document uploaded in the wrong shape (general for a bound definition, or the reverse) meets nothing", () => {
    const bound = def({ assocfinca: true });
    const general = def();
    const m = model({
      definitions: [bound, general],
      documents: [doc(bound, P, { communityId: null }), doc(general, P, { communityId: F1 })],
    });
    expect(m.providerInCommunity(F1, P)).toMatchObject({ upload_must: 2, uploaded_count: 0 });
  });

  it("another company's document does not meet the provider's duty", () => {
    const d = def();
    expect(model({ definitions: [d], documents: [doc(d, Q)] }).providerInCommunity(F1, P).uploaded_count).toBe(0);
  });

  it("a document waiting for the colegio's validation still meets the duty", () => {
    const d = def({ validateColegioRequired: true });
    const m = model({ definitions: [d], documents: [doc(d, P, { validated: false })] });
    expect(m.providerInCommunity(F1, P).uploaded_count).toBe(1);
  });

  it("a provider owes nothing in a community it does not serve", () => {
    const d = def();
    expect(model({ definitions: [d] }).providerInCommunity(F2, Q)).toEqual({
      upload_must: 0,
      uploaded_count: 0,
      readed_must: 0,
      readed_count: 0,
    });
  });
});

describe("read duties (rule 2)", () => {
  it("are current documents of the community's administrator or of another live provider", () => {
    const d = toRead();
    const byAdmin = doc(d, A);
    const byQ = doc(d, Q);
    const expired = doc(d, A, { obsolete: YESTERDAY });
    const m = model({ definitions: [d], documents: [byAdmin, byQ, expired] });
    expect(m.readDuties(F1, P).map((r) => r.documentId)).toEqual([byAdmin.id, byQ.id]);
  });

  it("never include the provider's own documents", () => {
    const d = toRead();
    const own = doc(d, P);
    expect(model({ definitions: [d], documents: [own] }).readDuties(F1, P)).toEqual([]);
  });

  it("never include documents of companies that are not parties of the community", () => {
    const d = toRead();
    const OUTSIDER = 30;
    const OTHER_ADMIN = 11;
    const m = model({ definitions: [d], documents: [doc(d, OUTSIDER), doc(d, OTHER_ADMIN)] });
    expect(m.readDuties(F1, P)).toEqual([]);
  });

  it("need a definition that requires reading by a destination including providers", () => {
    const asked = [
      toRead({ dest: provider }),
      toRead({ dest: provider_portero }),
      toRead({ dest: administrador_provider_portero }),
    ];
    const notAsked = [
      toRead({ dest: administrator }),
      toRead({ dest: portero }),
      toRead({ dest: none }),
      toRead({ destReadRequired: false }),
    ];
    const documents = [...asked, ...notAsked].map((d) => doc(d, A));
    const m = model({ definitions: [...asked, ...notAsked], documents });
    expect(m.readDuties(F1, P).map((r) => r.documentId)).toEqual(documents.slice(0, asked.length).map((x) => x.id));
  });

  it("a general document is to read in every community where its uploader is a party, a bound one only in its own", () => {
    const general = toRead();
    const bound = toRead({ assocfinca: true });
    const g = doc(general, A);
    const b = doc(bound, A, { communityId: F1 });
    const m = model({ definitions: [general, bound], documents: [g, b] });
    expect(m.readDuties(F1, P).map((r) => r.documentId)).toEqual([g.id, b.id]);
    expect(m.readDuties(F2, P).map((r) => r.documentId)).toEqual([g.id]);
  });

  it("are met by a mark of that document, in that community, by that provider", () => {
    const d = toRead();
    const g = doc(d, A);
    const m = model({
      definitions: [d],
      documents: [g],
      reads: [read(g, F1, P), read(g, F2, Q)],
    });
    expect(m.readDuties(F1, P)).toEqual([{ documentId: g.id, communityId: F1, met: true }]);
    // marked in F1 only: still to read in F2
    expect(m.readDuties(F2, P)).toEqual([{ documentId: g.id, communityId: F2, met: false }]);
    // Q's mark was made in F2, a community Q does not serve
    expect(m.readDuties(F1, Q)).toEqual([{ documentId: g.id, communityId: F1, met: false }]);
  });

  it("stop when the document expires or is deleted", () => {
    const d = toRead();
    const m = (fields: Partial<ModelDocument>) =>
      model({ definitions: [d], documents: [doc(d, A, fields)] }).providerInCommunity(F1, P).readed_must;
    expect(m({ obsolete: TODAY })).toBe(1);
    expect(m({ obsolete: YESTERDAY })).toBe(0);
    expect(m({ erased: true })).toBe(0);
    expect(m({ fileDeleted: true })).toBe(0);
  });
});

describe("removing and adding (rule 6)", () => {
  const d = def();
  const r = toRead();
  const byQ = doc(r, Q);
  const base = { definitions: [d, r], documents: [doc(d, Q), byQ], reads: [read(byQ, F1, P)] };
  const removed = world({
    ...base,
    links: world().links.map((l) => (l.providerId === Q ? { ...l, erased: true } : l)),
  });

  it("a removed provider drops its duties and its documents stop being the others' to read", () => {
    const before = complianceModel(world(base));
    expect(before.providerInCommunity(F1, Q)).toMatchObject({ upload_must: 1, uploaded_count: 1 });
    expect(before.providerInCommunity(F1, P)).toMatchObject({ readed_must: 1, readed_count: 1 });
    const after = complianceModel(removed);
    expect(after.providerInCommunity(F1, Q)).toEqual({
      upload_must: 0,
      uploaded_count: 0,
      readed_must: 0,
      readed_count: 0,
    });
    expect(after.providerInCommunity(F1, P)).toMatchObject({ readed_must: 0, readed_count: 0 });
    expect(after.providersOf(F1)).toEqual([P]);
  });

  it("adding it again brings back its earlier read marks", () => {
    const again = complianceModel({ ...removed, links: world().links });
    expect(again.providerInCommunity(F1, P)).toMatchObject({ readed_must: 1, readed_count: 1 });
  });

  it("a new mandatory definition creates duties at once, in every community of every provider", () => {
    const before = model(base);
    const added = model({ ...base, definitions: [...base.definitions, def({ assocfinca: true })] });
    expect(added.providerInCommunity(F1, P).upload_must).toBe(before.providerInCommunity(F1, P).upload_must + 1);
    expect(added.providerInCommunity(F2, P).upload_must).toBe(before.providerInCommunity(F2, P).upload_must + 1);
    expect(added.providerInCommunity(F1, Q).upload_must).toBe(before.providerInCommunity(F1, Q).upload_must + 1);
    expect(added.company(G, P).upload_must).toBe(before.company(G, P).upload_must + 2);
  });

  it("a deleted definition removes its duties", () => {
    const m = model({ definitions: [{ ...d, erased: true }], documents: [doc(d, P)] });
    expect(m.providerInCommunity(F1, P).upload_must).toBe(0);
  });
});

describe("a community's figures (rule 4)", () => {
  it("are the sums over its live providers' rows", () => {
    const d = def();
    const r = toRead();
    const m = model({ definitions: [d, r], documents: [doc(d, P), doc(r, A)] });
    expect(m.community(F1)).toEqual({
      mandatory_count: 2,
      mandatory_uploaded_count: 1,
      expected_count_read: 2,
      count_read: 0,
    });
  });

  it("an erased community has no figures and no duties", () => {
    const d = def();
    const r = toRead();
    const m = model({
      definitions: [d, r],
      documents: [doc(d, P), doc(r, A)],
      communities: world().communities.map((c) => (c.id === F1 ? { ...c, erased: true } : c)),
    });
    expect(m.community(F1)).toEqual({
      mandatory_count: 0,
      mandatory_uploaded_count: 0,
      expected_count_read: 0,
      count_read: 0,
    });
    expect(m.providersOf(F1)).toEqual([]);
    expect(m.providerInCommunity(F1, P)).toEqual({
      upload_must: 0,
      uploaded_count: 0,
      readed_must: 0,
      readed_count: 0,
    });
    expect(m.communitiesServed(G, P)).toEqual([F2]);
  });
});

describe("a provider company's figures in a colegio (rule 5)", () => {
  it("count a general definition once and a per-community definition once per community served", () => {
    const general = def();
    const bound = def({ assocfinca: true });
    const m = model({
      definitions: [general, bound],
      documents: [doc(general, P), doc(bound, P, { communityId: F2 })],
    });
    expect(m.companyUploadDuties(G, P)).toEqual([
      { definitionId: general.id, communityId: null, met: true },
      { definitionId: bound.id, communityId: F1, met: false },
      { definitionId: bound.id, communityId: F2, met: true },
    ]);
    expect(m.company(G, P)).toMatchObject({ upload_must: 3, all_uploaded: 2 });
  });

  it("sum the read duties over the communities served", () => {
    const r = toRead();
    const g = doc(r, A);
    const m = model({ definitions: [r], documents: [g], reads: [read(g, F2, P)] });
    expect(m.company(G, P)).toMatchObject({ read_must: 2, read_all: 1 });
  });

  it("count only the colegio's communities and definitions", () => {
    const mine = def();
    const theirs = def({ colegioId: OTHER_COLEGIO });
    const m = model({
      definitions: [mine, theirs],
      communities: [...world().communities, { id: 102, colegioId: OTHER_COLEGIO, adminCompanyId: A, erased: false }],
      links: [...world().links, { communityId: 102, providerId: P, erased: false }],
    });
    expect(m.company(G, P).upload_must).toBe(1);
    expect(m.company(OTHER_COLEGIO, P).upload_must).toBe(1);
    expect(m.communitiesServed(OTHER_COLEGIO, P)).toEqual([102]);
  });

  it("pending validation counts only current, unvalidated documents of definitions requiring validation", () => {
    const v = def({ validateColegioRequired: true, mandatory: false, obsoletable: true });
    const plain = def({ mandatory: false });
    const m = model({
      definitions: [v, plain],
      documents: [
        doc(v, P, { obsolete: TODAY }), // waits
        doc(v, P, { obsolete: TOMORROW }), // waits
        doc(v, P, { obsolete: TODAY, validated: true }),
        doc(v, P, { obsolete: YESTERDAY }), // expired
        doc(v, P, { obsolete: null }), // incomplete
        doc(v, P, { obsolete: TODAY, erased: true }),
        doc(v, P, { obsolete: TODAY, fileDeleted: true }),
        doc(v, Q, { obsolete: TODAY }), // another company's
        doc(plain, P), // no validation needed
      ],
    });
    expect(m.pendingValidation(G, P)).toBe(2);
    expect(m.company(G, P).pending_validation).toBe(2);
    expect(m.pendingValidation(OTHER_COLEGIO, P)).toBe(0);
  });
});
