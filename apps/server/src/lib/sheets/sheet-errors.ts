/**
 * What the sheet reader needs of `@coordina/domain`, without the rest of it: the reader runs in a worker
 * thread (read-sheet-worker.ts), and the package's index loads every zod schema there, some 30 MB of the
 * worker's memory for two constants. The types below make a key that differs from the domain's a compile
 * error; sheet-errors.test.ts checks the values too.
 */
import type { ErrorKey, MAX_FILE_SIZE_BYTES } from "@coordina/domain";

type ImportKeys =
  | "importTooLarge"
  | "importNotASpreadsheet"
  | "importNoDatosSheet"
  | "importHeaderMissing"
  | "importFormulas"
  | "importTooManyRows"
  | "importTooWide"
  | "importCellTooLong"
  | "importEmpty";

/** The ErrorKeys of a sheet refused as a whole, as in `@coordina/domain`'s ErrorKey. */
export const SheetErrorKey = {
  importTooLarge: "import.too-large",
  importNotASpreadsheet: "import.not-a-spreadsheet",
  importNoDatosSheet: "import.no-datos-sheet",
  importHeaderMissing: "import.header-missing",
  importFormulas: "import.formulas",
  importTooManyRows: "import.too-many-rows",
  importTooWide: "import.too-wide",
  importCellTooLong: "import.cell-too-long",
  importEmpty: "import.empty",
} as const satisfies Pick<typeof ErrorKey, ImportKeys>;

export type SheetErrorKey = (typeof SheetErrorKey)[ImportKeys];

/** The largest file accepted: `@coordina/domain`'s MAX_FILE_SIZE_BYTES (10 MB). */
export const MAX_SHEET_FILE_BYTES: typeof MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;
