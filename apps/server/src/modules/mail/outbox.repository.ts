import { desc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.js";
import { mailOutbox } from "../../db/schema/index.js";

export interface OutboxInsert {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function insertOutbox(db: Db, message: OutboxInsert): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export interface ClaimedMail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/**
 * Takes up to `batch` due messages for sending, each with a lease. `skip locked` lets several
 * instances share the outbox without sending a message twice; an expired lease (a worker that died
 * mid-send) makes the message due again.
 */
export async function claimDue(db: Db, batch: number, leaseMs: number): Promise<ClaimedMail[]> {
  const rows = await queryRows<ClaimedMail>(
    db,
    sql`update mail_outbox set status = 'sending', attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from mail_outbox
          where (status = 'pending' and next_attempt_at <= now())
             or (status = 'sending' and lease_until < now())
          order by next_attempt_at, id
          limit ${batch}
          for update skip locked)
        returning id, kind, to_address, subject, text, html, attempts`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

export async function markSent(db: Db, id: number, messageId: string | null) {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null, messageId })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: due again after `delayMs`, or given up (`failed`) when `final`. */
export async function markFailed(db: Db, id: number, error: string, delayMs: number, final: boolean) {
  await db
    .update(mailOutbox)
    .set({
      status: final ? "failed" : "pending",
      leaseUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function listOutbox(db: Db, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      created: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      text: mailOutbox.text,
      html: mailOutbox.html,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

export async function findOutbox(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
