import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { communities } from "./communities.js";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * An invitation to create a company (action create-company) or to join one (create-company-user). The
 * company and the user are created only when the invitee accepts. One pending invitation per e-mail.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    /** lower-cased */
    email: text("email").notNull(),
    action: text("action").notNull(),
    /** the level of the company to create, or the type of the company joined */
    companyType: integer("company_type").notNull(),
    companyName: text("company_name"),
    /** create-company-user: the company the invitee joins */
    targetCompanyId: integer("target_company_id").references(() => companies.id),
    /** portero invitations: the community the porter is registered in on acceptance */
    communityId: integer("community_id").references(() => communities.id),
    /** colegio invitations: the region of the new colegio */
    region: text("region"),
    /** the colegio the new company becomes a member of (administrators and providers) */
    colegioId: integer("colegio_id").references(() => companies.id),
    inviterUserId: integer("inviter_user_id")
      .notNull()
      .references(() => users.id),
    inviterCompanyId: integer("inviter_company_id")
      .notNull()
      .references(() => companies.id),
    status: text("status").notNull().default("pending"),
    acceptedUserId: integer("accepted_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invitations_pending_email_key").on(t.email).where(sql`${t.status} = 'pending'`),
    index("invitations_inviter_company_idx").on(t.inviterCompanyId, t.createdAt, t.id),
    check("invitations_status_check", sql`${t.status} in ('pending', 'accepted', 'cancelled', 'expired')`),
    check("invitations_action_check", sql`${t.action} in ('create-company', 'create-company-user')`),
  ],
);

/**
 * Links sent by e-mail (the spec's `shakey`). Only the SHA-256 of the token is stored; a token is bound
 * to one action, expires, and is spent by `used_at` (single use). Issuing a new one for the same
 * user/invitation and action revokes the earlier ones.
 */
export const linkTokens = pgTable(
  "link_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    action: text("action").notNull(),
    userId: integer("user_id").references(() => users.id),
    invitationId: integer("invitation_id").references(() => invitations.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** email-change: the new address, which takes effect only when this link is opened from it */
    email: text("email"),
  },
  (t) => [
    uniqueIndex("link_tokens_hash_key").on(t.tokenHash),
    index("link_tokens_user_idx").on(t.userId, t.action),
    index("link_tokens_invitation_idx").on(t.invitationId),
    check(
      "link_tokens_action_check",
      sql`${t.action} in ('recovery', 'invitation', 'register-portero', 'registry', 'email-change')`,
    ),
    check("link_tokens_owner_check", sql`${t.userId} is not null or ${t.invitationId} is not null`),
  ],
);
