import type { INVITATION_SORTABLE, InvitationRow } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.js";
import { colegioMembers, communities, companies, invitations } from "../../db/schema/index.js";
import { containsPattern } from "../../lib/paging.js";

export async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function isColegioMember(db: Db, colegioId: number, companyId: number) {
  const [row] = await db
    .select({ id: colegioMembers.companyId })
    .from(colegioMembers)
    .where(and(eq(colegioMembers.colegioId, colegioId), eq(colegioMembers.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

export async function findLiveCommunity(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.id, id), eq(communities.erased, false)))
    .limit(1);
  return row;
}

/** A pending invitation past its date no longer blocks a new one for the same e-mail. */
export async function expireOverdue(db: Db, email: string) {
  await db.execute(
    sql`update invitations set status = 'expired' where email = ${email} and status = 'pending' and expires_at <= now()`,
  );
}

export async function findInvitation(db: Db, id: number, forUpdate = false) {
  const query = db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

const SORT_SQL: Record<(typeof INVITATION_SORTABLE)[number], string> = {
  email: "i.email",
  company_name: "i.company_name",
  created: "i.created_at",
  status: "status",
};

/**
 * One page of the invitations a company sent, and their total: two queries, so the page is read from
 * the end of index invitations_inviter_company_idx (newest first) instead of numbering every row of a
 * long history; the count is a separate index scan.
 */
export async function pageInvitations(
  db: Db,
  companyId: number,
  q: { page: number; limit: number; filter: string; sortBy?: keyof typeof SORT_SQL; sortDesc?: "ASC" | "DESC" },
) {
  // created_at is never null, so the default order matches the index exactly (no sort step).
  const order = sql.raw(
    q.sortBy && q.sortBy !== "created"
      ? `${SORT_SQL[q.sortBy]} ${q.sortDesc ?? "ASC"} nulls last, i.id desc`
      : `i.created_at ${q.sortDesc ?? (q.sortBy ? "ASC" : "DESC")}, i.id ${q.sortDesc ?? (q.sortBy ? "ASC" : "DESC")}`,
  );
  const like = containsPattern(q.filter);
  const where = sql`i.inviter_company_id = ${companyId}
    ${q.filter ? sql`and (i.email ilike ${like} or i.company_name ilike ${like})` : sql``}`;
  const [rows, [counted]] = await Promise.all([
    queryRows<
      Omit<InvitationRow, "created" | "expires" | "accepted_at"> & {
        created: Date | string;
        expires: Date | string | null;
        accepted_at: Date | string | null;
      }
    >(
      db,
      sql`select i.id, i.email, i.action, i.company_name, i.company_type,
                 case when i.status = 'pending' and i.expires_at <= now() then 'expired' else i.status end as status,
                 i.created_at as created, i.expires_at as expires, i.accepted_at, u.email as invited_by
          from invitations i
          left join users u on u.id = i.inviter_user_id
          where ${where}
          order by ${order}
          limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from invitations i where ${where}`),
  ]);
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    count: Number(counted?.n ?? 0),
    data: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      company_type: Number(r.company_type),
      created: new Date(r.created).toISOString(),
      expires: iso(r.expires),
      accepted_at: iso(r.accepted_at),
    })),
  };
}
