import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

/**
 * The activities a colegio names for its providers (lifts, cleaning, gardening…). Each colegio keeps its
 * own list; a name is unique in it regardless of case and surrounding spaces.
 */
export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("activities_colegio_name_key").on(t.colegioId, sql`lower(${t.name})`)],
);

/** Which activities a provider offers. An activity deleted by its colegio disappears from its providers. */
export const companyActivities = pgTable(
  "company_activities",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.activityId] }),
    index("company_activities_activity_idx").on(t.activityId),
  ],
);
