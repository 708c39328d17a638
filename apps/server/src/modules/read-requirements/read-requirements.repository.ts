import type {
  DocumentGroup,
  GroupFilter,
  ReadRequirementDocument,
  ReadRequirementReader,
  ReadRequirementRow,
} from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type PageRequest } from "../../lib/paging.js";
import {
  countingDocuments,
  type ReadScope,
  readDutiesCtes,
  readFigures,
  scopedDocuments,
} from "./read-requirements.sql.js";

const readRow = rowReader({
  id: col.int,
  name: col.text,
  requirement_origin: col.int,
  requirement_dest: col.int,
  assocfinca: col.bool,
  group: (v: unknown) => (v == null ? null : (String(v) as DocumentGroup)),
  documents_count: col.int,
});

function groupCondition(group: GroupFilter) {
  if (group === "ALL") return sql`true`;
  if (group === "CAF") return sql`def."group" is null`;
  return sql`def."group" = ${group}`;
}

/** One page of a colegio's read requirements (live definitions with dest_read_required), by name. */
export async function pageReadRequirements(
  db: DbOrTx,
  colegioId: number,
  scope: ReadScope,
  today: string,
  q: { group: GroupFilter; filter: string; currentPage: number; perPage: number },
) {
  const where = sql.join(
    [
      sql`def.colegio_id = ${colegioId} and def.erased = false and def.dest_read_required`,
      groupCondition(q.group),
      q.filter ? sql`def.name ilike ${containsPattern(q.filter)}` : sql`true`,
    ],
    sql` and `,
  );
  return fetchPage(
    db,
    { page: q.currentPage, limit: q.perPage },
    {
      select: sql`def.id, def.name, def.requirement_origin, def.requirement_dest, def.assocfinca, def."group",
        def.colegio_id, def.obsoletable`,
      from: sql`document_definitions def`,
      where,
      orderBy: sql`lower(def.name), def.id`,
      late: sql`(select ${countingDocuments(sql`page`, scope, today)} as documents_count)`,
    },
    (raw): ReadRequirementRow => readRow(raw),
  );
}

/** A live definition of the colegio with whether its destination must read it; undefined when there is none. */
export async function findReadDefinition(db: DbOrTx, id: number) {
  const [found] = await queryTyped(
    db,
    sql`select def.id, def.colegio_id as "colegioId", def.name, def.requirement_origin, def.requirement_dest,
          def.assocfinca, def."group", def.dest_read_required, def.erased
        from document_definitions def where def.id = ${id}`,
    {
      id: col.int,
      colegioId: col.int,
      name: col.text,
      requirement_origin: col.int,
      requirement_dest: col.int,
      assocfinca: col.bool,
      group: (v: unknown) => (v == null ? null : (String(v) as DocumentGroup)),
      dest_read_required: col.bool,
      erased: col.bool,
    },
  );
  return found;
}

const documentRow = rowReader({
  id: col.int,
  company_id: col.int,
  company_name: col.text,
  id_finca: col.intOrNull,
  finca_name: col.textOrNull,
  file_id: col.int,
  file_name: col.text,
  file_size: col.int,
  obsolete: col.dayOrNull,
  read_must: col.int,
  read_count: col.int,
});

/**
 * One page of the definition's current documents in the scope (for an administrator, those that count in one
 * of its communities), by uploader, file name and id, each with its reads owed and met there (computed for
 * the page's documents only); with `documentId`, that document alone if it is one of them.
 */
export async function pageReadRequirementDocuments(
  db: DbOrTx,
  definitionId: number,
  scope: ReadScope,
  today: string,
  page: PageRequest,
  documentId?: number,
) {
  const docs = scopedDocuments(definitionId, scope, today, documentId);
  return fetchPage(
    db,
    page,
    {
      select: sql`d.id, d.company_id, c.name as company_name, d.community_id as id_finca, fc.name as finca_name,
        fl.id as file_id, fl.name as file_name, fl.size as file_size, fl.obsolete, def.requirement_dest, def.colegio_id`,
      from: sql`${docs.from}
        join companies c on c.id = d.company_id
        join files fl on fl.id = d.file_id
        left join communities fc on fc.id = d.community_id`,
      countFrom: docs.from,
      where: docs.where,
      orderBy: sql`lower(c.name), lower(fl.name), d.id`,
      late: readFigures(sql`page`, scope),
    },
    (raw): ReadRequirementDocument => {
      const r = documentRow(raw);
      return {
        id: r.id,
        company_id: r.company_id,
        company_name: r.company_name,
        id_finca: r.id_finca,
        finca_name: r.finca_name,
        fileupload: { id: r.file_id, name: r.file_name, size: r.file_size },
        obsolete: r.obsolete,
        read_must: r.read_must,
        read_count: r.read_count,
      };
    },
  );
}

/** Who owes a read of one document in the scope, and when each marked it: by community, providers then porters, name. */
export async function readRequirementReaders(
  db: DbOrTx,
  definitionId: number,
  scope: ReadScope,
  today: string,
  documentId: number,
): Promise<ReadRequirementReader[]> {
  return queryTyped(
    db,
    sql`with ${readDutiesCtes(definitionId, scope, today, documentId)}
        select reader.community_id as id_finca, f.name as finca_name, reader.company_id, c.name as company_name,
          reader.party, rm.created_at as read_at
        from reader
        join communities f on f.id = reader.community_id
        join companies c on c.id = reader.company_id
        left join read_marks rm on rm.document_id = reader.document_id
          and rm.community_id = reader.community_id and rm.reader_company_id = reader.company_id
        order by lower(f.name), f.id, reader.party = 'portero', lower(c.name), c.id`,
    {
      id_finca: col.int,
      finca_name: col.text,
      company_id: col.int,
      company_name: col.text,
      party: (v: unknown) => (String(v) === "portero" ? ("portero" as const) : ("provider" as const)),
      read_at: col.isoOrNull,
    },
  );
}
