import { type MasterColegioRow, REGIONS, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import type { Actor } from "../../lib/actor.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";

/** The colegios the master created (the superadministrator sees every colegio). */
const ownColegios = (actor: Pick<Actor, "role" | "companyId">) =>
  actor.role === Role.superadministrator ? sql`true` : sql`c.owner_company_id = ${actor.companyId}`;

const masterColegioRow: (raw: Record<string, unknown>) => MasterColegioRow & { created: string } = rowReader({
  id: col.int,
  c_cif: col.text,
  c_name: col.text,
  u_email: col.textOrNull,
  flag: col.textOrNull,
  erased: col.bool,
  created: col.iso,
});

export async function pageMasterColegios(
  db: DbOrTx,
  actor: Pick<Actor, "role" | "companyId">,
  q: SortedPage<"name" | "cif" | "email" | "region">,
) {
  const orderBy = sortSql(
    {
      name: "lower(c.name)",
      cif: { expr: "c.cif_norm", nullable: true },
      email: { expr: "u.email", nullable: true },
      region: { expr: "c.region", nullable: true },
    },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "c.id",
  );
  const like = containsPattern(q.filter);
  return fetchPage(
    db,
    q,
    {
      select: sql`c.id, c.cif as c_cif, c.name as c_name, u.email as u_email, c.region as flag, c.erased,
                  c.created_at as created`,
      from: sql`companies c left join users u on u.id = c.owner_user_id`,
      where: sql`c.type = ${Role.colegio} and ${ownColegios(actor)}
        ${q.filter ? sql`and (c.name ilike ${like} or c.cif ilike ${like} or u.email ilike ${like})` : sql``}`,
      orderBy,
    },
    masterColegioRow,
  );
}

/** Every region of the dashboard with the active colegios it has. */
export async function colegiosByRegion(db: DbOrTx, actor: Pick<Actor, "role" | "companyId">) {
  const rows = await queryTyped(
    db,
    sql`select c.id, c.name, c.region from companies c
        where c.type = ${Role.colegio} and c.erased = false and c.region is not null and ${ownColegios(actor)}
        order by lower(c.name), c.id`,
    { id: col.int, name: col.text, region: col.text },
  );
  return REGIONS.map((region) => ({
    region: region.code,
    colegios: rows.filter((r) => r.region === region.code).map(({ id, name }) => ({ id, name })),
  }));
}
