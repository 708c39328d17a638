import type { DocumentRow } from "@coordina/domain";
import { expiryState, todayInSpain } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { containsPattern, fetchPage } from "../../lib/paging.js";
import { sqlList } from "../../lib/sql-list.js";
import { fileColumns, toFileRow } from "../files/files.repository.js";

const documentColumns = sql`d.id, d.definition_id, d.company_id, co.name as company_name, d.community_id, d.user_id,
  d.validated, dd.obsoletable as def_obsoletable, ${fileColumns}`;
const documentFrom = sql`company_documents d join files f on f.id = d.file_id join companies co on co.id = d.company_id
  join document_definitions dd on dd.id = d.definition_id`;

/** A document row without the caller's rights (`can_edit`), which the service adds. */
export type DocumentRecord = Omit<DocumentRow, "can_edit">;

export function toDocument(raw: Record<string, unknown>, today = todayInSpain()): DocumentRecord {
  const file = toFileRow(raw);
  return {
    id: Number(raw.id),
    id_document_require_definition: Number(raw.definition_id),
    company_id: Number(raw.company_id),
    company_name: String(raw.company_name),
    id_finca: raw.community_id === null || raw.community_id === undefined ? null : Number(raw.community_id),
    fileupload_id: file.id,
    fileupload: file,
    user_origin: Number(raw.user_id),
    validated: raw.validated === true,
    expired: expiryState(file.obsolete, today).kind === "expired",
    needs_expiry: raw.def_obsoletable === true && !file.obsolete,
  };
}

export async function documentsWhere(db: DbOrTx, where: SQL): Promise<DocumentRecord[]> {
  const today = todayInSpain();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${documentColumns} from ${documentFrom} where ${where} order by d.created_at, d.id`,
  );
  return rows.map((raw) => toDocument(raw, today));
}

/**
 * The live documents a company uploaded for some definitions: for a definition bound to communities,
 * those of `communityId` (none without one); for the others, its general ones.
 */
export function companyDocuments(db: DbOrTx, companyId: number, definitionIds: number[], communityId: number | null) {
  if (definitionIds.length === 0) return Promise.resolve([]);
  // `dd` is the document's definition (documentFrom joins it).
  return documentsWhere(
    db,
    sql`d.company_id = ${companyId} and d.erased = false and d.definition_id in (${sqlList(definitionIds)})
        and case when dd.assocfinca then d.community_id = ${communityId} else d.community_id is null end`,
  );
}

/**
 * Records an uploaded document. Uploads of one company for one definition take turns (an advisory lock),
 * so that a single-file definition ends with exactly one live document however many arrive at once.
 */
export async function insertDocument(
  db: DbOrTx,
  doc: {
    definitionId: number;
    companyId: number;
    communityId: number | null;
    fileId: number;
    userId: number;
    replace: boolean;
  },
): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${doc.definitionId}, ${doc.companyId})`);
  if (doc.replace) {
    await db.execute(
      sql`update company_documents set erased = true, erased_at = now()
          where definition_id = ${doc.definitionId} and company_id = ${doc.companyId}
            and community_id is not distinct from ${doc.communityId} and erased = false`,
    );
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into company_documents (definition_id, company_id, community_id, file_id, user_id)
        values (${doc.definitionId}, ${doc.companyId}, ${doc.communityId}, ${doc.fileId}, ${doc.userId})
        returning id`,
  );
  return Number(row!.id);
}

export async function eraseDocument(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update company_documents set erased = true, erased_at = now() where id = ${id} and erased = false returning id`,
  );
  return rows.length > 0;
}

export async function setValidated(db: DbOrTx, id: number, valid: boolean, userId: number) {
  await db.execute(
    sql`update company_documents
        set validated = ${valid}, validated_at = ${valid ? sql`now()` : sql`null`}, validated_by = ${valid ? userId : null}
        where id = ${id}`,
  );
}

/** A company with its type, and whether it is an active member of the colegio. */
export async function companyInColegio(db: DbOrTx, companyId: number, colegioId: number) {
  const [raw] = await queryRows<{ id: number; name: string; type: number; in_colegio: boolean }>(
    db,
    sql`select c.id, c.name, c.type,
          exists (select 1 from colegio_members m
                  where m.company_id = c.id and m.colegio_id = ${colegioId} and m.erased = false) as in_colegio
        from companies c where c.id = ${companyId}`,
  );
  return raw
    ? { id: Number(raw.id), name: String(raw.name), type: Number(raw.type), inColegio: raw.in_colegio === true }
    : undefined;
}

/**
 * The colegio's current documents waiting for its validation, oldest first: live, not expired, and with
 * the expiry date their definition demands.
 */
export function pagePendingValidation(
  db: DbOrTx,
  colegioId: number,
  q: { page: number; limit: number; filter: string },
) {
  const today = todayInSpain();
  const search = q.filter
    ? sql`and (co.name ilike ${containsPattern(q.filter)} or def.name ilike ${containsPattern(q.filter)})`
    : sql``;
  return fetchPage(
    db,
    q,
    {
      select: sql`${documentColumns}, def.name as definition_name, co.type as company_type`,
      from: sql`${documentFrom} join document_definitions def on def.id = d.definition_id`,
      where: sql`def.colegio_id = ${colegioId} and def.erased = false and def.validate_colegio_required
                 and d.erased = false and d.validated = false and f.deleted = false
                 and (f.obsolete >= ${today}::date or (f.obsolete is null and not def.obsoletable)) ${search}`,
      orderBy: sql`d.created_at, d.id`,
    },
    (raw) => ({
      document: toDocument(raw, today),
      definition_name: String(raw.definition_name),
      company_name: String(raw.company_name),
      company_type: Number(raw.company_type),
    }),
  );
}
