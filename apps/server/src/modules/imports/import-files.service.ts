import {
  IMPORT_ERROR_COLUMN,
  IMPORT_EXAMPLE_ROW,
  IMPORT_HEADERS,
  type ImportKind,
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
 */
export async function errorFile(db: Db, actor: Actor, id: number): Promise<Buffer> {
  const run = await runFor(db, actor, id);
  const headers = IMPORT_HEADERS[run.kind];
  const rows = await allRunRows(db, run.id);
  return writeSheet(
    [...headers, IMPORT_ERROR_COLUMN],
    rows.map((r) => [
      ...headers.map((h) => r.values[h] ?? ""),
      r.outcome === "invalid" || r.outcome === "failed" ? importMessageText(r.message) : "",
    ]),
  );
}

/** 'Plantilla-Importacion.xlsx' of a kind: its headers and one example row (spec 01 §9). */
export function templateFile(actor: Actor, kind: ImportKind): Buffer {
  requireAccess(importPolicy, actor, "template", { kind });
  const headers = IMPORT_HEADERS[kind];
  return writeSheet(headers, [headers.map((h) => IMPORT_EXAMPLE_ROW[kind][h] ?? "")]);
}
