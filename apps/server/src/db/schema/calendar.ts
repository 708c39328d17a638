import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { communities } from "./communities.js";
import { companies } from "./companies.js";
import { mailOutbox } from "./mail.js";
import { users } from "./users.js";

/*
 * The community calendar (issue 22): providers' visits, their weekly schedules, the notices of the
 * coincidences between them (the written record RD 171/2004 art. 4 asks for) and the private iCalendar
 * feeds. Ranges are half-open [starts_at, ends_at): ranges that only touch do not coincide.
 */

/**
 * A provider's visit to a community. A deleted entry keeps its row (`erased_at`): a notice may point to it.
 * An entry spans at most CALENDAR.maxSpanDays, so the coincidence and month queries bound `starts_at` from
 * both sides and read the (community, starts_at) index as a range.
 */
export const calendarEntries = pgTable(
  "calendar_entries",
  {
    id: serial("id").primaryKey(),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id),
    providerCompanyId: integer("provider_company_id")
      .notNull()
      .references(() => companies.id),
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    comment: text("comment").notNull().default(""),
    notify: boolean("notify").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * The first and the last Madrid day the entry covers (its end is exclusive: an entry to 00:00 ends the day
     * before), computed once when it is stored instead of at every read of its month.
     */
    firstDay: date("first_day").generatedAlwaysAs(sql`(starts_at at time zone 'Europe/Madrid')::date`),
    lastDay: date("last_day").generatedAlwaysAs(
      sql`((ends_at at time zone 'Europe/Madrid') - interval '1 microsecond')::date`,
    ),
  },
  (t) => [
    // By start, for a page of the month or of a day; with the end and the provider in the index, the
    // coincidence check reads the table only for the entries that do overlap.
    index("calendar_entries_community_idx")
      .on(t.communityId, t.startsAt, t.endsAt, t.providerCompanyId)
      .where(sql`${t.erasedAt} is null`),
    index("calendar_entries_provider_idx").on(t.providerCompanyId, t.startsAt),
    index("calendar_entries_created_by_idx").on(t.createdByUserId),
    check("calendar_entries_range_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * How many live entries of each provider cover each run of Madrid days in a community, kept by a trigger on
 * calendar_entries in the same transaction as the entry (migration 0017), so the month's marked days and
 * counts read one row per provider and span instead of every entry. A count may fall to 0 and stay.
 */
export const calendarDaySpans = pgTable(
  "calendar_day_spans",
  {
    communityId: integer("community_id").notNull(),
    firstDay: date("first_day").notNull(),
    lastDay: date("last_day").notNull(),
    providerCompanyId: integer("provider_company_id").notNull(),
    entries: integer("entries").notNull(),
  },
  (t) => [
    primaryKey({
      name: "calendar_day_spans_pkey",
      columns: [t.communityId, t.firstDay, t.lastDay, t.providerCompanyId],
    }),
  ],
);

/**
 * A provider's weekly slot (spec 02 §3 'Calendar schedule'), shown in every community it serves.
 * `weekdays` 1 (Monday) … 7 (Sunday); an `end_time` at or before `start_time` runs into the next day;
 * `obsolete` is the last day the slot holds (null: no end). Deleting sets `erased_at`.
 */
export const calendarSchedules = pgTable(
  "calendar_schedules",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    title: text("title").notNull(),
    weekdays: smallint("weekdays").array().notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    obsolete: date("obsolete", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    index("calendar_schedules_company_idx").on(t.companyId).where(sql`${t.erasedAt} is null`),
    check("calendar_schedules_weekdays_check", sql`cardinality(${t.weekdays}) between 1 and 7`),
  ],
);

/**
 * A notice of one coincidence of an entry, from the entry's provider to the other provider (and the
 * community's administrator). `coincidence_key` ('entry:12', 'schedule:3', 'seven24:40') names what the
 * entry coincides with; one notice per entry and key, so a second press or a retry after a restart finds
 * the same row. `sent_at` is set, in the transaction that writes its mails to the outbox, once.
 */
export const calendarNotices = pgTable(
  "calendar_notices",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => calendarEntries.id),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id),
    kind: text("kind").notNull(),
    coincidenceKey: text("coincidence_key").notNull(),
    otherEntryId: integer("other_entry_id").references(() => calendarEntries.id),
    otherScheduleId: integer("other_schedule_id").references(() => calendarSchedules.id),
    fromCompanyId: integer("from_company_id")
      .notNull()
      .references(() => companies.id),
    toCompanyId: integer("to_company_id")
      .notNull()
      .references(() => companies.id),
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    overlapStart: timestamp("overlap_start", { withTimezone: true }).notNull(),
    overlapEnd: timestamp("overlap_end", { withTimezone: true }).notNull(),
    /** the hash of the token of the mail's 'Enterado' link */
    ackTokenHash: text("ack_token_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedByUserId: integer("acknowledged_by_user_id").references(() => users.id),
  },
  (t) => [
    uniqueIndex("calendar_notices_entry_key").on(t.entryId, t.coincidenceKey),
    uniqueIndex("calendar_notices_ack_token_key").on(t.ackTokenHash),
    // A community's notices of a month (the administrator's record).
    index("calendar_notices_community_idx").on(t.communityId, t.overlapStart),
    index("calendar_notices_to_idx").on(t.toCompanyId),
    index("calendar_notices_from_idx").on(t.fromCompanyId),
    index("calendar_notices_other_entry_idx").on(t.otherEntryId),
    index("calendar_notices_other_schedule_idx").on(t.otherScheduleId),
    index("calendar_notices_created_by_idx").on(t.createdByUserId),
    index("calendar_notices_ack_by_idx").on(t.acknowledgedByUserId),
    check("calendar_notices_kind_check", sql`${t.kind} in ('entry', 'schedule', 'seven24')`),
    check("calendar_notices_overlap_check", sql`${t.overlapEnd} > ${t.overlapStart}`),
  ],
);

/** The mails a notice was sent as (its delivery is theirs: mail_outbox.sent_at). */
export const calendarNoticeMails = pgTable(
  "calendar_notice_mails",
  {
    noticeId: integer("notice_id")
      .notNull()
      .references(() => calendarNotices.id),
    outboxId: integer("outbox_id")
      .notNull()
      .references(() => mailOutbox.id),
  },
  (t) => [
    uniqueIndex("calendar_notice_mails_key").on(t.noticeId, t.outboxId),
    index("calendar_notice_mails_outbox_idx").on(t.outboxId),
  ],
);

/** A user's private iCalendar address: only its hash is kept; renewing replaces it. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_key").on(t.tokenHash)],
);
