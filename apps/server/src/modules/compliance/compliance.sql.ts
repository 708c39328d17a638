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
 * The compliance engine in SQL (docs/compliance.md): the same figures as the reference model in
 * packages/domain/src/compliance.ts, written as lateral subqueries that the list queries join per row.
 * Each reads only index ranges of one community or one company: definitions of the colegio, the
 * parties' documents through company_documents_company_community_idx (which holds the copies of the
 * file's expiry and deletion, so no file row is read), marks through read_marks_key.
 * `today` is Spain's calendar day (todayInSpain), sent as a parameter so every figure in one answer
 * uses the same day. The providers' figures are here; the porters' in porter-figures.sql.ts.
 */

export { current } from "./figure-parts.sql.js";
export { porterFiguresOver, porterInCommunityFigures } from "./porter-figures.sql.js";

const PROVIDER_ORIGINS = including("provider");
const PROVIDER_DESTS = PROVIDER_ORIGINS;

/**
 * Read figures of `provider` in the community row `f` (readed_must, readed_count): current documents
 * that count there, need reading by providers, uploaded by the administrator or another live provider.
 */
function readsInCommunity(f: SQL, provider: SQL, today: Slotted<string>): SQL {
  return sql`(select count(*)::int as readed_must, count(rm.id)::int as readed_count
    from ${communityUploaders(f)} party
    cross join lateral ${documentsOfIn(sql`party.company_id`, sql`${f}.id`)} rdoc
    left join read_marks rm on rm.document_id = rdoc.id and rm.community_id = ${f}.id
      and rm.reader_company_id = ${provider}
    ${readDefinitionOf(f, "provider", today)} and party.company_id <> ${provider})`;
}

/** The provider serves the live community row `f`. */
function servesLive(f: SQL, provider: SQL): SQL {
  return sql`(${f}.erased = false and exists (select 1 from community_providers sv
    where sv.community_id = ${f}.id and sv.provider_company_id = ${provider} and sv.erased = false))`;
}

/**
 * Figures of one provider in one community (the providers-of-a-community row): upload_must,
 * uploaded_count, readed_must, readed_count. Always one row; zeros where the provider does not serve a
 * live community.
 */
export function providerInCommunityFigures(communityId: SQL, providerId: SQL, today: Slotted<string>): SQL {
  return sql`(select
      case when s.serving then u.upload_must else 0 end as upload_must,
      case when s.serving then u.uploaded_count else 0 end as uploaded_count,
      case when s.serving then r.readed_must else 0 end as readed_must,
      case when s.serving then r.readed_count else 0 end as readed_count
    from communities pf
    cross join lateral (select ${servesLive(sql`pf`, providerId)} as serving) s
    cross join lateral ${uploadsInCommunity(sql`pf`, providerId, "provider", today)} u
    cross join lateral ${readsInCommunity(sql`pf`, providerId, today)} r
    where pf.id = ${communityId})`;
}

/**
 * Figures of a provider company over the communities of `communityIds` (a subquery yielding `id`: the
 * caller's scope) that it serves live, for the administrator's compliance overview (rule 12): must_upload
 * and uploaded count each upload once (a general definition once per colegio, a per-community one once per
 * community), must_read and readed are summed over those communities (rule 2 in each; left out
 * `withReads` false, when the caller sums them from provider_figures_cache), numfincas is how many they
 * are. Always one row. Its own names (ov_served, duty) keep clear of the caller's aliases, which
 * `providerId` may name (a correlated column: `pc.id`).
 */
export function providerFiguresOver(providerId: SQL, communityIds: SQL, today: Slotted<string>, withReads = true): SQL {
  const reads = withReads
    ? sql`, rs.must_read, rs.readed
      from (select coalesce(sum(r.readed_must), 0)::int as must_read, coalesce(sum(r.readed_count), 0)::int as readed
            from ov_served cross join lateral ${readsInCommunity(sql`ov_served`, providerId, today)} r) rs`
    : sql``;
  return sql`(with ov_served as materialized (
      select f.id, f.colegio_id, f.admin_company_id from communities f
      where f.id in (${communityIds}) and ${servesLive(sql`f`, providerId)}),
    duty as (
      select distinct ud.id, ud.obsoletable, case when ud.assocfinca then ov_served.id end as community_id
      from ov_served join document_definitions ud on ud.colegio_id = ov_served.colegio_id and ud.erased = false and ud.mandatory
        and ud.requirement_origin in (${PROVIDER_ORIGINS}))
    select
      (select count(*) from duty)::int as must_upload,
      (select count(*) from duty where exists (select 1 from company_documents cdu
         where cdu.company_id = ${providerId} and cdu.erased = false and cdu.definition_id = duty.id
           and cdu.community_id is not distinct from duty.community_id
           and ${current(sql`cdu`, sql`duty`, today)}))::int as uploaded,
      (select count(*) from ov_served)::int as numfincas ${reads})`;
}

/**
 * Read figures of a provider company over the live communities it serves in a colegio (read_must,
 * read_all): the sums of readsInCommunity over them, computed by uploader rather than by community. A
 * general document counts once in every served community where its uploader is a party, so each party's
 * general documents are counted once and multiplied; documents for one community are counted there; the
 * marks are the provider's own, each checked against the document it marks.
 */
function companyReads(colegioId: Slotted<number>, provider: SQL, today: Slotted<string>): SQL {
  const readable = (doc: SQL) => sql`join document_definitions rd on rd.id = ${doc}.definition_id
    and rd.colegio_id = ${colegioId} and rd.erased = false and rd.dest_read_required
    and rd.requirement_dest in (${PROVIDER_DESTS})`;
  return sql`(with party as (
      select s.id as community_id, pty.company_id
      from community_providers crp
      join communities s on s.id = crp.community_id and s.erased = false and s.colegio_id = ${colegioId}
      cross join lateral (select s.admin_company_id as company_id
                          union
                          select rp.provider_company_id from community_providers rp
                          where rp.community_id = s.id and rp.erased = false) pty
      where crp.provider_company_id = ${provider} and crp.erased = false and pty.company_id <> ${provider}),
    -- The provider's marks on current documents that need reading, each found by its primary key
    -- (materialized, so the planner does not look the documents up by company instead).
    marked as materialized (
      select rm.community_id, rdoc.company_id from read_marks rm
      join company_documents rdoc on rdoc.id = rm.document_id
      ${readable(sql`rdoc`)} and rd.assocfinca = (rdoc.community_id is not null)
      where rm.reader_company_id = ${provider} and rdoc.erased = false
        and (rdoc.community_id is null or rdoc.community_id = rm.community_id)
        and ${current(sql`rdoc`, sql`rd`, today)})
    select
      ((select coalesce(sum(m.n * g.cnt), 0)
        from (select company_id, count(*) as n from party group by company_id) m
        cross join lateral (select count(*) as cnt from company_documents rdoc ${readable(sql`rdoc`)} and not rd.assocfinca
          where rdoc.company_id = m.company_id and rdoc.erased = false and rdoc.community_id is null
            and ${current(sql`rdoc`, sql`rd`, today)}) g)
       + (select count(*) from party
          join company_documents rdoc on rdoc.company_id = party.company_id and rdoc.community_id = party.community_id
            and rdoc.erased = false
          ${readable(sql`rdoc`)} and rd.assocfinca
          where ${current(sql`rdoc`, sql`rd`, today)}))::int as read_must,
      (select count(*) from marked
       where exists (select 1 from party where party.community_id = marked.community_id
                     and party.company_id = marked.company_id))::int as read_all)`;
}

/**
 * Figures of a provider company in a colegio (the colegio's company lists): uploads owed counted once
 * each (a general definition once, a bound one per community served), reads summed over the communities
 * it serves, and its current documents waiting for the colegio's validation. Always one row.
 */
export function companyFigures(colegioId: Slotted<number>, companyId: SQL, today: Slotted<string>): SQL {
  return sql`(select up.upload_must, up.all_uploaded, rd.read_must, rd.read_all, pv.pending_validation
    from (select count(*)::int as upload_must,
            count(*) filter (where exists (select 1 from company_documents cdu
              where cdu.company_id = ${companyId} and cdu.erased = false
                and cdu.community_id is not distinct from duty.community_id and cdu.definition_id = duty.id
                and ${current(sql`cdu`, sql`duty`, today)}))::int
              as all_uploaded
          from (select distinct cud.id, cud.obsoletable, case when cud.assocfinca then cuf.id end as community_id
                from community_providers cup
                join communities cuf on cuf.id = cup.community_id and cuf.erased = false
                  and cuf.colegio_id = ${colegioId}
                join document_definitions cud on cud.colegio_id = ${colegioId} and cud.erased = false
                  and cud.mandatory and cud.requirement_origin in (${PROVIDER_ORIGINS})
                where cup.provider_company_id = ${companyId} and cup.erased = false) duty) up
    cross join ${companyReads(colegioId, companyId, today)} rd
    cross join (select count(*)::int as pending_validation
          from company_documents pvd
          join document_definitions pvdef on pvdef.id = pvd.definition_id and pvdef.colegio_id = ${colegioId}
            and pvdef.erased = false and pvdef.validate_colegio_required
          where pvd.company_id = ${companyId} and pvd.erased = false and pvd.validated = false
            and ${current(sql`pvd`, sql`pvdef`, today)}) pv)`;
}

/**
 * Whether a company has something left in a colegio: an upload it owes and has not made, a document it
 * must read and has not marked, or a current document waiting for validation. The same as
 * companyFigures' (upload_must − all_uploaded) + (read_must − read_all) + pending_validation > 0, but
 * each part stops at its first example instead of counting everything ('Ver solo docs pendientes').
 */
export function hasPendingWork(colegioId: Slotted<number>, companyId: SQL, today: Slotted<string>): SQL {
  const served = sql`community_providers hp
    join communities hf on hf.id = hp.community_id and hf.erased = false and hf.colegio_id = ${colegioId}
    where hp.provider_company_id = ${companyId} and hp.erased = false`;
  // An upload owed: a general definition once (when it serves any community), a per-community one in
  // each community served; apart, so the general ones are not looked up again for every community.
  const owed = (community: SQL | null) => sql`exists (select 1 from document_definitions ud
        where ud.colegio_id = ${colegioId} and ud.erased = false and ud.mandatory
          and ud.requirement_origin in (${PROVIDER_ORIGINS}) and ud.assocfinca = ${community ? sql`true` : sql`false`}
          and not exists (select 1 from company_documents hu
            where hu.company_id = ${companyId} and hu.erased = false and hu.definition_id = ud.id
              and ${community ? sql`hu.community_id = ${community}` : sql`hu.community_id is null`}
              and ${current(sql`hu`, sql`ud`, today)}))`;
  return sql`((exists (select 1 from ${served}) and ${owed(null)})
    or exists (select 1 from ${served} and ${owed(sql`hf.id`)})
    or exists (select 1 from ${served} and exists (
        select 1 from ${communityUploaders(sql`hf`)} party
        cross join lateral ${documentsOfIn(sql`party.company_id`, sql`hf.id`)} rdoc
        ${readDefinitionOf(sql`hf`, "provider", today)} and party.company_id <> ${companyId}
          and not exists (select 1 from read_marks rm where rm.document_id = rdoc.id and rm.community_id = hf.id
                          and rm.reader_company_id = ${companyId})))
    or exists (select 1 from company_documents pvd
        join document_definitions pvdef on pvdef.id = pvd.definition_id and pvdef.colegio_id = ${colegioId}
          and pvdef.erased = false and pvdef.validate_colegio_required
        where pvd.company_id = ${companyId} and pvd.erased = false and pvd.validated = false
          and ${current(sql`pvd`, sql`pvdef`, today)}))`;
}
