import type { USER_SORTABLE, UserRow } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { companies, users } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";

const SORT_COLUMNS: Record<(typeof USER_SORTABLE)[number], string> = { email: "u.email", created: "u.created_at" };

const userRow: (raw: Record<string, unknown>) => UserRow = rowReader({
  id: col.int,
  email: col.text,
  user_role: col.int,
  active: col.bool,
  erased: col.bool,
  manager: col.bool,
  created: col.iso,
});

/** One page of a company's users and their total (index users_company_idx). */
export async function pageUsers(db: DbOrTx, companyId: number, q: SortedPage<(typeof USER_SORTABLE)[number]>) {
  // Ties keep the users' order (by id) whichever way the column goes.
  const orderBy = sortSql(SORT_COLUMNS, q.sortBy ?? "email", q.sortDesc ?? "ASC", { expr: "u.id", dir: "ASC" });
  return fetchPage(
    db,
    q,
    {
      select: sql`u.id, u.email, u.user_role, u.password_hash is not null as active, u.erased,
                  coalesce(c.owner_user_id = u.id, false) as manager, u.created_at as created`,
      from: sql`users u join companies c on c.id = u.company_id`,
      where: sql`u.company_id = ${companyId} ${q.filter ? sql`and u.email ilike ${containsPattern(q.filter)}` : sql``}`,
      orderBy,
    },
    userRow,
  );
}

export async function companyWithOwner(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ company: companies, owner: { id: users.id, email: users.email, role: users.userRole } })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/** A user's row, locked until the end of the transaction (two changes of one account queue up). */
export async function lockUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      companyId: users.companyId,
      erased: users.erased,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/**
 * Makes `newEmail` the user's login (users_email_key refuses one taken meanwhile). The company's contact
 * e-mail follows its manager's when it was the same address, as in the colegio's company editor.
 */
export async function setUserEmail(
  db: DbOrTx,
  user: { id: number; companyId: number; email: string },
  newEmail: string,
) {
  await db.update(users).set({ email: newEmail }).where(eq(users.id, user.id));
  await db
    .update(companies)
    .set({ email: newEmail })
    .where(and(eq(companies.id, user.companyId), eq(companies.ownerUserId, user.id), eq(companies.email, user.email)));
}

/** An invitation still open for `email` (a pending one past its date no longer counts, as for invitations). */
export async function hasPendingInvitation(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await queryTyped(
    db,
    sql`select 1 as one from invitations where email = ${email} and status = 'pending' and expires_at > now() limit 1`,
    { one: col.int },
  );
  return rows.length > 0;
}
