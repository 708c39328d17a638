import { type DocumentParty, EXPIRING_SOON_DAYS } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Slotted } from "../../db/client.js";
import { current, including } from "./figure-parts.sql.js";

/*
 * A company's upload duties in a colegio, each once as rule 5 counts them (docs/compliance.md: a general
 * definition once, a per-community one once per community), with the state of each: the provider home's
 * 'Documentos pendientes de subida' (companies/providers/upload_pending: the duties not met) and the
 * caller's own summary (companies/documents/summary: all of them) read the same rows.
 */

/** The live communities of a colegio where a provider has duties: those it serves (a live link), as `f`. */
export const providerCommunities = (colegioId: Slotted<number>, companyId: number): SQL =>
  sql`select f.id, f.name from community_providers cp
      join communities f on f.id = cp.community_id and f.erased = false and f.colegio_id = ${colegioId}
      where cp.provider_company_id = ${companyId} and cp.erased = false`;

/** … where a porter (its company) has duties (rule 8): those where it is a live porter. */
export const porterCommunities = (colegioId: Slotted<number>, companyId: number): SQL =>
  sql`select f.id, f.name from communities f
      where f.colegio_id = ${colegioId} and f.erased = false and exists (
        select 1 from community_porters lp
        join users lu on lu.id = lp.porter_user_id and lu.erased = false and lu.company_id = ${companyId}
        where lp.community_id = f.id and lp.erased = false)`;

/** … where an administrator has duties: the live communities it administers. */
export const administratorCommunities = (colegioId: Slotted<number>, companyId: number): SQL =>
  sql`select f.id, f.name from communities f
      where f.admin_company_id = ${companyId} and f.colegio_id = ${colegioId} and f.erased = false`;

/**
 * One row per upload duty of `companyId`, uploading as `party`, over `communities` (a select of `id, name`
 * of live communities of the colegio; a general definition is a duty when there is at least one), with
 * what the company has for it there among its live documents (neither they nor their files deleted):
 * - met (a current document): `valid`, or `soon` when the latest last-valid day among its current documents
 *   is within EXPIRING_SOON_DAYS (a current document without an expiry keeps it `valid`); `obsolete` that
 *   day (null: no expiry);
 * - not met, in rule 11's words: `missing` with none, `incomplete` when the newest (the last uploaded) lacks
 *   the expiry date its definition requires, else `expired` (with the latest expiry).
 * Columns: definition_id, definition_name, definition_group, bound, finca_id and finca_name (null for a
 * general one), state, obsolete. No order.
 */
export function uploadDutyStates(
  colegioId: Slotted<number>,
  companyId: number,
  party: DocumentParty,
  communities: SQL,
  today: Slotted<string>,
): SQL {
  const live = current(sql`hd`, sql`duty`, today);
  return sql`select duty.definition_id, duty.definition_name, duty.definition_group, duty.bound, duty.finca_id,
        duty.finca_name,
        case when held.met and (held.forever or held.last_current > ${today}::date + ${EXPIRING_SOON_DAYS}::int)
               then 'valid'
             when held.met then 'soon'
             when held.incomplete then 'incomplete'
             when held.last_expiry is not null then 'expired'
             else 'missing' end as state,
        case when held.met and not held.forever then to_char(held.last_current, 'YYYY-MM-DD')
             when held.met or held.incomplete then null
             else to_char(held.last_expiry, 'YYYY-MM-DD') end as obsolete
      from (select distinct def.id as definition_id, def.name as definition_name, def."group" as definition_group,
              def.assocfinca as bound, def.obsoletable,
              case when def.assocfinca then f.id end as finca_id,
              case when def.assocfinca then f.name end as finca_name
            from (${communities}) f
            join document_definitions def on def.colegio_id = ${colegioId} and def.erased = false and def.mandatory
              and def.requirement_origin in (${including(party)})) duty
      cross join lateral (
        select coalesce(bool_or(${live}), false) as met,
               coalesce(bool_or(${live} and hd.file_obsolete is null), false) as forever,
               max(hd.file_obsolete) filter (where ${live}) as last_current,
               duty.obsoletable and count(*) > 0
                 and (array_agg(hf.obsolete order by hd.id desc))[1] is null as incomplete,
               max(hf.obsolete) filter (where hf.obsolete < ${today}::date) as last_expiry
        from company_documents hd join files hf on hf.id = hd.file_id
        where hd.company_id = ${companyId} and hd.definition_id = duty.definition_id and hd.erased = false
          and hf.deleted = false and hd.community_id is not distinct from duty.finca_id) held`;
}
