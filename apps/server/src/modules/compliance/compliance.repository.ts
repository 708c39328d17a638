import {
  type DocumentParty,
  type ProviderFincaRow,
  type ProviderFincaSortKey,
  requirementsIncluding,
  UPLOAD_PENDING_STATES,
  type UploadPendingRow,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows, queryRowsPrepared } from "../../db/client.js";
import { col, queryTyped, queryTypedPrepared, rowReader } from "../../db/rows.js";
import { containsPattern, type SortedPage, sortSql } from "../../lib/paging.js";
import { sqlList } from "../../lib/sql-list.js";
import { type DefinitionRecord, definitionColumns, toDefinition } from "../documents/definitions.repository.js";
import { type DocumentRecord, documentsWhere } from "../documents/documents.repository.js";
import { providerInCommunityFigures } from "./compliance.sql.js";
import { providerCommunities, uploadDutyStates } from "./duty-states.sql.js";

/*
 * The reading side of the compliance engine (docs/compliance.md): which documents a party has where a
 * community counts them, what a provider still owes, and a provider's communities with its figures.
 */

/** The provider company when it is a live provider of the community (a link not removed). */
export async function liveProviderOf(db: DbOrTx, communityId: number, providerId: number) {
  const [row] = await queryTyped(
    db,
    sql`select c.id, c.name from community_providers cp join companies c on c.id = cp.provider_company_id
        where cp.community_id = ${communityId} and cp.provider_company_id = ${providerId} and cp.erased = false`,
    { id: col.int, name: col.text },
  );
  return row;
}

/** The live definitions of a colegio that one of `parties` uploads, by name (as getcompanydefined orders them). */
export async function definitionsUploadedBy(
  db: DbOrTx,
  colegioId: number,
  parties: DocumentParty[],
): Promise<DefinitionRecord[]> {
  const origins = [...new Set(parties.flatMap((p) => requirementsIncluding(p)))];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${definitionColumns} from document_definitions def
        where def.colegio_id = ${colegioId} and def.erased = false and def.requirement_origin in (${sqlList(origins)})
        order by lower(def.name), def.id`,
  );
  return rows.map(toDefinition);
}

/**
 * The live documents (document and file not deleted) that `uploaders` have for some definitions where
 * the community counts them: for a definition bound to communities, those uploaded for it; for the
 * others, the general ones. Expired and incomplete ones too: the rows say so (expired, needs_expiry).
 * `uploaders` is one company, or the community's parties: its administrator and its live providers.
 */
export function documentsCountingIn(
  db: DbOrTx,
  communityId: number,
  uploaders: { companyId: number } | "parties",
  definitionIds: number[],
): Promise<DocumentRecord[]> {
  if (definitionIds.length === 0) return Promise.resolve([]);
  const who =
    uploaders === "parties"
      ? sql`d.company_id in (select pc.admin_company_id from communities pc where pc.id = ${communityId}
                             union
                             select pp.provider_company_id from community_providers pp
                             where pp.community_id = ${communityId} and pp.erased = false)`
      : sql`d.company_id = ${uploaders.companyId}`;
  // `dd` is the document's definition (documentsWhere joins it).
  return documentsWhere(
    db,
    sql`${who} and d.erased = false and f.deleted = false and d.definition_id in (${sqlList(definitionIds)})
        and case when dd.assocfinca then d.community_id = ${communityId} else d.community_id is null end`,
  );
}

const STATES = new Set<string>(UPLOAD_PENDING_STATES);

/** An upload duty's state, one the API knows. */
function uploadState(value: unknown): UploadPendingRow["state"] {
  const state = String(value);
  if (!STATES.has(state)) throw new Error(`unknown upload state ${state}`);
  return state as UploadPendingRow["state"];
}

/**
 * The uploads a provider still owes in a colegio (the reference model's companyUploadDuties, not met), in
 * one query: the live mandatory definitions of the colegio that providers upload, once for a general one
 * and once per live community it serves for a bound one; each with what the provider has for it there
 * among its live documents: nothing (missing), only expired ones (expired, with the newest expiry) or one
 * without the expiry date its definition demands (incomplete). General first, then by community and
 * definition name.
 */
export async function uploadsPending(
  db: DbOrTx,
  colegioId: number,
  providerId: number,
  today: string,
): Promise<UploadPendingRow[]> {
  return queryTypedPrepared(
    db,
    sql`select duty.definition_id, duty.definition_name, duty.finca_id, duty.finca_name, duty.state, duty.obsolete
        from (${uploadDutyStates(colegioId, providerId, "provider", providerCommunities(colegioId, providerId), today)}) duty
        where duty.state not in ('valid', 'soon')
        order by duty.finca_id is not null, lower(duty.finca_name), duty.finca_id,
                 lower(duty.definition_name), duty.definition_id`,
    {
      definition_id: col.int,
      definition_name: col.text,
      finca_id: col.intOrNull,
      finca_name: col.textOrNull,
      state: uploadState,
      obsolete: col.textOrNull,
    },
  );
}

const providerFincaRow = rowReader({
  id: col.int,
  name: col.text,
  cif: col.text,
  admin_name: col.text,
  uploaded_count: col.int,
  upload_must: col.int,
  readed_count: col.int,
  readed_must: col.int,
  page_total__: col.int,
});
const totalRow = rowReader({ count: col.int });

/**
 * One page of the live communities of a colegio that a provider serves (a live link), with its
 * administrator and the provider's figures there (providerInCommunityFigures), and the total, in one
 * query. The page's communities are chosen first (on the names or tax ids alone, unless sorting by the
 * figures) and the figures run for its rows only.
 */
export async function pageProviderFincas(
  db: DbOrTx,
  colegioId: number,
  providerId: number,
  q: SortedPage<ProviderFincaSortKey>,
  today: string,
) {
  const sortBy = q.sortBy ?? "name";
  const orderBy = sortSql(
    { name: "lower(f.name)", cif: "f.cif_norm", docs: "d.uploaded_count" },
    sortBy,
    q.sortDesc ?? "ASC",
    "f.id",
  );
  const like = containsPattern(q.filter);
  const from = sql`community_providers cp join communities f on f.id = cp.community_id
    join companies a on a.id = f.admin_company_id`;
  const where = sql`cp.provider_company_id = ${providerId} and cp.erased = false
    and f.colegio_id = ${colegioId} and f.erased = false
    ${q.filter ? sql`and (f.name ilike ${like} or f.cif ilike ${like} or a.name ilike ${like})` : sql``}`;
  const figures = (community: SQL) => providerInCommunityFigures(community, sql`${providerId}`, today);
  const counting = sql`select count(*) from ${from} where ${where}`;
  const run = q.filter ? queryRows : queryRowsPrepared;
  const raw = await run<Record<string, unknown>>(
    db,
    sql`with page as (
          select f.id, row_number() over (order by ${orderBy}) as position
          from ${from} ${sortBy === "docs" ? sql`cross join lateral ${figures(sql`f.id`)} d` : sql``}
          where ${where}
          order by ${orderBy} limit ${q.limit} offset ${(q.page - 1) * q.limit})
        select f.id, f.name, f.cif, a.name as admin_name, d.*, (${counting}) as page_total__
        from page join communities f on f.id = page.id join companies a on a.id = f.admin_company_id
        cross join lateral ${figures(sql`f.id`)} d
        order by page.position`,
  );
  const rows = raw.map(providerFincaRow);
  let count: number;
  if (rows.length > 0) count = rows[0]!.page_total__;
  else if (q.page === 1) count = 0;
  else count = (await run<{ count: unknown }>(db, counting)).map(totalRow)[0]?.count ?? 0;
  const data = rows.map(
    (r): ProviderFincaRow => ({
      id_finca: r.id,
      finca: r.name,
      finca_cif: r.cif,
      admin: r.admin_name,
      count_provider: r.uploaded_count,
      count_total: r.upload_must,
      readed: r.readed_count,
      must_read: r.readed_must,
    }),
  );
  return { data, count };
}
