import { importMessage } from "@coordina/domain";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";

/** What the three community imports share: their messages and how they find rows repeated in a file. */

/** A row's message: a key of the row messages' table and the values its Spanish text names. */
export const message = importMessage;

/**
 * For each key the file's rows have (undefined: the row has none, it is wrong for another reason), the
 * first row that has it: a later row with the same key repeats it ('El CIF … ya está en la fila …').
 */
export function firstRowByKey(rows: readonly SheetRow[], keyOf: (row: SheetRow, index: number) => string | undefined) {
  const first = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = keyOf(row, index);
    if (key !== undefined && !first.has(key)) first.set(key, row.row);
  });
  return first;
}

/** The distinct values, for a set query. */
export const distinct = <T>(values: readonly (T | undefined)[]): T[] =>
  [...new Set(values)].filter((v): v is T => v !== undefined);
