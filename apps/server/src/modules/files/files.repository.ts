import { type FileRow, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { sqlList } from "../../lib/sql-list.js";

/** File columns from alias `f`, the expiry as YYYY-MM-DD text (a driver would turn a date into a Date). */
export const fileColumns = sql`f.id as file_id, f.name as file_name, f.description as file_description,
  f.size as file_size, f.ftype as file_ftype, to_char(f.obsolete, 'YYYY-MM-DD') as file_obsolete,
  f.created_at as file_created`;

export function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function toFileRow(raw: Record<string, unknown>): FileRow {
  return {
    id: Number(raw.file_id),
    name: String(raw.file_name),
    description: String(raw.file_description ?? ""),
    size: Number(raw.file_size),
    ftype: String(raw.file_ftype),
    obsolete: (raw.file_obsolete as string | null) ?? null,
    created: isoTime(raw.file_created),
  };
}

export interface NewFile {
  sha256: string;
  size: number;
  name: string;
  ftype: string;
  obsolete?: string | null | undefined;
  ownerUserId: number;
  ownerCompanyId: number;
}

export async function insertFile(db: DbOrTx, file: NewFile): Promise<FileRow> {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`with f as (
          insert into files (sha256, size, name, ftype, obsolete, owner_user_id, owner_company_id)
          values (${file.sha256}, ${file.size}, ${file.name}, ${file.ftype}, ${file.obsolete ?? null},
                  ${file.ownerUserId}, ${file.ownerCompanyId})
          returning *)
        select ${fileColumns} from f`,
  );
  return toFileRow(raw!);
}

/**
 * A file with what it belongs to and how the caller stands to it, in one query: the document it holds
 * (its definition, community and uploader) or the template it is, and the facts the document policy
 * needs (see documents.policy `DocumentFacts`).
 */
export async function findFileAccess(
  db: DbOrTx,
  actor: { userId: number; companyId: number; role: number },
  key: { fileId: number } | { documentId: number },
) {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${fileColumns}, f.sha256, f.deleted, f.owner_company_id,
          d.id as doc_id, d.company_id as doc_company_id, d.community_id as doc_community_id, d.erased as doc_erased,
          d.validated as doc_validated, def.validate_colegio_required as def_validate_required,
          t.id as template_id, t.erased as template_erased,
          def.id as def_id, def.colegio_id as def_colegio_id, def.requirement_dest as def_dest,
          def.obsoletable as def_obsoletable, def.erased as def_erased,
          exists (select 1 from colegio_members m where m.colegio_id = def.colegio_id
                  and m.company_id = ${actor.companyId} and m.erased = false) as member,
          exists (select 1 from community_porters p join communities pc on pc.id = p.community_id
                  where p.porter_user_id = ${actor.userId} and p.erased = false
                    and pc.colegio_id = def.colegio_id and pc.erased = false) as porter_in_colegio,
          ${sharesCommunity(actor)} as shares
        from files f
        left join company_documents d on d.file_id = f.id
        left join definition_templates t on t.file_id = f.id
        left join document_definitions def on def.id = coalesce(d.definition_id, t.definition_id)
        where ${"fileId" in key ? sql`f.id = ${key.fileId}` : sql`d.id = ${key.documentId}`}`,
  );
  return raw;
}

/**
 * Whether the caller takes part, in its role, in a community where document `d` counts: the community
 * it was uploaded for, or (a general document) a community of its definition's colegio where the
 * uploader works too (as administrator, provider or through a porter).
 */
export function sharesCommunity(actor: { userId: number; companyId: number; role: number }) {
  const mine =
    actor.role === Role.administrador
      ? sql`c2.admin_company_id = ${actor.companyId}`
      : actor.role === Role.gremio
        ? sql`exists (select 1 from community_providers cp where cp.community_id = c2.id
                      and cp.provider_company_id = ${actor.companyId} and cp.erased = false)`
        : actor.role === Role.portero
          ? sql`exists (select 1 from community_porters pp where pp.community_id = c2.id
                        and pp.porter_user_id = ${actor.userId} and pp.erased = false)`
          : sql`false`;
  return sql`(d.id is not null and exists (
    select 1 from communities c2
    where c2.erased = false and c2.colegio_id = def.colegio_id
      and (d.community_id is null or c2.id = d.community_id)
      and ${mine}
      and (d.community_id is not null
        or c2.admin_company_id = d.company_id
        or exists (select 1 from community_providers cq where cq.community_id = c2.id
                   and cq.provider_company_id = d.company_id and cq.erased = false)
        or exists (select 1 from community_porters pq join users uq on uq.id = pq.porter_user_id
                   where pq.community_id = c2.id and pq.erased = false and uq.company_id = d.company_id))))`;
}

export async function updateFile(
  db: DbOrTx,
  id: number,
  changes: { name: string; obsolete: string | null | undefined; description: string | undefined },
): Promise<FileRow | undefined> {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`with f as (
          update files set name = ${changes.name},
            obsolete = ${changes.obsolete === undefined ? sql`obsolete` : sql`${changes.obsolete}::date`},
            description = ${changes.description === undefined ? sql`description` : changes.description}
          where id = ${id} and deleted = false returning *)
        select ${fileColumns} from f`,
  );
  return raw ? toFileRow(raw) : undefined;
}

/** The document held by a file goes back to pending validation. */
export async function unvalidateDocumentOfFile(db: DbOrTx, fileId: number) {
  await db.execute(
    sql`update company_documents set validated = false, validated_at = null, validated_by = null
        where file_id = ${fileId} and validated`,
  );
}

// ── Short-lived links ──

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

/**
 * The file behind a link, if the link is live, its session is live and the browser holds that session's
 * file key; one indexed lookup.
 */
export async function resolveLink(db: DbOrTx, tokenHash: string, keyHashes: string[]) {
  const [raw] = await queryRows<{
    sha256: string;
    size: number;
    name: string;
    ftype: string;
    session_id: number;
    expires_at: unknown;
  }>(
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
  );
  return raw;
}

/** Forgets links that have expired (the worker's housekeeping). */
export async function purgeExpiredLinks(db: DbOrTx) {
  await db.execute(sql`delete from file_links where expires_at < now() - interval '1 day'`);
}

// ── The sweep (sweep.ts) ──

/** Which of these blob hashes some file record names, deleted or not (`files_sha256_idx`). */
export async function referencedHashes(db: DbOrTx, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await queryRows<{ sha256: string }>(
    db,
    sql`select distinct sha256 from files where sha256 in (${sqlList(hashes)})`,
  );
  return new Set(rows.map((r) => String(r.sha256)));
}

/** A file no document and no template holds. */
const loose = sql`not exists (select 1 from company_documents d where d.file_id = f.id)
  and not exists (select 1 from definition_templates t where t.file_id = f.id)`;

/**
 * Loose files older than `olderThanMs` after id `afterId`, locked for this transaction. A file an attach is
 * writing a document for right now is skipped (its row is locked by that insert); an attach that comes
 * after waits for this transaction and then finds the file gone.
 */
export async function lockLooseFiles(db: DbOrTx, olderThanMs: number, afterId: number, limit: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select f.id from files f
        where f.id > ${afterId} and f.created_at < now() - make_interval(secs => ${olderThanMs / 1000}) and ${loose}
        order by f.id limit ${limit}
        for update of f skip locked`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Removes the locked files that are still loose (checked again now that they are locked: an attach that
 * committed before the lock was taken shows here), with their short-lived links; answers their hashes.
 */
export async function deleteLooseFiles(db: DbOrTx, ids: number[]): Promise<{ id: number; sha256: string }[]> {
  if (ids.length === 0) return [];
  await db.execute(
    sql`delete from file_links l using files f
        where l.file_id = f.id and f.id in (${sqlList(ids)}) and ${loose}`,
  );
  const rows = await queryRows<{ id: number; sha256: string }>(
    db,
    sql`delete from files f where f.id in (${sqlList(ids)}) and ${loose} returning f.id, f.sha256`,
  );
  return rows.map((r) => ({ id: Number(r.id), sha256: String(r.sha256) }));
}

/** A file's expiry, set when a loose file becomes a document (uploaddefined with `obsolete`). */
export async function setFileObsolete(db: DbOrTx, id: number, obsolete: string) {
  await db.execute(sql`update files set obsolete = ${obsolete}::date where id = ${id}`);
}
