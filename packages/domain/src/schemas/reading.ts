import { z } from "zod";
import { recordIdSchema } from "./common.js";
import { pagingSchema } from "./paging.js";
import { missingDutySchema } from "./porters.js";

/*
 * Reading duties and compliance views (spec 02 §2 'Document viewing for a community', 'Provider home',
 * 'Provider-in-community document view', 'Provider detail by the association'; §3 'Document row in a
 * community', 'Mark-as-read payload', 'Pending-read row'; §7 'Provider documents', 'Mark read').
 * The rules behind every figure are in docs/compliance.md.
 */

/** { id_finca }: one community (documents_of_finca_by_administrator, documets_of_finca_by_providers, is_pending_read). */
export const fincaRequestSchema = z.object({ id_finca: recordIdSchema });

/** { id_finca, id_gremio }: one provider in one community (read_by_provider, document_uploaded_by_provider_finca). */
export const fincaProviderRequestSchema = z.object({ id_finca: recordIdSchema, id_gremio: recordIdSchema });
export type FincaProviderRequest = z.input<typeof fincaProviderRequestSchema>;

/**
 * { id_finca, id_gremio? } (documents_fincas): one provider's documents in a community, or without
 * `id_gremio` those of every party of it (its administrator and its live providers).
 */
export const fincaDocumentsRequestSchema = z.object({
  id_finca: recordIdSchema,
  id_gremio: recordIdSchema.optional(),
});
export type FincaDocumentsRequest = z.input<typeof fincaDocumentsRequestSchema>;

/**
 * A current document someone may read in a community (spec 02 §3 'Document row in a community', the
 * second shape, with what the reading screen shows besides).
 */
const communityDocumentRowSchema = z.object({
  /** the definition (category) */
  id: z.number().int(),
  definition_name: z.string(),
  /** the definition requires reading by its destination: 'Lectura Obligatoria' */
  read_required: z.boolean(),
  group: z.string().nullable(),
  /** the uploaded document (id_document of the mark-as-read payload) */
  doc_id: z.number().int(),
  /** the file's name */
  doc_name: z.string(),
  file_id: z.number().int(),
  file_size: z.number().int(),
  /** expiry YYYY-MM-DD or null; never passed here, an expired document is not listed */
  file_obsolete: z.string().nullable(),
  /** the uploader's company */
  company_uploaded: z.number().int(),
  company_name: z.string(),
  /** the read mark's id; 0 = unread */
  read_identifier: z.number().int(),
  /** when it was uploaded (ISO) */
  created: z.string(),
});
export type CommunityDocumentRow = z.infer<typeof communityDocumentRowSchema>;
export const communityDocumentsResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(communityDocumentRowSchema),
});
export type CommunityDocumentsResponse = z.infer<typeof communityDocumentsResponseSchema>;

/** is_pending_read: the caller has documents left to read in the community (the '!' badge). */
export const pendingReadFlagSchema = z.object({ result: z.literal(true), pending: z.boolean() });

/** Mark-as-read payload (spec 02 §3): the caller's company marks a document read in a community. */
export const markReadSchema = z.object({
  readed: z.literal(true),
  id_document: recordIdSchema,
  id_finca: recordIdSchema,
  id_company: recordIdSchema,
});
export type MarkReadRequest = z.input<typeof markReadSchema>;
export const markReadResponseSchema = z.object({ result: z.literal(true), read_identifier: z.number().int() });

/** A document a provider still has to read, in any community it serves (spec 02 §3 'Pending-read row'). */
const pendingReadRowSchema = z.object({
  finca_name: z.string(),
  /** the community's administrator (company name) */
  finca_administrator: z.string(),
  finca_id: z.number().int(),
  uploaded_doc_id: z.number().int(),
  /** the file's name */
  uploaded_doc_name: z.string(),
  /** the definition */
  doc_id: z.number().int(),
  /** the definition's name */
  doc_type: z.string(),
  file_id: z.number().int(),
  file_size: z.number().int(),
  /** who uploaded it */
  company_name: z.string(),
  /** uploaded by the community's administrator (docs-finca) rather than by another provider (docs-proveedores) */
  from_administrator: z.boolean(),
});
export type PendingReadRow = z.infer<typeof pendingReadRowSchema>;
export const pendingReadsResponseSchema = z.object({ result: z.literal(true), data: z.array(pendingReadRowSchema) });

export const UPLOAD_PENDING_STATES = ["missing", "expired", "incomplete"] as const;
/**
 * An upload a provider still owes (the provider home's 'Documentos pendientes de subida'): a general
 * definition once, a bound one per community. `missing` nothing uploaded; `expired` only expired
 * documents; `incomplete` a document without the expiry date its definition demands.
 */
const uploadPendingRowSchema = z.object({
  definition_id: z.number().int(),
  definition_name: z.string(),
  /** the community for a bound definition; null for a general one (uploaded once, for all) */
  finca_id: z.number().int().nullable(),
  finca_name: z.string().nullable(),
  state: z.enum(UPLOAD_PENDING_STATES),
  /** the newest expired document's expiry, when `state` is expired */
  obsolete: z.string().nullable(),
});
export type UploadPendingRow = z.infer<typeof uploadPendingRowSchema>;
export const uploadPendingResponseSchema = z.object({ result: z.literal(true), data: z.array(uploadPendingRowSchema) });

/**
 * companies/providers/missing_in_finca ({ id_finca, id_gremio }): what the provider still lacks in the
 * community (docs/compliance.md rule 11), uploads first, then reads; [] when it lacks nothing.
 */
export const providerMissingResponseSchema = z.object({ result: z.literal(true), data: z.array(missingDutySchema) });

const PROVIDER_FINCA_SORTABLE = ["name", "cif", "docs"] as const;
export type ProviderFincaSortKey = (typeof PROVIDER_FINCA_SORTABLE)[number];
/** companies/colegio-providers/fincas/{id}: paged (10 a page), sorted by name, tax id or uploads met ('docs'). */
export const providerFincasIndexSchema = pagingSchema(PROVIDER_FINCA_SORTABLE);
export type ProviderFincasIndexRequest = z.input<typeof providerFincasIndexSchema>;

/** A row of a provider's communities for the colegio (spec 02 §3 "Provider's community list row"). */
const providerFincaRowSchema = z.object({
  id_finca: z.number().int(),
  finca: z.string(),
  finca_cif: z.string(),
  /** the community's administrator (company name) */
  admin: z.string(),
  /** mandatory uploads met by the provider there */
  count_provider: z.number().int(),
  /** mandatory uploads it owes there */
  count_total: z.number().int(),
  readed: z.number().int(),
  must_read: z.number().int(),
});
export type ProviderFincaRow = z.infer<typeof providerFincaRowSchema>;
export const providerFincasPageSchema = z.object({
  result: z.literal(true),
  provider: z.object({ id: z.number().int(), name: z.string() }),
  count: z.number().int(),
  data: z.array(providerFincaRowSchema),
});
export type ProviderFincasPage = z.infer<typeof providerFincasPageSchema>;
