import type { INVITATION_SORTABLE, InvitationRow } from "@coordina/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { col, rowReader } from "../../db/rows.js";
import { communities, invitations } from "../../db/schema/index.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";

type InvitationSortKey = (typeof INVITATION_SORTABLE)[number];

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

/** The columns an invitation list may be sorted by besides its default (newest first). */
const SORT_COLUMNS = {
  email: "i.email",
  company_name: { expr: "i.company_name", nullable: true },
  status: "status",
} as const;

const invitationRow: (raw: Record<string, unknown>) => InvitationRow = rowReader({
  id: col.int,
  email: col.text,
  action: col.text,
  company_name: col.textOrNull,
  company_type: col.int,
  status: col.as<InvitationRow["status"]>(),
  created: col.iso,
  expires: col.isoOrNull,
  accepted_at: col.isoOrNull,
  invited_by: col.textOrNull,
});

/**
 * One page of the invitations a company sent, and their total. The default order (newest first) is read
 * from the end of index invitations_inviter_company_idx and stops after the page.
 */
export async function pageInvitations(db: DbOrTx, companyId: number, q: SortedPage<InvitationSortKey>) {
  const dir = q.sortDesc ?? (q.sortBy ? "ASC" : "DESC");
  // created_at is never null, so that order matches the index exactly (no sort step). Sorted by another
  // column, ties stay newest first whichever way the column goes.
  const orderBy =
    q.sortBy && q.sortBy !== "created"
      ? sortSql(SORT_COLUMNS, q.sortBy, dir, { expr: "i.id", dir: "DESC" })
      : sortSql({ created: "i.created_at" }, "created", dir, "i.id");
  const like = containsPattern(q.filter);
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
    invitationRow,
  );
}

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert): Promise<number> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  return row!.id;
}

/**
 * Changes an invitation that is still open (pending or expired); false when it no longer is. The status
 * is checked in the update itself: an acceptance or a cancel that committed since it was read wins.
 */
async function updateOpenInvitation(db: DbOrTx, id: number, changes: PgUpdateSetSource<typeof invitations>) {
  const changed = await db
    .update(invitations)
    .set(changes)
    .where(and(eq(invitations.id, id), inArray(invitations.status, ["pending", "expired"])))
    .returning({ id: invitations.id });
  return changed.length > 0;
}

/** An open invitation pending again until `expiresAt` (it is being resent). */
export const reopenInvitation = (db: DbOrTx, id: number, expiresAt: Date) =>
  updateOpenInvitation(db, id, { status: "pending", expiresAt });

export const cancelOpenInvitation = (db: DbOrTx, id: number) =>
  updateOpenInvitation(db, id, { status: "cancelled", cancelledAt: sql`now()` });

export async function markInvitationAccepted(db: DbOrTx, id: number, userId: number) {
  await db
    .update(invitations)
    .set({ status: "accepted", acceptedAt: sql`now()`, acceptedUserId: userId })
    .where(eq(invitations.id, id));
}
