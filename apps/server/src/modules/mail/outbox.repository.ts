import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { mailOutbox } from "../../db/schema/index.js";

export interface OutboxInsert {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function insertOutbox(db: DbOrTx, message: OutboxInsert): Promise<number> {
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

/** Messages per statement of insertOutboxMany: six parameters each, far below PostgreSQL's 65,535. */
const OUTBOX_CHUNK = 1_000;

/**
 * Many messages at once (an import's batch of invitations), a thousand per statement; their ids in the
 * given order. Each text is a parameter of its own, sent as it is: a multi-row `insert().values()` built
 * tens of kilobytes of garbage per message, and a text[] or jsonb parameter per column copies every mail
 * once more to escape it (a 10,000-row import on PGlite: some 50 MB more garbage, 14 MB more of it
 * kept until the next major collection).
 */
export async function insertOutboxMany(db: DbOrTx, messages: readonly OutboxInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < messages.length; start += OUTBOX_CHUNK) {
    const rows = sql.join(
      messages
        .slice(start, start + OUTBOX_CHUNK)
        .map((m, index) => sql`(${index}::int, ${m.kind}, ${m.to}, ${m.subject}, ${m.text}, ${m.html})`),
      sql`, `,
    );
    const inserted = await queryTyped(
      db,
      sql`insert into mail_outbox (kind, to_address, subject, text, html)
          select x.kind, x.to_address, x.subject, x.text, x.html
          from (values ${rows}) as x(n, kind, to_address, subject, text, html)
          order by x.n
          returning id`,
      { id: col.int },
    );
    // the ids a sequence gives one statement grow in the order its rows are inserted
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
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
 * Takes the next due message for sending, with a lease. `skip locked` lets several instances share the
 * outbox; an expired lease (a worker that died mid-send) makes the message due again. One message per
 * claim, so a lease never runs out while earlier messages of a batch are still being sent.
 */
export async function claimNext(db: DbOrTx, leaseMs: number): Promise<ClaimedMail | undefined> {
  const [row] = await queryTyped(
    db,
    sql`update mail_outbox set status = 'sending', attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id = (
          select id from mail_outbox
          where (status = 'pending' and next_attempt_at <= now())
             or (status = 'sending' and lease_until < now())
          order by next_attempt_at, id
          limit 1
          for update skip locked)
        returning id, kind, to_address, subject, text, html, attempts`,
    {
      id: col.int,
      kind: col.text,
      to_address: col.text,
      subject: col.text,
      text: col.text,
      html: col.text,
      attempts: col.int,
    },
  );
  return row;
}

/** Only the claim that is still current may settle a message (not a worker whose lease ran out). */
const stillClaimed = (mail: Pick<ClaimedMail, "id" | "attempts">) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.attempts, mail.attempts));

/**
 * Once a message is settled its links are spent on the way out: the stored copy keeps the text but not
 * the live token (only token hashes are kept anywhere else).
 */
const withoutTokens = (column: typeof mailOutbox.text | typeof mailOutbox.html) =>
  sql`regexp_replace(${column}, 'token=[A-Za-z0-9_-]+', 'token=(retirado)', 'g')`;

export async function markSent(db: DbOrTx, mail: Pick<ClaimedMail, "id" | "attempts">, messageId: string | null) {
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      leaseUntil: null,
      lastError: null,
      messageId,
      text: withoutTokens(mailOutbox.text),
      html: withoutTokens(mailOutbox.html),
    })
    .where(stillClaimed(mail));
}

/** A failed attempt: due again after `delayMs`, or given up (`failed`) when `final`. */
export async function markFailed(
  db: DbOrTx,
  mail: Pick<ClaimedMail, "id" | "attempts">,
  error: string,
  delayMs: number,
  final: boolean,
) {
  await db
    .update(mailOutbox)
    .set({
      status: final ? "failed" : "pending",
      leaseUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      ...(final ? { text: withoutTokens(mailOutbox.text), html: withoutTokens(mailOutbox.html) } : {}),
    })
    .where(stillClaimed(mail));
}

const summaryColumns = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};
export type OutboxSummary = Pick<typeof mailOutbox.$inferSelect, keyof typeof summaryColumns>;

/** The newest messages, without their bodies (the list shows only who, what and when). */
export async function listOutbox(db: DbOrTx, limit: number): Promise<OutboxSummary[]> {
  return db.select(summaryColumns).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

export async function findOutbox(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
