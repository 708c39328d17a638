import type { ListColumn } from "./ListCard";

/**
 * A list's columns from their text keys, each with its sort key when the list sorts by it:
 * listColumns(t, [["name", "name"], ["cif", "cif"], ["actions"]]) with t the columns' texts; a third
 * element fixes a column's width in pixels (ListColumn.width).
 */
export function listColumns<S extends string>(
  label: (key: string) => string,
  columns: readonly (readonly [key: string, sortKey?: S, width?: number])[],
): ListColumn<S>[] {
  return columns.map(([key, sortKey, width]) => ({ label: label(key), sortKey, ...(width ? { width } : {}) }));
}
