import { bigint, date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";

/*
 * The colegio's company lists show each provider's figures (docs/compliance.md, companyFigures), which
 * add up over every community it serves. They are kept, exact, in company_figures_cache: a row is valid
 * for its day and for its company's version, and the triggers of migration 0007 raise the version of
 * every company whose figures a write can change. No one writes the versions but those triggers.
 */

/** How many times a company's figures may have changed (no row: version 0). */
export const complianceVersions = pgTable("compliance_versions", {
  companyId: integer("company_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/** A company's figures in a colegio as computed on `day` at `version` of the company. */
export const companyFiguresCache = pgTable(
  "company_figures_cache",
  {
    colegioId: integer("colegio_id").notNull(),
    companyId: integer("company_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    uploadMust: integer("upload_must").notNull(),
    allUploaded: integer("all_uploaded").notNull(),
    readMust: integer("read_must").notNull(),
    readAll: integer("read_all").notNull(),
    pendingValidation: integer("pending_validation").notNull(),
  },
  (t) => [primaryKey({ columns: [t.colegioId, t.companyId] })],
);
