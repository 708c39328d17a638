import type { ListColumn } from "./ListCard";

/**
 * A list's columns from their text keys, each with its sort key when the list sorts by it:
 * listColumns(t, [["name", "name"], ["cif", "cif"], ["actions"]]) with t the columns' texts.
 */
export function listColumns<S extends string>(
  label: (key: string) => string,
  columns: readonly (readonly [key: string, sortKey?: S])[],
): ListColumn<S>[] {
  return columns.map(([key, sortKey]) => ({ label: label(key), sortKey }));
}
