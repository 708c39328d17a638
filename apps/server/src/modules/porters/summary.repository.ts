import { type PORTER_SUMMARY_SORTABLE, type PorterFincasResponse, Role, todayInSpain } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { inScope, type SummaryScope } from "../communities/summary-scope.sql.js";
import { porterFiguresOver, porterInCommunityFigures } from "../compliance/compliance.sql.js";

/** The live porter links `sp` to the communities `sf` of the scope; ends in a `where` that callers extend with `and`. */
const scopedLinks = (scope: SummaryScope) => sql`community_porters sp
  join communities sf on sf.id = sp.community_id
  where sp.erased = false and ${inScope(scope)}`;

/**
 * The communities of the summary's scope where that porter (its user: an id, or a column) has a live link,
 * as a subquery of ids: the set its summary row's figures and porteros/portero/missing are over.
 */
export const porterLinksIn = (scope: SummaryScope, porterUserId: number | SQL): SQL =>
  sql`select sf.id from ${scopedLinks(scope)} and sp.porter_user_id = ${porterUserId}`;

const summaryRow = rowReader({
  portero_id: col.int,
  portero_name: col.text,
  portero_email: col.text,
  fincas: col.texts,
  readed: col.int,
  must_read: col.int,
  uploaded: col.int,
  must_upload: col.int,
  numfincas: col.int,
});

/**
 * One page of the doormen summary: every live porter of at least one community of the scope, the names of
 * those communities and its figures over them (porterFiguresOver), and the total. Sorted by a figure, every
 * porter's figures are computed to order them; otherwise only the page's.
 */
export function pagePorterSummary(
  db: DbOrTx,
  scope: SummaryScope,
  q: SortedPage<(typeof PORTER_SUMMARY_SORTABLE)[number]>,
) {
  const byFigure = q.sortBy === "readed" || q.sortBy === "uploaded" || q.sortBy === "numfincas";
  const orderBy = sortSql(
    {
      id: "pu.id",
      name: "lower(pco.name)",
      email: "pu.email",
      readed: "fig.readed",
      uploaded: "fig.uploaded",
      numfincas: "fig.numfincas",
    },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "pu.id",
  );
  // Over the porter's own links in the scope: the same figures (only live porters' communities count), and
  // they are found from the porter's links instead of by trying every community of the scope.
  const figures = (company: SQL, user: SQL) => porterFiguresOver(company, porterLinksIn(scope, user), todayInSpain());
  const like = containsPattern(q.filter);
  const users = sql`users pu join companies pco on pco.id = pu.company_id`;
  return fetchPage(
    db,
    q,
    {
      select: sql`pu.id as portero_id, pco.name as portero_name, pu.email as portero_email,
                  pu.company_id as portero_company ${byFigure ? sql`, fig.*` : sql``}`,
      from: byFigure ? sql`${users} cross join lateral ${figures(sql`pu.company_id`, sql`pu.id`)} fig` : users,
      countFrom: users,
      // Driven by the scope's porter links (a community's porters from its primary key), not by every porter.
      where: sql`pu.id in (select sp.porter_user_id from ${scopedLinks(scope)})
        and pu.user_role = ${Role.portero} and pu.erased = false
        ${
          q.filter
            ? sql`and (pco.name ilike ${like} or pu.email ilike ${like}
                   or exists (select 1 from ${scopedLinks(scope)} and sp.porter_user_id = pu.id and sf.name ilike ${like}))`
            : sql``
        }`,
      orderBy,
      late: sql`(select array(select sf.name from ${scopedLinks(scope)} and sp.porter_user_id = page.portero_id
                              order by lower(sf.name), sf.id) as fincas
                 ${byFigure ? sql`` : sql`, fig.*`}
                 ${byFigure ? sql`` : sql`from ${figures(sql`page.portero_company`, sql`page.portero_id`)} fig`})`,
    },
    summaryRow,
  );
}

/**
 * The communities of the scope where a porter is live, each with its figures there, by name; with the
 * porter's e-mail and name on every row. No rows: it is not a live porter of any of them.
 */
export async function porterCommunitiesIn(db: DbOrTx, scope: SummaryScope, porterUserId: number) {
  const rows = await queryTyped(
    db,
    sql`select pu.id as portero_id, pu.email as portero_email, pco.name as portero_name,
               sf.id as finca_id, sf.cif as finca_cif, sf.name as finca_name, d.*
        from community_porters sp join communities sf on sf.id = sp.community_id
        join users pu on pu.id = sp.porter_user_id join companies pco on pco.id = pu.company_id
        cross join lateral ${porterInCommunityFigures(sql`sf.id`, sql`pu.company_id`, todayInSpain())} d
        where sp.erased = false and ${inScope(scope)} and sp.porter_user_id = ${porterUserId}
          and pu.erased = false and pu.user_role = ${Role.portero}
        order by lower(sf.name), sf.id`,
    {
      portero_id: col.int,
      portero_email: col.text,
      portero_name: col.text,
      finca_id: col.int,
      finca_cif: col.text,
      finca_name: col.text,
      upload_must: col.int,
      uploaded_count: col.int,
      read_must: col.int,
      read_count: col.int,
    },
  );
  const first = rows[0];
  if (!first) return undefined;
  const answer: Omit<PorterFincasResponse, "result"> = {
    portero: { id: first.portero_id, email: first.portero_email, name: first.portero_name },
    data: rows.map((r) => ({
      finca_id: r.finca_id,
      finca_cif: r.finca_cif,
      finca_name: r.finca_name,
      readed: r.read_count,
      must_read: r.read_must,
      uploaded: r.uploaded_count,
      must_upload: r.upload_must,
    })),
  };
  return answer;
}
