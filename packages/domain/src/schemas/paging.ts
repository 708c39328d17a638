import { z } from "zod";
import { MAX_PAGE_LIMIT, PAGE_SIZE, START_PAGE } from "../constants.js";
import { integerInput } from "./common.js";

/**
 * Paged list request (DESIGN.md §4): page from 1, limit, filter, sortBy, sortDesc (ASC|DESC). `colg_id`
 * is not here: the auth plugin takes it off every request before validation.
 */
export function pagingSchema<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultLimit: number = PAGE_SIZE.defaultRows,
) {
  return z.object({
    page: integerInput(z.number().int().min(1).max(1_000_000)).default(START_PAGE),
    limit: integerInput(z.number().int().min(1).max(MAX_PAGE_LIMIT)).default(defaultLimit),
    filter: z.string().trim().max(200).default(""),
    sortBy: z.enum(sortable).optional(),
    sortDesc: z.enum(["ASC", "DESC"]).optional(),
  });
}

const paginationSchema = z.object({ count: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** A page of a list: `data` plus `count` and `pagination` (the spec reads either). */
export function pagedEnvelope<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    result: z.literal(true),
    data: z.array(row),
    count: z.number().int(),
    pagination: paginationSchema,
  });
}
