import { bigint, boolean, date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";

/*
 * The lists' compliance figures (docs/compliance.md) kept exact in caches: a company's figures in a
 * colegio (company_figures_cache), whether it has work left there (pending_work_cache, 'Ver solo docs
 * pendientes') and a provider's figures in a community (provider_figures_cache). A row is
 * valid for its day and for the version of its company or community; the triggers of migrations 0007 and 0021
 * raise the version of every company and community whose figures a write can change. No one writes the
 * versions but those triggers.
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
    /** 'En Fincas': the colegio's live communities the company serves as a provider (a sort of the lists) */
    fincas: integer("fincas").notNull(),
  },
  (t) => [primaryKey({ columns: [t.colegioId, t.companyId] })],
);

/**
 * Whether a company has something left to do in a colegio (hasPendingWork) as computed on `day` at
 * `version` of the company: 'Ver solo docs pendientes' asks it of every member at once.
 */
export const pendingWorkCache = pgTable(
  "pending_work_cache",
  {
    colegioId: integer("colegio_id").notNull(),
    companyId: integer("company_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    pending: boolean("pending").notNull(),
  },
  (t) => [primaryKey({ columns: [t.colegioId, t.companyId] })],
);

/** How many times the figures in a community may have changed (no row: version 0). */
export const communityVersions = pgTable("community_versions", {
  communityId: integer("community_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * A provider's figures in a community (providerInCommunityFigures) as computed on `day` at `version` of
 * the community; a community's figures are the sums over its live providers' rows.
 */
export const providerFiguresCache = pgTable(
  "provider_figures_cache",
  {
    communityId: integer("community_id").notNull(),
    providerId: integer("provider_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    uploadMust: integer("upload_must").notNull(),
    uploadedCount: integer("uploaded_count").notNull(),
    readedMust: integer("readed_must").notNull(),
    readedCount: integer("readed_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.providerId] })],
);

/**
 * A community's figures (the sums over its live providers' provider_figures_cache rows: the communities
 * list's figures) as computed on `day` at `version` of the community (migration 0019): the colegio
 * dashboard reads every community of the colegio at once, one row each instead of ten.
 */
export const communityFiguresCache = pgTable("community_figures_cache", {
  communityId: integer("community_id").primaryKey(),
  day: date("day", { mode: "string" }).notNull(),
  version: bigint("version", { mode: "number" }).notNull(),
  mandatoryCount: integer("mandatory_count").notNull(),
  mandatoryUploadedCount: integer("mandatory_uploaded_count").notNull(),
  expectedCountRead: integer("expected_count_read").notNull(),
  countRead: integer("count_read").notNull(),
});
