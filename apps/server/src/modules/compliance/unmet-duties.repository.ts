import type { MissingDuty } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { communityUploaders, current, documentsOfIn, including, readDefinitionOf } from "./figure-parts.sql.js";

/*
 * What providers still lack in a community (docs/compliance.md, rule 11; the reference model's
 * unmetDuties): the duties behind providerInCommunityFigures that are not met, for the arrival check.
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
 * holds the uploads first, by definition name, then the reads, by definition name and document name.
 * An upload's reason comes from the provider's live documents for it there: none (missing), the newest
 * one expired (expired, on the latest expiry date among them) or the newest one without the expiry date
 * its definition requires (incomplete).
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

const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

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
  // `s` is one serving pair with its community's columns (id, colegio_id, admin_company_id).
  const rows = await queryTyped(
    db,
    sql`with serving as (
          select f.id, f.colegio_id, f.admin_company_id, sv.provider_company_id as provider_id
          from community_providers sv join communities f on f.id = sv.community_id and f.erased = false
          where sv.community_id = any(${intArray(communityIds)}) and sv.provider_company_id = any(${intArray(providerIds)})
            and sv.erased = false)
        select * from (
        select s.id as community_id, s.provider_id, 0 as part, ud.id as definition_id, ud.name as definition_name,
          case when held.live = 0 then 'missing' when held.newest_expiry is null then 'incomplete' else 'expired' end
            as reason,
          case when held.newest_expiry is not null then to_char(held.last_expiry, 'YYYY-MM-DD') end as expired_on,
          null::int as document_id, null::text as document_name
        from serving s
        join document_definitions ud on ud.colegio_id = s.colegio_id and ud.erased = false and ud.mandatory
          and ud.requirement_origin in (${including("provider")})
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
        select s.id, s.provider_id, 1, rd.id, rd.name, null, null, rdoc.id,
          (select fl.name from company_documents fd join files fl on fl.id = fd.file_id where fd.id = rdoc.id)
        from serving s
        cross join lateral ${communityUploaders(sql`s`)} party
        cross join lateral ${documentsOfIn(sql`party.company_id`, sql`s.id`)} rdoc
        ${readDefinitionOf(sql`s`, "provider", today)} and party.company_id <> s.provider_id
          and not exists (select 1 from read_marks rm where rm.document_id = rdoc.id and rm.community_id = s.id
                          and rm.reader_company_id = s.provider_id)) duty
        order by community_id, provider_id, part, lower(definition_name), lower(document_name), definition_id,
          document_id`,
    {
      community_id: col.int,
      provider_id: col.int,
      part: col.int,
      definition_id: col.int,
      definition_name: col.text,
      reason: col.textOrNull,
      expired_on: col.textOrNull,
      document_id: col.intOrNull,
      document_name: col.textOrNull,
    },
  );
  for (const r of rows) {
    const duty: MissingDuty =
      r.part === 0
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
    const key = `${r.community_id}:${r.provider_id}`;
    const list = out.get(key);
    if (list) list.push(duty);
    else out.set(key, [duty]);
  }
  return out;
}
