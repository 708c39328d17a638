import type { ArrivalRow, MissingDuty } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { col, queryTyped, queryTypedPrepared, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import { providerInCommunityFigures } from "../compliance/compliance.sql.js";

/*
 * The arrival check (issue 19): a community's providers at the door and the arrivals its porters record
 * (provider_arrivals). The figures come from the compliance engine (docs/compliance.md), read only.
 */

const doorRow = {
  provider_id: col.int,
  provider_name: col.text,
  provider_cif: col.text,
  last_arrival: col.isoOrNull,
  upload_must: col.int,
  uploaded_count: col.int,
  readed_must: col.int,
  readed_count: col.int,
};

/**
 * The live providers of a community whose name or tax id contains `filter` (all with none), by name, each
 * with its latest recorded arrival there (provider_arrivals_provider_idx) and its figures there now
 * (providerInCommunityFigures, computed, not read from the cache: the door shows them next to the unmet
 * duties, read from the same snapshot).
 */
export function providersAtTheDoor(db: DbOrTx, communityId: number, filter: string, today: string) {
  const like = containsPattern(filter);
  // A search is planned for its pattern; the plain list once per connection.
  const run = filter ? queryTyped : queryTypedPrepared;
  return run(
    db,
    sql`select c.id as provider_id, c.name as provider_name, c.cif as provider_cif,
          (select a.arrived_at from provider_arrivals a
           where a.community_id = cp.community_id and a.provider_company_id = cp.provider_company_id
           order by a.arrived_at desc limit 1) as last_arrival,
          fig.upload_must, fig.uploaded_count, fig.readed_must, fig.readed_count
        from community_providers cp join companies c on c.id = cp.provider_company_id
        cross join lateral ${providerInCommunityFigures(sql`cp.community_id`, sql`cp.provider_company_id`, today)} fig
        where cp.community_id = ${communityId} and cp.erased = false
          ${filter ? sql`and (c.name ilike ${like} or c.cif ilike ${like})` : sql``}
        order by lower(c.name), c.id`,
    doorRow,
  );
}

/**
 * A live provider of the community with its figures there now (providerInCommunityFigures, computed, not
 * read from the cache: an arrival keeps exactly what the statement saw); undefined when it serves it not.
 */
export async function liveProviderFigures(db: DbOrTx, communityId: number, providerId: number, today: string) {
  const [row] = await queryTyped(
    db,
    sql`select fig.upload_must, fig.uploaded_count, fig.readed_must, fig.readed_count
        from community_providers cp
        cross join lateral ${providerInCommunityFigures(sql`cp.community_id`, sql`cp.provider_company_id`, today)} fig
        where cp.community_id = ${communityId} and cp.provider_company_id = ${providerId} and cp.erased = false`,
    { upload_must: col.int, uploaded_count: col.int, readed_must: col.int, readed_count: col.int },
  );
  return row;
}

/**
 * An arrival's columns as the API names them, from `a` (provider_arrivals), `c` (the provider), `u` (the
 * porter); the porter's e-mail blank ("") unless `porterEmail`.
 */
const arrivalColumns = (porterEmail = true) => sql`a.id, a.community_id as finca_id,
  a.provider_company_id as provider_id, c.name as provider_name, a.porter_user_id as porter_id,
  ${porterEmail ? sql`u.email` : sql`''`} as porter_email, a.arrived_at,
  a.uploaded_count, a.upload_must, a.read_count, a.read_must, a.missing`;
const arrivalJoins = sql`join companies c on c.id = a.provider_company_id join users u on u.id = a.porter_user_id`;
const toArrival = rowReader({
  id: col.int,
  finca_id: col.int,
  provider_id: col.int,
  provider_name: col.text,
  porter_id: col.int,
  porter_email: col.text,
  arrived_at: col.iso,
  uploaded_count: col.int,
  upload_must: col.int,
  read_count: col.int,
  read_must: col.int,
  missing: col.as<MissingDuty[]>(),
}) satisfies (raw: Record<string, unknown>) => ArrivalRow;

/** Records an arrival with the provider's state at that moment; answers it as the API shows it. */
export async function insertArrival(
  db: DbOrTx,
  arrival: {
    communityId: number;
    providerId: number;
    porterUserId: number;
    figures: { uploaded_count: number; upload_must: number; read_count: number; read_must: number };
    missing: MissingDuty[];
  },
): Promise<ArrivalRow> {
  const f = arrival.figures;
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`with a as (
          insert into provider_arrivals (community_id, provider_company_id, porter_user_id, uploaded_count,
            upload_must, read_count, read_must, missing)
          values (${arrival.communityId}, ${arrival.providerId}, ${arrival.porterUserId}, ${f.uploaded_count},
            ${f.upload_must}, ${f.read_count}, ${f.read_must}, ${JSON.stringify(arrival.missing)}::jsonb)
          returning *)
        select ${arrivalColumns()} from a ${arrivalJoins}`,
  );
  return toArrival(raw!);
}

/**
 * One page of a community's recorded arrivals (of one provider, or all), newest first unless asked
 * otherwise; `filter` searches the provider's name. The porters' e-mails only with `porterEmail`.
 */
export function pageArrivals(
  db: DbOrTx,
  communityId: number,
  of: { providerId: number | undefined; porterEmail: boolean },
  q: SortedPage<"arrived_at">,
) {
  const { providerId } = of;
  const where = sql`a.community_id = ${communityId}
    ${providerId === undefined ? sql`` : sql`and a.provider_company_id = ${providerId}`}
    ${q.filter ? sql`and c.name ilike ${containsPattern(q.filter)}` : sql``}`;
  return fetchPage(
    db,
    q,
    {
      select: arrivalColumns(of.porterEmail),
      from: sql`provider_arrivals a ${arrivalJoins}`,
      where,
      orderBy: sortSql({ arrived_at: "a.arrived_at" }, q.sortBy ?? "arrived_at", q.sortDesc ?? "DESC", "a.id"),
      ...(q.filter ? {} : { countFrom: sql`provider_arrivals a` }),
    },
    toArrival,
    !q.filter,
  );
}
