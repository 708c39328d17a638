import { requirementsIncluding } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { sqlList } from "../../lib/sql-list.js";

/*
 * The compliance engine in SQL (docs/compliance.md): the same figures as the reference model in
 * packages/domain/src/compliance.ts, written as lateral subqueries that the list queries join per row.
 * Each reads only index ranges of one community or one company: definitions of the colegio, the
 * parties' documents through company_documents_company_community_idx, marks through read_marks_key.
 * `today` is Spain's calendar day (todayInSpain), sent as a parameter so every figure in one answer
 * uses the same day.
 */

const PROVIDER_ORIGINS = sqlList(requirementsIncluding("provider"));
const PROVIDER_DESTS = PROVIDER_ORIGINS;

/** The file and definition of a document make it current (isCurrentDocument). */
export function current(file: SQL, def: SQL, today: string): SQL {
  return sql`${file}.deleted = false
    and (${file}.obsolete >= ${today}::date or (${file}.obsolete is null and ${def}.obsoletable = false))`;
}

/**
 * Whether `provider` has a current document for definition `def` where `community` counts it: for that
 * community when the definition is bound, a general one (no community) otherwise.
 */
function hasCurrentUpload(provider: SQL, def: SQL, community: SQL, today: string): SQL {
  return sql`exists (select 1 from company_documents up join files upf on upf.id = up.file_id
    where up.company_id = ${provider} and up.definition_id = ${def}.id and up.erased = false
      and ((${def}.assocfinca and up.community_id = ${community})
           or (not ${def}.assocfinca and up.community_id is null))
      and ${current(sql`upf`, def, today)})`;
}

/** Upload figures of `provider` in the community row `f` (upload_must, uploaded_count); zero when it does not serve it. */
function uploadsInCommunity(f: SQL, provider: SQL, today: string): SQL {
  return sql`(select count(*)::int as upload_must,
      count(*) filter (where ${hasCurrentUpload(provider, sql`ud`, sql`${f}.id`, today)})::int as uploaded_count
    from document_definitions ud
    where ud.colegio_id = ${f}.colegio_id and ud.erased = false and ud.mandatory
      and ud.requirement_origin in (${PROVIDER_ORIGINS}))`;
}

/**
 * Read figures of `provider` in the community row `f` (readed_must, readed_count): current documents
 * that count there, need reading by providers, uploaded by the administrator or another live provider.
 */
function readsInCommunity(f: SQL, provider: SQL, today: string): SQL {
  return sql`(select count(*)::int as readed_must, count(rm.id)::int as readed_count
    from (select ${f}.admin_company_id as company_id
          union
          select rp.provider_company_id from community_providers rp
          where rp.community_id = ${f}.id and rp.erased = false) party
    join company_documents rdoc on rdoc.company_id = party.company_id and rdoc.erased = false
      and (rdoc.community_id = ${f}.id or rdoc.community_id is null)
    join document_definitions rd on rd.id = rdoc.definition_id and rd.colegio_id = ${f}.colegio_id
      and rd.erased = false and rd.dest_read_required and rd.requirement_dest in (${PROVIDER_DESTS})
      and rd.assocfinca = (rdoc.community_id is not null)
    join files rf on rf.id = rdoc.file_id
    left join read_marks rm on rm.document_id = rdoc.id and rm.community_id = ${f}.id
      and rm.reader_company_id = ${provider}
    where party.company_id <> ${provider} and ${current(sql`rf`, sql`rd`, today)})`;
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
export function providerInCommunityFigures(communityId: SQL, providerId: SQL, today: string): SQL {
  return sql`(select
      case when s.serving then u.upload_must else 0 end as upload_must,
      case when s.serving then u.uploaded_count else 0 end as uploaded_count,
      case when s.serving then r.readed_must else 0 end as readed_must,
      case when s.serving then r.readed_count else 0 end as readed_count
    from communities pf
    cross join lateral (select ${servesLive(sql`pf`, providerId)} as serving) s
    cross join lateral ${uploadsInCommunity(sql`pf`, providerId, today)} u
    cross join lateral ${readsInCommunity(sql`pf`, providerId, today)} r
    where pf.id = ${communityId})`;
}

/**
 * Figures of a community (the communities-list row): the sums over the rows of its providers list.
 * Always one row; zeros for an erased community.
 */
export function communityFigures(communityId: SQL, today: string): SQL {
  return sql`(select coalesce(sum(u.upload_must), 0)::int as mandatory_count,
      coalesce(sum(u.uploaded_count), 0)::int as mandatory_uploaded_count,
      coalesce(sum(r.readed_must), 0)::int as expected_count_read,
      coalesce(sum(r.readed_count), 0)::int as count_read
    from communities cf
    join community_providers cfp on cfp.community_id = cf.id and cfp.erased = false
    cross join lateral ${uploadsInCommunity(sql`cf`, sql`cfp.provider_company_id`, today)} u
    cross join lateral ${readsInCommunity(sql`cf`, sql`cfp.provider_company_id`, today)} r
    where cf.id = ${communityId} and cf.erased = false)`;
}

/**
 * Figures of a provider company in a colegio (the colegio's company lists): uploads owed counted once
 * each (a general definition once, a bound one per community served), reads summed over the communities
 * it serves, and its current documents waiting for the colegio's validation. Always one row.
 */
export function companyFigures(colegioId: number, companyId: SQL, today: string): SQL {
  return sql`(select up.upload_must, up.all_uploaded, rd.read_must, rd.read_all, pv.pending_validation
    from (select count(*)::int as upload_must,
            count(*) filter (where exists (select 1 from company_documents cdu join files cfu on cfu.id = cdu.file_id
              where cdu.company_id = ${companyId} and cdu.definition_id = duty.id and cdu.erased = false
                and cdu.community_id is not distinct from duty.community_id
                and cfu.deleted = false
                and (cfu.obsolete >= ${today}::date or (cfu.obsolete is null and duty.obsoletable = false))))::int
              as all_uploaded
          from (select distinct cud.id, cud.obsoletable, case when cud.assocfinca then cuf.id end as community_id
                from community_providers cup
                join communities cuf on cuf.id = cup.community_id and cuf.erased = false
                  and cuf.colegio_id = ${colegioId}
                join document_definitions cud on cud.colegio_id = ${colegioId} and cud.erased = false
                  and cud.mandatory and cud.requirement_origin in (${PROVIDER_ORIGINS})
                where cup.provider_company_id = ${companyId} and cup.erased = false) duty) up
    cross join (select coalesce(sum(r.readed_must), 0)::int as read_must, coalesce(sum(r.readed_count), 0)::int as read_all
          from community_providers crp
          join communities crf on crf.id = crp.community_id and crf.erased = false and crf.colegio_id = ${colegioId}
          cross join lateral ${readsInCommunity(sql`crf`, companyId, today)} r
          where crp.provider_company_id = ${companyId} and crp.erased = false) rd
    cross join (select count(*)::int as pending_validation
          from company_documents pvd
          join document_definitions pvdef on pvdef.id = pvd.definition_id and pvdef.colegio_id = ${colegioId}
            and pvdef.erased = false and pvdef.validate_colegio_required
          join files pvf on pvf.id = pvd.file_id
          where pvd.company_id = ${companyId} and pvd.erased = false and pvd.validated = false
            and ${current(sql`pvf`, sql`pvdef`, today)}) pv)`;
}
