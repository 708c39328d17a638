import { z } from "zod";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH, POSTCODE_LENGTH } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { isValidEmail } from "../validation.js";

/** Error envelope `{result:false, error}` (DESIGN.md §4). */
export const errorEnvelopeSchema = z.object({
  result: z.literal(false),
  error: z.string().describe("clave i18n del catálogo o texto de la especificación"),
  params: z.record(z.string(), z.string()).optional().describe("valores que nombra el texto de la clave"),
});

export function okEnvelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ result: z.literal(true), data });
}

/** `{result:true}`: the answer of a call that returns nothing else. */
export const okResultSchema = z.object({ result: z.literal(true) });

/** Plain decimal digits, optionally negative: what a form or a query string sends for a whole number. */
const DECIMAL_INTEGER = /^-?(?:0|[1-9][0-9]{0,15})$/;

/**
 * A whole number as clients send it, a JSON number or a string of plain decimal digits, checked by
 * `target`. Unlike `z.coerce.number()` it refuses what Number() would also read as a number (`+1`, ` 1`,
 * `0x10`, `1e3`, `""`, `true`): an id written two ways must not reach two different records.
 */
export function integerInput<T extends z.ZodType<number, number>>(target: T, message?: string) {
  const error = message === undefined ? undefined : { error: message };
  return z.union([z.number(), z.string().regex(DECIMAL_INTEGER).transform(Number)], error).pipe(target);
}

/** A whole number that fits a PostgreSQL integer column. */
export const pgInteger = (message?: string) => {
  const error = message === undefined ? undefined : { error: message };
  return z.number(error).int(error).min(-2_147_483_648, error).max(2_147_483_647, error);
};

/** A record's id as clients send it (number or decimal string); beyond a PostgreSQL integer no record has it. */
export const recordIdSchema = integerInput(z.number().int().positive().max(2_147_483_647));

/** The `:id` path parameter of a record. */
export const idParamsSchema = z.object({ id: recordIdSchema });

/** The error answers a route documents: each status answers with the error envelope. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<S, typeof errorEnvelopeSchema>;
}

/**
 * Text fields whose value may span several lines. Every other string refuses line breaks: the server's
 * validator looks schemas up here (apps/server/src/plugins/validation.ts).
 */
export const multilineTexts = z.registry<Record<string, never>>();

/** A free text that may span lines (a description): trimmed, at most `max` characters. */
export const multilineText = (max: number) => z.string().trim().max(max).register(multilineTexts, {});

/** An optional text field: trimmed, at most `max` characters. */
const optionalText = (max = 200) => z.string().trim().max(max).optional();

/** A required text field: trimmed, not empty, at most `max` characters; `message` for any failure. */
export const requiredText = (message: string, max = NAME_MAX_LENGTH) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** Contact data of a full add form (spec 01 §5, 02 §5): every field required, postcode of 5. */
export const requiredContactSchema = z.object({
  cif: z.string().trim().max(20).optional(),
  person: requiredText(ValidationKey.required),
  tfn: requiredText(ValidationKey.required, PHONE_MAX_LENGTH),
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
