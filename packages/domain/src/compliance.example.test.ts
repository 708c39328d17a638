import { describe, expect, it } from "vitest";
import { type ComplianceWorld, complianceModel, type ModelDefinition, type ModelDocument } from "./compliance.js";
import { Requirement } from "./documents.js";

/* The worked example of docs/compliance.md, figure by figure. */

const COLEGIO = 1;
const A = 10;
const P = 20;
const Q = 21;
const F1 = 100;
const F2 = 101;

const definition = (id: number, origin: number, dest: number, flags: Partial<ModelDefinition>): ModelDefinition => ({
  id,
  colegioId: COLEGIO,
  origin,
  dest,
  destReadRequired: false,
  assocfinca: false,
  mandatory: true,
  obsoletable: false,
  validateColegioRequired: false,
  erased: false,
  ...flags,
});
const document = (
  id: number,
  definitionId: number,
  companyId: number,
  communityId: number | null,
  obsolete: string | null = null,
): ModelDocument => ({
  id,
  definitionId,
  companyId,
  communityId,
  obsolete,
  fileDeleted: false,
  erased: false,
  validated: false,
});

const { administrator, provider, portero } = Requirement;
/** Porter R (its company) works in F1 and F2. */
const R = 30;
const example: ComplianceWorld = {
  today: "2026-11-23",
  definitions: [
    definition(1, provider, administrator, { name: "Evaluación de riesgos" }),
    definition(2, provider, administrator, { name: "Seguro RC", obsoletable: true, validateColegioRequired: true }),
    definition(3, administrator, provider, { name: "Riesgos de la finca", assocfinca: true, destReadRequired: true }),
    definition(4, provider, provider, { name: "Plan de trabajo", assocfinca: true, destReadRequired: true }),
    definition(6, portero, administrator, { name: "Formación del portero", obsoletable: true }),
    definition(7, administrator, portero, { name: "Normas de la finca", assocfinca: true, destReadRequired: true }),
    definition(8, provider, portero, {
      name: "Ficha del trabajador",
      assocfinca: true,
      destReadRequired: true,
      mandatory: false,
    }),
  ],
  communities: [
    { id: F1, colegioId: COLEGIO, adminCompanyId: A, erased: false },
    { id: F2, colegioId: COLEGIO, adminCompanyId: A, erased: false },
  ],
  links: [
    { communityId: F1, providerId: P, erased: false },
    { communityId: F2, providerId: P, erased: false },
    { communityId: F1, providerId: Q, erased: false },
  ],
  porterLinks: [
    { communityId: F1, porterCompanyId: R, erased: false },
    { communityId: F2, porterCompanyId: R, erased: false },
  ],
  documents: [
    document(1, 1, P, null),
    document(2, 2, P, null, "2026-11-22"),
    document(3, 3, A, F1),
    { ...document(4, 4, Q, F1), fileName: "plan-q.pdf" },
    document(5, 4, P, F2, "2026-11-23"),
    document(6, 6, R, null, "2026-12-31"),
    document(7, 7, A, F1),
    document(8, 8, Q, F1),
    document(9, 7, A, F2),
  ],
  reads: [
    { documentId: 3, communityId: F1, readerCompanyId: P },
    { documentId: 7, communityId: F1, readerCompanyId: R },
  ],
};

const figures = (upload_must: number, uploaded_count: number, readed_must: number, readed_count: number) => ({
  upload_must,
  uploaded_count,
  readed_must,
  readed_count,
});

describe("the worked example of docs/compliance.md", () => {
  const model = complianceModel(example);

  it("P in F1: uploads 1/3 (D2 expired, D4 uploaded for F2 only), reads 1/2", () => {
    expect(model.providerInCommunity(F1, P)).toEqual(figures(3, 1, 2, 1));
  });
  it("Q in F1: uploads 1/3, reads 0/1 (its own document is not to read)", () => {
    expect(model.providerInCommunity(F1, Q)).toEqual(figures(3, 1, 1, 0));
  });
  it("P in F2: uploads 2/3 (d5 valid through today), nothing to read", () => {
    expect(model.providerInCommunity(F2, P)).toEqual(figures(3, 2, 0, 0));
  });
  it("the communities list: F1 2/6 and 1/3, F2 2/3 and 0/0", () => {
    expect(model.community(F1)).toEqual({
      mandatory_count: 6,
      mandatory_uploaded_count: 2,
      expected_count_read: 3,
      count_read: 1,
    });
    expect(model.community(F2)).toEqual({
      mandatory_count: 3,
      mandatory_uploaded_count: 2,
      expected_count_read: 0,
      count_read: 0,
    });
  });
  it("P in the colegio's providers list: general duties once, 2/4 uploads, 1/2 reads, nothing to validate", () => {
    expect(model.company(COLEGIO, P)).toEqual({
      upload_must: 4,
      all_uploaded: 2,
      read_must: 2,
      read_all: 1,
      pending_validation: 0,
    });
  });
  it("tomorrow d5 has expired", () => {
    const tomorrow = complianceModel({ ...example, today: "2026-11-24" });
    expect(tomorrow.providerInCommunity(F2, P)).toEqual(figures(3, 1, 0, 0));
    expect(tomorrow.company(COLEGIO, P).all_uploaded).toBe(1);
  });
  it("Q removed from F1: its duties go and d4 is no longer P's to read", () => {
    const removed = complianceModel({
      ...example,
      links: example.links.map((l) => (l.providerId === Q ? { ...l, erased: true } : l)),
    });
    expect(removed.providerInCommunity(F1, Q)).toEqual(figures(0, 0, 0, 0));
    expect(removed.providerInCommunity(F1, P)).toEqual(figures(3, 1, 1, 1));
    expect(removed.community(F1)).toEqual({
      mandatory_count: 3,
      mandatory_uploaded_count: 1,
      expected_count_read: 1,
      count_read: 1,
    });
  });
  it("a new mandatory general definition D5 adds a duty everywhere at once", () => {
    const added = complianceModel({
      ...example,
      definitions: [...example.definitions, definition(5, provider, administrator, {})],
    });
    expect(added.providerInCommunity(F1, P).upload_must).toBe(4);
    expect(added.providerInCommunity(F1, P).uploaded_count).toBe(1);
    expect(added.providerInCommunity(F2, P)).toMatchObject({ upload_must: 4, uploaded_count: 2 });
    expect(added.company(COLEGIO, P)).toMatchObject({ upload_must: 5, all_uploaded: 2 });
  });
});

describe("the worked porter example of docs/compliance.md", () => {
  const model = complianceModel(example);
  const porter = (upload_must: number, uploaded_count: number, read_must: number, read_count: number) => ({
    upload_must,
    uploaded_count,
    read_must,
    read_count,
  });

  it("R in F1: uploads 1/1 (d6), reads 1/2 (d7 read, Q's d8 not)", () => {
    expect(model.porterInCommunity(F1, R)).toEqual(porter(1, 1, 2, 1));
  });
  it("R in F2: uploads 1/1 (d6 is general), reads 0/1 (d9)", () => {
    expect(model.porterInCommunity(F2, R)).toEqual(porter(1, 1, 1, 0));
  });
  it("R in the doormen summary over F1 and F2: the general upload once, reads summed", () => {
    expect(model.porterOver(R, [F1, F2])).toEqual({
      must_upload: 1,
      uploaded: 1,
      must_read: 3,
      readed: 1,
      numfincas: 2,
    });
  });
  it("after 2026-12-31 d6 has expired in both communities", () => {
    const later = complianceModel({ ...example, today: "2027-01-01" });
    expect(later.porterInCommunity(F1, R)).toEqual(porter(1, 0, 2, 1));
    expect(later.porterOver(R, [F1, F2])).toMatchObject({ must_upload: 1, uploaded: 0 });
  });
  it("R's documents and marks change none of the providers' figures above", () => {
    expect(model.providerInCommunity(F1, P)).toEqual(figures(3, 1, 2, 1));
    expect(model.community(F1)).toEqual({
      mandatory_count: 6,
      mandatory_uploaded_count: 2,
      expected_count_read: 3,
      count_read: 1,
    });
  });
});

describe("what the providers lack at the door (the arrival check)", () => {
  const model = complianceModel(example);
  it("P in F1: Plan de trabajo missing, Seguro RC expired on 2026-11-22, Q's plan to read", () => {
    expect(model.unmetDuties(F1, P)).toEqual([
      { kind: "upload", definition_id: 4, definition_name: "Plan de trabajo", reason: "missing", expired_on: null },
      { kind: "upload", definition_id: 2, definition_name: "Seguro RC", reason: "expired", expired_on: "2026-11-22" },
      { kind: "read", document_id: 4, definition_name: "Plan de trabajo", document_name: "plan-q.pdf" },
    ]);
  });
  it("tomorrow P in F2 also has its plan expired on 2026-11-23", () => {
    const tomorrow = complianceModel({ ...example, today: "2026-11-24" });
    expect(tomorrow.unmetDuties(F2, P)).toEqual([
      {
        kind: "upload",
        definition_id: 4,
        definition_name: "Plan de trabajo",
        reason: "expired",
        expired_on: "2026-11-23",
      },
      { kind: "upload", definition_id: 2, definition_name: "Seguro RC", reason: "expired", expired_on: "2026-11-22" },
    ]);
  });
  it("a Seguro RC uploaded without its date makes it incomplete", () => {
    const undated = complianceModel({ ...example, documents: [...example.documents, document(10, 2, P, null)] });
    expect(undated.unmetDuties(F2, P)).toEqual([
      { kind: "upload", definition_id: 2, definition_name: "Seguro RC", reason: "incomplete", expired_on: null },
    ]);
  });
});
