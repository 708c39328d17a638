import { type SQL, sql } from "drizzle-orm";

/*
 * Many values in one bound parameter, for the set queries of imports (`= any(…)`, `jsonb_to_recordset`):
 * a statement's text stays the same however many rows a batch has, and no list of thousands of
 * parameters is sent.
 */

/** Integers as one `int[]` parameter. */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::int[]`;
}

/** Texts as one `text[]` parameter (each element quoted, its quotes and backslashes escaped). */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}

/** Objects as one `jsonb` parameter, for `jsonb_to_recordset(…) as x(column type, …)`. */
export function jsonRecords(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}
