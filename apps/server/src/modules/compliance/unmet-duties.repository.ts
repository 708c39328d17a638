import type { MissingDuty } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, type RowOf } from "../../db/rows.js";
import { intArray } from "../../lib/sql-list.js";
import { communityUploaders, current, documentsOfIn, including, readDefinitionOf } from "./figure-parts.sql.js";

/*
 * What providers still lack in a community (docs/compliance.md, rule 11; the reference model's
 * unmetDuties): the duties behind providerInCommunityFigures that are not met, for the arrival check and
 * the words of the lights (one provider in one community here; the aggregated lists' in
 * missing-aggregates.repository.ts, from the same rows).
 */

const REASONS = new Set<string>(["missing", "expired", "incomplete"]);
function reason(value: unknown): "missing" | "expired" | "incomplete" {
  const text = String(value);
  if (!REASONS.has(text)) throw new Error(`unknown upload reason ${text}`);
  return text as "missing" | "expired" | "incomplete";
}

/**
 * The unmet duties of each of `providerIds` in the community, in one statement: every requested provider
 * is in the map, with [] when it has met everything or does not serve the (live) community. Each list
 * holds the uploads first, by definition name, then the reads, by definition name and document name
 * (each upload's reason as unmetDutyRows says).
 */
export async function providerUnmetDuties(
  db: DbOrTx,
  communityId: number,
  providerIds: number[],
  today: string,
): Promise<Map<number, MissingDuty[]>> {
  const lists = await unmetDutiesIn(db, [communityId], providerIds, today);
  return new Map(providerIds.map((id) => [id, lists.get(`${communityId}:${id}`) ?? []]));
}

/**
 * The serving pairs a statement of unmet duties is about, as the CTE `serving`: one row per live link of
 * a live community, with the community's columns (id, name, colegio_id, admin_company_id) and the
 * provider (provider_id, provider_name). `where` chooses the links (`sv`) and communities (`f`).
 */
export function servingPairs(where: SQL): SQL {
  return sql`serving as (
    select f.id, f.name, f.colegio_id, f.admin_company_id, sv.provider_company_id as provider_id,
      pc.name as provider_name
    from community_providers sv join communities f on f.id = sv.community_id and f.erased = false
    join companies pc on pc.id = sv.provider_company_id
    where sv.erased = false and ${where})`;
}

/** Whose duties unmetDutyRows says: a provider's (rule 11) or a porter's (rules 8 and 9, said as rule 11). */
export type DutyParty = "provider" | "portero";

/**
 * The unmet duties of every pair of the CTE `serving` (servingPairs, or a porter's pairs of the same shape
 * with the porter's company as provider_id), uploading and reading as `party`, as rows of one select (no
 * order): community_id, community_name, provider_id, provider_name, part (0 upload, 1 read),
 * definition_id, definition_name, bound (the definition is per community), reason and expired_on
 * (uploads), document_id and document_name (reads). An upload's reason comes from the company's live
 * documents for it there: none (missing), the newest one expired (expired, on the latest expiry date among
 * them) or the newest one without the expiry date its definition requires (incomplete). A provider does
 * not read its own documents. Callers add their order, and may add rows of the same shape.
 */
export function unmetDutyRows(today: string, party: DutyParty): SQL {
  const notOwn = party === "provider" ? sql`and party.company_id <> s.provider_id` : sql``;
  // `s` is one serving pair with its community's columns.
  return sql`select s.id as community_id, s.name as community_name, s.provider_id, s.provider_name, 0 as part,
          ud.id as definition_id, ud.name as definition_name, ud.assocfinca as bound,
          case when held.live = 0 then 'missing' when held.newest_expiry is null then 'incomplete' else 'expired' end
            as reason,
          case when held.newest_expiry is not null then to_char(held.last_expiry, 'YYYY-MM-DD') end as expired_on,
          null::int as document_id, null::text as document_name
        from serving s
        join document_definitions ud on ud.colegio_id = s.colegio_id and ud.erased = false and ud.mandatory
          and ud.requirement_origin in (${including(party)})
        cross join lateral (
          select count(*) as live, count(*) filter (where ${current(sql`hd`, sql`ud`, today)}) as met,
            (array_agg(hd.file_obsolete order by hd.id desc))[1] as newest_expiry,
            max(hd.file_obsolete) as last_expiry
          from company_documents hd
          where hd.company_id = s.provider_id and hd.definition_id = ud.id and hd.erased = false
            and hd.file_deleted = false
            and hd.community_id is not distinct from (case when ud.assocfinca then s.id end)) held
        where held.met = 0
        union all
        select s.id, s.name, s.provider_id, s.provider_name, 1, rd.id, rd.name, rd.assocfinca, null, null, rdoc.id,
          (select fl.name from company_documents fd join files fl on fl.id = fd.file_id where fd.id = rdoc.id)
        from serving s
        cross join lateral ${communityUploaders(sql`s`)} party
        cross join lateral ${documentsOfIn(sql`party.company_id`, sql`s.id`)} rdoc
        ${readDefinitionOf(sql`s`, party, today)} ${notOwn}
          and not exists (select 1 from read_marks rm where rm.document_id = rdoc.id and rm.community_id = s.id
                          and rm.reader_company_id = s.provider_id)`;
}

/**
 * Rows of unmetDutyRows (and any added of the same shape) with each upload once, as the figures over
 * several communities count them (rules 5 and 10): a general definition once (its community columns null:
 * its reason is the same in every community, from the company's general documents), a per-community one
 * once per community. Reads and added rows are kept as they are.
 */
export function eachUploadOnce(rows: SQL): SQL {
  const general = sql`u.part = 0 and not u.bound`;
  return sql`select distinct case when ${general} then null else u.community_id end as community_id,
      case when ${general} then null else u.community_name end as community_name,
      u.provider_id, u.provider_name, u.part, u.definition_id, u.definition_name, u.bound, u.reason,
      u.expired_on, u.document_id, u.document_name
    from (${rows}) u`;
}

/** The columns of unmetDutyRows, typed (community_id is null only in rows a caller adds, or eachUploadOnce's). */
export const UNMET_COLUMNS = {
  community_id: col.intOrNull,
  community_name: col.textOrNull,
  provider_id: col.int,
  provider_name: col.text,
  part: col.int,
  definition_id: col.int,
  definition_name: col.text,
  bound: col.bool,
  reason: col.textOrNull,
  expired_on: col.textOrNull,
  document_id: col.intOrNull,
  document_name: col.textOrNull,
};
export type UnmetRow = RowOf<typeof UNMET_COLUMNS>;

/** An unmet row of unmetDutyRows as rule 11 names it: an upload with its reason, or a document to read. */
export function dutyOf(r: UnmetRow): MissingDuty {
  return r.part === 0
    ? {
        kind: "upload",
        definition_id: r.definition_id,
        definition_name: r.definition_name,
        reason: reason(r.reason),
        expired_on: r.expired_on,
      }
    : {
        kind: "read",
        document_id: r.document_id ?? 0,
        definition_name: r.definition_name,
        document_name: r.document_name ?? "",
      };
}

/**
 * providerUnmetDuties for several communities at once, by `community:provider`, for the pairs where the
 * provider serves the live community (the others have none).
 */
export async function unmetDutiesIn(
  db: DbOrTx,
  communityIds: number[],
  providerIds: number[],
  today: string,
): Promise<Map<string, MissingDuty[]>> {
  const out = new Map<string, MissingDuty[]>();
  if (communityIds.length === 0 || providerIds.length === 0) return out;
  const rows = await queryTyped(
    db,
    sql`with ${servingPairs(sql`sv.community_id = any(${intArray(communityIds)})
          and sv.provider_company_id = any(${intArray(providerIds)})`)}
        select * from (${unmetDutyRows(today, "provider")}) duty
        order by community_id, provider_id, part, lower(definition_name), lower(document_name), definition_id,
          document_id`,
    UNMET_COLUMNS,
  );
  for (const r of rows) {
    const duty = dutyOf(r);
    const key = `${r.community_id}:${r.provider_id}`;
    const list = out.get(key);
    if (list) list.push(duty);
    else out.set(key, [duty]);
  }
  return out;
}
