import { z } from "zod";
import { POSTCODE_LENGTH } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { isValidEmail } from "../validation.js";

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

/** Contact data of a full add form (spec 01 §5, 02 §5): every field required, postcode of 5. */
export const requiredContactSchema = z.object({
  cif: z.string().trim().max(20).optional(),
  person: requiredText(ValidationKey.required),
  tfn: requiredText(ValidationKey.required, 30),
  address: requiredText(ValidationKey.required),
  city: requiredText(ValidationKey.required),
  /** holds the province */
  country: requiredText(ValidationKey.required),
  postcode: z
    .string({ error: ValidationKey.postcode })
    .trim()
    .length(POSTCODE_LENGTH, { error: ValidationKey.postcode }),
});

/**
 * Contact data as an edit form sends it (spec 02 §5 'Company edit'): e-mail valid or empty, postcode
 * empty or of 5, the rest free; a field left out is not changed, an empty one is cleared.
 */
export const editableContactSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || isValidEmail(v), { error: ValidationKey.emailFormat })
    .optional(),
  person: optionalText(),
  tfn: optionalText(30),
  address: optionalText(),
  city: optionalText(),
  /** holds the province */
  country: optionalText(),
  postcode: z
    .string()
    .trim()
    .refine((v) => v === "" || v.length === POSTCODE_LENGTH, { error: ValidationKey.postcodeOptional })
    .optional(),
});
