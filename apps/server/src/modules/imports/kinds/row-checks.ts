import { CIF_MAX_LENGTH, ErrorKey, type ImportMessage, importMessage } from "@coordina/domain";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";

/** The checks of a row's cells every kind shares: the hand forms' lengths, and what a tax id may be. */

/** What a tax id is written with: letters, digits, and spaces, dots, dashes or slashes between them. */
const TAX_ID_CHARACTERS = /^[0-9A-Za-z .\-/]+$/;
const WHOLE_NUMBER = /^\d+$/;

/** The cell `header` (trimmed) when longer than `max`, as the hand form refuses it. */
export function tooLong(row: SheetRow, header: string, max: number): ImportMessage | undefined {
  if ((row.values[header] ?? "").trim().length <= max) return undefined;
  return importMessage(ErrorKey.importRowTooLong, { column: header, max: String(max) });
}

/**
 * What is wrong with the tax id in the cell `header` (not empty): longer than the forms take, or not a tax
 * id at all: a character none has, or a cell that held a date, a true/false or a number that is not a whole
 * one (1.23457E+21, 12.5), which the sheet turned into text (a whole number is a tax id typed without
 * its letter, and kept).
 */
export function taxIdProblem(row: SheetRow, header: string): ImportMessage | undefined {
  const cif = (row.values[header] ?? "").trim();
  const invalid = () => importMessage(ErrorKey.importRowCifInvalid, { cif });
  const type = row.types?.[header];
  if (type === "date" || type === "boolean" || (type === "number" && !WHOLE_NUMBER.test(cif))) return invalid();
  return tooLong(row, header, CIF_MAX_LENGTH) ?? (TAX_ID_CHARACTERS.test(cif) ? undefined : invalid());
}
