import { type SQL, sql } from "drizzle-orm";

/** Values as a bound list for `in (…)`: `x in (${sqlList(ids)})`. An empty list is the caller's to avoid. */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** Integers as one bound `int[]` parameter: `x = any(${intArray(ids)})`, `unnest(${intArray(ids)})`. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(",")}}`}::int[]`;
}
