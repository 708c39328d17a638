import { type CommunityProviderRow, type CommunityProviderSortKey, Role, todayInSpain } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { providerInCommunityFigures } from "../compliance/compliance.sql.js";
import { providerFiguresOf } from "../compliance/figures-cache.js";

/** The administrator's live community in the colegio with this normalized tax id. */
export async function findLiveCommunityOfAdmin(db: DbOrTx, adminCompanyId: number, colegioId: number, cifNorm: string) {
  const [row] = await queryRows<{ id: number; colegio_id: number }>(
    db,
    sql`select id, colegio_id from communities
        where cif_norm = ${cifNorm} and erased = false and admin_company_id = ${adminCompanyId}
          and colegio_id = ${colegioId}`,
  );
  return row ? { id: Number(row.id), colegioId: Number(row.colegio_id) } : undefined;
}

/** One page of the live providers of a community, with their document figures there, and the total. */
export async function pageCommunityProviders(
  db: DbOrTx,
  community: { id: number; colegioId: number },
  q: SortedPage<CommunityProviderSortKey> & { id_provider?: number | undefined },
) {
  const orderBy = sortSql(
    { name: "lower(c.name)", cif: "c.cif_norm", uploaded: "uploaded_count", read: "readed_count" },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "c.id",
  );
  const like = containsPattern(q.filter);
  // Sorted by a figure, every row's figures are computed in the query; otherwise the page's rows read
  // theirs from the providers' cached rows (figures-cache.ts).
  const bySort = q.sortBy === "uploaded" || q.sortBy === "read";
  const page = await fetchPage(
    db,
    q,
    {
      select: sql`cp.id, c.id as provider_id, c.name, c.cif,
                  (c.erased = false and coalesce(m.erased = false, false)) as active
                  ${bySort ? sql`, d.*` : sql``}`,
      from: sql`community_providers cp join companies c on c.id = cp.provider_company_id
                left join colegio_members m on m.colegio_id = ${community.colegioId} and m.company_id = c.id
                ${bySort ? sql`cross join lateral ${providerInCommunityFigures(sql`cp.community_id`, sql`c.id`, todayInSpain())} d` : sql``}`,
      // Every link has its provider (a foreign key) and one row of figures.
      countFrom: sql`community_providers cp join companies c on c.id = cp.provider_company_id`,
      where: sql`cp.community_id = ${community.id} and cp.erased = false
        ${q.id_provider === undefined ? sql`` : sql`and cp.provider_company_id = ${q.id_provider}`}
        ${q.filter ? sql`and (c.name ilike ${like} or c.cif ilike ${like})` : sql``}`,
      orderBy,
    },
    (r) => r,
    !q.filter,
  );
  const cached = bySort
    ? new Map<number, Record<string, unknown>>()
    : new Map((await providerFiguresOf(db, [community.id], todayInSpain())).map((f) => [f.provider_id, f]));
  return {
    ...page,
    data: page.data.map((r): CommunityProviderRow => {
      const f = bySort ? r : cached.get(Number(r.provider_id));
      if (!f) throw new Error(`no figures for provider ${String(r.provider_id)}`);
      return {
        id: Number(r.id),
        id_provider: Number(r.provider_id),
        name: String(r.name),
        cif: String(r.cif),
        active: r.active === true,
        uploaded_count: Number(f.uploaded_count),
        upload_must: Number(f.upload_must),
        readed_count: Number(f.readed_count),
        readed_must: Number(f.readed_must),
      };
    }),
  };
}

/** A provider company (type gremio) by id or by normalized tax id, with its membership of the colegio. */
export async function findProvider(db: DbOrTx, colegioId: number, by: { id: number } | { cifNorm: string }) {
  const [row] = await queryRows<{ id: number; name: string; erased: boolean; member: boolean }>(
    db,
    sql`select c.id, c.name, c.erased,
               exists (select 1 from colegio_members m where m.colegio_id = ${colegioId}
                       and m.company_id = c.id and m.erased = false) as member
        from companies c
        where c.type = ${Role.gremio} and ${"id" in by ? sql`c.id = ${by.id}` : sql`c.cif_norm = ${by.cifNorm}`}
        limit 1`,
  );
  return row ? { id: Number(row.id), name: row.name, erased: row.erased, member: row.member } : undefined;
}

/**
 * Links the provider to the live community, or brings back a removed link (keeping its id and date, so
 * documents and read marks that point to it stay where they were). Undefined when the provider already
 * serves it, or the community was deleted meanwhile.
 */
export async function linkProvider(db: DbOrTx, communityId: number, providerId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into community_providers (community_id, provider_company_id)
        select ${communityId}, ${providerId}
        where exists (select 1 from communities where id = ${communityId} and erased = false)
        on conflict (community_id, provider_company_id) do update set erased = false
          where community_providers.erased = true
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/** The link with its community (for delete/{id}). */
export async function findLink(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; community_id: number; erased: boolean }>(
    db,
    sql`select id, community_id, erased from community_providers where id = ${id}`,
  );
  return row ? { id: Number(row.id), communityId: Number(row.community_id), erased: row.erased } : undefined;
}

/** Removes a live link; false when it was already removed (a concurrent delete). */
export async function unlinkProvider(db: DbOrTx, id: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update community_providers set erased = true where id = ${id} and erased = false returning id`,
  );
  return rows.length > 0;
}

/** Whether the provider works in the colegio's community with this id (the picker's `in_finca`). */
export const servesCommunity = (communityId: number, providerId: SQL) =>
  sql`exists (select 1 from community_providers cp where cp.community_id = ${communityId}
              and cp.provider_company_id = ${providerId} and cp.erased = false)`;
