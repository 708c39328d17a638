import {
  ErrorKey,
  IMPORT_ERROR_COLUMN,
  IMPORT_EXAMPLE_ROW,
  IMPORT_HEADERS,
  type ImportKind,
  type ImportRow,
  importMessage,
  importMessageText,
} from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { writeSheet } from "../../lib/sheets/write-sheet.js";
import { importPolicy } from "./imports.policy.js";
import { allRunRows } from "./imports.repository.js";
import { runFor } from "./imports.service.js";

/**
 * 'Errores-Importacion.xlsx': every row of the run as it came, with a last column saying what is wrong
 * with it (empty when nothing), so that the user corrects the file in Excel and imports it again whole.
 * Each row at its own row number, blank rows where the original had rows without data, so that the row
 * numbers Excel shows are those the messages name ('línea 7', 'ya está en la fila 3'). The rows an
 * interrupted run never reached say so.
 */
export async function errorFile(db: Db, actor: Actor, id: number): Promise<Buffer> {
  const run = await runFor(db, actor, id);
  const headers = IMPORT_HEADERS[run.kind];
  const problemOf = (r: ImportRow) => {
    if (r.outcome === "invalid" || r.outcome === "failed") return importMessageText(r.message);
    if (r.outcome === null && run.status === "interrupted")
      return importMessageText(importMessage(ErrorKey.importRowInterrupted));
    return "";
  };
  // Sheet row r is the (r - 2)th after the headers; the rows in between stay empty.
  const grid: string[][] = [];
  for (const r of await allRunRows(db, run.id))
    grid[r.row - 2] = [...headers.map((h) => r.values[h] ?? ""), problemOf(r)];
  return writeSheet(
    [...headers, IMPORT_ERROR_COLUMN],
    Array.from(grid, (cells) => cells ?? []),
  );
}

/** 'Plantilla-Importacion.xlsx' of a kind: its headers and one example row (spec 01 §9). */
export function templateFile(actor: Actor, kind: ImportKind): Buffer {
  requireAccess(importPolicy, actor, "template", { kind });
  const headers = IMPORT_HEADERS[kind];
  return writeSheet(headers, [headers.map((h) => IMPORT_EXAMPLE_ROW[kind][h] ?? "")]);
}
