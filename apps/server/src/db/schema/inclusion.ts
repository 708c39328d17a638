import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * A provider's request to join a colegio (issue 21): a provider that registered on its own belongs to no
 * colegio until one includes it. Open while `outcome` is null; then `included` or `declined` by the
 * colegio, or `withdrawn` by the provider, with who decided and when. One open request per pair.
 */
export const inclusionRequests = pgTable(
  "inclusion_requests",
  {
    id: serial("id").primaryKey(),
    providerCompanyId: integer("provider_company_id")
      .notNull()
      .references(() => companies.id),
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => users.id),
    /** what the provider wrote to the colegio, if anything */
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id),
    outcome: text("outcome"),
  },
  (t) => [
    uniqueIndex("inclusion_requests_open_key").on(t.providerCompanyId, t.colegioId).where(sql`${t.outcome} is null`),
    // A colegio's open requests, oldest first.
    index("inclusion_requests_colegio_idx").on(t.colegioId, t.createdAt).where(sql`${t.outcome} is null`),
    check("inclusion_requests_outcome_check", sql`${t.outcome} in ('included', 'declined', 'withdrawn')`),
  ],
);
