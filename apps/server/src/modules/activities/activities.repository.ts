import type { ActivityRow } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { activities } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";

const activityRow: (raw: Record<string, unknown>) => ActivityRow = rowReader({
  id: col.int,
  name: col.text,
  providers: col.int,
});
const activityName = { id: col.int, name: col.text };

export async function pageActivities(db: DbOrTx, colegioId: number, q: SortedPage<"name" | "providers">) {
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
    activityRow,
  );
}

export async function allActivities(db: DbOrTx, colegioId: number) {
  return queryTyped(
    db,
    sql`select id, name from activities where colegio_id = ${colegioId} order by lower(name), id`,
    activityName,
  );
}

/** The colegio's activity of that name, compared as the unique index does (case-insensitive). */
export async function findActivityByName(db: DbOrTx, colegioId: number, name: string) {
  const [row] = await queryTyped(
    db,
    sql`select id, name from activities where colegio_id = ${colegioId} and lower(name) = lower(${name}) limit 1`,
    activityName,
  );
  return row;
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
