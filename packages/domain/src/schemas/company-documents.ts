import { z } from "zod";
import { PAGE_SIZE } from "../constants.js";
import { DOCUMENT_GROUPS } from "../documents.js";
import { recordIdSchema } from "./common.js";
import { pagingSchema } from "./paging.js";

/*
 * The caller's own company's documents (spec 02 §2 /documents/summary and /documents/uploaded, §7
 * `companies/documents`; issue 23): for an administrator, a provider or a porter, in the chosen colegio.
 */

/**
 * A document's expiry as the lists show it, one of four that never overlap: `valid` current beyond the next
 * 30 days (or without an expiry date its definition does not ask for); `soon` current with its last valid
 * day within the next 30 days (EXPIRING_SOON_DAYS, Spain's calendar); `expired` its date has passed;
 * `none` its definition demands an expiry date and it has none ('Falta la fecha de caducidad').
 */
export const COMPANY_EXPIRY_STATES = ["valid", "soon", "expired", "none"] as const;
export type CompanyExpiryState = (typeof COMPANY_EXPIRY_STATES)[number];

/**
 * A document's validation by the colegio: `validated`; `pending` its definition requires validation and it
 * waits (current and not validated: what *Docs pend validar* counts); `not-required` its definition asks for
 * none. An expired or incomplete document whose definition requires validation waits for nothing: `none`
 * (it is never a filter value).
 */
export const COMPANY_VALIDATION_STATES = ["validated", "pending", "not-required"] as const;
export type CompanyValidationState = (typeof COMPANY_VALIDATION_STATES)[number] | "none";

const UPLOADED_SORTABLE = ["created", "name", "expiry", "definition", "community"] as const;
export type CompanyDocumentSortKey = (typeof UPLOADED_SORTABLE)[number];

/**
 * POST companies/documents: a page of the documents the caller's company uploaded (live: neither they nor
 * their files deleted, of live definitions of the chosen colegio), newest first unless sorted otherwise.
 * `filter` searches the file name, the definition and the community; the others narrow it.
 */
export const companyDocumentsRequestSchema = pagingSchema(UPLOADED_SORTABLE, PAGE_SIZE.defaultRows).extend({
  /** uploaded for this community (per-community definitions) */
  id_finca: recordIdSchema.optional(),
  id_definition: recordIdSchema.optional(),
  expiry: z.enum(COMPANY_EXPIRY_STATES).optional(),
  validation: z.enum(COMPANY_VALIDATION_STATES).optional(),
});
export type CompanyDocumentsRequest = z.input<typeof companyDocumentsRequestSchema>;

export const companyDocumentRowSchema = z.object({
  id: z.number().int(),
  file: z.object({
    id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    /** ISO timestamp of the upload */
    created: z.string(),
    /** expiry date YYYY-MM-DD, or null */
    obsolete: z.string().nullable(),
  }),
  /** its definition demands an expiry date and it has none (incomplete: it counts for nothing) */
  needs_expiry: z.boolean(),
  expiry_state: z.enum(COMPANY_EXPIRY_STATES),
  definition: z.object({
    id: z.number().int(),
    name: z.string(),
    group: z.enum(DOCUMENT_GROUPS).nullable(),
    /** per community: uploaded for one community, counting only there */
    assocfinca: z.boolean(),
    /** a new upload replaces the previous one */
    oneonly: z.boolean(),
    /** its documents must have an expiry date */
    obsoletable: z.boolean(),
  }),
  /** the community it was uploaded for; null: a general document, counting in every community */
  finca: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  validation: z.enum([...COMPANY_VALIDATION_STATES, "none"]),
  /** the newest live document of its company for that definition there: no later upload came after it */
  newest: z.boolean(),
});
export type CompanyDocumentRow = z.infer<typeof companyDocumentRowSchema>;

export const companyDocumentsPageSchema = z.object({
  result: z.literal(true),
  data: z.array(companyDocumentRowSchema),
  count: z.number().int(),
  pagination: z.object({ count: z.number().int(), page: z.number().int(), limit: z.number().int() }),
  /** the communities and the definitions of the company's documents in the colegio, by name: the filters' choices */
  fincas: z.array(z.object({ id: z.number().int(), name: z.string() })),
  definitions: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CompanyDocumentsPage = z.infer<typeof companyDocumentsPageSchema>;

/**
 * A duty's state in the summary: `valid` met beyond the next 30 days; `soon` met, but its last current
 * document's date is within the next 30 days; and, as companies/providers/upload_pending says them,
 * `expired`, `incomplete` (its newest document lacks the expiry date its definition requires) and `missing`.
 */
export const DUTY_STATES = ["valid", "soon", "expired", "incomplete", "missing"] as const;
export type DutyState = (typeof DUTY_STATES)[number];

const dutySchema = z.object({
  /** the community of a per-community definition; null for a general one (uploaded once, for all) */
  finca_id: z.number().int().nullable(),
  finca_name: z.string().nullable(),
  state: z.enum(DUTY_STATES),
  /** valid, soon: the last day its documents keep it met (null: no expiry); expired: the latest expiry */
  obsolete: z.string().nullable(),
});
export type DocumentDuty = z.infer<typeof dutySchema>;

const summaryRowSchema = z.object({
  definition_id: z.number().int(),
  definition_name: z.string(),
  group: z.enum(DOCUMENT_GROUPS).nullable(),
  assocfinca: z.boolean(),
  /** one duty for a general definition; one per community for a per-community one, by community name */
  duties: z.array(dutySchema),
});
export type DocumentSummaryRow = z.infer<typeof summaryRowSchema>;

/**
 * POST companies/documents/summary: the caller's company's upload duties in the chosen colegio
 * (docs/compliance.md rules 1 and 8, and the administrator's own), each once as rule 5 counts them, by
 * definition name, and how many are in each state. `expired + incomplete + missing` is exactly what the
 * company still owes (a provider's companies/providers/upload_pending, its *Docs a subir* shortfall).
 */
export const documentSummaryResponseSchema = z.object({
  result: z.literal(true),
  counts: z.object({
    valid: z.number().int(),
    soon: z.number().int(),
    expired: z.number().int(),
    incomplete: z.number().int(),
    missing: z.number().int(),
  }),
  data: z.array(summaryRowSchema),
});
export type DocumentSummary = Omit<z.infer<typeof documentSummaryResponseSchema>, "result">;
