import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { contactColumns } from "./contact.js";
import { users } from "./users.js";

/**
 * A property community (finca), managed by an administrator company inside one colegio. Soft-deleted
 * with `erased`; its tax id is unique among live communities ('Ya existe otra finca con ese CIF').
 */
export const communities = pgTable(
  "communities",
  {
    id: serial("id").primaryKey(),
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    adminCompanyId: integer("admin_company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    cif: text("cif").notNull(),
    cifNorm: text("cif_norm").notNull(),
    ...contactColumns(),
    erased: boolean("erased").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("communities_cif_norm_live_key").on(t.cifNorm).where(sql`${t.erased} = false`),
    index("communities_admin_idx").on(t.adminCompanyId, t.erased),
    index("communities_colegio_idx").on(t.colegioId, t.erased),
    // Communities lists sorted by name (the default) read these in order and stop after the page.
    index("communities_admin_name_idx")
      .on(t.adminCompanyId, t.colegioId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.erased} = false`),
    index("communities_colegio_name_idx").on(t.colegioId, sql`lower(${t.name})`, t.id).where(sql`${t.erased} = false`),
    // A provider's live communities in a colegio (the 'En Fincas' count) from its links: one index-only
    // probe per link instead of a visit to the community's row.
    index("communities_live_colegio_idx").on(t.id, t.colegioId).where(sql`${t.erased} = false`),
    // Searches ('contains', case-insensitive) by name or tax id.
    index("communities_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("communities_cif_trgm_idx").using("gin", sql`${t.cif} gin_trgm_ops`),
  ],
);

/** Providers serving a community. Unlinking sets `erased`; read marks and documents keep pointing here. */
export const communityProviders = pgTable(
  "community_providers",
  {
    /** the link's own id (companies-providers/delete/{id}); kept when a removed provider is added again */
    id: serial("id").notNull().unique("community_providers_id_key"),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id),
    providerCompanyId: integer("provider_company_id")
      .notNull()
      .references(() => companies.id),
    erased: boolean("erased").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.providerCompanyId] }),
    index("community_providers_provider_idx").on(t.providerCompanyId, t.erased),
    // The live communities a provider serves, counted from the index alone (En Fincas).
    index("community_providers_provider_live_idx")
      .on(t.providerCompanyId, t.communityId)
      .where(sql`${t.erased} = false`),
    // A community's live providers from the index alone (the parties of every compliance figure).
    index("community_providers_community_live_idx")
      .on(t.communityId, t.providerCompanyId)
      .where(sql`${t.erased} = false`),
  ],
);

/** Porters (users with the portero role) working for a community. */
export const communityPorters = pgTable(
  "community_porters",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id),
    porterUserId: integer("porter_user_id")
      .notNull()
      .references(() => users.id),
    erased: boolean("erased").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.porterUserId] }),
    index("community_porters_porter_idx").on(t.porterUserId, t.erased),
  ],
);
