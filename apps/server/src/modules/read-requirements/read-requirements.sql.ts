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
