import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";

/** What a receipt keeps: which request it answered (route, colegio, fields) and the answer's body. */
export interface StoredReceipt {
  request: string;
  body: Record<string, unknown>;
}

function toReceipt(raw: unknown): StoredReceipt | undefined {
  const value = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  if (!value || typeof value !== "object") return undefined;
  const { request, body } = value as { request?: unknown; body?: unknown };
  if (typeof request !== "string" || !body || typeof body !== "object") return undefined;
  return { request, body: body as Record<string, unknown> };
}

/** The committed receipt of the user's upload with that key, if any. */
export async function findReceipt(db: DbOrTx, userId: number, key: string): Promise<StoredReceipt | undefined> {
  const [row] = await queryRows<{ response: unknown }>(
    db,
    sql`select response from upload_receipts where user_id = ${userId} and key = ${key}`,
  );
  return row ? toReceipt(row.response) : undefined;
}

/**
 * Takes the key for this transaction's upload: true when it was free. A request holding it in a
 * transaction not yet committed makes this wait for that transaction's end (the primary key), then
 * answer false when it committed, so two simultaneous requests with one key leave one upload.
 */
export async function claimReceipt(db: DbOrTx, userId: number, key: string): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into upload_receipts (user_id, key, response) values (${userId}, ${key}, 'null'::jsonb)
        on conflict (user_id, key) do nothing returning key`,
  );
  return rows.length > 0;
}

/** Writes the answer into the receipt claimed in this transaction. */
export async function saveReceipt(db: DbOrTx, userId: number, key: string, receipt: StoredReceipt) {
  await db.execute(
    sql`update upload_receipts set response = ${JSON.stringify(receipt)}::jsonb
        where user_id = ${userId} and key = ${key}`,
  );
}

/** Forgets receipts older than `olderThanMs`; answers how many. */
export async function purgeReceipts(db: DbOrTx, olderThanMs: number): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from upload_receipts where created_at < now() - make_interval(secs => ${olderThanMs / 1000})
        returning key`,
  );
  return rows.length;
}
