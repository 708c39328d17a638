import { z } from "zod";
import { recordIdSchema } from "./common.js";
import { isoDateSchema } from "./documents.js";

/*
 * What a porter still lacks (docs/compliance.md rules 8–10, in the words of rule 11): the words of its
 * lights in the porters of a community, the doormen summary, one porter's communities and the porter's own
 * communities (issue 21).
 */

/**
 * One duty a porter has not met: a mandatory upload missing, expired (with its last valid day) or without
 * the expiry date its definition requires; or a document it must read and has not. `finca_id` and
 * `finca_name` say where: the community of a per-community upload and of every read; null for a general
 * upload, which is owed once wherever the porter works.
 */
export const porterMissingDutySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("upload"),
    definition_id: z.number().int(),
    definition_name: z.string(),
    reason: z.enum(["missing", "expired", "incomplete"]),
    /** for `expired`: the last day it was valid (YYYY-MM-DD) */
    expired_on: isoDateSchema.nullable(),
    finca_id: z.number().int().nullable(),
    finca_name: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("read"),
    document_id: z.number().int(),
    definition_name: z.string(),
    document_name: z.string(),
    finca_id: z.number().int(),
    finca_name: z.string(),
  }),
]);
export type PorterMissingDuty = z.infer<typeof porterMissingDutySchema>;

/**
 * The unmet duties, uploads first (by definition name, then community), then reads (by definition name,
 * document name, community): as many uploads and reads as the light's figures leave unmet.
 */
export const porterMissingResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(porterMissingDutySchema),
});
export type PorterMissingResponse = z.infer<typeof porterMissingResponseSchema>;

/** POST porteros/fincas/missing {id_finca, id_portero}: one porter in one community (its administrator). */
export const porterMissingInFincaSchema = z.object({ id_finca: recordIdSchema, id_portero: recordIdSchema });
/** POST porteros/portero/missing {id_portero}: one porter over the calling administrator's communities. */
export const porterMissingOverSchema = z.object({ id_portero: recordIdSchema });
/** POST porteros/comunidades/missing {id_finca}: the calling porter in one of its communities. */
export const ownMissingSchema = z.object({ id_finca: recordIdSchema });
