import { type DefinitionRow, definitionInputSchema, Requirement, ValidationKey } from "@coordina/domain";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import {
  DEST_OPTIONS,
  deleteTextKey,
  emptyForm,
  flagsOf,
  formChanged,
  formOfRow,
  groupChoiceOf,
  groupFilterOf,
  groupLabelKey,
  groupOfChoice,
  nameError,
  ORIGIN_OPTIONS,
  payloadOf,
  requirementLabel,
  tabOf,
  withDest,
} from "./definitionForm";
import texts from "./es.json";

await i18next.init({
  lng: "es",
  resources: { es: { translation: texts } },
  nsSeparator: false,
  showSupportNotice: false,
});

const row: DefinitionRow = {
  id: 4,
  name: "Evaluación de riesgos",
  requirement_origin: Requirement.provider,
  requirement_dest: Requirement.administrator,
  origin_read_required: false,
  dest_read_required: true,
  assocfinca: false,
  oneonly: true,
  mandatory: true,
  obsoletable: true,
  validate_colegio_required: false,
  id_company: 1,
  editable_colegio: false,
  group: null,
  templates_count: 2,
  documents_count: 3,
};

describe("tabs", () => {
  it("reads the tab from the address, the administrators' one by default", () => {
    expect(tabOf("provider")).toBe("provider");
    expect(tabOf("portero")).toBe("portero");
    expect(tabOf(null)).toBe("administrator");
    expect(tabOf("nonsense")).toBe("administrator");
  });

  it("presets the origin of a new definition from the tab", () => {
    expect(emptyForm("administrator").origin).toBe(Requirement.administrator);
    expect(emptyForm("provider").origin).toBe(Requirement.provider);
    expect(emptyForm("portero").origin).toBe(Requirement.portero);
  });
});

describe("a new definition", () => {
  it("goes to the administrator by default, with no group and every flag off (spec 02 §5)", () => {
    const payload = payloadOf({ ...emptyForm("provider"), name: "  Seguro RC  " });
    expect(payload).toEqual({
      name: "Seguro RC",
      requirement_origin: Requirement.provider,
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
    expect(definitionInputSchema.safeParse(payload).success).toBe(true);
  });

  it("needs a name", () => {
    expect(nameError("   ")).toBe(ValidationKey.definitionName);
    expect(nameError("Seguro")).toBeUndefined();
  });
});

describe("'Varios ficheros' is the inverse of oneonly", () => {
  it("sends oneonly when unticked and not when ticked", () => {
    const form = { ...emptyForm("provider"), name: "Seguro" };
    expect(payloadOf({ ...form, multiple: false }).oneonly).toBe(true);
    expect(payloadOf({ ...form, multiple: true }).oneonly).toBe(false);
  });

  it("shows a single-file definition unticked", () => {
    expect(formOfRow(row).multiple).toBe(false);
    expect(formOfRow({ ...row, oneonly: false }).multiple).toBe(true);
  });
});

describe("editing", () => {
  it("sends back every field as it was when nothing changed", () => {
    const loaded = formOfRow(row);
    const { templates_count, documents_count, id, id_company, editable_colegio, ...fields } = row;
    expect(payloadOf(loaded)).toEqual(fields);
    expect(formChanged(loaded, { ...loaded, name: ` ${row.name} ` })).toBe(false);
    expect(formChanged(loaded, { ...loaded, mandatory: false })).toBe(true);
  });

  it("keeps origin_read_required, which the form does not show", () => {
    expect(payloadOf(formOfRow({ ...row, origin_read_required: true })).origin_read_required).toBe(true);
  });

  it("maps the group both ways: no group is CAF", () => {
    expect(formOfRow(row).group).toBe("CAF");
    expect(payloadOf(formOfRow({ ...row, group: "LOPD" })).group).toBe("LOPD");
    expect(groupOfChoice("CAF")).toBeNull();
    expect(groupOfChoice("PORTERO")).toBe("PORTERO");
    expect(groupChoiceOf(null)).toBe("CAF");
  });

  it("drops the reading duty when nobody receives the document", () => {
    const form = { ...formOfRow(row), destRead: true };
    expect(withDest(form, Requirement.none)).toMatchObject({ dest: Requirement.none, destRead: false });
    expect(withDest(form, Requirement.provider)).toMatchObject({ dest: Requirement.provider, destRead: true });
  });
});

describe("requirement choices and labels", () => {
  it("lets nobody be the origin but 'Ninguno' be the destination", () => {
    expect(ORIGIN_OPTIONS.map((o) => o.value)).not.toContain(Requirement.none);
    expect(DEST_OPTIONS.map((o) => o.value)).toContain(Requirement.none);
    expect(ORIGIN_OPTIONS).toHaveLength(5);
  });

  it("labels requirements as the spec does", () => {
    expect(requirementLabel(Requirement.provider_portero)).toBe("Proveedor y Portero");
    expect(requirementLabel(Requirement.none)).toBe("Ninguno");
    expect(requirementLabel(99)).toBe("99");
  });
});

describe("list texts", () => {
  it("labels groups CAF, LOPD and Porteros", () => {
    expect(i18next.t(groupLabelKey(null))).toBe("CAF");
    expect(i18next.t(groupLabelKey("LOPD"))).toBe("LOPD");
    expect(i18next.t(groupLabelKey("PORTERO"))).toBe("Porteros");
  });

  it("reads the group filter, every definition by default", () => {
    expect(groupFilterOf("PORTERO")).toBe("PORTERO");
    expect(groupFilterOf(null)).toBe("ALL");
    expect(groupFilterOf("x")).toBe("ALL");
  });

  it("shows the row's flags in order", () => {
    expect(flagsOf(row)).toEqual(["mandatory", "dest_read_required", "oneonly", "obsoletable"]);
    for (const flag of flagsOf({ ...row, assocfinca: true, validate_colegio_required: true })) {
      expect(i18next.exists(`document-definitions.flags.${flag}`), flag).toBe(true);
    }
  });

  it("says how many uploaded documents a delete takes with it", () => {
    const text = (count: number) =>
      i18next.t(`document-definitions.confirm-delete.${deleteTextKey(count)}`, { name: "Seguro", count });
    expect(text(3)).toBe("Se borrará la definición «Seguro» y los 3 documentos subidos para ella. ¿Continuar?");
    expect(text(1)).toBe("Se borrará la definición «Seguro» y el documento subido para ella. ¿Continuar?");
    expect(text(0)).toContain("No hay documentos subidos");
  });
});
