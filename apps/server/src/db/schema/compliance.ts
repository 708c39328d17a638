import { sql } from "drizzle-orm";
import { bigint, boolean, customType, date, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";

/** A transaction id with its epoch (PostgreSQL's xid8: never wraps around), read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

/*
 * The lists' compliance figures (docs/compliance.md) kept exact in caches: a company's figures in a
 * colegio (company_figures_cache), whether it has work left there (pending_work_cache, 'Ver solo docs
 * pendientes') and a provider's figures in a community (provider_figures_cache). A row is
 * valid for its day and for the version of its company or community; the triggers of migrations 0007 and 0021
 * raise the version of every company and community whose figures a write can change. No one writes the
 * versions but those triggers.
 */

/**
 * How many times a company's figures may have changed (no row: version 0), and the transaction that last
 * changed them (`changed_xid`, migration 0023): what changed since a snapshot is a range of its index.
 */
export const complianceVersions = pgTable(
  "compliance_versions",
  {
    companyId: integer("company_id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
    changedXid: xid8("changed_xid").notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index("compliance_versions_changed_idx").on(t.changedXid)],
);

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
    /** what 'Docs pend validar' sorts by: uploads and reads owed, and documents waiting for validation */
    owed: integer("owed").generatedAlwaysAs(
      sql`greatest(upload_must - all_uploaded, 0) + greatest(read_must - read_all, 0) + pending_validation`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.colegioId, t.companyId] }),
    // The providers list sorted by a figure walks these (providerFiguresCheckpoint).
    index("company_figures_cache_owed_idx").on(t.colegioId, t.owed, t.companyId),
    index("company_figures_cache_fincas_idx").on(t.colegioId, t.fincas, t.companyId),
    // Rows of a later day than a reader's (a server already past midnight): few, found without a scan.
    index("company_figures_cache_day_idx").on(t.colegioId, t.day),
  ],
);

/**
 * A colegio whose active providers all had a fresh company_figures_cache row (of `day`, at the company's
 * version) in a snapshot whose oldest running transaction was `snapshot_xmin` (migration 0023). A write
 * that snapshot did not see is by a transaction whose id is at least that, so it set
 * `compliance_versions.changed_xid` to at least that: the rows of the companies outside that range are
 * still fresh, and the list sorted by a figure only computes the others (docs/compliance.md).
 */
export const providerFiguresCheckpoint = pgTable("provider_figures_checkpoint", {
  colegioId: integer("colegio_id").primaryKey(),
  day: date("day", { mode: "string" }).notNull(),
  /** (`xmin` alone is a system column's name) */
  snapshotXmin: xid8("snapshot_xmin").notNull(),
});

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
