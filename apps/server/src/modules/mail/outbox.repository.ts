import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { mailOutbox } from "../../db/schema/index.js";

export interface OutboxInsert {
  kind: string;
  to: string;
  subject: string;
  template: string;
  values: object;
}

/**
 * A message's values as jsonb text. A lone UTF-16 surrogate (which JSON.stringify writes as `\ud800`)
 * is refused by jsonb where a text column takes it as U+FFFD: it becomes U+FFFD here too.
 */
const valuesJson = (values: object) =>
  JSON.stringify(values, (_key, value: unknown) =>
    // Node 20 has it; the compiler's library (ES2022) does not know it yet
    typeof value === "string" ? (value as string & { toWellFormed(): string }).toWellFormed() : value,
  );

export async function insertOutbox(db: DbOrTx, message: OutboxInsert): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      template: message.template,
      templateValues: sql`${valuesJson(message.values)}::jsonb`,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Messages per statement of insertOutboxMany: six parameters each, far below PostgreSQL's 65,535. */
const OUTBOX_CHUNK = 1_000;

/**
 * Many messages at once (an import's batch of invitations), a thousand per statement; their ids in the
 * given order. Each field is a parameter of its own: a multi-row `insert().values()` built tens of
 * kilobytes of garbage per message.
 */
export async function insertOutboxMany(db: DbOrTx, messages: readonly OutboxInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < messages.length; start += OUTBOX_CHUNK) {
    const rows = sql.join(
      messages
        .slice(start, start + OUTBOX_CHUNK)
        .map(
          (m, index) =>
            sql`(${index}::int, ${m.kind}, ${m.to}, ${m.subject}, ${m.template}, ${valuesJson(m.values)}::jsonb)`,
        ),
      sql`, `,
    );
    const inserted = await queryTyped(
      db,
      sql`insert into mail_outbox (kind, to_address, subject, template, template_values)
          select x.kind, x.to_address, x.subject, x.template, x.template_values
          from (values ${rows}) as x(n, kind, to_address, subject, template, template_values)
          order by x.n
          returning id`,
      { id: col.int },
    );
    // the ids a sequence gives one statement grow in the order its rows are inserted
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** What a message holds: its template and values, or (written before templates were stored) its texts. */
export interface StoredContent {
  subject: string;
  template: string | null;
  template_values: unknown;
  text: string | null;
  html: string | null;
}

export interface ClaimedMail extends StoredContent {
  id: number;
  kind: string;
  to_address: string;
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
        returning id, kind, to_address, subject, template, template_values, text, html, attempts`,
    {
      id: col.int,
      kind: col.text,
      to_address: col.text,
      subject: col.text,
      template: col.textOrNull,
      template_values: col.as<unknown>(),
      text: col.textOrNull,
      html: col.textOrNull,
      attempts: col.int,
    },
  );
  return row;
}

/** Only the claim that is still current may settle a message (not a worker whose lease ran out). */
const stillClaimed = (mail: Pick<ClaimedMail, "id" | "attempts">) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.attempts, mail.attempts));

const TOKEN = /token=[A-Za-z0-9_-]+/g;
const SPENT = "token=(retirado)";

/**
 * Once a message is settled its links are spent on the way out: the stored copy keeps what was sent
 * (`content`, rendered by the worker) but not the live token, in its texts nor in its values (only token
 * hashes are kept anywhere else).
 */
function spentCopy(content: { text: string; html: string } | null) {
  return {
    ...(content ? { text: content.text.replace(TOKEN, SPENT), html: content.html.replace(TOKEN, SPENT) } : {}),
    templateValues: sql`case when ${mailOutbox.templateValues} is null then null
      else regexp_replace(${mailOutbox.templateValues}::text, 'token=[A-Za-z0-9_-]+', ${SPENT}, 'g')::jsonb end`,
  };
}

export async function markSent(
  db: DbOrTx,
  mail: Pick<ClaimedMail, "id" | "attempts">,
  messageId: string | null,
  content: { text: string; html: string },
) {
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      leaseUntil: null,
      lastError: null,
      messageId,
      ...spentCopy(content),
    })
    .where(stillClaimed(mail));
}

/**
 * A failed attempt: due again after `delayMs`, or given up (`failed`) when `final`, its links spent and
 * what would have been sent kept (`content`; null when the message could not even be rendered).
 */
export async function markFailed(
  db: DbOrTx,
  mail: Pick<ClaimedMail, "id" | "attempts">,
  error: string,
  delayMs: number,
  final: boolean,
  content: { text: string; html: string } | null,
) {
  await db
    .update(mailOutbox)
    .set({
      status: final ? "failed" : "pending",
      leaseUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      ...(final ? spentCopy(content) : {}),
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
