import type { CommunityDocumentRow } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { arrivalsPath } from "../../shared/paths";
import { hasPendingRead, PORTER_TABS, panelPath, porterTabs, providerDocumentsOf, tabOf, tabParam } from "./logic";

let next = 1;
function row(group: string | null, over: Partial<CommunityDocumentRow> = {}): CommunityDocumentRow {
  const id = next++;
  return {
    id: 3,
    definition_name: "Plan de trabajo",
    read_required: true,
    group,
    doc_id: id,
    doc_name: `doc-${id}.pdf`,
    file_id: id + 100,
    file_size: 1024,
    file_obsolete: null,
    company_uploaded: 9,
    company_name: "Ascensores Levante S.L.",
    read_identifier: 0,
    created: "2026-05-01T10:00:00.000Z",
    ...over,
  };
}

describe("the porter panel's tabs", () => {
  it("are five, in the spec's order, and the address names one or the first is shown", () => {
    expect(PORTER_TABS).toEqual(["documentos", "proveedores", "calendario", "lopd", "subir"]);
    expect(tabOf("lopd")).toBe("lopd");
    expect(tabOf("subir")).toBe("subir");
    expect(tabOf(null)).toBe("documentos");
    expect(tabOf("otra")).toBe("documentos");
    expect(tabOf("")).toBe("documentos");
  });

  it("show 'LOPD' only with the feature lopd, and a ?tab=lopd without it opens the first", () => {
    expect(porterTabs(["lopd"])).toEqual(PORTER_TABS);
    const withoutLopd = porterTabs(["porteros-admin"]);
    expect(withoutLopd).toEqual(["documentos", "proveedores", "calendario", "subir"]);
    expect(tabOf("lopd", withoutLopd)).toBe("documentos");
    expect(tabOf("subir", withoutLopd)).toBe("subir");
  });

  it("have their addresses, the first without ?tab, and '¿Quién viene hoy?' keeps the tab to come back to", () => {
    expect(panelPath(12)).toBe("/porteros/comunidades/12");
    expect(panelPath(12, "documentos")).toBe("/porteros/comunidades/12");
    expect(panelPath(12, "lopd")).toBe("/porteros/comunidades/12?tab=lopd");
    expect(tabParam("documentos")).toBeUndefined();
    expect(tabParam("calendario")).toBe("calendario");
    expect(arrivalsPath(12, tabParam("documentos"))).toBe("/porteros/comunidades/12/llegadas");
    expect(arrivalsPath(12, tabParam("lopd"))).toBe("/porteros/comunidades/12/llegadas?tab=lopd");
  });

  it("split the providers' documents: LOPD the LOPD group, Proveedores every other one (no group, PORTERO)", () => {
    const caf = row(null);
    const lopd = row("LOPD");
    const porteros = row("PORTERO");
    const rows = [caf, lopd, porteros];
    expect(providerDocumentsOf(rows, "lopd")).toEqual([lopd]);
    expect(providerDocumentsOf(rows, "proveedores")).toEqual([caf, porteros]);
    expect(providerDocumentsOf([], "lopd")).toEqual([]);
  });

  it("put every provider document in 'Proveedores' when the LOPD tab is not shown", () => {
    const rows = [row(null), row("LOPD"), row("PORTERO")];
    expect(providerDocumentsOf(rows, "proveedores", false)).toEqual(rows);
    expect(providerDocumentsOf(rows, "lopd", false)).toEqual([]);
  });

  it("show '!' only while a document that must be read is unread", () => {
    expect(hasPendingRead([])).toBe(false);
    expect(hasPendingRead([row(null, { read_required: false })])).toBe(false);
    expect(hasPendingRead([row(null, { read_identifier: 4 })])).toBe(false);
    expect(hasPendingRead([row(null, { read_identifier: 4 }), row("LOPD")])).toBe(true);
  });
});
