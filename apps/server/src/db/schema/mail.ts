import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail is written here first, in the same transaction as whatever caused it; the mail worker
 * sends it with retries and back-off. Rows are kept after sending as the record of what was sent.
 * `sending` is a lease: a worker that dies mid-send leaves it to expire and the row is taken again.
 * A message is stored as its template and values (`template`, `template_values`) and rendered when it goes out;
 * `text` and `html` then keep what was sent, its links spent (rows written before templates were stored
 * have them from the start).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    template: text("template"),
    templateValues: jsonb("template_values"),
    text: text("text"),
    html: text("html"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index("mail_outbox_created_idx").on(t.createdAt),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    check(
      "mail_outbox_content_check",
      sql`(${t.template} is not null and ${t.templateValues} is not null) or (${t.text} is not null and ${t.html} is not null)`,
    ),
  ],
);
