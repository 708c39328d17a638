import { TOKEN_LIFETIME_HOURS, TokenAction, type TokenActionValue } from "@coordina/domain";
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { linkTokens } from "../../db/schema/index.js";
import { hashToken, newToken } from "../../lib/tokens.js";

/** Spends every open token matching `which`: those links stop working. */
async function spendOpenTokens(db: DbOrTx, which: SQL | undefined) {
  await db
    .update(linkTokens)
    .set({ usedAt: sql`now()` })
    .where(and(which, isNull(linkTokens.usedAt)));
}

/** Every unused link of a user stops working (its e-mail changed: the links went to the old address). */
export async function revokeUserLinks(db: DbOrTx, userId: number) {
  await spendOpenTokens(db, eq(linkTokens.userId, userId));
}

/** Spends every open token of an invitation (cancelled or accepted). */
export async function revokeInvitationTokens(db: DbOrTx, invitationId: number) {
  await spendOpenTokens(db, eq(linkTokens.invitationId, invitationId));
}

/** When a link of `action` issued now stops working. */
export function linkExpiry(action: TokenActionValue): Date {
  return new Date(Date.now() + TOKEN_LIFETIME_HOURS[action] * 3_600_000);
}

/**
 * Issues a link token (shakey) for one action: 256 random bits, stored as its SHA-256, expiring after the
 * action's lifetime. Earlier unused tokens of the same owner and action stop working. `email` is what the
 * link is about when that is not its owner's address (email-change: the new address). Call it inside the
 * transaction that stores what the link is for.
 */
export async function issueLinkToken(
  db: DbOrTx,
  input: { action: TokenActionValue; userId?: number; invitationId?: number; email?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const owner = input.invitationId
    ? eq(linkTokens.invitationId, input.invitationId)
    : eq(linkTokens.userId, input.userId ?? -1);
  // Two links issued at once for one owner and action take turns (until the transaction ends), so the
  // later one spends the earlier: simultaneous requests never leave two live links.
  const kind = `link-token:${input.action}:${input.invitationId ? "invitation" : "user"}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}), ${input.invitationId ?? input.userId ?? -1})`);
  await spendOpenTokens(db, and(owner, eq(linkTokens.action, input.action)));
  const token = newToken();
  const expiresAt = linkExpiry(input.action);
  await db.insert(linkTokens).values({
    tokenHash: hashToken(token),
    action: input.action,
    userId: input.userId ?? null,
    invitationId: input.invitationId ?? null,
    email: input.email ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

interface LiveToken<A extends TokenActionValue = TokenActionValue> {
  id: number;
  action: A;
  user_id: number | null;
  invitation_id: number | null;
  /** the account's e-mail: the invitation's or the user's */
  email: string | null;
  /** email-change: the new address the link confirms */
  new_email: string | null;
  company_name: string | null;
  invitation_status: string | null;
}

/** A token that is unused and unexpired, for one of `actions`, with what it points to. */
export async function findLiveToken<A extends TokenActionValue>(db: DbOrTx, token: string, actions: readonly A[]) {
  const [row] = await queryTyped(
    db,
    sql`select t.id, t.action, t.user_id, t.invitation_id,
               coalesce(i.email, u.email) as email, t.email as new_email,
               coalesce(i.company_name, c.name) as company_name,
               case when i.id is null then null
                    when i.status = 'pending' and i.expires_at <= now() then 'expired'
                    else i.status end as invitation_status
        from link_tokens t
        left join invitations i on i.id = t.invitation_id
        left join users u on u.id = t.user_id
        left join companies c on c.id = u.company_id
        where t.token_hash = ${hashToken(token)} and t.used_at is null and t.expires_at > now()
          and t.action in ${actions}
        limit 1`,
    {
      id: col.int,
      action: col.as<A>(),
      user_id: col.intOrNull,
      invitation_id: col.intOrNull,
      email: col.textOrNull,
      new_email: col.textOrNull,
      company_name: col.textOrNull,
      invitation_status: col.textOrNull,
    },
  );
  return row satisfies LiveToken<A> | undefined;
}

/**
 * Spends a token: only one caller ever gets the row back (single use, even for simultaneous requests).
 * Inside a transaction that later fails, the token stays usable.
 */
export async function consumeLinkToken(db: DbOrTx, token: string, actions: readonly TokenActionValue[]) {
  const [row] = await db
    .update(linkTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(linkTokens.tokenHash, hashToken(token)),
        isNull(linkTokens.usedAt),
        sql`${linkTokens.expiresAt} > now()`,
        inArray(linkTokens.action, [...actions]),
      ),
    )
    .returning();
  return row;
}

/** A user's change of e-mail still waiting for its link to be opened (the newest live one), if any. */
export async function findPendingEmailChange(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: linkTokens.email, expiresAt: linkTokens.expiresAt })
    .from(linkTokens)
    .where(
      and(
        eq(linkTokens.userId, userId),
        eq(linkTokens.action, TokenAction.emailChange),
        isNull(linkTokens.usedAt),
        sql`${linkTokens.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(linkTokens.id))
    .limit(1);
  return row?.email ? { email: row.email, expiresAt: row.expiresAt } : undefined;
}
