import { type SQL, sql } from "drizzle-orm";
import { current, documentsOfIn, including } from "../compliance/figure-parts.sql.js";

/*
 * The reads a read requirement's documents are owed, as the compliance engine counts them
 * (docs/compliance.md rules 2 and 9; figure-parts.sql.ts): a current document of the definition counts in
 * every live community of the colegio where its uploader is a party (the administrator or a live
 * provider), only in its own community when the definition is per community; there it is owed one read by
 * each live provider but its uploader (destination includes providers) and by each live porter's company
 * (destination includes porters). One read is one (document, community, reader) and is met by the
 * reader's mark in that community. The sum of these reads over a community's providers is their
 * *Documentos leídos* (readed_must, readed_count); over its porters, theirs.
 */

/** Who sees which part: the colegio all of it, an administrator its own live communities. */
export type ReadScope = { kind: "colegio" } | { kind: "administrator"; companyId: number };

/**
 * CTEs `rdoc` (the definition's current documents that may be owed reads), `place` (document_id,
 * community_id, uploader_id, requirement_dest: where each counts, within the scope) and `reader`
 * (document_id, community_id, company_id, party: each read owed there), for definition `definitionId`
 * (live and read-required) and, with `documentId`, one document of it.
 */
export function readDutiesCtes(definitionId: number, scope: ReadScope, today: string, documentId?: number): SQL {
  const inScope = scope.kind === "administrator" ? sql`f.admin_company_id = ${scope.companyId}` : sql`true`;
  return sql`rdoc as materialized (
      select d.id, d.company_id, d.community_id, d.file_id, def.colegio_id, def.requirement_dest
      from document_definitions def
      join company_documents d on d.definition_id = def.id and d.erased = false
        and def.assocfinca = (d.community_id is not null)
      where def.id = ${definitionId} and def.erased = false and def.dest_read_required
        and ${current(sql`d`, sql`def`, today)}
        ${documentId === undefined ? sql`` : sql`and d.id = ${documentId}`}),
    place as (
      select rdoc.id as document_id, f.id as community_id, rdoc.company_id as uploader_id, rdoc.requirement_dest
      from rdoc
      cross join lateral (select fa.id from communities fa where fa.admin_company_id = rdoc.company_id
                          union
                          select up.community_id from community_providers up
                          where up.provider_company_id = rdoc.company_id and up.erased = false) party_of
      join communities f on f.id = party_of.id and f.erased = false and f.colegio_id = rdoc.colegio_id
      where (rdoc.community_id is null or rdoc.community_id = f.id) and ${inScope}),
    reader as (
      select place.document_id, place.community_id, rp.provider_company_id as company_id, 'provider' as party
      from place join community_providers rp on rp.community_id = place.community_id and rp.erased = false
      where place.requirement_dest in (${including("provider")}) and rp.provider_company_id <> place.uploader_id
      union all
      select distinct place.document_id, place.community_id, lu.company_id, 'portero'
      from place join community_porters lp on lp.community_id = place.community_id and lp.erased = false
      join users lu on lu.id = lp.porter_user_id and lu.erased = false
      where place.requirement_dest in (${including("portero")}))`;
}

/**
 * How many current documents of the definition row `def` there are (a column for the index): all of them
 * for the colegio (index ranges of the definition); for an administrator those that count in one of its live
 * communities, read from the parties of those communities (the administrator and their live providers) as
 * ranges of company_documents_company_community_idx, so it costs what the administrator's communities hold,
 * not what the whole colegio uploaded for the definition.
 */
export function countingDocuments(def: SQL, scope: ReadScope, today: string): SQL {
  if (scope.kind === "colegio")
    return sql`(select count(*)::int from company_documents d
      where d.definition_id = ${def}.id and d.erased = false and ${def}.assocfinca = (d.community_id is not null)
        and ${current(sql`d`, def, today)})`;
  return sql`(select count(distinct d.id)::int
    from communities af
    cross join lateral (select af.admin_company_id as company_id
                        union
                        select ap.provider_company_id from community_providers ap
                        where ap.community_id = af.id and ap.erased = false) party
    cross join lateral ${documentsOfIn(sql`party.company_id`, sql`af.id`)} d
    where af.admin_company_id = ${scope.companyId} and af.erased = false and af.colegio_id = ${def}.colegio_id
      and d.definition_id = ${def}.id and d.bound = ${def}.assocfinca and ${current(sql`d`, def, today)})`;
}

/**
 * The definition's current documents in the scope, as a `from … where` (alias `d`, with `def`): all of them for the
 * colegio; for an administrator those that count in one of its live communities, found from the parties of
 * those communities (as countingDocuments does), so it costs what its communities hold.
 */
export function scopedDocuments(
  definitionId: number,
  scope: ReadScope,
  today: string,
  documentId?: number,
): { from: SQL; where: SQL } {
  const one = documentId === undefined ? sql`` : sql`and d.id = ${documentId}`;
  const base = sql`document_definitions def
      join company_documents d on d.definition_id = def.id and d.erased = false
        and def.assocfinca = (d.community_id is not null)`;
  const where = sql`def.id = ${definitionId} and def.erased = false and def.dest_read_required
        and ${current(sql`d`, sql`def`, today)} ${one}`;
  if (scope.kind === "colegio") return { from: base, where };
  const from = sql`${base}
      join (select distinct pd.id
            from document_definitions pdef
            join communities af on af.admin_company_id = ${scope.companyId} and af.erased = false
              and af.colegio_id = pdef.colegio_id
            cross join lateral (select af.admin_company_id as company_id
                                union
                                select ap.provider_company_id from community_providers ap
                                where ap.community_id = af.id and ap.erased = false) party
            cross join lateral ${documentsOfIn(sql`party.company_id`, sql`af.id`)} pd
            where pdef.id = ${definitionId} and pd.definition_id = pdef.id and pd.bound = pdef.assocfinca) mine
        on mine.id = d.id`;
  return { from, where };
}

/**
 * "Leído por N de M" of one document, the row `doc` (id, company_id, id_finca, requirement_dest,
 * colegio_id), without building its reader rows: its places are its own community when it was uploaded for
 * one, else the uploader's live communities of the colegio (within the scope); M sums over them the live
 * providers but the uploader (destination includes providers) and the live porters' distinct companies
 * (destination includes porters); N counts the document's read marks there by those readers, once for each
 * party the reader is owed it as (the same reads readDutiesCtes' `reader` makes).
 */
export function readFigures(doc: SQL, scope: ReadScope): SQL {
  const inScope = scope.kind === "administrator" ? sql`f.admin_company_id = ${scope.companyId}` : sql`true`;
  const providers = sql`${doc}.requirement_dest in (${including("provider")})`;
  const porters = sql`${doc}.requirement_dest in (${including("portero")})`;
  const porterCompanies = (community: SQL) => sql`select lu.company_id from community_porters lp
      join users lu on lu.id = lp.porter_user_id and lu.erased = false
      where lp.community_id = ${community} and lp.erased = false`;
  return sql`(
    with place as (
      select f.id from (select fa.id from communities fa where fa.admin_company_id = ${doc}.company_id
                        union
                        select up.community_id from community_providers up
                        where up.provider_company_id = ${doc}.company_id and up.erased = false) party_of
      join communities f on f.id = party_of.id and f.erased = false and f.colegio_id = ${doc}.colegio_id
      where (${doc}.id_finca is null or ${doc}.id_finca = f.id) and ${inScope})
    select
      (select coalesce(sum(
         case when ${providers} then (select count(*) from community_providers rp
           where rp.community_id = place.id and rp.erased = false and rp.provider_company_id <> ${doc}.company_id)
         else 0 end
       + case when ${porters} then (select count(distinct pc.company_id) from (${porterCompanies(sql`place.id`)}) pc)
         else 0 end), 0)::int from place) as read_must,
      (select (count(*) filter (where ${providers} and exists (select 1 from community_providers rp
                 where rp.community_id = rm.community_id and rp.provider_company_id = rm.reader_company_id
                   and rp.erased = false and rp.provider_company_id <> ${doc}.company_id))
             + count(*) filter (where ${porters} and exists (select 1 from (${porterCompanies(sql`rm.community_id`)}) pc
                 where pc.company_id = rm.reader_company_id)))::int
       from read_marks rm where rm.document_id = ${doc}.id and rm.community_id in (select id from place)) as read_count)`;
}
