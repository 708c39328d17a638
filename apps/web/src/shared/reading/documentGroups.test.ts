import { type CommunityDocumentRow, type DefinitionDocuments, Requirement } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import {
  definitionSections,
  groupByDefinition,
  isRead,
  pendingReadCount,
  readingSection,
  unreadCount,
  uploadSections,
} from "./documentGroups";

let next = 100;
function row(definition: [number, string, boolean], over: Partial<CommunityDocumentRow> = {}): CommunityDocumentRow {
  const id = next++;
  const [defId, name, readRequired] = definition;
  return {
    id: defId,
    definition_name: name,
    read_required: readRequired,
    group: null,
    doc_id: id,
    doc_name: `doc-${id}.pdf`,
    file_id: id + 1000,
    file_size: 2048,
    file_obsolete: null,
    company_uploaded: 7,
    company_name: "Fincas Centro S.L.",
    read_identifier: 0,
    created: "2026-05-01T10:00:00.000Z",
    ...over,
  };
}

const RIESGOS: [number, string, boolean] = [3, "Riesgos de la finca", true];
const PLAN: [number, string, boolean] = [4, "Plan de trabajo", false];
const AVISO: [number, string, boolean] = [9, "Aviso de obras", true];

describe("a reading view's documents", () => {
  it("counts a document as read when it has a read mark (not 0)", () => {
    expect(isRead({ read_identifier: 0 })).toBe(false);
    expect(isRead({ read_identifier: 12 })).toBe(true);
    expect(unreadCount([row(RIESGOS), row(RIESGOS, { read_identifier: 5 }), row(PLAN)])).toBe(2);
  });

  it("counts as pending only what must be read and is not (the '!' rule): an optional one never", () => {
    const rows = [row(RIESGOS), row(RIESGOS, { read_identifier: 5 }), row(PLAN), row(AVISO)];
    expect(pendingReadCount(rows)).toBe(2);
    expect(pendingReadCount([row(PLAN)])).toBe(0);
    expect(pendingReadCount([])).toBe(0);
  });

  it("groups them by definition, categories by name, the newest upload first in each", () => {
    const older = row(RIESGOS, { created: "2026-01-10T08:00:00.000Z" });
    const newer = row(RIESGOS, { created: "2026-03-10T08:00:00.000Z" });
    const plan = row(PLAN);
    const aviso = row(AVISO);
    const groups = groupByDefinition([older, plan, newer, aviso]);
    expect(groups.map((g) => g.name)).toEqual(["Aviso de obras", "Plan de trabajo", "Riesgos de la finca"]);
    expect(groups.map((g) => g.readRequired)).toEqual([true, false, true]);
    expect(groups[2]!.documents.map((d) => d.doc_id)).toEqual([newer.doc_id, older.doc_id]);
    expect(groups[0]!.id).toBe(9);
  });

  it("has no groups without documents and does not change the rows it is given", () => {
    expect(groupByDefinition([])).toEqual([]);
    const rows = [row(PLAN), row(AVISO)];
    const copy = [...rows];
    groupByDefinition(rows);
    expect(rows).toEqual(copy);
  });

  it("sorts categories the Spanish way (accents and case do not push a name to the end)", () => {
    const groups = groupByDefinition([row([1, "Zonas comunes", false]), row([2, "ámbito de trabajo", false])]);
    expect(groups.map((g) => g.name)).toEqual(["ámbito de trabajo", "Zonas comunes"]);
  });
});

describe("the provider-in-community view", () => {
  it("reads only what requires reading, each file with its read mark", () => {
    const unread = row(RIESGOS);
    const read = row(AVISO, { read_identifier: 3, file_obsolete: "2027-01-31" });
    const section = readingSection([unread, row(PLAN), read]);
    expect(section.map((d) => d.name)).toEqual(["Aviso de obras", "Riesgos de la finca"]);
    expect(section[0]!.files).toEqual([
      { id: read.doc_id, fileId: read.file_id, name: read.doc_name, size: 2048, obsolete: "2027-01-31", read: true },
    ]);
    expect(section[1]!.files[0]!.read).toBe(false);
  });

  it("has an empty reading section when nothing requires reading (the view then shows the upload hint)", () => {
    expect(readingSection([])).toEqual([]);
    expect(readingSection([row(PLAN)])).toEqual([]);
  });

  function definition(id: number, name: string, origin: number, dest: number, files: string[]): DefinitionDocuments {
    return {
      definition: {
        id,
        name,
        requirement_origin: origin,
        requirement_dest: dest,
        origin_read_required: false,
        dest_read_required: false,
        assocfinca: false,
        oneonly: false,
        mandatory: true,
        obsoletable: false,
        validate_colegio_required: false,
        id_company: 1,
        editable_colegio: false,
        group: null,
      },
      documents: files.map((name, i) => ({
        id: id * 10 + i,
        id_document_require_definition: id,
        company_id: 20,
        company_name: "Ascensores Levante S.L.",
        id_finca: null,
        fileupload_id: id * 100 + i,
        fileupload: {
          id: id * 100 + i,
          name,
          description: "",
          size: 4096,
          ftype: "application/pdf",
          obsolete: i === 0 ? null : "2026-12-31",
          created: "2026-05-01T10:00:00.000Z",
        },
        user_origin: 5,
        validated: false,
        expired: false,
        needs_expiry: false,
        can_edit: false,
      })),
      templates: [],
      can_upload: false,
      can_validate: false,
    };
  }

  it("splits the provider's uploads by destination; a definition for everybody is in both", () => {
    const { provider, administrator, provider_portero, administrador_provider_portero, portero } = Requirement;
    const data = [
      definition(1, "Evaluación de riesgos", provider, administrator, ["evaluacion.pdf", "anexo.pdf"]),
      definition(2, "Plan de trabajo", provider, provider, []),
      definition(3, "Aviso general", provider, administrador_provider_portero, ["aviso.pdf"]),
      definition(4, "Horario", provider, provider_portero, ["horario.pdf"]),
      definition(5, "Formación del portero", portero, administrator, ["formacion.pdf"]),
      definition(6, "Riesgos de la finca", administrator, provider, []),
    ];
    const { forProviders, forAdministrator } = uploadSections(data);
    expect(forProviders.map((d) => d.name)).toEqual(["Plan de trabajo", "Aviso general", "Horario"]);
    expect(forAdministrator.map((d) => d.name)).toEqual(["Evaluación de riesgos", "Aviso general"]);
    expect(forProviders[0]!.files).toEqual([]);
    expect(forAdministrator[0]!.files).toEqual([
      { id: 10, fileId: 100, name: "evaluacion.pdf", size: 4096, obsolete: null, needsExpiry: false },
      { id: 11, fileId: 101, name: "anexo.pdf", size: 4096, obsolete: "2026-12-31", needsExpiry: false },
    ]);
  });

  it("has empty sections without definitions", () => {
    expect(uploadSections([])).toEqual({ forProviders: [], forAdministrator: [] });
    expect(definitionSections([])).toEqual([]);
  });

  it("makes every definition a section in the order given, whoever uploads it (a porter's uploads)", () => {
    const { portero, administrator } = Requirement;
    const sections = definitionSections([
      definition(5, "Formación del portero", portero, administrator, ["formacion.pdf"]),
      definition(3, "Reconocimiento médico", portero, administrator, []),
    ]);
    expect(sections.map((s) => [s.id, s.name])).toEqual([
      [5, "Formación del portero"],
      [3, "Reconocimiento médico"],
    ]);
    expect(sections[0]!.files).toEqual([
      { id: 50, fileId: 500, name: "formacion.pdf", size: 4096, obsolete: null, needsExpiry: false },
    ]);
    expect(sections[1]!.files).toEqual([]);
  });
});
