import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { contactColumns } from "./contact.js";

/**
 * Every organisation is a company: master, colegio, administrator, provider (gremio) and porter (the
 * porter's own record holding its NIF and address). `type` uses the role numbers of DESIGN.md §5.
 * `erased` means deactivated; companies are never hard-deleted.
 */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    type: integer("type").notNull(),
    name: text("name").notNull(),
    /** empty until known: an invited company gives its tax id later */
    cif: text("cif").notNull().default(""),
    /** upper-cased, without spaces/dots/dashes: the uniqueness key of the tax id; null while unknown */
    cifNorm: text("cif_norm"),
    ownerCompanyId: integer("owner_company_id"),
    ownerUserId: integer("owner_user_id"),
    /**
     * the manager's e-mail (users.email of owner_user_id; null without one), kept by triggers and never
     * written by the application (migration 0024), and copied on to the company's memberships (0025)
     */
    ownerEmail: text("owner_email"),
    erased: boolean("erased").notNull().default(false),
    ...contactColumns(),
    /** colegios: the region (code of REGIONS) whose flag the master sees */
    region: text("region"),
    /** feature flags switched on for this company (a colegio's apply to its members); null = defaults */
    features: text("features").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("companies_cif_norm_key").on(t.cifNorm),
    index("companies_type_idx").on(t.type, t.erased),
    // Company lists sorted by name (the default) read this index in order and stop after the page.
    index("companies_type_name_idx").on(t.type, sql`lower(${t.name})`, t.id),
    // Searches ('contains', case-insensitive) by name or tax id.
    index("companies_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("companies_cif_trgm_idx").using("gin", sql`${t.cif} gin_trgm_ops`),
    index("companies_owner_company_idx").on(t.ownerCompanyId),
    index("companies_owner_user_idx").on(t.ownerUserId),
    check("companies_type_check", sql`${t.type} in (0, 5, 6, 10, 15, 20, 25, 30, 100)`),
  ],
);

/**
 * Colegio membership: which administrator and provider companies belong to which colegio (the tenant).
 * A company may belong to several colegios; each colegio deactivates only its own membership.
 */
export const colegioMembers = pgTable(
  "colegio_members",
  {
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    /** deactivated by the colegio: the company no longer works in it (its other colegios are unaffected) */
    erased: boolean("erased").notNull().default(false),
    /**
     * The member's company type, kept equal to companies.type by two triggers (migration 0002), so a
     * colegio's list of one type is counted from this table's index alone.
     */
    companyType: integer("company_type"),
    /**
     * lower(companies.name), companies.cif_norm and companies.owner_email of the member, kept by the same
     * triggers (migration 0025): a colegio's list sorted by name, tax id or manager walks this table's own
     * index in order and stops
     * after the page, whatever the planner estimates of how many companies of the type are members.
     * Never written by the application: any write of them reads the company again.
     */
    nameKey: text("name_key"),
    cifNorm: text("cif_norm"),
    ownerEmail: text("owner_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.colegioId, t.companyId] }),
    index("colegio_members_company_idx").on(t.companyId),
    index("colegio_members_type_idx").on(t.colegioId, t.companyType, t.erased),
    index("colegio_members_name_idx").on(t.colegioId, t.companyType, t.nameKey, t.companyId),
    // By tax id and by manager: those without one last, either way.
    index("colegio_members_cif_idx").on(t.colegioId, t.companyType, t.cifNorm, t.companyId),
    index("colegio_members_cif_desc_idx").on(
      t.colegioId,
      t.companyType,
      t.cifNorm.desc().nullsLast(),
      t.companyId.desc().nullsFirst(),
    ),
    index("colegio_members_owner_email_idx").on(t.colegioId, t.companyType, t.ownerEmail, t.companyId),
    index("colegio_members_owner_email_desc_idx").on(
      t.colegioId,
      t.companyType,
      t.ownerEmail.desc().nullsLast(),
      t.companyId.desc().nullsFirst(),
    ),
  ],
);

/** Key/value configuration of a company (for example `seven-24` = '1' for 24-hour service). */
export const companyConfigs = pgTable(
  "company_configs",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);
