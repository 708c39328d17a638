import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * The colegio's legal texts (issue 23 part 4): the legal advice and the conditions of use for providers and
 * for administrators. Append-only: each save is a new version, the newest of a kind is the current one. `html`
 * is stored sanitized (modules/legal-texts/sanitize.ts): nothing else ever writes it.
 */
export const legalTexts = pgTable(
  "legal_texts",
  {
    id: serial("id").primaryKey(),
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    kind: text("kind").notNull(),
    html: text("html").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer("saved_by")
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    // The current version of a kind: the newest id (the session lookup reads it on every request).
    index("legal_texts_current_idx").on(t.colegioId, t.kind, t.id.desc()),
    check(
      "legal_texts_kind_check",
      sql`${t.kind} in ('aviso-legal', 'condiciones-proveedores', 'condiciones-administradores')`,
    ),
  ],
);

/**
 * Who accepted which conditions of use, in which colegio and when. `version_id` null is the built-in text of
 * 30 January 2024 (a colegio that never saved its own); `colegio_id` null an acceptance given with no colegio
 * chosen (the built-in text). One row per user and version: the first acceptance is kept.
 */
export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    colegioId: integer("colegio_id").references(() => companies.id),
    kind: text("kind").notNull(),
    versionId: integer("version_id").references(() => legalTexts.id),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legal_acceptances_user_version_key").on(t.userId, t.versionId).where(sql`${t.versionId} is not null`),
    uniqueIndex("legal_acceptances_user_builtin_key")
      .on(t.userId, sql`coalesce(${t.colegioId}, 0)`, t.kind)
      .where(sql`${t.versionId} is null`),
    index("legal_acceptances_colegio_idx").on(t.colegioId, t.acceptedAt),
    check("legal_acceptances_kind_check", sql`${t.kind} in ('condiciones-proveedores', 'condiciones-administradores')`),
  ],
);
