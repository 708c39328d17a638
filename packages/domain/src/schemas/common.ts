import { z } from "zod";
import { MAX_PAGE_LIMIT, PAGE_SIZE, START_PAGE } from "../constants.js";

/** Error envelope `{result:false, error}` (DESIGN.md §4). */
export const errorEnvelopeSchema = z.object({
  result: z.literal(false),
  error: z.string().describe("clave i18n del catálogo o texto de la especificación"),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function okEnvelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ result: z.literal(true), data });
}

export function pagedEnvelope<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    result: z.literal(true),
    data: z.array(row),
    count: z.number().int(),
    pagination: z.object({ count: z.number().int(), page: z.number().int(), limit: z.number().int() }),
  });
}

/** `colg_id` selects the colegio of the request; numbers may arrive as strings in a query. */
export const colegioIdSchema = z.coerce.number().int().positive();

/** Paging parameters (DESIGN.md §4): page from 1, whitelisted sortBy per list. */
export function pagingSchema<const S extends readonly [string, ...string[]]>(sortColumns: S) {
  return z.object({
    page: z.coerce.number().int().min(1).default(START_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(PAGE_SIZE.defaultRows),
    filter: z.string().trim().max(200).optional().default(""),
    sortBy: z.enum(sortColumns).optional(),
    sortDesc: z.enum(["ASC", "DESC"]).optional().default("ASC"),
    colg_id: colegioIdSchema.optional(),
  });
}
