import { sql } from "drizzle-orm";
import { bigint, check, date, integer, jsonb, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

/*
 * The colegio dashboard's history of lights (docs/FEATURES.md 'Dashboards'). The project keeps no event log
 * yet, so the share of green, amber and red providers and communities of a past month cannot be computed:
 * the first dashboard read of each day stores that day's share here (and nothing else writes it). Months
 * before a colegio's first row show 'sin datos'.
 */
export const dashboardSnapshots = pgTable(
  "dashboard_snapshots",
  {
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    /** Spain's calendar day of the read */
    day: date("day", { mode: "string" }).notNull(),
    providersOk: integer("providers_ok").notNull(),
    providersWarn: integer("providers_warn").notNull(),
    providersError: integer("providers_error").notNull(),
    providersNone: integer("providers_none").notNull(),
    communitiesOk: integer("communities_ok").notNull(),
    communitiesWarn: integer("communities_warn").notNull(),
    communitiesError: integer("communities_error").notNull(),
    communitiesNone: integer("communities_none").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.colegioId, t.day] }),
    check(
      "dashboard_snapshots_counts_check",
      sql`least(${t.providersOk}, ${t.providersWarn}, ${t.providersError}, ${t.providersNone}, ${t.communitiesOk}, ${t.communitiesWarn}, ${t.communitiesError}, ${t.communitiesNone}) >= 0`,
    ),
  ],
);

/**
 * The colegio dashboard's answer as last computed (docs/compliance.md 'The dashboard's answer'), valid for
 * its day while the colegio's fingerprint is unchanged: how many members and communities the colegio has
 * (erased ones included) and the sums of their compliance versions (the members' with the colegio's own,
 * which its porters' documents raise). Every write that can change the answer raises one of those versions
 * (migrations 0007 and 0021) and rows of either set are never deleted nor moved to another colegio, so the
 * fingerprint only grows and an equal one means nothing changed.
 */
export const colegioDashboardCache = pgTable("colegio_dashboard_cache", {
  colegioId: integer("colegio_id")
    .primaryKey()
    .references(() => companies.id),
  day: date("day", { mode: "string" }).notNull(),
  members: integer("members").notNull(),
  membersVersion: bigint("members_version", { mode: "number" }).notNull(),
  communities: integer("communities").notNull(),
  communitiesVersion: bigint("communities_version", { mode: "number" }).notNull(),
  /** the ColegioDashboard answered */
  figures: jsonb("figures").notNull(),
});
