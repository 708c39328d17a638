import { type FileRow, Role } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { sqlList } from "../../lib/sql-list.js";
import type { DefinitionPlace } from "../documents/definitions.policy.js";
import type { DocumentFacts } from "../documents/documents.policy.js";

/** File columns from alias `f`, the expiry as YYYY-MM-DD text (a driver would turn a date into a Date). */
export const fileColumns = sql`f.id as file_id, f.name as file_name, f.description as file_description,
  f.size as file_size, f.ftype as file_ftype, to_char(f.obsolete, 'YYYY-MM-DD') as file_obsolete,
  f.created_at as file_created`;

const readFileColumns = rowReader({
  file_id: col.int,
  file_name: col.text,
  file_description: col.textOrNull,
  file_size: col.int,
  file_ftype: col.text,
  file_obsolete: col.textOrNull,
  file_created: col.iso,
});

/** The file of a row that selected `fileColumns`. */
export function toFileRow(raw: Record<string, unknown>): FileRow {
  const f = readFileColumns(raw);
  return {
    id: f.file_id,
    name: f.file_name,
    description: f.file_description ?? "",
    size: f.file_size,
    ftype: f.file_ftype,
    obsolete: f.file_obsolete,
    created: f.file_created,
  };
}

/** The one file a statement that selects `fileColumns` answers, if any. */
async function oneFile(db: DbOrTx, query: SQL): Promise<FileRow | undefined> {
  const [raw] = await queryRows<Record<string, unknown>>(db, query);
  return raw ? toFileRow(raw) : undefined;
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
  const inserted = await oneFile(
    db,
    sql`with f as (
          insert into files (sha256, size, name, ftype, obsolete, owner_user_id, owner_company_id)
          values (${file.sha256}, ${file.size}, ${file.name}, ${file.ftype}, ${file.obsolete ?? null},
                  ${file.ownerUserId}, ${file.ownerCompanyId})
          returning *)
        select ${fileColumns} from f`,
  );
  return inserted!;
}

/**
 * `count` files of the same bytes in one statement (a multi-community upload: each document holds its own file
 * row, so that its name and expiry are edited on their own; the bytes are stored once, content-addressed).
 */
export async function insertFiles(db: DbOrTx, file: NewFile, count: number): Promise<FileRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with f as (
          insert into files (sha256, size, name, ftype, obsolete, owner_user_id, owner_company_id)
          select ${file.sha256}, ${file.size}, ${file.name}, ${file.ftype}, ${file.obsolete ?? null}::date,
                 ${file.ownerUserId}, ${file.ownerCompanyId}
          from generate_series(1, ${count}::int)
          returning *)
        select ${fileColumns} from f order by f.id`,
  );
  return rows.map(toFileRow);
}

/**
 * A file with what it belongs to and how the caller stands to it: the document it holds (with the facts
 * the document policy needs) or the template it is (with how the caller stands in its colegio).
 */
export interface FileAccess {
  file: FileRow;
  ownerCompanyId: number;
  deleted: boolean;
  document: {
    id: number;
    definitionId: number;
    erased: boolean;
    /** its definition asks the colegio to validate it */
    validateRequired: boolean;
    /** its definition demands an expiry date */
    obsoletable: boolean;
    facts: DocumentFacts;
  } | null;
  template: { erased: boolean; place: DefinitionPlace } | null;
  /** the definition of its document or template was deleted */
  definitionErased: boolean;
  /** gone for everybody: the file, its document, its template or its definition was deleted */
  gone: boolean;
}

// The definition's and the document's columns are null for a loose file: read only where they exist.
const readAccess = rowReader({
  deleted: col.bool,
  owner_company_id: col.int,
  doc_id: col.intOrNull,
  doc_company_id: col.int,
  doc_erased: col.bool,
  template_id: col.intOrNull,
  template_erased: col.bool,
  def_id: col.int,
  def_colegio_id: col.int,
  def_dest: col.int,
  def_validate_required: col.bool,
  def_obsoletable: col.bool,
  def_erased: col.bool,
  member: col.bool,
  porter_in_colegio: col.bool,
  shares: col.bool,
});

function toFileAccess(raw: Record<string, unknown>): FileAccess {
  const a = readAccess(raw);
  return {
    file: toFileRow(raw),
    ownerCompanyId: a.owner_company_id,
    deleted: a.deleted,
    document:
      a.doc_id === null
        ? null
        : {
            id: a.doc_id,
            definitionId: a.def_id,
            erased: a.doc_erased,
            validateRequired: a.def_validate_required,
            obsoletable: a.def_obsoletable,
            facts: {
              uploaderCompanyId: a.doc_company_id,
              colegioId: a.def_colegio_id,
              dest: a.def_dest,
              member: a.member,
              shares: a.shares,
            },
          },
    template:
      a.template_id === null
        ? null
        : {
            erased: a.template_erased,
            place: { colegioId: a.def_colegio_id, member: a.member, porterInColegio: a.porter_in_colegio },
          },
    definitionErased: a.def_erased,
    gone: a.deleted || a.doc_erased || a.template_erased || a.def_erased,
  };
}

/** A file with what it belongs to and how the caller stands to it (FileAccess), in one query. */
export async function findFileAccess(
  db: DbOrTx,
  actor: { userId: number; companyId: number; role: number },
  key: { fileId: number } | { documentId: number },
): Promise<FileAccess | undefined> {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${fileColumns}, f.deleted, f.owner_company_id,
          d.id as doc_id, d.company_id as doc_company_id, d.erased as doc_erased,
          t.id as template_id, t.erased as template_erased,
          def.id as def_id, def.colegio_id as def_colegio_id, def.requirement_dest as def_dest,
          def.validate_colegio_required as def_validate_required, def.obsoletable as def_obsoletable,
          def.erased as def_erased,
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
  return raw ? toFileAccess(raw) : undefined;
}

/**
 * Whether the caller takes part, in its role, in a community where document `d` counts: the community
 * it was uploaded for, or (a general document) a community of its definition's colegio where the
 * uploader works too (as administrator, provider or through a porter). A porter reads only what the
 * community's administrator and its live providers give (docs/compliance.md, porters' read duties): for
 * a porter the uploader must be one of them, whichever way the document counts.
 */
function sharesCommunity(actor: { userId: number; companyId: number; role: number }) {
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
  const byAdministratorOrProvider = sql`(c2.admin_company_id = d.company_id
    or exists (select 1 from community_providers cq where cq.community_id = c2.id
               and cq.provider_company_id = d.company_id and cq.erased = false))`;
  const uploaderThere =
    actor.role === Role.portero
      ? byAdministratorOrProvider
      : sql`(d.community_id is not null or ${byAdministratorOrProvider}
        or exists (select 1 from community_porters pq join users uq on uq.id = pq.porter_user_id
                   where pq.community_id = c2.id and pq.erased = false and uq.company_id = d.company_id))`;
  return sql`(d.id is not null and exists (
    select 1 from communities c2
    where c2.erased = false and c2.colegio_id = def.colegio_id
      and (d.community_id is null or c2.id = d.community_id)
      and ${mine}
      and ${uploaderThere}))`;
}

export function updateFile(
  db: DbOrTx,
  id: number,
  changes: { name: string; obsolete: string | null | undefined; description: string | undefined },
): Promise<FileRow | undefined> {
  return oneFile(
    db,
    sql`with f as (
          update files set name = ${changes.name},
            obsolete = ${changes.obsolete === undefined ? sql`obsolete` : sql`${changes.obsolete}::date`},
            description = ${changes.description === undefined ? sql`description` : changes.description}
          where id = ${id} and deleted = false returning *)
        select ${fileColumns} from f`,
  );
}

/** The document held by a file goes back to pending validation. */
export async function unvalidateDocumentOfFile(db: DbOrTx, fileId: number) {
  await db.execute(
    sql`update company_documents set validated = false, validated_at = null, validated_by = null
        where file_id = ${fileId} and validated`,
  );
}

/** A file's expiry, set when a loose file becomes a document (uploaddefined with `obsolete`). */
export async function setFileObsolete(db: DbOrTx, id: number, obsolete: string) {
  await db.execute(sql`update files set obsolete = ${obsolete}::date where id = ${id}`);
}

// ── The sweep (sweep.ts) ──

/** Which of these blob hashes some file record names, deleted or not (`files_sha256_idx`). */
export async function referencedHashes(db: DbOrTx, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await queryTyped(db, sql`select distinct sha256 from files where sha256 in (${sqlList(hashes)})`, {
    sha256: col.text,
  });
  return new Set(rows.map((r) => r.sha256));
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
  const rows = await queryTyped(
    db,
    sql`select f.id from files f
        where f.id > ${afterId} and f.created_at < now() - make_interval(secs => ${olderThanMs / 1000}) and ${loose}
        order by f.id limit ${limit}
        for update of f skip locked`,
    { id: col.int },
  );
  return rows.map((r) => r.id);
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
  return queryTyped(
    db,
    sql`delete from files f where f.id in (${sqlList(ids)}) and ${loose} returning f.id, f.sha256`,
    {
      id: col.int,
      sha256: col.text,
    },
  );
}
