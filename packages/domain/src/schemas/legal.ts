import { z } from "zod";
import { Role } from "../roles.js";
import { multilineText, recordIdSchema } from "./common.js";

/**
 * The colegio's legal texts (issue 23 part 4; spec 02 §2 'Legal texts and terms popup', §9): its legal advice
 * and the conditions of use of each role, saved as dated versions. The newest version of a kind is the current
 * one; a colegio that never saved conditions shows the built-in text of TERMS_UPDATED.
 */
export const LEGAL_TEXT_KINDS = ["aviso-legal", "condiciones-proveedores", "condiciones-administradores"] as const;
export type LegalTextKind = (typeof LEGAL_TEXT_KINDS)[number];
export type TermsKind = Exclude<LegalTextKind, "aviso-legal">;

/** The conditions of use a role accepts (providers 20, administrators 15); none for other roles. */
export function termsKindOf(role: number): TermsKind | undefined {
  if (role === Role.gremio) return "condiciones-proveedores";
  if (role === Role.administrador) return "condiciones-administradores";
  return undefined;
}

/** The largest legal text a colegio may save, in characters of HTML (a long text is ~60 000). */
export const LEGAL_TEXT_MAX_LENGTH = 200_000;

export const legalTextKindSchema = z.enum(LEGAL_TEXT_KINDS);

/** A saved version as the list shows it. */
export const legalTextVersionSchema = z.object({
  id: z.number().int(),
  kind: legalTextKindSchema,
  saved_at: z.string().describe("fecha y hora ISO 8601"),
  saved_by: z.string().describe("e-mail de quien la guardó"),
});
export type LegalTextVersion = z.infer<typeof legalTextVersionSchema>;

/** A version with its (sanitized) text. */
export const legalTextSchema = legalTextVersionSchema.extend({ html: z.string() });
export type LegalText = z.infer<typeof legalTextSchema>;

/** settings/legal-texts: the colegio's current text of each kind (null: never saved) and every version. */
export const legalTextsOverviewSchema = z.object({
  current: z.object({
    "aviso-legal": legalTextSchema.nullable(),
    "condiciones-proveedores": legalTextSchema.nullable(),
    "condiciones-administradores": legalTextSchema.nullable(),
  }),
  versions: z.array(legalTextVersionSchema),
});
export type LegalTextsOverview = z.infer<typeof legalTextsOverviewSchema>;

export const legalTextSaveSchema = z.object({
  kind: legalTextKindSchema,
  /** HTML as the editor (or another client) sends it, line breaks allowed; sanitized by the server */
  html: multilineText(LEGAL_TEXT_MAX_LENGTH),
});
export type LegalTextSaveRequest = z.input<typeof legalTextSaveSchema>;

/**
 * settings/legal-texts/terms: the conditions the caller must accept in the chosen colegio (the colegio's current
 * version, or the built-in one: `version_id` and `html` null, `updated` TERMS_UPDATED) or, with none chosen, in
 * the first of its colegios whose newest version it has not accepted, whether the caller has accepted them, and
 * that colegio's legal advice (null when it has none).
 */
export const currentTermsSchema = z.object({
  kind: z.enum(["condiciones-proveedores", "condiciones-administradores"]),
  version_id: z.number().int().nullable(),
  updated: z.string().describe("fecha de la versión (AAAA-MM-DD o ISO 8601)"),
  html: z.string().nullable(),
  accepted: z.boolean(),
  aviso_legal: z.string().nullable(),
  /** with no colegio chosen, the colegio whose conditions these are (null: the chosen one, or the built-in text) */
  colegio_name: z.string().nullable(),
});
export type CurrentTerms = z.infer<typeof currentTermsSchema>;

/** settings/legal-texts/accept: the version read (null: the built-in text); a newer one must be read first. */
export const termsAcceptSchema = z.object({ version_id: recordIdSchema.nullable() });
export type TermsAcceptRequest = z.input<typeof termsAcceptSchema>;

/** The export's columns (CSV, one row per acceptance). */
export const LEGAL_ACCEPTANCE_COLUMNS = [
  "Usuario",
  "Empresa",
  "Rol",
  "Condiciones",
  "Versión",
  "Aceptadas el",
] as const;
