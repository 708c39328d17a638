import {
  type ColegioDefinitionSummary,
  type DocumentRow,
  EXPIRING_SOON_DAYS,
  type ExpiringSoonSortKey,
  expiryState,
  type PendingValidationSortKey,
  todayInSpain,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { col, queryTyped, queryTypedPrepared, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { sqlList } from "../../lib/sql-list.js";
import { fileColumns, toFileRow } from "../files/files.repository.js";

/**
 * A document's columns, named as the API names them (with the file's, `fileColumns`). `needs_expiry` is
 * decided here, in the statement that reads the row, from its definition as it is now and its file: every
 * list of documents says it without asking again per row (issue 21: such a document is flagged wherever it
 * shows, and its uploader's dialog reopens).
 */
const documentColumns = sql`d.id, d.definition_id as id_document_require_definition, d.company_id,
  co.name as company_name, d.community_id as id_finca, d.user_id as user_origin, d.validated,
  (dd.obsoletable and f.obsolete is null) as needs_expiry, ${fileColumns}`;
const documentFrom = sql`company_documents d join files f on f.id = d.file_id join companies co on co.id = d.company_id
  join document_definitions dd on dd.id = d.definition_id`;

/** A document row without the caller's rights (`can_edit`), which the service adds. */
export type DocumentRecord = Omit<DocumentRow, "can_edit">;

const readDocumentColumns = rowReader({
  id: col.int,
  id_document_require_definition: col.int,
  company_id: col.int,
  company_name: col.text,
  id_finca: col.intOrNull,
  user_origin: col.int,
  validated: col.bool,
  needs_expiry: col.bool,
});

/** The document of a row that selected `documentColumns`, its expiry state as of `today`. */
function toDocument(raw: Record<string, unknown>, today = todayInSpain()): DocumentRecord {
  const doc = readDocumentColumns(raw);
  const file = toFileRow(raw);
  return {
    ...doc,
    fileupload_id: file.id,
    fileupload: file,
    expired: expiryState(file.obsolete, today).kind === "expired",
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

/** Documents by id (in no particular order). */
export function documentsWhereIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return documentsWhere(db, sql`d.id in (${sqlList(ids)})`);
}

export async function documentById(db: DbOrTx, id: number): Promise<DocumentRecord | undefined> {
  const [doc] = await documentsWhere(db, sql`d.id = ${id}`);
  return doc;
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
  const [row] = await queryTyped(
    db,
    sql`insert into company_documents (definition_id, company_id, community_id, file_id, user_id)
        values (${doc.definitionId}, ${doc.companyId}, ${doc.communityId}, ${doc.fileId}, ${doc.userId})
        returning id`,
    { id: col.int },
  );
  return row!.id;
}

/**
 * Records one document per community for one definition and company (a multi-community upload), each with
 * its own file (`files[i]` for `communityIds[i]`): one insert. It takes the same turn as insertDocument, and a
 * single-file definition replaces the company's live documents in those communities first (one update).
 */
export async function insertDocuments(
  db: DbOrTx,
  docs: {
    definitionId: number;
    companyId: number;
    communityIds: readonly number[];
    fileIds: readonly number[];
    userId: number;
    replace: boolean;
  },
): Promise<number[]> {
  if (docs.communityIds.length === 0) return [];
  await db.execute(sql`select pg_advisory_xact_lock(${docs.definitionId}, ${docs.companyId})`);
  if (docs.replace) {
    await db.execute(
      sql`update company_documents set erased = true, erased_at = now()
          where definition_id = ${docs.definitionId} and company_id = ${docs.companyId}
            and community_id in (${sqlList(docs.communityIds)}) and erased = false`,
    );
  }
  const values = docs.communityIds.map(
    (communityId, i) =>
      sql`(${docs.definitionId}, ${docs.companyId}, ${communityId}, ${docs.fileIds[i]!}, ${docs.userId})`,
  );
  const rows = await queryTyped(
    db,
    sql`insert into company_documents (definition_id, company_id, community_id, file_id, user_id)
        values ${sql.join(values, sql`, `)} returning id, community_id`,
    { id: col.int, community_id: col.int },
  );
  const byCommunity = new Map(rows.map((row) => [row.community_id, row.id]));
  return docs.communityIds.map((communityId) => byCommunity.get(communityId)!);
}

/**
 * A company's live documents for some per-community definitions in some communities, oldest first (the
 * administrator's communities with their documents, /gcomunidades).
 */
export function companyDocumentsIn(
  db: DbOrTx,
  companyId: number,
  definitionIds: readonly number[],
  communityIds: readonly number[],
) {
  if (definitionIds.length === 0 || communityIds.length === 0) return Promise.resolve([]);
  return documentsWhere(
    db,
    sql`d.company_id = ${companyId} and d.erased = false and f.deleted = false
        and d.definition_id in (${sqlList(definitionIds)}) and d.community_id in (${sqlList(communityIds)})`,
  );
}

export async function eraseDocument(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update company_documents set erased = true, erased_at = now() where id = ${id} and erased = false returning id`,
  );
  return rows.length > 0;
}

/** Validates or un-validates; a document already so is left untouched (its compliance caches stay valid). */
export async function setValidated(db: DbOrTx, id: number, valid: boolean, userId: number) {
  await db.execute(
    sql`update company_documents
        set validated = ${valid}, validated_at = ${valid ? sql`now()` : sql`null`}, validated_by = ${valid ? userId : null}
        where id = ${id} and validated is distinct from ${valid}`,
  );
}

/** A company with its type, and whether it is an active member of the colegio. */
export async function companyInColegio(db: DbOrTx, companyId: number, colegioId: number) {
  const [company] = await queryTyped(
    db,
    sql`select c.id, c.name, c.type,
          exists (select 1 from colegio_members m
                  where m.company_id = c.id and m.colegio_id = ${colegioId} and m.erased = false) as "inColegio"
        from companies c where c.id = ${companyId}`,
    { id: col.int, name: col.text, type: col.int, inColegio: col.bool },
  );
  return company;
}

const PENDING_VALIDATION_SORT = { created: "d.created_at" } satisfies Record<PendingValidationSortKey, string>;
const readPendingColumns = rowReader({ definition_name: col.text, company_name: col.text, company_type: col.int });

/**
 * The colegio's current documents waiting for its validation, oldest first: live, not expired, and with
 * the expiry date their definition demands.
 */
export async function pagePendingValidation(db: DbOrTx, colegioId: number, q: SortedPage<PendingValidationSortKey>) {
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
      orderBy: sortSql(PENDING_VALIDATION_SORT, q.sortBy ?? "created", q.sortDesc ?? "ASC", "d.id"),
    },
    (raw) => ({ document: toDocument(raw, today), ...readPendingColumns(raw) }),
  );
}

/**
 * A live document (`d`, neither it nor its file deleted) current today whose last valid day (its file's expiry,
 * copied to the document by the triggers of migration 0006) is within EXPIRING_SOON_DAYS: 'Caducan en los
 * próximos 30 días' (index company_documents_definition_obsolete_idx per definition). Only one whose expiry
 * matters: the last to expire of its duty's current documents (isLastToExpireOfItsDuty), and, when uploaded
 * for a community, one that was not deleted (company_documents_company_community_idx).
 */
const expiringSoonWhere = (today: string) =>
  sql`d.erased = false and d.file_deleted = false and d.file_obsolete is not null
      and d.file_obsolete between ${today}::date and ${today}::date + ${EXPIRING_SOON_DAYS}::int
      and (d.community_id is null
           or (select not live.erased from communities live where live.id = d.community_id))
      and ${isLastToExpireOfItsDuty}`;

/** Another live document `o` of `d`'s duty is current for longer than `d` (or as long, and newer). */
const outlasts = sql`o.erased = false and o.file_deleted = false and o.id <> d.id
  and (o.file_obsolete > d.file_obsolete or (o.file_obsolete = d.file_obsolete and o.id > d.id)
       or (o.file_obsolete is null
           and not exists (select 1 from document_definitions od where od.id = o.definition_id and od.obsoletable)))`;

/**
 * The current document `d` (with an expiry) is the one its duty lasts by (its company's documents for its
 * definition and place, general or that community): no other current one outlasts it. So the duty lapses on
 * `d`'s expiry, the date 'Resumen de documentos' gives the duty ('soon', from the latest current expiry): a
 * newer upload that expired already, or lacks its date, does not hide it; a renewal that lasts longer does.
 * Two index ranges (company_documents_company_idx, company_documents_company_community_idx).
 */
export const isLastToExpireOfItsDuty = sql`case when d.community_id is null
  then not exists (select 1 from company_documents o where o.company_id = d.company_id
                     and o.definition_id = d.definition_id and o.community_id is null and ${outlasts})
  else not exists (select 1 from company_documents o where o.company_id = d.company_id
                     and o.community_id = d.community_id and o.definition_id = d.definition_id and ${outlasts})
  end`;

/**
 * The colegio's live definitions, each with how many of its documents expire within EXPIRING_SOON_DAYS and
 * how many wait for the colegio's validation: the conditions of the pending-validation list, read from the
 * documents' copies of their file's expiry and deletion, as index ranges per definition
 * (company_documents_pending_validation_idx) instead of every file of the platform. The colegio's documents
 * summary lists them; the dashboard shows their sums (the tests compare both with the lists' counts).
 */
async function definitionSummaries(db: DbOrTx, colegioId: number, today: string): Promise<ColegioDefinitionSummary[]> {
  return queryTypedPrepared(
    db,
    sql`select def.id, def.name, def.requirement_origin, def."group", def.validate_colegio_required,
               (select count(*) from company_documents d
                where d.definition_id = def.id and ${expiringSoonWhere(today)}) as expiring_soon,
               case when def.validate_colegio_required then
                 (select count(*) from company_documents d
                  where d.definition_id = def.id and d.erased = false and d.validated = false and d.file_deleted = false
                    and (d.file_obsolete >= ${today}::date or (d.file_obsolete is null and not def.obsoletable)))
               else 0 end as pending_validation
        from document_definitions def
        where def.colegio_id = ${colegioId} and def.erased = false
        order by lower(def.name), def.id`,
    {
      id: col.int,
      name: col.text,
      requirement_origin: col.int,
      group: col.textOrNull,
      validate_colegio_required: col.bool,
      expiring_soon: col.int,
      pending_validation: col.int,
    },
  );
}

/** The colegio's definitions' figures (definitionSummaries) and their sums, the dashboard's two figures. */
export async function colegioDocumentFigures(db: DbOrTx, colegioId: number, today: string) {
  const definitions = await definitionSummaries(db, colegioId, today);
  return {
    expiring_soon: definitions.reduce((n, d) => n + d.expiring_soon, 0),
    pending_validation: definitions.reduce((n, d) => n + d.pending_validation, 0),
    definitions,
  };
}

const EXPIRING_SOON_SORT = { obsolete: "d.file_obsolete" } satisfies Record<ExpiringSoonSortKey, string>;
const readExpiringColumns = rowReader({
  definition_name: col.text,
  company_name: col.text,
  company_type: col.int,
  community_name: col.textOrNull,
});

/**
 * The colegio's documents that expire within EXPIRING_SOON_DAYS (expiringSoonWhere), soonest first, with
 * their company, definition and the community a per-community one was uploaded for; optionally of one
 * definition, searching the company, the definition and the file's name.
 */
export async function pageExpiringSoon(
  db: DbOrTx,
  colegioId: number,
  q: SortedPage<ExpiringSoonSortKey> & { definitionId?: number | undefined },
) {
  const today = todayInSpain();
  const search = q.filter
    ? sql`and (co.name ilike ${containsPattern(q.filter)} or dd.name ilike ${containsPattern(q.filter)}
               or f.name ilike ${containsPattern(q.filter)})`
    : sql``;
  const definition = q.definitionId === undefined ? sql`` : sql`and d.definition_id = ${q.definitionId}`;
  const where = sql`dd.colegio_id = ${colegioId} and dd.erased = false and ${expiringSoonWhere(today)} ${definition}`;
  return fetchPage(
    db,
    q,
    {
      select: sql`${documentColumns}, dd.name as definition_name, co.type as company_type,
                  cf.name as community_name`,
      from: sql`${documentFrom} left join communities cf on cf.id = d.community_id`,
      where: sql`${where} ${search}`,
      // Without a search the count needs neither the file, the company nor the community.
      ...(q.filter
        ? {}
        : { countFrom: sql`company_documents d join document_definitions dd on dd.id = d.definition_id` }),
      orderBy: sortSql(EXPIRING_SOON_SORT, q.sortBy ?? "obsolete", q.sortDesc ?? "ASC", "d.id"),
    },
    (raw) => ({ document: toDocument(raw, today), ...readExpiringColumns(raw) }),
    !q.filter,
  );
}
