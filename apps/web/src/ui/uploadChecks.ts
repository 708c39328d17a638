import { ErrorKey, MAX_FILE_SIZE_BYTES, PDF_MIME } from "@coordina/domain";

/** What the browser tells of a chosen file. */
export interface ChosenFile {
  name: string;
  size: number;
  /** the MIME type the browser guessed; often empty when dragged from some file managers */
  type: string;
}

const PDF_TYPES = new Set([PDF_MIME, "application/x-pdf"]);

/** A PDF by its type or, when the browser gave no useful type, by its name (the server checks the bytes). */
export function looksLikePdf(file: ChosenFile): boolean {
  if (PDF_TYPES.has(file.type.toLowerCase())) return true;
  return file.name.toLowerCase().endsWith(".pdf");
}

/**
 * Why a file is refused before it is sent (spec 02 §5: the upload area enforces the size limit; DESIGN §2:
 * only PDF): the error key, or null when it may go.
 */
export function refusalOf(file: ChosenFile): string | null {
  if (!looksLikePdf(file)) return ErrorKey.fileNotPdf;
  if (file.size > MAX_FILE_SIZE_BYTES) return ErrorKey.fileTooLarge;
  return null;
}

/** The refusal of a second file where only one may be uploaded at a time. */
export const ONE_ONLY = "upload-area.one-only";

/** A file that could not be uploaded, for the error dialog. */
export interface Failure {
  key: number;
  name: string;
  /** the error key (or the server's text) */
  error: string;
}

/** The dialog says each reason once, after the names of the files it stopped, in the order they failed. */
export function groupFailures(failures: readonly Failure[]): { error: string; names: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const { error, name } of failures) groups.set(error, [...(groups.get(error) ?? []), name]);
  return [...groups].map(([error, names]) => ({ error, names }));
}
