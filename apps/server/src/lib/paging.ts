/** A `like`/`ilike` pattern that matches `filter` literally anywhere in the text. */
export function containsPattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The list's total, read from the `count(*) over ()` column of its page. A page past the end (the
 * user was on page 5 and rows went away) has no row to carry it; only then is it counted separately,
 * so the pager can take the user back.
 */
export async function totalOf(
  rows: readonly { total: number | string }[],
  page: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total);
  return page > 1 ? count() : 0;
}
