import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { communities } from "./communities.js";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * A spreadsheet import (issue 20): who started it, where it writes, and how far it got. `status` is
 * `importing` while the runner works, `endErrors` or `endCorrect` once it is over; a run still
 * `importing` whose `updated_at` (the runner's heartbeat, touched at every batch) is older than a minute
 * is answered as `interrupted` (the server stopped): the same file imported again does the rest.
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: serial("id").primaryKey(),
    /** an IMPORT_KINDS value */
    kind: text("kind").notNull(),
    /** the company that imports (the colegio, or the administrator company): the only one that reads the run */
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    /** community-providers: the community */
    communityId: integer("community_id").references(() => communities.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fileName: text("file_name").notNull(),
    status: text("status").notNull(),
    /** data rows of the file */
    total: integer("total").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** the runner's heartbeat: set at every batch it commits */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("import_runs_company_idx").on(t.companyId, t.createdAt),
    // The foreign-key checks when a company, a community or a user is deleted.
    index("import_runs_colegio_idx").on(t.colegioId),
    index("import_runs_community_idx").on(t.communityId),
    index("import_runs_user_idx").on(t.userId),
    check("import_runs_status_check", sql`${t.status} in ('importing', 'endErrors', 'endCorrect')`),
    check(
      "import_runs_kind_check",
      sql`${t.kind} in ('administrators', 'providers', 'communities', 'community-providers', 'pairs')`,
    ),
  ],
);

/**
 * The rows of a run, in sheet order (`row` is the number Excel shows): the cells by header, and what
 * became of each (null while it waits its turn). `message` is `{key, params}` (an ImportMessage).
 */
export const importRunRows = pgTable(
  "import_run_rows",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    values: jsonb("values").$type<Record<string, string>>().notNull(),
    /** an IMPORT_OUTCOMES value; null while the row waits */
    outcome: text("outcome"),
    message: jsonb("message").$type<{ key: string; params: Record<string, string> }>(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.row] }),
    // The results table's 'only problems' and the run's counts of them.
    index("import_run_rows_problems_idx").on(t.runId, t.row).where(sql`${t.outcome} in ('invalid', 'failed')`),
    check(
      "import_run_rows_outcome_check",
      sql`${t.outcome} is null or ${t.outcome} in ('created', 'included', 'linked', 'already', 'invalid', 'failed')`,
    ),
  ],
);
