import type { ADMIN_PROVIDER_FINCAS_SORTABLE, ADMIN_PROVIDERS_SORTABLE } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows, queryRowsPrepared } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { inScope, type SummaryScope } from "../communities/summary-scope.sql.js";
import { providerFiguresOver, providerInCommunityFigures } from "../compliance/compliance.sql.js";
import { providerFiguresCte, providerFiguresOf } from "../compliance/figures-cache.repository.js";

/*
 * The administrator's compliance overview (spec 02 §2 'Admin overview of compliance'; docs/compliance.md
 * rule 12): the providers of the scope's communities, each with its figures over those it serves, and one
 * provider's communities among them with its figures in each (rule 3, as the providers of a community).
 */

/** The live provider links `sp` to the communities `sf` of the scope; ends in a `where` that callers extend with `and`. */
const scopedLinks = (scope: SummaryScope) => sql`community_providers sp
  join communities sf on sf.id = sp.community_id
  where sp.erased = false and ${inScope(scope)}`;

/**
 * The communities of the scope that the provider (an id, or a column) serves live, as a subquery of ids:
 * the set its overview row's figures and its missing words are over.
 */
export const providerLinksIn = (scope: SummaryScope, providerId: number | SQL): SQL =>
  sql`select sf.id from ${scopedLinks(scope)} and sp.provider_company_id = ${providerId}`;

const overviewRow = rowReader({
  provider_id: col.int,
  provider_cif: col.text,
  provider_name: col.text,
  readed: col.int,
  must_read: col.int,
  uploaded: col.int,
  must_upload: col.int,
  numfincas: col.int,
});
const pageRow = rowReader({
  provider_id: col.int,
  provider_cif: col.text,
  provider_name: col.text,
  uploaded: col.int,
  must_upload: col.int,
  finca_ids: col.ints,
});

/** The overview's order, over a provider's columns (`row`, e.g. `pc.`) and its figures' (`figures`). */
function overviewOrder(q: SortedPage<(typeof ADMIN_PROVIDERS_SORTABLE)[number]>, row: string, figures: string) {
  return sortSql(
    {
      id: `${row}id`,
      cif: { expr: `${row}cif_norm`, nullable: true },
      name: `lower(${row}name)`,
      readed: `${figures}readed`,
      uploaded: `${figures}uploaded`,
      numfincas: `${figures}numfincas`,
    },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    `${row}id`,
  );
}

/**
 * One page of the overview: every provider with a live link to a community of the scope, with its figures
 * over those (rule 12), and the total. Sorted by a figure, every provider's figures are computed to order
 * them (providerFiguresOver). Otherwise the page is chosen first, with its providers' uploads (each once)
 * and their communities in the scope; their reads are the sums of their rows in those communities, read
 * from provider_figures_cache (providerFiguresOf, the same rows as a community's providers list), so a
 * page does not count every document of every community again.
 */
export async function pageAdminProviders(
  db: DbOrTx,
  scope: SummaryScope,
  today: string,
  q: SortedPage<(typeof ADMIN_PROVIDERS_SORTABLE)[number]>,
) {
  const byFigure = q.sortBy === "readed" || q.sortBy === "uploaded" || q.sortBy === "numfincas";
  const orderBy = overviewOrder(q, "pc.", "fig.");
  const like = containsPattern(q.filter);
  const providers = sql`companies pc`;
  const query = {
    countFrom: providers,
    // Driven by the scope's links (a community's providers from its index), not by every company.
    where: sql`pc.id in (select sp.provider_company_id from ${scopedLinks(scope)})
      ${q.filter ? sql`and (pc.name ilike ${like} or pc.cif ilike ${like})` : sql``}`,
    orderBy,
  };
  // Without a search pattern the plan is the same for every caller and page: planned once (prepared).
  const prepared = !q.filter;
  if (byFigure && "adminCompanyId" in scope) return pageAdministratorsProvidersByFigure(db, scope, today, q);
  if (byFigure) {
    const figures = providerFiguresOver(sql`pc.id`, providerLinksIn(scope, sql`pc.id`), today);
    return fetchPage(
      db,
      q,
      {
        ...query,
        select: sql`pc.id as provider_id, pc.cif as provider_cif, pc.name as provider_name, fig.*`,
        from: sql`${providers} cross join lateral ${figures} fig`,
      },
      overviewRow,
      prepared,
    );
  }
  const links = providerLinksIn(scope, sql`page.provider_id`);
  const page = await fetchPage(
    db,
    q,
    {
      ...query,
      select: sql`pc.id as provider_id, pc.cif as provider_cif, pc.name as provider_name`,
      from: providers,
      late: sql`(select u.uploaded, u.must_upload, array(${links}) as finca_ids
                 from ${providerFiguresOver(sql`page.provider_id`, links, today, false)} u)`,
    },
    pageRow,
    prepared,
  );
  const communityIds = [...new Set(page.data.flatMap((r) => r.finca_ids))];
  const reads = new Map<number, { readed: number; must_read: number }>();
  for (const f of await providerFiguresOf(
    db,
    communityIds,
    today,
    page.data.map((r) => r.provider_id),
  )) {
    const sum = reads.get(f.provider_id) ?? { readed: 0, must_read: 0 };
    sum.readed += f.readed_count;
    sum.must_read += f.readed_must;
    reads.set(f.provider_id, sum);
  }
  return {
    ...page,
    data: page.data.map(({ finca_ids, ...r }) => ({
      ...r,
      ...(reads.get(r.provider_id) ?? { readed: 0, must_read: 0 }),
      numfincas: finca_ids.length,
    })),
  };
}

/**
 * The overview of an administrator's communities sorted by a figure. Each provider's reads and communities
 * are the sums of its rows over the scope's communities in provider_figures_cache (providerFiguresCte: read
 * where fresh, computed and stored otherwise; the rows a community's providers list shows), so the order
 * does not count every document again. Its uploads count a general definition once, not once per
 * community: those of a provider serving one community of the scope are its row's there, the others'
 * are counted (for every provider when they are the order, otherwise for the page's rows).
 */
async function pageAdministratorsProvidersByFigure(
  db: DbOrTx,
  scope: SummaryScope,
  today: string,
  q: SortedPage<(typeof ADMIN_PROVIDERS_SORTABLE)[number]>,
) {
  const orderBy = overviewOrder(q, "", "");
  const like = containsPattern(q.filter);
  const byUploads = q.sortBy === "uploaded";
  // Serving one community of the scope, a provider's uploads are its row's there (a general definition
  // counts once either way); serving several, they are counted.
  const uploads = (row: string) => {
    const provider = sql.raw(`${row}.id`);
    return sql`(select ${sql.raw(row)}.one_uploaded as uploaded, ${sql.raw(row)}.one_must_upload as must_upload
        where ${sql.raw(row)}.numfincas = 1
      union all
      select u.uploaded, u.must_upload
      from ${providerFiguresOver(provider, providerLinksIn(scope, provider), today, false)} u
      where ${sql.raw(row)}.numfincas > 1)`;
  };
  const run = q.filter ? queryRows : queryRowsPrepared;
  const raw = await run<Record<string, unknown>>(
    db,
    sql`with ${providerFiguresCte(
      sql`select sf.id from communities sf where ${inScope(scope)}`,
      today,
      // With a search, only the matching providers' rows are read (or computed).
      q.filter
        ? sql`array(select pc.id from companies pc where pc.name ilike ${like} or pc.cif ilike ${like})`
        : undefined,
    )},
      sums as (
        select provider_id as id, sum(readed_count)::int as readed, sum(readed_must)::int as must_read,
               count(*)::int as numfincas, sum(uploaded_count)::int as one_uploaded,
               sum(upload_must)::int as one_must_upload
        from provider_figures group by provider_id),
      chosen as (
        select pc.id, pc.cif, pc.cif_norm, pc.name, s.readed, s.must_read, s.numfincas, s.one_uploaded,
               s.one_must_upload ${byUploads ? sql`, up.uploaded, up.must_upload` : sql``}
        from sums s join companies pc on pc.id = s.id
        ${byUploads ? sql`cross join lateral ${uploads("s")} up` : sql``}
        ${q.filter ? sql`where pc.name ilike ${like} or pc.cif ilike ${like}` : sql``}),
      page as (
        select chosen.*, row_number() over (order by ${orderBy}) as position from chosen
        order by ${orderBy} limit ${q.limit} offset ${(q.page - 1) * q.limit})
      select page.id as provider_id, page.cif as provider_cif, page.name as provider_name, page.readed,
             page.must_read, u.uploaded, u.must_upload, page.numfincas, (select count(*) from chosen) as page_total__
      from page cross join lateral ${byUploads ? sql`(select page.uploaded, page.must_upload)` : uploads("page")} u
      order by page.position`,
  );
  let count: number;
  if (raw.length > 0) count = Number(raw[0]!.page_total__);
  else if (q.page === 1) count = 0;
  else
    count = Number(
      (
        await run<{ count: unknown }>(
          db,
          sql`select count(distinct sp.provider_company_id) from ${scopedLinks(scope)}
              and exists (select 1 from companies pc where pc.id = sp.provider_company_id
                          ${q.filter ? sql`and (pc.name ilike ${like} or pc.cif ilike ${like})` : sql``})`,
        )
      )[0]?.count ?? 0,
    );
  return { data: raw.map(overviewRow), count, pagination: { count, page: q.page, limit: q.limit } };
}

/** The provider of the overview's detail: live in at least one community of the scope; undefined otherwise. */
export async function providerInScope(db: DbOrTx, scope: SummaryScope, providerId: number) {
  const [row] = await queryTyped(
    db,
    sql`select pc.id, pc.name, pc.cif from companies pc
        where pc.id = ${providerId} and exists (select 1 from ${scopedLinks(scope)} and sp.provider_company_id = pc.id)`,
    { id: col.int, name: col.text, cif: col.text },
  );
  return row;
}

const fincaRow = rowReader({
  finca_id: col.int,
  finca_cif: col.text,
  finca_name: col.text,
  readed: col.int,
  must_read: col.int,
  uploaded: col.int,
  must_upload: col.int,
});

/**
 * One page of the communities of the scope that the provider serves live, with its figures in each
 * (providerInCommunityFigures: the same row as the community's providers list), by name unless asked.
 */
export function pageProviderCommunitiesIn(
  db: DbOrTx,
  scope: SummaryScope,
  providerId: number,
  today: string,
  q: SortedPage<(typeof ADMIN_PROVIDER_FINCAS_SORTABLE)[number]>,
) {
  const byFigure = q.sortBy === "readed" || q.sortBy === "uploaded";
  const orderBy = sortSql(
    {
      id: "sf.id",
      cif: "sf.cif_norm",
      name: "lower(sf.name)",
      readed: "fig.readed",
      uploaded: "fig.uploaded",
    },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "sf.id",
  );
  const figures = (community: SQL) => sql`(select d.readed_count as readed, d.readed_must as must_read,
      d.uploaded_count as uploaded, d.upload_must as must_upload
    from ${providerInCommunityFigures(community, sql`${providerId}::int`, today)} d)`;
  const like = containsPattern(q.filter);
  const links = sql`community_providers sp join communities sf on sf.id = sp.community_id`;
  return fetchPage(
    db,
    q,
    {
      select: sql`sf.id as finca_id, sf.cif as finca_cif, sf.name as finca_name ${byFigure ? sql`, fig.*` : sql``}`,
      from: byFigure ? sql`${links} cross join lateral ${figures(sql`sf.id`)} fig` : links,
      countFrom: links,
      where: sql`sp.erased = false and ${inScope(scope)} and sp.provider_company_id = ${providerId}
        ${q.filter ? sql`and (sf.name ilike ${like} or sf.cif ilike ${like})` : sql``}`,
      orderBy,
      ...(byFigure ? {} : { late: figures(sql`page.finca_id`) }),
    },
    fincaRow,
    !q.filter,
  );
}
