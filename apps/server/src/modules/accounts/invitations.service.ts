import { ErrorKey } from "@coordina/domain";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { findUserByEmail } from "../auth/auth.repository.js";
import { findCompany } from "../companies/companies.repository.js";
import type { AccountsContext } from "./context.js";
import { sentInvitationPolicy } from "./invitations.policy.js";
import {
  cancelOpenInvitation,
  expireOverdue,
  findInvitation,
  pageInvitations,
  reopenInvitation,
} from "./invitations.repository.js";
import { pendingConflict, sendInvitationMail, tokenActionFor } from "./invite.service.js";
import { linkExpiry, revokeInvitationTokens } from "./tokens.repository.js";

/** The invitations the caller's company sent (it alone lists, resends and cancels them). */
export async function listInvitations(ctx: AccountsContext, actor: Actor, q: Parameters<typeof pageInvitations>[2]) {
  return pageInvitations(ctx.db, actor.companyId, q);
}

async function managedInvitation(ctx: AccountsContext, actor: Actor, id: number) {
  const invitation = await findInvitation(ctx.db, id);
  // Another company's invitation is answered as if it did not exist.
  if (!invitation) throw notFound();
  requireAccess(sentInvitationPolicy, actor, "manage", invitation, notFound);
  return invitation;
}

const notPending = () => new AppError(409, ErrorKey.invitationNotPending);

/** Sends the invitation again with a new link (the old one stops working) and a new expiry. */
export async function resendInvitation(ctx: AccountsContext, actor: Actor, id: number) {
  const invitation = await managedInvitation(ctx, actor, id);
  if (invitation.status !== "pending" && invitation.status !== "expired") throw notPending();
  await consumeRate(ctx.db, `invite:user:${actor.userId}`, ctx.limits.invitePerUser);
  if (await findUserByEmail(ctx.db, invitation.email)) throw new AppError(409, ErrorKey.invitationUserExists);
  const inviter = await findCompany(ctx.db, invitation.inviterCompanyId);
  const tokenAction = tokenActionFor(invitation);
  try {
    await ctx.db.transaction(async (tx) => {
      await expireOverdue(tx, invitation.email);
      // Still open? An acceptance or a cancel that committed since it was read wins.
      if (!(await reopenInvitation(tx, invitation.id, linkExpiry(tokenAction)))) throw notPending();
      const inviterName = inviter?.name ?? "Coordina";
      await sendInvitationMail(ctx, tx, invitation.id, invitation.email, invitation, tokenAction, inviterName);
    });
  } catch (err) {
    pendingConflict(err);
  }
  ctx.mailer.nudge();
}

export async function cancelInvitation(ctx: AccountsContext, actor: Actor, id: number) {
  const invitation = await managedInvitation(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await cancelOpenInvitation(tx, invitation.id))) throw notPending();
    await revokeInvitationTokens(tx, invitation.id);
  });
}
