import { type PorterMissingDuty, Role } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import {
  dutyOf,
  eachUploadOnce,
  UNMET_COLUMNS,
  type UnmetRow,
  unmetDutyRows,
} from "../compliance/unmet-duties.repository.js";

/*
 * What a porter still lacks (docs/compliance.md rules 8–10, said as rule 11 says a provider's): the
 * duties behind porterInCommunityFigures and porterFiguresOver (compliance/porter-figures.sql.ts) that are
 * not met, from the very rows of a provider's (unmetDutyRows, for the party "portero", over the porter's
 * pairs), so a list holds exactly as many uploads and reads as those figures leave unmet
 * (porter-missing.property.test.ts).
 */

/** An unmet duty of a porter in one community (uploads of general definitions carry no community). */
export type PorterUnmetDuty = PorterMissingDuty & { community_id: number };

/**
 * The porter's pairs as unmetDutyRows takes them (the CTE `serving`, its company as provider_id): each
 * community of `communityIds` (a subquery yielding `id`) where it is a live porter (its link and its user
 * live, the community live: as the figures count it).
 */
function porterPairs(communityIds: SQL, porter: SQL): SQL {
  return sql`serving as materialized (
    select f.id, f.name, f.colegio_id, f.admin_company_id, pco.id as provider_id, pco.name as provider_name
    from communities f join companies pco on pco.id = ${porter}
    where f.id in (${communityIds}) and f.erased = false
      and exists (select 1 from community_porters lp
                  join users lu on lu.id = lp.porter_user_id and lu.erased = false and lu.company_id = ${porter}
                  where lp.community_id = f.id and lp.erased = false))`;
}

/** The order of a porter's list: uploads, then reads, by definition name, document name, community name. */
const PORTER_ORDER = sql`order by part, lower(definition_name), definition_id, lower(document_name), document_id,
  bound, lower(community_name), community_id`;

/** A row of unmetDutyRows as the porter lists say it (rule 11's words, with the community it names). */
function porterDutyOf(r: UnmetRow): PorterMissingDuty {
  const duty = dutyOf(r);
  if (duty.kind === "read") return { ...duty, finca_id: r.community_id ?? 0, finca_name: r.community_name ?? "" };
  return { ...duty, finca_id: r.bound ? r.community_id : null, finca_name: r.bound ? r.community_name : null };
}

/**
 * The unmet duties of the porter (its company) in each community of `communityIds` (a subquery yielding
 * `id`) where it is a live porter, in one statement. Uploads (rule 8) first, by definition name, then
 * reads (rule 9), by definition name and document name; within those, by community name. Each upload's
 * reason as unmetDutyRows says. A general upload is listed in every community where it is owed
 * (`community_id`), with `finca_id` null.
 */
export async function porterUnmetDutiesIn(
  db: DbOrTx,
  communityIds: SQL,
  porterCompanyId: number,
  today: string,
): Promise<PorterUnmetDuty[]> {
  const rows = await queryTyped(
    db,
    sql`with ${porterPairs(communityIds, sql`${porterCompanyId}::int`)}
        select * from (${unmetDutyRows(today, "portero")}) duty ${PORTER_ORDER}`,
    UNMET_COLUMNS,
  );
  return rows.map((r): PorterUnmetDuty => ({ ...porterDutyOf(r), community_id: r.community_id ?? 0 }));
}

/** Without the community each duty was found in (what the API answers). */
export function withoutCommunity({ community_id, ...duty }: PorterUnmetDuty): PorterMissingDuty {
  return duty;
}

/**
 * A porter's unmet duties over the communities of `communityIds` as rule 10 counts them, in one statement:
 * uploads each once (eachUploadOnce: a general definition once, a per-community one once per community),
 * reads summed over the communities; in porterUnmetDutiesIn's order.
 */
export async function porterUnmetDutiesOver(
  db: DbOrTx,
  communityIds: SQL,
  porterCompanyId: number,
  today: string,
): Promise<PorterMissingDuty[]> {
  const rows = await queryTyped(
    db,
    sql`with ${porterPairs(communityIds, sql`${porterCompanyId}::int`)}
        select * from (${eachUploadOnce(unmetDutyRows(today, "portero"))}) duty ${PORTER_ORDER}`,
    UNMET_COLUMNS,
  );
  return rows.map(porterDutyOf);
}

/** One community, as the subquery of ids porterUnmetDutiesIn and livePorterCompany take. */
export const oneCommunity = (communityId: number): SQL => sql`select ${communityId}::int`;

/**
 * The company of a porter user that is live (not deleted) and a porter (role portero) with a live link to
 * at least one community of `communityIds` (a subquery yielding ids); undefined otherwise.
 */
export async function livePorterCompany(db: DbOrTx, porterUserId: number, communityIds: SQL) {
  const [row] = await queryTyped(
    db,
    sql`select pu.company_id from users pu
        where pu.id = ${porterUserId} and pu.erased = false and pu.user_role = ${Role.portero}
          and exists (select 1 from community_porters pl where pl.porter_user_id = pu.id and pl.erased = false
                      and pl.community_id in (${communityIds}))`,
    { company_id: col.int },
  );
  return row?.company_id;
}
