import type { USER_SORTABLE, UserRow } from "@coordina/domain";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.js";
import { companies, users } from "../../db/schema/index.js";
import { containsPattern, totalOf } from "../../lib/paging.js";

const SORT_SQL: Record<(typeof USER_SORTABLE)[number], string> = { email: "u.email", created: "u.created_at" };

/** One page of a company's users with the total, in one query (index users_company_idx). */
export async function pageUsers(
  db: Db,
  companyId: number,
  q: { page: number; limit: number; filter: string; sortBy?: keyof typeof SORT_SQL; sortDesc?: "ASC" | "DESC" },
) {
  const order = sql.raw(`${SORT_SQL[q.sortBy ?? "email"]} ${q.sortDesc ?? "ASC"}, u.id`);
  const where = sql`u.company_id = ${companyId} ${q.filter ? sql`and u.email ilike ${containsPattern(q.filter)}` : sql``}`;
  const rows = await queryRows<Omit<UserRow, "created"> & { created: Date | string; total: number }>(
    db,
    sql`select u.id, u.email, u.user_role, u.password_hash is not null as active, u.erased,
               coalesce(c.owner_user_id = u.id, false) as manager, u.created_at as created,
               count(*) over () as total
        from users u join companies c on c.id = u.company_id
        where ${where}
        order by ${order}
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return {
    count: await totalOf(rows, q.page, async () => {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*) as n from users u where ${where}`);
      return Number(row?.n ?? 0);
    }),
    data: rows.map(({ total: _total, ...r }) => ({
      ...r,
      id: Number(r.id),
      user_role: Number(r.user_role),
      created: new Date(r.created).toISOString(),
    })),
  };
}

export async function companyWithOwner(db: Db, companyId: number) {
  const [row] = await db
    .select({ company: companies, owner: { id: users.id, email: users.email, role: users.userRole } })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}
