import { type ProviderActivityRow, type ProviderSummaryRow, Role, todayInSpain } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRowsPrepared } from "../../db/client.js";
import { col, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { servesCommunity } from "../communities/community-providers.repository.js";
import {
  companyFiguresOf,
  providerFincas,
  providersWalkedByFigureCte,
} from "../compliance/figures-cache.repository.js";
import { withActivity } from "./companies.repository.js";

const providerActivityRow = rowReader({
  id: col.int,
  cif: col.text,
  name: col.text,
  email: col.textOrNull,
  activities: col.texts,
  phone: col.textOrNull,
});
/** With the picker's community (`inFinca`): whether the provider already serves it. */
const inFincaRow = rowReader({ in_finca: col.bool });

/** Active providers of the colegio, with their activities of the colegio, optionally only those with one. */
export async function pageProviderActivities(
  db: DbOrTx,
  colegioId: number,
  q: SortedPage<"name" | "cif" | "email"> & { filteract?: number | undefined; inFinca?: number | undefined },
) {
  const orderBy = sortSql(
    { name: "lower(c.name)", cif: { expr: "c.cif_norm", nullable: true }, email: { expr: "email", nullable: true } },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "c.id",
  );
  const like = containsPattern(q.filter);
  return fetchPage(
    db,
    q,
    {
      select: sql`c.id, c.cif, c.name, coalesce(c.email, ou.email) as email, c.phone,
                  coalesce((select array_agg(a.name order by lower(a.name), a.id)
                            from company_activities ca join activities a on a.id = ca.activity_id
                            where ca.company_id = c.id and a.colegio_id = ${colegioId}), '{}') as activities
                  ${q.inFinca === undefined ? sql`` : sql`, ${servesCommunity(q.inFinca, sql`c.id`)} as in_finca`}`,
      from: sql`colegio_members m join companies c on c.id = m.company_id left join users ou on ou.id = c.owner_user_id`,
      where: sql`m.colegio_id = ${colegioId} and m.erased = false and c.erased = false and c.type = ${Role.gremio}
        ${q.filter ? sql`and (c.name ilike ${like} or c.cif ilike ${like} or coalesce(c.email, ou.email) ilike ${like})` : sql``}
        ${withActivity(colegioId, q.filteract, sql`c.id`)}`,
      orderBy,
    },
    (raw): ProviderActivityRow => {
      const r = providerActivityRow(raw);
      return {
        provider_id: r.id,
        provider_cif: r.cif,
        provider_name: r.name,
        provider_email: r.email,
        provider_activities: r.activities,
        provider_tlf: r.phone,
        ...(q.inFinca === undefined ? {} : inFincaRow(raw)),
      };
    },
  );
}

const providerSummaryRow = rowReader({ id: col.int, cif: col.text, name: col.text });

/** Providers of the colegio with their reading and upload figures and the communities they serve. */
export async function pageProviderSummary(
  db: DbOrTx,
  colegioId: number,
  q: SortedPage<"name" | "cif" | "fincas"> & { filteract?: number | undefined },
) {
  const orderBy = sortSql(
    { name: "lower(c.name)", cif: { expr: "c.cif_norm", nullable: true }, fincas: "coalesce(fc.n, 0)" },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "c.id",
  );
  const like = containsPattern(q.filter);
  const members = sql`colegio_members m join companies c on c.id = m.company_id`;
  const where = sql`m.colegio_id = ${colegioId} and m.erased = false and c.type = ${Role.gremio}
    ${q.filter ? sql`and (c.name ilike ${like} or c.cif ilike ${like})` : sql``}
    ${withActivity(colegioId, q.filteract, sql`c.id`)}`;
  // Sorted by the communities served: the whole colegio walks the cached counts (summaryWalkedByFincas); a
  // search or an activity counts them once for the whole colegio (grouped), not from the cached figures: a
  // change that staled every provider's figures (a new definition) would make this sort compute them all.
  // The page's rows show the cached count (below), which is the same.
  const byFincas = q.sortBy === "fincas";
  const served = sql`(select cp.provider_company_id as company_id, count(*) as n
    from community_providers cp join communities f on f.id = cp.community_id
    where f.colegio_id = ${colegioId} and f.erased = false and cp.erased = false group by cp.provider_company_id)`;
  const today = todayInSpain();
  const page =
    byFincas && !q.filter && q.filteract === undefined
      ? await summaryWalkedByFincas(db, colegioId, q, today)
      : await fetchPage(
          db,
          q,
          {
            select: sql`c.id, c.cif, c.name`,
            from: sql`${members} ${byFincas ? sql`left join ${served} fc on fc.company_id = c.id` : sql``}`,
            countFrom: members,
            where,
            orderBy,
          },
          summaryRow,
        );
  const figures = await companyFiguresOf(
    db,
    colegioId,
    page.data.map((r) => r.provider_id),
    today,
  );
  return {
    ...page,
    data: page.data.map((r): ProviderSummaryRow => {
      const f = figures.get(r.provider_id);
      if (!f) throw new Error(`no figures for company ${r.provider_id}`);
      return {
        ...r,
        numfincas: f.fincas,
        readed: f.read_all,
        must_read: f.read_must,
        uploaded: f.all_uploaded,
        must_upload: f.upload_must,
      };
    }),
  };
}

function summaryRow(raw: Record<string, unknown>) {
  const r = providerSummaryRow(raw);
  return { provider_id: r.id, provider_cif: r.cif, provider_name: r.name };
}

/**
 * The whole summary sorted by the communities served: the active providers walked on the cached 'En
 * Fincas' (providersWalkedByFigureCte: the page's depth and the changes since the colegio's checkpoint,
 * not 200,000 links counted), merged with the few deleted companies whose membership is live (counted).
 */
async function summaryWalkedByFincas(
  db: DbOrTx,
  colegioId: number,
  q: SortedPage<"name" | "cif" | "fincas">,
  today: string,
) {
  const dir = sql.raw(q.sortDesc === "DESC" ? "desc" : "asc");
  const depth = q.page * q.limit;
  const members = sql`colegio_members m join companies c on c.id = m.company_id
    where m.colegio_id = ${colegioId} and m.erased = false and c.type = ${Role.gremio}`;
  const counting = sql`select count(*) from ${members}`;
  const raw = await queryRowsPrepared<Record<string, unknown>>(
    db,
    sql`with ${providersWalkedByFigureCte(colegioId, today, "fincas", dir, depth)},
      chosen as (
        select company_id, key from ranked
        union all
        -- Deleted companies (companies_type_idx: few) with a live membership.
        select c.id, ${providerFincas(colegioId, sql`c.id`)}
        from companies c join colegio_members m on m.colegio_id = ${colegioId} and m.company_id = c.id
        where c.type = ${Role.gremio} and c.erased and not m.erased)
      select c.id, c.cif, c.name, (${counting}) as page_total__
      from chosen ch join companies c on c.id = ch.company_id
      order by ch.key ${dir}, ch.company_id ${dir} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const count = raw.length
    ? Number(raw[0]!.page_total__)
    : q.page === 1
      ? 0
      : Number((await queryRowsPrepared<{ count: unknown }>(db, counting))[0]?.count ?? 0);
  return { data: raw.map(summaryRow), count, pagination: { count, page: q.page, limit: q.limit } };
}
