import { type DocumentParty, requirementsIncluding } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Slotted } from "../../db/client.js";
import { sqlList } from "../../lib/sql-list.js";

/*
 * The pieces every compliance figure is built from (docs/compliance.md), shared by the providers'
 * (compliance.sql.ts) and the porters' (porter-figures.sql.ts) figures. A community row is passed as its
 * alias `f` (columns id, colegio_id, admin_company_id); `today` is Spain's calendar day.
 */

/** The requirement values that include a party, as a bound list for `in (…)`. */
export const including = (party: DocumentParty): SQL => sqlList(requirementsIncluding(party));

/**
 * The document row `doc` of definition `def` is current (isCurrentDocument), read from the document's
 * copies of its file's deletion and expiry.
 */
export function current(doc: SQL, def: SQL, today: Slotted<string>): SQL {
  return sql`${doc}.file_deleted = false
    and (${doc}.file_obsolete >= ${today}::date or (${doc}.file_obsolete is null and ${def}.obsoletable = false))`;
}

/**
 * The live documents of `company` that a community counts, as two index-only ranges of
 * company_documents_company_community_idx: its general ones (`bound` false) and those uploaded for
 * `community` (`bound` true). Joined to the definition on `assocfinca = bound`.
 */
export function documentsOfIn(company: SQL, community: SQL): SQL {
  return sql`(select cdx.id, cdx.definition_id, cdx.file_obsolete, cdx.file_deleted, false as bound
      from company_documents cdx where cdx.company_id = ${company} and cdx.erased = false and cdx.community_id is null
    union all
    select cdx.id, cdx.definition_id, cdx.file_obsolete, cdx.file_deleted, true
      from company_documents cdx where cdx.company_id = ${company} and cdx.erased = false and cdx.community_id = ${community})`;
}

/** The live mandatory definitions that `party` uploads, of the colegio of the community row `f`, as `ud`. */
export const uploadDefinitions = (f: SQL, party: DocumentParty) => sql`document_definitions ud
  where ud.colegio_id = ${f}.colegio_id and ud.erased = false and ud.mandatory
    and ud.requirement_origin in (${including(party)})`;

/**
 * Upload figures of `company`, uploading as `party`, in the community row `f` (upload_must,
 * uploaded_count), whether it is a party there or not.
 */
export function uploadsInCommunity(f: SQL, company: SQL, party: DocumentParty, today: Slotted<string>): SQL {
  return sql`(select (select count(*) from ${uploadDefinitions(f, party)})::int as upload_must,
      (select count(distinct up.definition_id) from ${documentsOfIn(company, sql`${f}.id`)} up
       join document_definitions ud on ud.id = up.definition_id and ud.assocfinca = up.bound
       where ud.colegio_id = ${f}.colegio_id and ud.erased = false and ud.mandatory
         and ud.requirement_origin in (${including(party)}) and ${current(sql`up`, sql`ud`, today)})::int
        as uploaded_count)`;
}

/**
 * The documents of the community row `f` that `party` must read: joins `rdoc` (documentsOfIn) to its
 * definition `rd`; ends in a `where`, to which callers add their conditions with `and`.
 */
export function readDefinitionOf(f: SQL, party: DocumentParty, today: Slotted<string>): SQL {
  return sql`join document_definitions rd on rd.id = rdoc.definition_id and rd.assocfinca = rdoc.bound
      and rd.colegio_id = ${f}.colegio_id and rd.erased = false and rd.dest_read_required
      and rd.requirement_dest in (${including(party)})
    where ${current(sql`rdoc`, sql`rd`, today)}`;
}

/** The companies whose documents the community row `f` counts: its administrator and its live providers. */
export function communityUploaders(f: SQL): SQL {
  return sql`(select ${f}.admin_company_id as company_id
          union
          select rp.provider_company_id from community_providers rp
          where rp.community_id = ${f}.id and rp.erased = false)`;
}
