import type { SQL } from "drizzle-orm";
import {
  type DbOrTx,
  queryRows,
  queryRowsBuiltOnce,
  queryRowsPrepared,
  type Slots,
  type StatementValues,
} from "./client.js";

/**
 * Raw SQL rows, typed and converted once, where the query is. A query names its columns with a
 * converter each (`{ id: col.int, name: col.text, created_at: col.date }`); the reader turns every raw
 * row into that shape, so no caller converts a field by hand. PostgreSQL sends `bigint` and `numeric`
 * (counts, sums) as strings and node-postgres and PGlite may differ on timestamps: the converters
 * absorb both.
 */
type Convert<T> = (value: unknown) => T;
export type RowSpec = Record<string, Convert<unknown>>;
export type RowOf<S extends RowSpec> = { [K in keyof S]: ReturnType<S[K]> };

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export const col = {
  /** an integer, also from a bigint/numeric string (`count(*)`, `sum(…)`) */
  int: (value: unknown): number => Number(value),
  intOrNull: (value: unknown): number | null => (value == null ? null : Number(value)),
  text: (value: unknown): string => String(value),
  textOrNull: (value: unknown): string | null => (value == null ? null : String(value)),
  bool: (value: unknown): boolean => value === true,
  boolOrNull: (value: unknown): boolean | null => (value == null ? null : value === true),
  date: toDate,
  dateOrNull: (value: unknown): Date | null => (value == null ? null : toDate(value)),
  /** a timestamp as the API sends it: ISO 8601 in UTC */
  iso: (value: unknown): string => toDate(value).toISOString(),
  isoOrNull: (value: unknown): string | null => (value == null ? null : toDate(value).toISOString()),
  /** a `date` column (yyyy-mm-dd), whichever way the driver sends it */
  day: (value: unknown): string =>
    value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10),
  dayOrNull: (value: unknown): string | null =>
    value == null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10),
  /** integers of an `int[]` aggregate (null: none) */
  ints: (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []),
  texts: (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []),
  /** a value the driver already gives in its final shape (json, text[]…), typed by the caller */
  as:
    <T>() =>
    (value: unknown): T =>
      value as T,
};

/** The converter of a query's rows. */
export function rowReader<S extends RowSpec>(spec: S): (raw: Record<string, unknown>) => RowOf<S> {
  const keys = Object.keys(spec) as (keyof S & string)[];
  return (raw) => {
    const row = {} as RowOf<S>;
    for (const key of keys) row[key] = spec[key]!(raw[key]) as RowOf<S>[typeof key];
    return row;
  };
}

/** Runs raw SQL and returns its rows converted by `spec`. */
export async function queryTyped<S extends RowSpec>(db: DbOrTx, query: SQL, spec: S): Promise<RowOf<S>[]> {
  return (await queryRows<Record<string, unknown>>(db, query)).map(rowReader(spec));
}

/** queryTyped for a hot read planned once per connection (see queryRowsPrepared). */
export async function queryTypedPrepared<S extends RowSpec>(
  db: DbOrTx,
  query: SQL,
  spec: S,
  options: { write?: boolean } = {},
): Promise<RowOf<S>[]> {
  return (await queryRowsPrepared<Record<string, unknown>>(db, query, options)).map(rowReader(spec));
}

/** queryTyped for a hot statement built once per key (see queryRowsBuiltOnce). */
export async function queryTypedBuiltOnce<S extends RowSpec, V extends StatementValues>(
  db: DbOrTx,
  key: string,
  values: V,
  build: (slots: Slots<V>) => SQL,
  spec: S,
  options: { write?: boolean } = {},
): Promise<RowOf<S>[]> {
  return (await queryRowsBuiltOnce<Record<string, unknown>, V>(db, key, values, build, options)).map(rowReader(spec));
}
