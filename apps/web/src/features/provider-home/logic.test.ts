import type { PendingReadRow, UploadPendingRow } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { groupPendingReads, readingPath, sortUploadsPending, uploadPath, uploadStateText } from "./logic";

const read = (over: Partial<PendingReadRow>): PendingReadRow => ({
  finca_name: "Comunidad Mayor 10",
  finca_administrator: "Fincas Centro S.L.",
  finca_id: 7,
  uploaded_doc_id: 1,
  uploaded_doc_name: "aviso.pdf",
  doc_id: 30,
  doc_type: "Aviso de obras",
  file_id: 100,
  file_size: 2048,
  company_name: "Fincas Centro S.L.",
  from_administrator: true,
  ...over,
});

const upload = (over: Partial<UploadPendingRow>): UploadPendingRow => ({
  definition_id: 1,
  definition_name: "Seguro RC",
  finca_id: null,
  finca_name: null,
  state: "missing",
  obsolete: null,
  ...over,
});

const TEXTS = { missing: "Sin subir", expired: "Caducado", incomplete: "Falta la fecha de caducidad" };

describe("pending reads by community", () => {
  it("groups the rows of each community, communities by name, documents by type and file name", () => {
    const groups = groupPendingReads([
      read({ finca_id: 9, finca_name: "Comunidad Sol", finca_administrator: "Admin Sol", uploaded_doc_id: 5 }),
      read({ uploaded_doc_id: 2, doc_type: "Plan de emergencia", uploaded_doc_name: "b.pdf" }),
      read({ uploaded_doc_id: 3, doc_type: "Aviso de obras", uploaded_doc_name: "z.pdf" }),
      read({ uploaded_doc_id: 4, doc_type: "aviso de obras", uploaded_doc_name: "a.pdf" }),
    ]);
    expect(groups.map((g) => [g.fincaId, g.fincaName, g.administrator])).toEqual([
      [7, "Comunidad Mayor 10", "Fincas Centro S.L."],
      [9, "Comunidad Sol", "Admin Sol"],
    ]);
    expect(groups[0]!.documents.map((d) => d.uploaded_doc_id)).toEqual([4, 3, 2]);
    expect(groups[1]!.documents.map((d) => d.uploaded_doc_id)).toEqual([5]);
  });

  it("keeps two communities of the same name apart", () => {
    const groups = groupPendingReads([read({ finca_id: 2 }), read({ finca_id: 1 })]);
    expect(groups.map((g) => g.fincaId)).toEqual([1, 2]);
  });

  it("is empty without rows", () => {
    expect(groupPendingReads([])).toEqual([]);
  });

  it("leads to the community's documents from its administrator or to those of other providers", () => {
    expect(readingPath({ finca_id: 7, from_administrator: true })).toBe("/comunidades/comunidad/7/gremio/docs-finca");
    expect(readingPath({ finca_id: 7, from_administrator: false })).toBe(
      "/comunidades/comunidad/7/gremio/docs-proveedores",
    );
  });
});

describe("uploads pending", () => {
  it("uploads a general document on /provdoc (every group) and a bound one in its community", () => {
    expect(uploadPath({ finca_id: null })).toBe("/provdoc?group=ALL");
    expect(uploadPath({ finca_id: 12 })).toBe("/comunidades/comunidad/12/upload");
  });

  it("says the state: missing, expired since its date, or without its expiry date", () => {
    expect(uploadStateText({ state: "missing", obsolete: null }, TEXTS)).toBe("Sin subir");
    expect(uploadStateText({ state: "expired", obsolete: "2026-10-31" }, TEXTS)).toBe("Caducado desde 31/10/2026");
    expect(uploadStateText({ state: "expired", obsolete: null }, TEXTS)).toBe("Caducado");
    expect(uploadStateText({ state: "incomplete", obsolete: null }, TEXTS)).toBe("Falta la fecha de caducidad");
  });

  it("lists the general ones first, then by community and definition name", () => {
    const sorted = sortUploadsPending([
      upload({ definition_id: 1, definition_name: "Plan", finca_id: 3, finca_name: "Sol" }),
      upload({ definition_id: 2, definition_name: "Seguro", finca_id: null }),
      upload({ definition_id: 3, definition_name: "Evaluación", finca_id: 4, finca_name: "Luna" }),
      upload({ definition_id: 4, definition_name: "Alta", finca_id: 3, finca_name: "Sol" }),
      upload({ definition_id: 5, definition_name: "Declaración", finca_id: null }),
    ]);
    expect(sorted.map((r) => r.definition_id)).toEqual([5, 2, 3, 4, 1]);
  });

  it("does not reorder the list it is given", () => {
    const rows = [upload({ definition_id: 2, finca_id: 1, finca_name: "B" }), upload({ definition_id: 1 })];
    sortUploadsPending(rows);
    expect(rows.map((r) => r.definition_id)).toEqual([2, 1]);
  });
});
