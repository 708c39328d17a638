import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { sqlList } from "../../lib/sql-list.js";

export async function insertLink(
  db: DbOrTx,
  link: { tokenHash: string; fileId: number; sessionId: number; expiresAt: Date },
) {
  await db.execute(
    sql`insert into file_links (token_hash, file_id, session_id, expires_at)
        values (${link.tokenHash}, ${link.fileId}, ${link.sessionId}, ${link.expiresAt.toISOString()})`,
  );
}

/** Records the session's file key (the hash of its cookie); a no-op when it is already the one. */
export async function setSessionFileKey(db: DbOrTx, sessionId: number, keyHash: string) {
  await db.execute(
    sql`update sessions set file_key_hash = ${keyHash} where id = ${sessionId} and file_key_hash is distinct from ${keyHash}`,
  );
}

const linkedFile = {
  sha256: col.text,
  size: col.int,
  name: col.text,
  ftype: col.text,
  session_id: col.int,
  /** when the link stops working: its own expiry or its session's, whichever comes first */
  expires_at: col.date,
};

/**
 * The file behind a link, if the link is live, its session is live and the browser holds that session's
 * file key; one indexed lookup.
 */
export async function resolveLink(db: DbOrTx, tokenHash: string, keyHashes: string[]) {
  const [row] = await queryTyped(
    db,
    sql`select f.sha256, f.size, f.name, f.ftype, l.session_id, least(l.expires_at, s.expires_at) as expires_at
        from file_links l
        join sessions s on s.id = l.session_id
        join files f on f.id = l.file_id
        left join company_documents d on d.file_id = f.id
        left join definition_templates t on t.file_id = f.id
        left join document_definitions def on def.id = coalesce(d.definition_id, t.definition_id)
        where l.token_hash = ${tokenHash} and l.expires_at > now()
          and s.revoked_at is null and s.expires_at > now() and s.file_key_hash in (${sqlList(keyHashes)})
          and f.deleted = false and d.erased is not true and t.erased is not true and def.erased is not true`,
    linkedFile,
  );
  return row;
}

/** Forgets links that have expired (the worker's housekeeping). */
export async function purgeExpiredLinks(db: DbOrTx) {
  await db.execute(sql`delete from file_links where expires_at < now() - interval '1 day'`);
}
