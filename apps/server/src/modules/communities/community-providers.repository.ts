import {
  type CommunityProviderRow,
  type CommunityProviderSortKey,
  type ProviderInCommunityFigures,
  Role,
  todayInSpain,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { providerInCommunityFigures } from "../compliance/compliance.sql.js";
import { providerFiguresOf } from "../compliance/figures-cache.repository.js";

/** The administrator's live community in the colegio with this normalized tax id. */
export async function findLiveCommunityOfAdmin(db: DbOrTx, adminCompanyId: number, colegioId: number, cifNorm: string) {
  const [row] = await queryTyped(
    db,
    sql`select id, colegio_id from communities
        where cif_norm = ${cifNorm} and erased = false and admin_company_id = ${adminCompanyId}
          and colegio_id = ${colegioId}`,
    { id: col.int, colegio_id: col.int },
  );
  return row ? { id: row.id, colegioId: row.colegio_id } : undefined;
}

const linkRow = rowReader({ id: col.int, provider_id: col.int, name: col.text, cif: col.text, active: col.bool });
/** The figures of a row sorted by them (providerInCommunityFigures' columns). */
const figuresRow = rowReader({
  upload_must: col.int,
  uploaded_count: col.int,
  readed_must: col.int,
  readed_count: col.int,
});

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
  // theirs from the providers' cached rows (figures-cache.repository.ts).
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
    (raw) => ({ ...linkRow(raw), figures: bySort ? figuresRow(raw) : undefined }),
    !q.filter,
  );
  const cached = bySort
    ? new Map<number, ProviderInCommunityFigures>()
    : new Map((await providerFiguresOf(db, [community.id], todayInSpain())).map((f) => [f.provider_id, f]));
  return {
    ...page,
    data: page.data.map((r): CommunityProviderRow => {
      const f = r.figures ?? cached.get(r.provider_id);
      if (!f) throw new Error(`no figures for provider ${r.provider_id}`);
      return {
        id: r.id,
        id_provider: r.provider_id,
        name: r.name,
        cif: r.cif,
        active: r.active,
        uploaded_count: f.uploaded_count,
        upload_must: f.upload_must,
        readed_count: f.readed_count,
        readed_must: f.readed_must,
      };
    }),
  };
}

/** A provider company (type gremio) by id or by normalized tax id, with its membership of the colegio. */
export async function findProvider(db: DbOrTx, colegioId: number, by: { id: number } | { cifNorm: string }) {
  const [row] = await queryTyped(
    db,
    sql`select c.id, c.name, c.erased,
               exists (select 1 from colegio_members m where m.colegio_id = ${colegioId}
                       and m.company_id = c.id and m.erased = false) as member
        from companies c
        where c.type = ${Role.gremio} and ${"id" in by ? sql`c.id = ${by.id}` : sql`c.cif_norm = ${by.cifNorm}`}
        limit 1`,
    { id: col.int, name: col.text, erased: col.bool, member: col.bool },
  );
  return row;
}

/**
 * Links the provider to the live community, or brings back a removed link (keeping its id and date, so
 * documents and read marks that point to it stay where they were). Undefined when the provider already
 * serves it, or the community was deleted meanwhile.
 */
export async function linkProvider(db: DbOrTx, communityId: number, providerId: number) {
  const [row] = await queryTyped(
    db,
    sql`insert into community_providers (community_id, provider_company_id)
        select ${communityId}, ${providerId}
        where exists (select 1 from communities where id = ${communityId} and erased = false)
        on conflict (community_id, provider_company_id) do update set erased = false
          where community_providers.erased = true
        returning id`,
    { id: col.int },
  );
  return row?.id;
}

/** The link with its community (for delete/{id}). */
export async function findLink(db: DbOrTx, id: number) {
  const [row] = await queryTyped(db, sql`select id, community_id, erased from community_providers where id = ${id}`, {
    id: col.int,
    community_id: col.int,
    erased: col.bool,
  });
  return row ? { id: row.id, communityId: row.community_id, erased: row.erased } : undefined;
}

/** Removes a live link; false when it was already removed (a concurrent delete). */
export async function unlinkProvider(db: DbOrTx, id: number) {
  const rows = await queryTyped(
    db,
    sql`update community_providers set erased = true where id = ${id} and erased = false returning id`,
    { id: col.int },
  );
  return rows.length > 0;
}

/** Whether the provider works in the colegio's community with this id (the picker's `in_finca`). */
export const servesCommunity = (communityId: number, providerId: SQL) =>
  sql`exists (select 1 from community_providers cp where cp.community_id = ${communityId}
              and cp.provider_company_id = ${providerId} and cp.erased = false)`;
