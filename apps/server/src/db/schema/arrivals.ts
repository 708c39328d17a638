import type { MissingDuty } from "@coordina/domain";
import { index, integer, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { communities } from "./communities.js";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * A provider's arrival at a community, recorded by its porter ('Ha llegado', issue 19): who let whom in,
 * when, and the provider's figures and unmet duties there at that moment. The figures and `missing` are
 * evidence of that moment and are never recomputed.
 */
export const providerArrivals = pgTable(
  "provider_arrivals",
  {
    id: serial("id").primaryKey(),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id),
    providerCompanyId: integer("provider_company_id")
      .notNull()
      .references(() => companies.id),
    porterUserId: integer("porter_user_id")
      .notNull()
      .references(() => users.id),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull().defaultNow(),
    uploadedCount: integer("uploaded_count").notNull(),
    uploadMust: integer("upload_must").notNull(),
    readCount: integer("read_count").notNull(),
    readMust: integer("read_must").notNull(),
    /** the provider's MissingDuty[] when it arrived */
    missing: jsonb("missing").$type<MissingDuty[]>().notNull(),
  },
  (t) => [
    // A provider's arrivals in a community (its latest: last_arrival), and a community's, newest first.
    index("provider_arrivals_provider_idx").on(t.communityId, t.providerCompanyId, t.arrivedAt.desc().nullsFirst()),
    index("provider_arrivals_community_idx").on(t.communityId, t.arrivedAt.desc().nullsFirst()),
    // The foreign-key checks when a porter user or a provider company is deleted.
    index("provider_arrivals_porter_idx").on(t.porterUserId),
    index("provider_arrivals_provider_company_idx").on(t.providerCompanyId),
  ],
);
