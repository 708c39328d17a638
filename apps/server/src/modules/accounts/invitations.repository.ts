import type { INVITATION_SORTABLE, InvitationRow } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { communities, invitations } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type PageRequest } from "../../lib/paging.js";

export async function findLiveCommunity(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.id, id), eq(communities.erased, false)))
    .limit(1);
  return row;
}

/** A pending invitation past its date no longer blocks a new one for the same e-mail. */
export async function expireOverdue(db: DbOrTx, email: string) {
  await db.execute(
    sql`update invitations set status = 'expired' where email = ${email} and status = 'pending' and expires_at <= now()`,
  );
}

export async function findInvitation(db: DbOrTx, id: number, forUpdate = false) {
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
 * One page of the invitations a company sent, and their total. The default order (newest first) is read
 * from the end of index invitations_inviter_company_idx and stops after the page.
 */
export async function pageInvitations(
  db: DbOrTx,
  companyId: number,
  q: PageRequest & { filter: string; sortBy?: keyof typeof SORT_SQL; sortDesc?: "ASC" | "DESC" },
) {
  const dir = q.sortDesc ?? (q.sortBy ? "ASC" : "DESC");
  // created_at is never null, so that order matches the index exactly (no sort step).
  const orderBy = sql.raw(
    q.sortBy && q.sortBy !== "created"
      ? `${SORT_SQL[q.sortBy]} ${dir} nulls last, i.id desc`
      : `i.created_at ${dir}, i.id ${dir}`,
  );
  const like = containsPattern(q.filter);
  const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
  return fetchPage(
    db,
    q,
    {
      select: sql`i.id, i.email, i.action, i.company_name, i.company_type,
                  case when i.status = 'pending' and i.expires_at <= now() then 'expired' else i.status end as status,
                  i.created_at as created, i.expires_at as expires, i.accepted_at, u.email as invited_by`,
      from: sql`invitations i left join users u on u.id = i.inviter_user_id`,
      where: sql`i.inviter_company_id = ${companyId}
                 ${q.filter ? sql`and (i.email ilike ${like} or i.company_name ilike ${like})` : sql``}`,
      orderBy,
    },
    (r): InvitationRow => ({
      id: Number(r.id),
      email: String(r.email),
      action: String(r.action),
      company_name: r.company_name as string | null,
      company_type: Number(r.company_type),
      status: r.status as InvitationRow["status"],
      created: new Date(r.created as string).toISOString(),
      expires: iso(r.expires),
      accepted_at: iso(r.accepted_at),
      invited_by: r.invited_by as string | null,
    }),
  );
}
