import type { ActivityRow } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { activities } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type PageRequest, sortSql } from "../../lib/paging.js";

export async function pageActivities(
  db: DbOrTx,
  colegioId: number,
  q: PageRequest & { filter: string; sortBy?: "name" | "providers" | undefined; sortDesc?: "ASC" | "DESC" | undefined },
) {
  const orderBy = sortSql(
    { name: "lower(a.name)", providers: "providers" },
    q.sortBy ?? "name",
    q.sortDesc ?? "ASC",
    "a.id",
  );
  return fetchPage(
    db,
    q,
    {
      select: sql`a.id, a.name,
                  (select count(*) from company_activities ca
                   join colegio_members m on m.company_id = ca.company_id and m.colegio_id = a.colegio_id
                   where ca.activity_id = a.id and m.erased = false) as providers`,
      from: sql`activities a`,
      where: sql`a.colegio_id = ${colegioId} ${q.filter ? sql`and a.name ilike ${containsPattern(q.filter)}` : sql``}`,
      orderBy,
    },
    (r): ActivityRow => ({ id: Number(r.id), name: String(r.name), providers: Number(r.providers) }),
  );
}

export async function allActivities(db: DbOrTx, colegioId: number) {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from activities where colegio_id = ${colegioId} order by lower(name), id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The colegio's activity of that name, compared as the unique index does (case-insensitive). */
export async function findActivityByName(db: DbOrTx, colegioId: number, name: string) {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from activities where colegio_id = ${colegioId} and lower(name) = lower(${name}) limit 1`,
  );
  return row ? { id: Number(row.id), name: row.name } : undefined;
}

export async function insertActivity(db: DbOrTx, colegioId: number, name: string) {
  const [row] = await db.insert(activities).values({ colegioId, name }).returning({ id: activities.id });
  return { id: row!.id, name };
}

/** Deletes the colegio's activity (its providers lose it); false when the colegio has no such activity. */
export async function deleteActivity(db: DbOrTx, colegioId: number, id: number) {
  const deleted = await db
    .delete(activities)
    .where(and(eq(activities.id, id), eq(activities.colegioId, colegioId)))
    .returning({ id: activities.id });
  return deleted.length > 0;
}
