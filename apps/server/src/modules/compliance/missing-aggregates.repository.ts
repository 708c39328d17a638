import type { CommunityMissing, ProviderMissingInColegio } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { queryTyped } from "../../db/rows.js";
import { intArray } from "../../lib/sql-list.js";
import { current } from "./figure-parts.sql.js";
import {
  dutyOf,
  eachUploadOnce,
  servingPairs,
  UNMET_COLUMNS,
  type UnmetRow,
  unmetDutyRows,
} from "./unmet-duties.repository.js";

/*
 * What the aggregated lights name (docs/compliance.md §Words): the unmet duties of rule 11 over a
 * provider's communities in a colegio (rule 5) and over a community's providers (rule 4), each in one
 * statement built from the same rows as what a provider lacks in one community (unmetDutyRows), so each
 * list is exactly as long as its figure is short.
 */

/** One row of a provider's unmet duties (or its documents waiting for validation, part 2) put in its list. */
function addUnmet(lists: ProviderMissingInColegio, r: UnmetRow) {
  if (r.part === 2) {
    lists.pending.push({
      document_id: r.document_id ?? 0,
      definition_name: r.definition_name,
      document_name: r.document_name ?? "",
      finca_id: r.community_id,
      finca_name: r.community_name,
    });
    return;
  }
  const duty = dutyOf(r);
  if (duty.kind === "read") {
    lists.reads.push({
      document_id: duty.document_id,
      definition_name: duty.definition_name,
      document_name: duty.document_name,
      finca_id: r.community_id ?? 0,
      finca_name: r.community_name ?? "",
    });
    return;
  }
  // eachUploadOnce left a general upload once, without its community.
  const { kind: _kind, ...upload } = duty;
  lists.uploads.push({ ...upload, finca_id: r.community_id, finca_name: r.community_name });
}

/** The order of a provider's lists: its uploads, reads and pending documents, each by name. */
const PROVIDER_LISTS_ORDER = sql`order by provider_id, part, lower(definition_name), definition_id, lower(document_name),
  document_id, bound, lower(community_name), community_id`;

/**
 * What each of `providerIds` still lacks in a colegio, for its row of the colegio's providers list (every
 * requested provider is in the map):
 * - `uploads`: its unmet upload duties over the live communities of the colegio it serves, each once as
 *   *Docs a subir* counts them: a general definition once (`finca_id` null; its reason is the same in
 *   every community, from its general documents), a per-community one once per community;
 * - `reads`: the documents it has not read, in each community (summed, as *Docs a leer*);
 * - `pending`: its current documents of the colegio's definitions that wait for the colegio's
 *   validation (*Docs pend validar*), wherever they were uploaded.
 * Each list by definition name, then document name (reads, pending), then community name (a general
 * upload before the per-community ones). One statement for all of them.
 */
export async function providersMissingInColegio(
  db: DbOrTx,
  colegioId: number,
  providerIds: number[],
  today: string,
): Promise<Map<number, ProviderMissingInColegio>> {
  const out = new Map<number, ProviderMissingInColegio>(
    providerIds.map((id) => [id, { uploads: [], reads: [], pending: [] }]),
  );
  if (providerIds.length === 0) return out;
  const ids = intArray(providerIds);
  const rows = await queryTyped(
    db,
    sql`with ${servingPairs(sql`sv.provider_company_id = any(${ids}) and f.colegio_id = ${colegioId}`)}
        select * from (${eachUploadOnce(sql`${unmetDutyRows(today, "provider")}
          union all
          select pvd.community_id, pf.name, pvd.company_id, '', 2, pvdef.id, pvdef.name, pvdef.assocfinca, null, null,
            pvd.id, fl.name
          from company_documents pvd
          join document_definitions pvdef on pvdef.id = pvd.definition_id and pvdef.colegio_id = ${colegioId}
            and pvdef.erased = false and pvdef.validate_colegio_required
          join files fl on fl.id = pvd.file_id
          left join communities pf on pf.id = pvd.community_id
          where pvd.company_id = any(${ids}) and pvd.erased = false and pvd.validated = false
            and ${current(sql`pvd`, sql`pvdef`, today)}`)}) duty
        ${PROVIDER_LISTS_ORDER}`,
    UNMET_COLUMNS,
  );
  for (const r of rows) {
    const lists = out.get(r.provider_id);
    if (lists) addUnmet(lists, r);
  }
  return out;
}

/**
 * What a provider still lacks over the communities of `communityIds` (a subquery yielding ids: the
 * caller's scope in the administrator's overview) that it serves, as its overview row counts it (rule 12):
 * uploads each once (eachUploadOnce), reads in each community; `pending` stays empty. One statement.
 */
export async function providerMissingOver(
  db: DbOrTx,
  providerId: number,
  communityIds: SQL,
  today: string,
): Promise<ProviderMissingInColegio> {
  const lists: ProviderMissingInColegio = { uploads: [], reads: [], pending: [] };
  const rows = await queryTyped(
    db,
    sql`with ${servingPairs(sql`sv.provider_company_id = ${providerId} and f.id in (${communityIds})`)}
        select * from (${eachUploadOnce(unmetDutyRows(today, "provider"))}) duty ${PROVIDER_LISTS_ORDER}`,
    UNMET_COLUMNS,
  );
  for (const r of rows) addUnmet(lists, r);
  return lists;
}

/**
 * What the live providers of each of `communityIds` (live) still lack there, for its row of the
 * communities list (its figures are the sums of its providers' rows): every provider's unmet uploads and
 * unread documents (rule 11), by provider name, each provider's as in what it lacks there. Every
 * requested community is in the map. One statement for all of them.
 */
export async function communitiesMissing(
  db: DbOrTx,
  communityIds: number[],
  today: string,
): Promise<Map<number, CommunityMissing>> {
  const out = new Map<number, CommunityMissing>(communityIds.map((id) => [id, { uploads: [], reads: [] }]));
  if (communityIds.length === 0) return out;
  const rows = await queryTyped(
    db,
    sql`with ${servingPairs(sql`sv.community_id = any(${intArray(communityIds)})`)}
        select * from (${unmetDutyRows(today, "provider")}) duty
        order by community_id, lower(provider_name), provider_id, part, lower(definition_name), lower(document_name),
          definition_id, document_id`,
    UNMET_COLUMNS,
  );
  for (const r of rows) {
    const lists = out.get(r.community_id ?? 0);
    if (!lists) continue;
    const duty = dutyOf(r);
    const provider = { provider_id: r.provider_id, provider_name: r.provider_name };
    if (duty.kind === "upload") {
      const { kind: _kind, ...upload } = duty;
      lists.uploads.push({ ...provider, ...upload });
    } else {
      const { kind: _kind, ...read } = duty;
      lists.reads.push({ ...provider, ...read });
    }
  }
  return out;
}
