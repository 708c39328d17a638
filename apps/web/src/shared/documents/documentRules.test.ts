import { type DefinitionDocuments, type DocumentRow, ValidationKey } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { showsDocuments } from "./api/refreshDocuments";
import { asDocumentResponse, definedUploadFields } from "./api/uploadDefinedFile";
import { definitionTags, documentFormProblems, expiryRule, owedExpiry, queueForExpiry } from "./documentRules";

const definition = (over: Partial<DefinitionDocuments["definition"]> = {}): DefinitionDocuments["definition"] => ({
  id: 4,
  name: "Seguro de responsabilidad civil",
  requirement_origin: 5,
  requirement_dest: 0,
  origin_read_required: false,
  dest_read_required: false,
  assocfinca: false,
  oneonly: false,
  mandatory: false,
  obsoletable: false,
  validate_colegio_required: false,
  id_company: 1,
  editable_colegio: false,
  group: null,
  ...over,
});

const document = (id: number, obsolete: string | null = null): DocumentRow => ({
  id,
  id_document_require_definition: 4,
  company_id: 2,
  company_name: "Ascensores Levante S.L.",
  id_finca: null,
  fileupload_id: 100 + id,
  fileupload: {
    id: 100 + id,
    name: `doc-${id}.pdf`,
    description: "",
    size: 2048,
    ftype: "application/pdf",
    obsolete,
    created: "2026-01-30T10:00:00.000Z",
  },
  user_origin: 5,
  validated: false,
  expired: false,
  needs_expiry: false,
  can_edit: true,
});

describe("the expiry rule of the edit dialog", () => {
  it("forces a date and keeps the dialog open while an obsoletable document has none", () => {
    expect(expiryRule(true, null)).toEqual({ required: true, dismissable: false });
    expect(expiryRule(true, "2027-01-31")).toEqual({ required: true, dismissable: true });
    expect(expiryRule(false, null)).toEqual({ required: false, dismissable: true });
  });

  it("blocks 'Guardar' without a date when it is required, and without a name", () => {
    expect(documentFormProblems({ name: "a.pdf", obsolete: null }, true)).toEqual({
      obsolete: "documents.expiry-required",
    });
    expect(documentFormProblems({ name: "a.pdf", obsolete: "2027-01-31" }, true)).toEqual({});
    expect(documentFormProblems({ name: "a.pdf", obsolete: null }, false)).toEqual({});
    expect(documentFormProblems({ name: "  ", obsolete: null }, false)).toEqual({ name: ValidationKey.fileName });
    expect(documentFormProblems({ name: "x".repeat(201), obsolete: null }, false).name).toBe(ValidationKey.fileName);
  });

  it("reopens, one at a time, the first document that owes its date, for the user who uploaded it", () => {
    const owing = (id: number, over: Partial<DocumentRow> = {}) => ({ ...document(id), needs_expiry: true, ...over });
    const item = (documents: DocumentRow[]) => ({
      definition: definition({ obsoletable: true }),
      documents,
      templates: [],
      can_upload: true,
      can_validate: false,
    });
    const boxes = [item([document(1, "2027-01-31"), owing(2, { user_origin: 9 })]), item([owing(3), owing(4)])];
    expect(owedExpiry(boxes, 5)?.id).toBe(3);
    // Its uploader's colleague (same company, another user) is not stopped by it; it is flagged to them.
    expect(owedExpiry(boxes, 9)?.id).toBe(2);
    expect(owedExpiry(boxes, 7)).toBeNull();
    // Someone who cannot edit it (the colegio, the administrator looking at it) never gets the dialog.
    expect(owedExpiry([item([owing(3, { can_edit: false })])], 5)).toBeNull();
    expect(owedExpiry([item([document(1)])], 5)).toBeNull();
  });
});

describe("the queue of expiry dialogs after uploads", () => {
  it("takes each uploaded document that needs an expiry once, in order", () => {
    let queue = queueForExpiry([], document(1), true);
    queue = queueForExpiry(queue, document(2), false);
    queue = queueForExpiry(queue, document(3), true);
    queue = queueForExpiry(queue, document(1), true);
    expect(queue.map((d) => d.id)).toEqual([1, 3]);
  });

  it("reads the upload's answer", () => {
    const answer = { result: true, data: document(5), needs_expiry: true };
    expect(asDocumentResponse(answer)?.data.id).toBe(5);
    expect(asDocumentResponse({ result: true, data: document(5) })?.needs_expiry).toBe(false);
    expect(asDocumentResponse({ result: true, file: {} })).toBeNull();
    expect(asDocumentResponse(null)).toBeNull();
  });
});

describe("a definition's box", () => {
  it("shows the tags of what the definition demands, in order", () => {
    expect(definitionTags(definition())).toEqual([]);
    expect(
      definitionTags(
        definition({
          mandatory: true,
          obsoletable: true,
          oneonly: true,
          validate_colegio_required: true,
          dest_read_required: true,
          assocfinca: true,
        }),
      ),
    ).toEqual(["mandatory", "obsoletable", "oneonly", "validation", "read", "assocfinca"]);
  });

  it("uploads for the community only what is bound to it", () => {
    expect(definedUploadFields(4)).toEqual({ id_definition: 4 });
    expect(definedUploadFields(4, 7)).toEqual({ id_definition: 4, id_finca: 7 });
  });
});

describe("after a change", () => {
  it("reload every list of documents and the figures of the community changed", () => {
    expect(showsDocuments(["defined-documents", { id_finca: 7 }])).toBe(true);
    expect(showsDocuments(["pending-validation", { page: 1 }])).toBe(true);
    expect(showsDocuments(["communities", { page: 1 }])).toBe(true);
    expect(showsDocuments(["community", 7], 7)).toBe(true);
    expect(showsDocuments(["community", 8], 7)).toBe(false);
    expect(showsDocuments(["community", 7])).toBe(false);
    expect(showsDocuments(["users"])).toBe(false);
  });

  it("reload the reading lists of the community changed (what there is to read, a porter's uploads there)", () => {
    expect(showsDocuments(["reading", "uploaded-by-porter", 7, 31], 7)).toBe(true);
    expect(showsDocuments(["reading", "read-by-porter", 7, 31], 7)).toBe(true);
    expect(showsDocuments(["reading", "administrator", 8], 7)).toBe(false);
    expect(showsDocuments(["reading", "administrator", 8])).toBe(true);
  });
});
