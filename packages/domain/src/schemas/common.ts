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
