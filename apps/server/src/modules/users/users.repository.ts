import type { USER_SORTABLE, UserRow } from "@coordina/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, users } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type PageRequest } from "../../lib/paging.js";

const SORT_SQL: Record<(typeof USER_SORTABLE)[number], string> = { email: "u.email", created: "u.created_at" };

/** One page of a company's users and their total (index users_company_idx). */
export async function pageUsers(
  db: Db,
  companyId: number,
  q: PageRequest & { filter: string; sortBy?: keyof typeof SORT_SQL; sortDesc?: "ASC" | "DESC" },
) {
  return fetchPage(
    db,
    q,
    {
      select: sql`u.id, u.email, u.user_role, u.password_hash is not null as active, u.erased,
                  coalesce(c.owner_user_id = u.id, false) as manager, u.created_at as created`,
      from: sql`users u join companies c on c.id = u.company_id`,
      where: sql`u.company_id = ${companyId} ${q.filter ? sql`and u.email ilike ${containsPattern(q.filter)}` : sql``}`,
      orderBy: sql.raw(`${SORT_SQL[q.sortBy ?? "email"]} ${q.sortDesc ?? "ASC"}, u.id`),
    },
    (r): UserRow => ({
      id: Number(r.id),
      email: String(r.email),
      user_role: Number(r.user_role),
      active: Boolean(r.active),
      erased: Boolean(r.erased),
      manager: Boolean(r.manager),
      created: new Date(r.created as string).toISOString(),
    }),
  );
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
