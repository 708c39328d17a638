import {
  DEFINITION_TABS,
  type DefinitionInput,
  type DefinitionRow,
  type DocumentGroup,
  type DocumentParty,
  GROUP_FILTERS,
  type GroupFilter,
  REQUIREMENT_LABEL,
  REQUIREMENT_VALUES,
  Requirement,
  type RequirementValue,
  ValidationKey,
} from "@coordina/domain";

// ── Tabs (spec 02 §2 'Document definitions administration'): by who uploads ──

export type DefinitionTab = DocumentParty;

/** The tab named in the address (`?tab=`), the administrators' one when missing or unknown. */
export function tabOf(raw: string | null): DefinitionTab {
  return (DEFINITION_TABS as readonly string[]).includes(raw ?? "") ? (raw as DefinitionTab) : "administrator";
}

/** Who uploads the definitions added from a tab: that party alone. */
export const ORIGIN_OF_TAB: Record<DefinitionTab, RequirementValue> = {
  administrator: Requirement.administrator,
  provider: Requirement.provider,
  portero: Requirement.portero,
};

// ── Groups: none (shown as CAF), LOPD, PORTERO ──

/** The group filter of the list (Todos, CAF, LOPD, Porteros), from the dropdown's value. */
export function groupFilterOf(raw: string | null): GroupFilter {
  return (GROUP_FILTERS as readonly string[]).includes(raw ?? "") ? (raw as GroupFilter) : "ALL";
}

/** The form's group choice: CAF stands for no group. */
export type GroupChoice = Exclude<GroupFilter, "ALL">;
export const GROUP_CHOICES: readonly GroupChoice[] = ["CAF", "LOPD", "PORTERO"];

export function groupChoiceOf(group: DocumentGroup | null): GroupChoice {
  return group ?? "CAF";
}

export function groupOfChoice(choice: GroupChoice): DocumentGroup | null {
  return choice === "CAF" ? null : choice;
}

/** The i18n key (under document-definitions.groups) of a definition's group: CAF, LOPD or Porteros. */
export function groupLabelKey(group: DocumentGroup | null): string {
  return `document-definitions.groups.${groupChoiceOf(group)}`;
}

// ── Requirement choices (spec 02 §3 'Requirement values') ──

export interface RequirementOption {
  value: RequirementValue;
  label: string;
}

/** Who may upload: somebody, never 'Ninguno'. */
export const ORIGIN_OPTIONS: readonly RequirementOption[] = REQUIREMENT_VALUES.filter(
  (v) => v !== Requirement.none,
).map((value) => ({ value, label: REQUIREMENT_LABEL[value] }));
/** Who receives it: anybody, or 'Ninguno'. */
export const DEST_OPTIONS: readonly RequirementOption[] = REQUIREMENT_VALUES.map((value) => ({
  value,
  label: REQUIREMENT_LABEL[value],
}));

/** The label of a stored requirement; an unknown value shows as it is. */
export function requirementLabel(value: number): string {
  return REQUIREMENT_LABEL[value as RequirementValue] ?? String(value);
}

// ── The row's flags, shown as badges ──

const FLAGS = [
  "mandatory",
  "dest_read_required",
  "assocfinca",
  "oneonly",
  "obsoletable",
  "validate_colegio_required",
] as const;
export type Flag = (typeof FLAGS)[number];

/** The flags a definition has, in the order the table shows them. */
export function flagsOf(row: Pick<DefinitionRow, Flag>): Flag[] {
  return FLAGS.filter((flag) => row[flag]);
}

// ── The definition form (spec 02 §3 'Document definition', §5 'Definition form') ──

export const NAME_MAX = 200;

export interface DefinitionFormValues {
  name: string;
  origin: RequirementValue;
  dest: RequirementValue;
  /** 'Lectura obligatoria por el destinatario' */
  destRead: boolean;
  /** 'Documento por comunidad' */
  assocfinca: boolean;
  /** 'Varios ficheros': the spec's form field 'unique', the inverse of `oneonly` */
  multiple: boolean;
  mandatory: boolean;
  /** 'Caducidad obligatoria' */
  obsoletable: boolean;
  /** 'Requiere validación del colegio' */
  validateColegio: boolean;
  group: GroupChoice;
  /** not on the form: false on create (spec 02 §3), kept as it was on edit */
  originReadRequired: boolean;
}

/** A new definition from a tab: uploaded by that tab's party, for the administrator (spec 02 §5), no group. */
export function emptyForm(tab: DefinitionTab): DefinitionFormValues {
  return {
    name: "",
    origin: ORIGIN_OF_TAB[tab],
    dest: Requirement.administrator,
    destRead: false,
    assocfinca: false,
    multiple: true,
    mandatory: false,
    obsoletable: false,
    validateColegio: false,
    group: "CAF",
    originReadRequired: false,
  };
}

function asRequirement(value: number, fallback: RequirementValue): RequirementValue {
  return (REQUIREMENT_VALUES as number[]).includes(value) ? (value as RequirementValue) : fallback;
}

/** The form of a definition being edited. */
export function formOfRow(row: DefinitionRow): DefinitionFormValues {
  return {
    name: row.name,
    origin: asRequirement(row.requirement_origin, Requirement.administrator),
    dest: asRequirement(row.requirement_dest, Requirement.administrator),
    destRead: row.dest_read_required,
    assocfinca: row.assocfinca,
    multiple: !row.oneonly,
    mandatory: row.mandatory,
    obsoletable: row.obsoletable,
    validateColegio: row.validate_colegio_required,
    group: groupChoiceOf(row.group),
    originReadRequired: row.origin_read_required,
  };
}

/** The message key of the name, or undefined when it is fine. */
export function nameError(name: string): string | undefined {
  return name.trim() === "" ? ValidationKey.definitionName : undefined;
}

/** The body of add and edit/{id}. */
export function payloadOf(values: DefinitionFormValues): DefinitionInput {
  return {
    name: values.name.trim(),
    requirement_origin: values.origin,
    requirement_dest: values.dest,
    origin_read_required: values.originReadRequired,
    dest_read_required: values.destRead,
    assocfinca: values.assocfinca,
    oneonly: !values.multiple,
    mandatory: values.mandatory,
    obsoletable: values.obsoletable,
    validate_colegio_required: values.validateColegio,
    group: groupOfChoice(values.group),
  };
}

/** Whether an edited form would change anything (surrounding spaces in the name do not count). */
export function formChanged(loaded: DefinitionFormValues, edited: DefinitionFormValues): boolean {
  return JSON.stringify(payloadOf(loaded)) !== JSON.stringify(payloadOf(edited));
}

/** A new destination; with nobody to receive it, nobody has to read it either. */
export function withDest(values: DefinitionFormValues, dest: RequirementValue): DefinitionFormValues {
  return { ...values, dest, destRead: dest === Requirement.none ? false : values.destRead };
}

// ── Delete (spec 02 §5: the confirmation says the uploaded documents go too) ──

/** The i18n key (under document-definitions.confirm-delete) of the question, by the documents uploaded. */
export function deleteTextKey(documentsCount: number): "text-none" | "text-one" | "text-many" {
  if (documentsCount <= 0) return "text-none";
  return documentsCount === 1 ? "text-one" : "text-many";
}
