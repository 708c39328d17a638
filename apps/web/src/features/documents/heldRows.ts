/**
 * Rows a list keeps on screen for a while after they left the server's answer (issue 21: a document
 * validated from 'Validar documentos' stays, 'Validado' with 'Deshacer', instead of vanishing).
 */

/** How long a validated document stays in the list (ms), unless the user leaves the page first. */
export const HOLD_MS = 10_000;

/** A row held where it was: `index` is its place among the rows shown when it was held. */
export interface HeldRow<Row> {
  row: Row;
  index: number;
}

/**
 * The rows to show: the server's, with each held row back at its place (its own version of the row when
 * the server still, or again, answers it). Rows held one after another go back in the order of their
 * places, so a list where nothing else changed looks exactly as before.
 */
export function withHeld<Row>(rows: readonly Row[], held: readonly HeldRow<Row>[], idOf: (row: Row) => number): Row[] {
  const heldIds = new Set(held.map((h) => idOf(h.row)));
  const shown = rows.filter((row) => !heldIds.has(idOf(row)));
  for (const h of [...held].sort((a, b) => a.index - b.index)) shown.splice(Math.min(h.index, shown.length), 0, h.row);
  return shown;
}
