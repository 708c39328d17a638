import { type DefinitionRow, Role } from "@coordina/domain";

/*
 * The read requirements' wording and choices, apart from the components so that they are tested alone.
 */

/** The i18n key and values of a document's reads: "Leído por N de M", or nobody has to read it there. */
export function readFigure(
  read: number,
  must: number,
): { key: "read-by" | "nobody-reads"; read: number; must: number } {
  return { key: must === 0 ? "nobody-reads" : "read-by", read, must };
}

/** Whether every read a document is owed is done (a green badge), some are (amber) or none (red); grey: none owed. */
export function readColor(read: number, must: number): "gray" | "green" | "yellow" | "red" {
  if (must === 0) return "gray";
  if (read >= must) return "green";
  return read > 0 ? "yellow" : "red";
}

/** The definitions that can become read requirements: those whose destination need not read them yet, by name. */
export function readCandidates(definitions: readonly DefinitionRow[]): { value: string; label: string }[] {
  return definitions
    .filter((d) => !d.dest_read_required)
    .sort((a, b) => a.name.localeCompare(b.name, "es"))
    .map((d) => ({ value: String(d.id), label: d.name }));
}

/** The settings screen's tab of the read requirements (`?tab=lecturas`). */
export const READINGS_TAB = "lecturas";

/** Whether a role sees the read requirements: the colegio (its own) and its administrators (their communities' part). */
export function readsRequirements(role: number): boolean {
  return role === Role.colegio || role === Role.administrador;
}
