import { type MasterColegioRow, REGIONS, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { containsPattern, fetchPage, type PageRequest, sortSql } from "../../lib/paging.js";

/** The colegios the master created (the superadministrator sees every colegio). */
const ownColegios = (actor: Pick<Actor, "role" | "companyId">) =>
  actor.role === Role.superadministrator ? sql`true` : sql`c.owner_company_id = ${actor.companyId}`;

export async function pageMasterColegios(
  db: DbOrTx,
  actor: Pick<Actor, "role" | "companyId">,
  q: PageRequest & {
    filter: string;
    sortBy?: "name" | "cif" | "email" | "region" | undefined;
    sortDesc?: "ASC" | "DESC" | undefined;
  },
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
      select: sql`c.id, c.cif, c.name, u.email, c.region, c.erased, c.created_at`,
      from: sql`companies c left join users u on u.id = c.owner_user_id`,
      where: sql`c.type = ${Role.colegio} and ${ownColegios(actor)}
        ${q.filter ? sql`and (c.name ilike ${like} or c.cif ilike ${like} or u.email ilike ${like})` : sql``}`,
      orderBy,
    },
    (r): MasterColegioRow & { created: string } => ({
      id: Number(r.id),
      c_cif: String(r.cif),
      c_name: String(r.name),
      u_email: (r.email as string | null) ?? null,
      flag: (r.region as string | null) ?? null,
      erased: Boolean(r.erased),
      created: new Date(r.created_at as string).toISOString(),
    }),
  );
}

/** Every region of the dashboard with the active colegios it has. */
export async function colegiosByRegion(db: DbOrTx, actor: Pick<Actor, "role" | "companyId">) {
  const rows = await queryRows<{ id: number; name: string; region: string }>(
    db,
    sql`select c.id, c.name, c.region from companies c
        where c.type = ${Role.colegio} and c.erased = false and c.region is not null and ${ownColegios(actor)}
        order by lower(c.name), c.id`,
  );
  return REGIONS.map((region) => ({
    region: region.code,
    colegios: rows.filter((r) => r.region === region.code).map((r) => ({ id: Number(r.id), name: r.name })),
  }));
}
