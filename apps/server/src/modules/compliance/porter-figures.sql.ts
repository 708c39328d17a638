import { type SQL, sql } from "drizzle-orm";
import type { Slotted } from "../../db/client.js";
import {
  communityUploaders,
  current,
  documentsOfIn,
  including,
  readDefinitionOf,
  uploadsInCommunity,
} from "./figure-parts.sql.js";

/*
 * The porters' figures (docs/compliance.md, rules 8–10), the SQL twin of the reference model's
 * porterInCommunity and porterOver. A porter is named by its company (users.company_id), which owns its
 * documents and read marks; it works in a community through community_porters (by user).
 */

/** The live community row `f` has `porter` (a company) as a live porter: link and user not erased. */
function livePorterOf(f: SQL, porter: SQL): SQL {
  return sql`(${f}.erased = false and exists (select 1 from community_porters lp
    join users lu on lu.id = lp.porter_user_id and lu.erased = false and lu.company_id = ${porter}
    where lp.community_id = ${f}.id and lp.erased = false))`;
}

/**
 * Read figures of `porter` in the community row `f` (read_must, read_count): current documents that count
 * there, need reading by porters, uploaded by the administrator or a live provider.
 */
function porterReadsIn(f: SQL, porter: SQL, today: Slotted<string>): SQL {
  return sql`(select count(*)::int as read_must, count(rm.id)::int as read_count
    from ${communityUploaders(f)} party
    cross join lateral ${documentsOfIn(sql`party.company_id`, sql`${f}.id`)} rdoc
    left join read_marks rm on rm.document_id = rdoc.id and rm.community_id = ${f}.id
      and rm.reader_company_id = ${porter}
    ${readDefinitionOf(f, "portero", today)})`;
}

/**
 * Figures of one porter (its company) in one community (the porters card's row): upload_must,
 * uploaded_count, read_must, read_count. One row for an existing community; zeros where the porter is not
 * a live porter of a live community.
 */
export function porterInCommunityFigures(communityId: SQL, porterCompanyId: SQL, today: Slotted<string>): SQL {
  return sql`(select
      case when s.live then u.upload_must else 0 end as upload_must,
      case when s.live then u.uploaded_count else 0 end as uploaded_count,
      case when s.live then r.read_must else 0 end as read_must,
      case when s.live then r.read_count else 0 end as read_count
    from communities pf
    cross join lateral (select ${livePorterOf(sql`pf`, porterCompanyId)} as live) s
    cross join lateral ${uploadsInCommunity(sql`pf`, porterCompanyId, "portero", today)} u
    cross join lateral ${porterReadsIn(sql`pf`, porterCompanyId, today)} r
    where pf.id = ${communityId})`;
}

/**
 * Figures of one porter (its company) over the communities of `communityIds` (a subquery yielding `id`:
 * the caller's scope) where it is a live porter, for the doormen summary: must_upload and uploaded count
 * each upload once (a general definition once, a per-community one once per community), must_read and
 * readed are summed over those communities, numfincas is how many they are. Always one row.
 */
export function porterFiguresOver(porterCompanyId: SQL, communityIds: SQL, today: Slotted<string>): SQL {
  return sql`(with pc as materialized (
      select f.id, f.colegio_id, f.admin_company_id from communities f
      where f.id in (${communityIds}) and ${livePorterOf(sql`f`, porterCompanyId)}),
    duty as (
      select distinct ud.id, ud.obsoletable, case when ud.assocfinca then pc.id end as community_id
      from pc join document_definitions ud on ud.colegio_id = pc.colegio_id and ud.erased = false and ud.mandatory
        and ud.requirement_origin in (${including("portero")}))
    select
      (select count(*) from duty)::int as must_upload,
      (select count(*) from duty where exists (select 1 from company_documents cdu
         where cdu.company_id = ${porterCompanyId} and cdu.erased = false and cdu.definition_id = duty.id
           and cdu.community_id is not distinct from duty.community_id
           and ${current(sql`cdu`, sql`duty`, today)}))::int as uploaded,
      rs.must_read, rs.readed,
      (select count(*) from pc)::int as numfincas
    from (select coalesce(sum(r.read_must), 0)::int as must_read, coalesce(sum(r.read_count), 0)::int as readed
          from pc cross join lateral ${porterReadsIn(sql`pc`, porterCompanyId, today)} r) rs)`;
}
