import {
  type CommunityDocumentRow,
  type DocumentParty,
  type PendingReadRow,
  requirementsIncluding,
  todayInSpain,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { sqlList } from "../../lib/sql-list.js";
import { current } from "../compliance/compliance.sql.js";

/*
 * Reading duties in SQL (docs/compliance.md rules 2 and 7; the reference model is readDuties in
 * packages/domain/src/compliance.ts). One fragment, `readableIn`, states which documents a reader may read
 * in a community; every list, flag and check here is built on it, so they cannot disagree.
 */

/**
 * Who reads: a company reading as one party (its definition destinations). Every reader reads what the
 * community's administrator and its live providers give it; a porter's documents are read by nobody here.
 */
export interface Reader {
  companyId: number;
  kind: DocumentParty;
}

/** Whose documents a list shows: the community's administrator's, its live providers', or both. */
export type Uploaders = "administrator" | "providers" | "parties";

const DESTS: Record<DocumentParty, SQL> = {
  provider: sqlList(requirementsIncluding("provider")),
  administrator: sqlList(requirementsIncluding("administrator")),
  portero: sqlList(requirementsIncluding("portero")),
};

/** The uploaders' companies of the community row `f` (each once). */
function uploadersOf(f: SQL, from: Uploaders): SQL {
  const admin = sql`select ${f}.admin_company_id as company_id`;
  const providers = sql`select rp.provider_company_id as company_id from community_providers rp
    where rp.community_id = ${f}.id and rp.erased = false`;
  if (from === "administrator") return sql`(${admin})`;
  if (from === "providers") return sql`(${providers})`;
  return sql`(${admin} union ${providers})`;
}

/**
 * The documents `reader` may read in the community row `f` (a lateral subquery; `f` must be live, the
 * caller checks it): current documents that count in `f`, of a live definition of its colegio whose
 * destination includes the reader's kind, uploaded by a party of `f` (among `from`) other than the
 * reader, with the reader's mark there (`read_id`, null when unread). Reads the parties' documents through
 * company_documents_company_community_idx and the mark through read_marks_key.
 */
function readableIn(f: SQL, reader: Reader, from: Uploaders, today: string): SQL {
  return sql`(select rdoc.id as doc_id, rdoc.company_id, rdoc.created_at, rdef.id as def_id, rdef.name as def_name,
      rdef.dest_read_required as read_required, rdef."group" as def_group,
      rf.id as file_id, rf.name as file_name, rf.size as file_size,
      to_char(rf.obsolete, 'YYYY-MM-DD') as file_obsolete, rm.id as read_id
    from ${uploadersOf(f, from)} party
    join company_documents rdoc on rdoc.company_id = party.company_id and rdoc.erased = false
      and (rdoc.community_id = ${f}.id or rdoc.community_id is null)
    join document_definitions rdef on rdef.id = rdoc.definition_id and rdef.colegio_id = ${f}.colegio_id
      and rdef.erased = false and rdef.requirement_dest in (${DESTS[reader.kind]})
      and rdef.assocfinca = (rdoc.community_id is not null)
    join files rf on rf.id = rdoc.file_id
    left join read_marks rm on rm.document_id = rdoc.id and rm.community_id = ${f}.id
      and rm.reader_company_id = ${reader.companyId}
    where party.company_id <> ${reader.companyId} and ${current(sql`rdoc`, sql`rdef`, today)})`;
}

/**
 * Whether `reader` has a document left to read in the community row `f`: one it may read whose
 * definition requires reading, without its mark. A boolean SQL expression (for the panel's flags).
 */
export function unreadRequiredIn(f: SQL, reader: Reader, from: Uploaders, today = todayInSpain()): SQL {
  return sql`exists (select 1 from ${readableIn(f, reader, from, today)} pr where pr.read_required and pr.read_id is null)`;
}

/** A document a reader may read in a community, as the reading lists answer it. */
const communityDocumentRow = {
  id: col.int,
  definition_name: col.text,
  read_required: col.bool,
  group: col.textOrNull,
  doc_id: col.int,
  doc_name: col.text,
  file_id: col.int,
  file_size: col.int,
  file_obsolete: col.textOrNull,
  company_uploaded: col.int,
  company_name: col.text,
  read_identifier: col.int,
  created: col.iso,
} satisfies { [K in keyof CommunityDocumentRow]: unknown };

/** The documents `reader` may read in a live community, by definition and newest first. */
export function communityDocuments(
  db: DbOrTx,
  communityId: number,
  reader: Reader,
  from: Uploaders,
): Promise<CommunityDocumentRow[]> {
  return queryTyped(
    db,
    sql`select d.def_id as id, d.def_name as definition_name, d.read_required, d.def_group as "group",
          d.doc_id, d.file_name as doc_name, d.file_id, d.file_size, d.file_obsolete,
          d.company_id as company_uploaded, co.name as company_name,
          coalesce(d.read_id, 0) as read_identifier, d.created_at as created
        from communities f
        cross join lateral ${readableIn(sql`f`, reader, from, todayInSpain())} d
        join companies co on co.id = d.company_id
        where f.id = ${communityId} and f.erased = false
        order by lower(d.def_name), d.def_id, d.created_at desc, d.doc_id desc`,
    communityDocumentRow,
  );
}

/** Whether `reader` has a document left to read in a live community (the '!' badge). */
export async function hasPendingRead(db: DbOrTx, communityId: number, reader: Reader, from: Uploaders) {
  const [row] = await queryTyped(
    db,
    sql`select ${unreadRequiredIn(sql`f`, reader, from)} as pending
        from communities f where f.id = ${communityId} and f.erased = false`,
    { pending: col.bool },
  );
  return row?.pending ?? false;
}

const pendingReadRow = {
  finca_name: col.text,
  finca_administrator: col.text,
  finca_id: col.int,
  uploaded_doc_id: col.int,
  uploaded_doc_name: col.text,
  doc_id: col.int,
  doc_type: col.text,
  file_id: col.int,
  file_size: col.int,
  company_name: col.text,
  from_administrator: col.bool,
} satisfies { [K in keyof PendingReadRow]: unknown };

/**
 * Every document a provider still has to read, in the live communities it serves in a colegio (null:
 * in every colegio it works in), by community, definition and file name.
 */
export function pendingReadsOf(db: DbOrTx, providerId: number, colegioId: number | null): Promise<PendingReadRow[]> {
  const reader: Reader = { companyId: providerId, kind: "provider" };
  const inColegio =
    colegioId === null
      ? sql`f.colegio_id in (select m.colegio_id from colegio_members m
                            where m.company_id = ${providerId} and m.erased = false)`
      : sql`f.colegio_id = ${colegioId}`;
  return queryTyped(
    db,
    sql`select f.name as finca_name, a.name as finca_administrator, f.id as finca_id,
          d.doc_id as uploaded_doc_id, d.file_name as uploaded_doc_name, d.def_id as doc_id, d.def_name as doc_type,
          d.file_id, d.file_size, co.name as company_name, d.company_id = f.admin_company_id as from_administrator
        from community_providers sv
        join communities f on f.id = sv.community_id and f.erased = false
        join companies a on a.id = f.admin_company_id
        cross join lateral ${readableIn(sql`f`, reader, "parties", todayInSpain())} d
        join companies co on co.id = d.company_id
        where sv.provider_company_id = ${providerId} and sv.erased = false and ${inColegio}
          and d.read_required and d.read_id is null
        order by lower(f.name), f.id, lower(d.def_name), d.def_id, lower(d.file_name), d.doc_id`,
    pendingReadRow,
  );
}

/** Whether a company is a live provider of a community. */
export async function isLiveProvider(db: DbOrTx, communityId: number, providerId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from community_providers
        where community_id = ${communityId} and provider_company_id = ${providerId} and erased = false`,
  );
  return rows.length > 0;
}

/**
 * A document as `reader` meets it in a live community: `exists` whether there is a document with that
 * id at all, `readable` whether the reader may read (and so mark) it there.
 */
export async function documentForReader(db: DbOrTx, communityId: number, reader: Reader, documentId: number) {
  const [row] = await queryTyped(
    db,
    sql`select exists (select 1 from company_documents where id = ${documentId}) as "exists",
          exists (select 1 from communities f cross join lateral ${readableIn(sql`f`, reader, "parties", todayInSpain())} d
                  where f.id = ${communityId} and f.erased = false and d.doc_id = ${documentId}) as readable`,
    { exists: col.bool, readable: col.bool },
  );
  return row ?? { exists: false, readable: false };
}

/** Records a read mark once: marking again answers the first mark's id. */
export async function insertReadMark(
  db: DbOrTx,
  mark: { documentId: number; communityId: number; readerCompanyId: number; userId: number },
): Promise<number> {
  const [inserted] = await queryTyped(
    db,
    sql`insert into read_marks (document_id, community_id, reader_company_id, user_id)
        values (${mark.documentId}, ${mark.communityId}, ${mark.readerCompanyId}, ${mark.userId})
        on conflict (document_id, community_id, reader_company_id) do nothing
        returning id`,
    { id: col.int },
  );
  if (inserted) return inserted.id;
  // Already marked (maybe by a simultaneous request, committed after the insert's snapshot: a new
  // statement sees it).
  const [existing] = await queryTyped(
    db,
    sql`select id from read_marks where document_id = ${mark.documentId} and community_id = ${mark.communityId}
          and reader_company_id = ${mark.readerCompanyId}`,
    { id: col.int },
  );
  return existing!.id;
}
