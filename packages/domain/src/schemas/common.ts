import { z } from "zod";

/** Error envelope `{result:false, error}` (DESIGN.md §4). */
export const errorEnvelopeSchema = z.object({
  result: z.literal(false),
  error: z.string().describe("clave i18n del catálogo o texto de la especificación"),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function okEnvelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ result: z.literal(true), data });
}

/** `{result:true}`: the answer of a call that returns nothing else. */
export const okResultSchema = z.object({ result: z.literal(true) });

/** A record's id as clients send it (number or numeric string); beyond a PostgreSQL integer no record has it. */
export const recordIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The `:id` path parameter of a record. */
export const idParamsSchema = z.object({ id: recordIdSchema });

/** The error answers a route documents: each status answers with the error envelope. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<S, typeof errorEnvelopeSchema>;
}

/** An optional text field: trimmed, at most `max` characters. */
export const optionalText = (max = 200) => z.string().trim().max(max).optional();

/** A required text field: trimmed, not empty, at most `max` characters; `message` for any failure. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
