import { ErrorKey } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows, queryRowsPrepared } from "../db/client.js";
import { AppError } from "./app-error.js";

/** A `like`/`ilike` pattern that matches `filter` literally anywhere in the text. */
export function containsPattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/**
 * One page of a list and its total, as the paged envelope wants them, in one round trip: the total is an
 * uncorrelated subquery over the same `from … where` (run once, on its own plan), so the page still
 * stops after `limit` rows of its index instead of numbering every row. Only a page past the end (no
 * rows) asks for the total again, to give the true count there.
 */
export async function fetchPage<R>(
  db: DbOrTx,
  q: PageRequest,
  query: {
    select: SQL;
    from: SQL;
    where: SQL;
    orderBy: SQL;
    /** a leaner `from` for the count, when the page's joins cannot change how many rows match */
    countFrom?: SQL;
    /**
     * Costly per-row columns computed for the page's rows only, after it is chosen: a lateral subquery
     * over the chosen row `page` (its `select` columns by name). Not for columns the order uses.
     */
    late?: SQL;
  },
  toRow: (raw: Record<string, unknown>) => R,
  /** plan once per connection (queryRowsPrepared): for pages whose best plan does not depend on a pattern */
  prepared = false,
) {
  const run = prepared ? queryRowsPrepared : queryRows;
  const counting = sql`select count(*) from ${query.countFrom ?? query.from} where ${query.where}`;
  const paged = (select: SQL) =>
    sql`select ${select}, (${counting}) as page_total__ from ${query.from} where ${query.where}
        order by ${query.orderBy} limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const rows = await run<Record<string, unknown>>(
    db,
    query.late
      ? // The page keeps its order through the join: numbered as it comes out of its ordered subquery.
        sql`select page.*, late.* from (select p.*, row_number() over () as page_position__ from (${paged(query.select)}) p) page
            cross join lateral ${query.late} late order by page.page_position__`
      : paged(query.select),
  );
  let count: number;
  if (rows.length > 0) count = Number(rows[0]!.page_total__);
  else if (q.page === 1) count = 0;
  else count = Number((await run<{ count: number | string }>(db, counting))[0]?.count ?? 0);
  return { data: rows.map(toRow), count, pagination: { count, page: q.page, limit: q.limit } };
}

/** A sortable column: its SQL expression, marked `nullable` when it may be null. */
export type SortColumn = string | { expr: string; nullable: true };

/**
 * The `order by` of a list sorted by a whitelisted column (DESIGN.md §4): its expression and direction,
 * then `tiebreak` in the same direction, so that pages never overlap. A column that is never null gets
 * no NULLS clause, so an index on (column, tiebreak) serves both directions (read backwards for DESC;
 * `DESC NULLS LAST` could not use it). A nullable one keeps its empty values last either way. A list
 * whose ties keep one order whichever way the column goes names its tiebreak's own direction.
 */
export function sortSql<K extends string>(
  columns: Record<K, SortColumn>,
  key: K,
  dir: "ASC" | "DESC",
  tiebreak: string | { expr: string; dir: "ASC" | "DESC" },
) {
  const direction = dir === "DESC" ? "DESC" : "ASC";
  // Route schemas name the keys; a key outside the table is the caller's mistake, never a 500.
  if (!Object.hasOwn(columns, key)) throw new AppError(400, ErrorKey.invalidInput);
  const column = columns[key];
  const first = typeof column === "string" ? `${column} ${direction}` : `${column.expr} ${direction} nulls last`;
  const last = typeof tiebreak === "string" ? `${tiebreak} ${direction}` : `${tiebreak.expr} ${tiebreak.dir}`;
  return sql.raw(`${first}, ${last}`);
}

/** The paging and sorting of a list request, as the routes' schemas give it. */
export interface SortedPage<K extends string> extends PageRequest {
  filter: string;
  sortBy?: K | undefined;
  sortDesc?: "ASC" | "DESC" | undefined;
}
