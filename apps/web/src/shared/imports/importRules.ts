import {
  ErrorKey,
  IMPORT_HEADERS,
  type ImportKind,
  type ImportOutcome,
  type ImportRun,
  MAX_FILE_SIZE_BYTES,
  Role,
} from "@coordina/domain";

/** The spreadsheets the importer takes (spec 01 §5: xlsx and xls). */
export const SHEET_TYPES: Record<string, string[]> = {
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.ms-excel": [".xls"],
};

/** Rows of the results table per page. */
export const RESULT_ROWS_PER_PAGE = 10;

/** How often a running import is asked for its progress, in ms. */
export const PROGRESS_POLL_MS = 500;

/** The longest wait before asking again for a run whose answers keep failing (no connection, 5xx, 429), in ms. */
export const POLL_BACKOFF_MAX_MS = 5_000;

/**
 * Who may import each kind (spec 01 §2, spec 02 §2; issue 20): the colegio its administrators and
 * providers; an administrator its communities and their pairs, and the providers of a community it may
 * manage (`editable`).
 */
export function mayImport(role: number | undefined, kind: ImportKind, editable = false): boolean {
  switch (kind) {
    case "administrators":
    case "providers":
      return role === Role.colegio;
    case "communities":
    case "pairs":
      return role === Role.administrador;
    case "community-providers":
      return role === Role.administrador && editable;
  }
}

/**
 * Why a chosen file is refused before it is sent (the server checks the bytes again): the error key, or
 * null when it may go. A spreadsheet by its name (browsers often give no type for .xls), of up to 10 MB.
 */
export function sheetRefusal(file: { name: string; size: number }): string | null {
  if (!/\.xlsx?$/i.test(file.name.trim())) return ErrorKey.importNotASpreadsheet;
  if (file.size > MAX_FILE_SIZE_BYTES) return ErrorKey.importTooLarge;
  return null;
}

/** A row's values as the 'Datos' column shows them: in the kind's header order, an empty cell as '—'. */
export function rowData(kind: ImportKind, values: Record<string, string>): string {
  return IMPORT_HEADERS[kind].map((header) => values[header]?.trim() || "—").join(" · ");
}

/** The marker of a row's result: green written, red wrong, grey nothing done (or not yet). */
export type OutcomeTone = "done" | "problem" | "neutral";

export function toneOf(outcome: ImportOutcome | null): OutcomeTone {
  if (outcome === "created" || outcome === "included" || outcome === "linked") return "done";
  if (outcome === "invalid" || outcome === "failed") return "problem";
  return "neutral";
}

/** The counts a run's summary names, in this order (each with its count, none when zero). */
export const COUNT_ORDER = ["created", "included", "linked", "already", "invalid", "failed"] as const;

/** The counts worth saying: those above zero, in COUNT_ORDER. */
export function countsToSay(counts: ImportRun["counts"]): { name: (typeof COUNT_ORDER)[number]; count: number }[] {
  return COUNT_ORDER.filter((name) => counts[name] > 0).map((name) => ({ name, count: counts[name] }));
}

/** Rows found wrong by validation or refused while importing. */
export function problemsOf(run: ImportRun): number {
  return run.counts.invalid + run.counts.failed;
}

/** The run has stopped: nothing more will change on the server. */
export function finished(run: ImportRun): boolean {
  return run.status !== "importing";
}

/**
 * The run may have written something: it went past validation (a run stopped there keeps every row out).
 * The lists it touches are reloaded once it stops.
 */
export function mayHaveWritten(run: ImportRun): boolean {
  return run.counts.invalid === 0;
}

/** The error file is worth downloading: rows were refused, or the run stopped before some of them. */
export function offersErrorFile(run: ImportRun): boolean {
  return problemsOf(run) > 0 || run.status === "interrupted";
}
