import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.js";

/** A `like`/`ilike` pattern that matches `filter` literally anywhere in the text. */
export function containsPattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/**
 * One page of a list and its total, as the paged envelope wants them: the page query and a count over
 * the same `from … where`, run side by side. Counting apart lets the page stop after `limit` rows of
 * its index instead of numbering every row, and gives the true total on a page past the end.
 */
export async function fetchPage<R>(
  db: Db,
  q: PageRequest,
  query: { select: SQL; from: SQL; where: SQL; orderBy: SQL },
  toRow: (raw: Record<string, unknown>) => R,
) {
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select ${query.select} from ${query.from} where ${query.where} order by ${query.orderBy}
          limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${query.from} where ${query.where}`),
  ]);
  const count = Number(counted?.n ?? 0);
  return { data: rows.map(toRow), count, pagination: { count, page: q.page, limit: q.limit } };
}

/**
 * The `order by` of a list sorted by a whitelisted column (DESIGN.md §4): its expression, the direction,
 * nulls last, then `tiebreak` in the same direction, so that pages never overlap and an index on
 * (column, tiebreak) can be read backwards.
 */
export function sortSql<K extends string>(columns: Record<K, string>, key: K, dir: "ASC" | "DESC", tiebreak: string) {
  const direction = dir === "DESC" ? "DESC" : "ASC";
  return sql.raw(`${columns[key]} ${direction} nulls last, ${tiebreak} ${direction}`);
}
