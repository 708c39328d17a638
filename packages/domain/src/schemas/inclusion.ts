import { z } from "zod";
import { multilineText, recordIdSchema } from "./common.js";

/** The longest message a provider may add to its request to join a colegio. */
export const INCLUSION_MESSAGE_MAX = 1000;

/** A colegio a provider may ask to join (inclusion/colegios): an active colegio it does not belong to. */
export const inclusionColegioSchema = z.object({ id: z.number().int(), name: z.string() });
export type InclusionColegio = z.infer<typeof inclusionColegioSchema>;
export const inclusionColegiosResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(inclusionColegioSchema),
});

/** A provider with no colegio (or wanting another) asks a colegio to include it (inclusion/requests). */
export const inclusionRequestSchema = z.object({
  /** the colegio asked (not `colg_id`: that names the colegio the caller works in) */
  colegio_id: recordIdSchema,
  message: multilineText(INCLUSION_MESSAGE_MAX).optional(),
});
export type InclusionRequestInput = z.input<typeof inclusionRequestSchema>;

/** One of the provider's open requests. */
export const ownInclusionRequestSchema = z.object({
  id: z.number().int(),
  colegio: inclusionColegioSchema,
  message: z.string().nullable(),
  created_at: z.string(),
});
export type OwnInclusionRequest = z.infer<typeof ownInclusionRequestSchema>;
export const ownInclusionRequestsResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(ownInclusionRequestSchema),
});

/** One open request a colegio received: who asks, and how to reach them. */
export const colegioInclusionRequestSchema = z.object({
  id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string(), cif: z.string(), email: z.string().nullable() }),
  requested_by: z.string(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type ColegioInclusionRequest = z.infer<typeof colegioInclusionRequestSchema>;
export const colegioInclusionRequestsResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(colegioInclusionRequestSchema),
});
