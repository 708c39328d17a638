import { z } from "zod";
import { recordIdSchema } from "./common.js";
import { isoDateSchema } from "./documents.js";

/*
 * What the aggregated lights name (docs/compliance.md §Words, issue 21): what a provider still lacks over
 * the communities it serves in a colegio (the colegio's providers list, rule 5), and what the providers
 * of a community still lack there (the communities list, rule 4). Each list has exactly as many entries
 * as the light beside it is short: the duties of rule 11, counted as the figures count them.
 */

const uploadReasonSchema = z.enum(["missing", "expired", "incomplete"]);

/** { id_gremio }: one provider of the caller's colegio (companies/providers/missing). */
export const providerMissingInColegioRequestSchema = z.object({ id_gremio: recordIdSchema });

/**
 * An upload the provider owes in the colegio, each once (as *Docs a subir* counts it): a general
 * definition once (`finca_id` null), a per-community one once per community it serves there.
 */
const colegioMissingUploadSchema = z.object({
  definition_id: z.number().int(),
  definition_name: z.string(),
  reason: uploadReasonSchema,
  /** for `expired`: the last day it was valid (YYYY-MM-DD) */
  expired_on: isoDateSchema.nullable(),
  finca_id: z.number().int().nullable(),
  finca_name: z.string().nullable(),
});
export type ColegioMissingUpload = z.infer<typeof colegioMissingUploadSchema>;

/** A document the provider has not read in one community it serves (*Docs a leer* sums them). */
const colegioMissingReadSchema = z.object({
  document_id: z.number().int(),
  definition_name: z.string(),
  document_name: z.string(),
  finca_id: z.number().int(),
  finca_name: z.string(),
});
export type ColegioMissingRead = z.infer<typeof colegioMissingReadSchema>;

/**
 * A current document of the provider waiting for the colegio's validation (*Docs pend validar*): its
 * definition, its file and, when it was uploaded for one community, that community.
 */
const pendingDocumentSchema = z.object({
  document_id: z.number().int(),
  definition_name: z.string(),
  document_name: z.string(),
  finca_id: z.number().int().nullable(),
  finca_name: z.string().nullable(),
});
export type PendingDocument = z.infer<typeof pendingDocumentSchema>;

const providerMissingInColegioSchema = z.object({
  uploads: z.array(colegioMissingUploadSchema),
  reads: z.array(colegioMissingReadSchema),
  pending: z.array(pendingDocumentSchema),
});
export type ProviderMissingInColegio = z.infer<typeof providerMissingInColegioSchema>;
export const providerMissingInColegioResponseSchema = z.object({
  result: z.literal(true),
  data: providerMissingInColegioSchema,
});

/** { id_finca }: one community (companies/fincas/missing). */
export const communityMissingRequestSchema = z.object({ id_finca: recordIdSchema });

/** An upload one of the community's providers owes there. */
const communityMissingUploadSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  definition_id: z.number().int(),
  definition_name: z.string(),
  reason: uploadReasonSchema,
  expired_on: isoDateSchema.nullable(),
});
export type CommunityMissingUpload = z.infer<typeof communityMissingUploadSchema>;

/** A document one of the community's providers has not read there. */
const communityMissingReadSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  document_id: z.number().int(),
  definition_name: z.string(),
  document_name: z.string(),
});
export type CommunityMissingRead = z.infer<typeof communityMissingReadSchema>;

const communityMissingSchema = z.object({
  uploads: z.array(communityMissingUploadSchema),
  reads: z.array(communityMissingReadSchema),
});
export type CommunityMissing = z.infer<typeof communityMissingSchema>;
export const communityMissingResponseSchema = z.object({ result: z.literal(true), data: communityMissingSchema });
