import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

/** A person who logs in. Its role is fixed by the company it works for (user_role mirrors company.type). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** stored lower-cased and trimmed; the login key */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    userRole: integer("user_role").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    erased: boolean("erased").notNull().default(false),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_company_idx").on(t.companyId),
    // Searches by e-mail ('contains', case-insensitive), e.g. a company's manager.
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    check("users_role_check", sql`${t.userRole} in (0, 5, 6, 10, 15, 20, 25, 30, 100)`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Settings assigned to a user; `accepted-legal` (boolean 'true') records acceptance of the terms. */
export const assignedSettings = pgTable(
  "assigned_settings",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    valuetype: text("valuetype").notNull().default("boolean"),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("assigned_settings_user_name_key").on(t.userId, t.name)],
);
