import { Role } from "./roles.js";

/**
 * Who uploads or receives a document (spec 02 §3 'Requirement values'). The combined values include
 * several parties: provider_portero is provider and portero, the last one everybody.
 */
export const Requirement = {
  none: -1,
  administrator: 0,
  provider: 5,
  portero: 25,
  provider_portero: 26,
  administrador_provider_portero: 27,
} as const;
export type RequirementValue = (typeof Requirement)[keyof typeof Requirement];
export const REQUIREMENT_VALUES = Object.values(Requirement) as RequirementValue[];

export const REQUIREMENT_LABEL: Record<RequirementValue, string> = {
  [Requirement.none]: "Ninguno",
  [Requirement.administrator]: "Administrador",
  [Requirement.provider]: "Proveedor",
  [Requirement.portero]: "Portero",
  [Requirement.provider_portero]: "Proveedor y Portero",
  [Requirement.administrador_provider_portero]: "Administrador, proveedor y portero",
};

/** The three parties a requirement can name. */
export type DocumentParty = "administrator" | "provider" | "portero";

const PARTIES_OF: Record<RequirementValue, readonly DocumentParty[]> = {
  [Requirement.none]: [],
  [Requirement.administrator]: ["administrator"],
  [Requirement.provider]: ["provider"],
  [Requirement.portero]: ["portero"],
  [Requirement.provider_portero]: ["provider", "portero"],
  [Requirement.administrador_provider_portero]: ["administrator", "provider", "portero"],
};

/** The requirement values that include a party (spec 02 §6 'Upload origin by role'). */
export function requirementsIncluding(party: DocumentParty): RequirementValue[] {
  return REQUIREMENT_VALUES.filter((v) => PARTIES_OF[v].includes(party));
}

export function requirementIncludes(value: number, party: DocumentParty): boolean {
  return (PARTIES_OF[value as RequirementValue] ?? []).includes(party);
}

/** The party a role uploads and reads as: administrador → administrator; gremio → provider; portero → portero. */
export function partyOfRole(role: number): DocumentParty | null {
  if (role === Role.administrador) return "administrator";
  if (role === Role.gremio) return "provider";
  if (role === Role.portero) return "portero";
  return null;
}

/** Definition groups (spec 02 §3): none (shown as CAF), LOPD, PORTERO. */
export const DOCUMENT_GROUPS = ["LOPD", "PORTERO"] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];
/** The group filter of the lists: every definition, CAF (no group), LOPD, Porteros. */
export const GROUP_FILTERS = ["ALL", "CAF", "LOPD", "PORTERO"] as const;
export type GroupFilter = (typeof GROUP_FILTERS)[number];
/** The mandatory documents screen opens on LOPD (spec 02 §2, §9). */
export const DEFAULT_MANDATORY_GROUP: GroupFilter = "LOPD";

/** The tabs of the definitions screen, by who uploads: 'Docs Administradores', 'Docs Proveedores', 'Docs Porteros'. */
export const DEFINITION_TABS = ["administrator", "provider", "portero"] as const satisfies readonly DocumentParty[];

/** Only PDF files are stored (DESIGN §2). */
export const PDF_MIME = "application/pdf";
/** A PDF starts with this signature, possibly after some bytes of junk within the first kilobyte. */
export const PDF_SIGNATURE = "%PDF-";
export const PDF_SIGNATURE_WINDOW = 1024;

/** A calendar date as the API sends it: YYYY-MM-DD. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Built once: constructing a DateTimeFormat costs more than a whole list query's own work in Node.
const spainDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Madrid",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

let formattedMinute = Number.NaN;
let formattedDay = "";

/**
 * Today's date in Spain, YYYY-MM-DD: expiry dates are calendar days of the portal's users. Formatted once a
 * minute (every request asks it): Spain's days begin on a whole UTC minute, its offsets being whole hours.
 */
export function todayInSpain(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== formattedMinute) {
    formattedDay = spainDay.format(now);
    formattedMinute = minute;
  }
  return formattedDay;
}

/**
 * The expiry indicator (spec 02 §4): a document with an expiry date is valid through that day and
 * expired from the next ('Caducado desde {date}'); without one it never expires ('no tiene').
 */
type ExpiryState = { kind: "none" } | { kind: "valid"; until: string } | { kind: "expired"; since: string };

export function expiryState(obsolete: string | null | undefined, today: string = todayInSpain()): ExpiryState {
  if (!obsolete) return { kind: "none" };
  return obsolete < today ? { kind: "expired", since: obsolete } : { kind: "valid", until: obsolete };
}

/** DD/MM/YYYY from YYYY-MM-DD (spec 02 §4). */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** The indicator's text: 'Caducado desde DD/MM/YYYY', 'Caducidad: DD/MM/YYYY' or 'Caducidad: no tiene'. */
export function expiryText(state: ExpiryState): string {
  if (state.kind === "expired") return `Caducado desde ${formatDay(state.since)}`;
  if (state.kind === "valid") return `Caducidad: ${formatDay(state.until)}`;
  return "Caducidad: no tiene";
}
