import { z } from "zod";
import { MAX_PAGE_LIMIT } from "../constants.js";
import { integerInput } from "./common.js";

/**
 * Spreadsheet imports (spec 01 §2–§5, §8, §9; spec 02 §2, §3; issue 20). The file is uploaded once; the
 * server validates every row, and only when none is wrong imports them in the background while the page
 * follows the run's progress.
 */
export const IMPORT_KINDS = ["administrators", "providers", "communities", "community-providers", "pairs"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The headers each kind's sheet 'Datos' must have (spec 01 §3, spec 02 §3), in template order. */
export const IMPORT_HEADERS: Record<ImportKind, readonly string[]> = {
  administrators: ["name", "cif", "email"],
  providers: ["name", "cif", "email", "tlfn", "activity"],
  communities: ["name", "cif"],
  "community-providers": ["cif"],
  pairs: ["cif_finca", "cif_provider"],
};

/** The spec's importer type codes (spec 01 §9, spec 02 §9), for the kinds that have one. */
export const IMPORTER_TYPE_CODE: Partial<Record<ImportKind, number>> = {
  "community-providers": 20,
  communities: 30,
  pairs: 1000,
};

/** The example row of each kind's template (spec 01 §9: Plantilla-Importacion.xlsx). */
export const IMPORT_EXAMPLE_ROW: Record<ImportKind, Record<string, string>> = {
  administrators: { name: "Administraciones Núñez S.L.", cif: "B12345678", email: "gestion@ejemplo.es" },
  providers: {
    name: "Ascensores Peña S.A.",
    cif: "A08012345",
    email: "prevencion@ejemplo.es",
    tlfn: "912345678",
    activity: "Ascensores, Limpieza",
  },
  communities: { name: "C.P. Calle Mayor 10", cif: "H28123456" },
  "community-providers": { cif: "A08012345" },
  pairs: { cif_finca: "H28123456", cif_provider: "A08012345" },
};

export const IMPORT_TEMPLATE_FILE = "Plantilla-Importacion.xlsx";
export const IMPORT_ERRORS_FILE = "Errores-Importacion.xlsx";
/** The column the error file adds to the original rows: what is wrong with each. */
export const IMPORT_ERROR_COLUMN = "error";

/** Several activities in one cell (spec 01 §9): separated by , ; | or *. */
export function splitActivities(cell: string): string[] {
  return cell
    .split(/[,;|*]/)
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

/**
 * A run's state (spec 01 §4): `importing` while rows are written; `endErrors` when any row failed (or
 * validation found errors, and then nothing was written); `endCorrect` when every row is imported or was
 * already there; `interrupted` when the server stopped during the import (the same file imports the rest).
 */
export const IMPORT_STATUSES = ["importing", "endErrors", "endCorrect", "interrupted"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One row's result: `created` a company or community registered, `included` an existing company joined
 * the colegio, `linked` a provider joined a community, `already` nothing to do (it was there: a second run
 * of the same file), `invalid` found by validation (nothing of the file was written), `failed` refused
 * while importing (the other rows were written).
 */
export const IMPORT_OUTCOMES = ["created", "included", "linked", "already", "invalid", "failed"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importMessageSchema = z.object({
  key: z.string().describe("clave i18n del catálogo"),
  params: z.record(z.string(), z.string()),
});
export type ImportMessage = z.infer<typeof importMessageSchema>;

export const importRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  /** the community of a `community-providers` import */
  id_finca: z.number().int().nullable(),
  /** data rows of the file */
  total: z.number().int(),
  /** rows with a result so far (the progress bar: done / total) */
  done: z.number().int(),
  counts: z.object({
    created: z.number().int(),
    included: z.number().int(),
    linked: z.number().int(),
    already: z.number().int(),
    invalid: z.number().int(),
    failed: z.number().int(),
  }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRowSchema = z.object({
  /** the row number in the spreadsheet, as Excel shows it */
  row: z.number().int(),
  /** the row's cells by header */
  values: z.record(z.string(), z.string()),
  /** null while the row waits its turn */
  outcome: z.enum(IMPORT_OUTCOMES).nullable(),
  message: importMessageSchema.nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importKindParamsSchema = z.object({ kind: z.enum(IMPORT_KINDS) });
/** `id_finca`: the community of a `community-providers` import (required for it, refused for the others). */
export const importStartQuerySchema = z.object({
  id_finca: integerInput(z.number().int().min(1).max(2_147_483_647)).optional(),
});
export const importRunParamsSchema = z.object({
  id: integerInput(z.number().int().min(1).max(2_147_483_647)),
});
/** The results table, a page at a time; `only=problems` keeps the `invalid` and `failed` rows. */
export const importRowsQuerySchema = z.object({
  page: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
  limit: integerInput(z.number().int().min(1).max(MAX_PAGE_LIMIT)).default(10),
  only: z.enum(["all", "problems"]).default("all"),
});
