import { ErrorKey, normalizeEmail, TokenAction } from "@coordina/domain";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { type AccountsContext, tokenLink } from "../accounts/context.js";
import { releaseAbandonedRegistration } from "../accounts/registry.service.js";
import {
  consumeLinkToken,
  findPendingEmailChange,
  issueLinkToken,
  revokeUserLinks,
} from "../accounts/tokens.repository.js";
import { findUserByEmail, liftLoginLocks, revokeUserSessions } from "../auth/auth.repository.js";
import { emailChangeConfirmMail, emailChangeDoneMail, emailChangeRequestedMail } from "../mail/templates.js";
import { personalDataPolicy } from "./users.policy.js";
import { hasPendingInvitation, lockUser, setUserEmail } from "./users.repository.js";

/*
 * Mis datos: changing one's login e-mail, in two steps.
 *
 * 1. users/edit/{id} records the request as an `email-change` link token carrying the new address and
 *    mails the link to that address only; the current address is told, without a link. Nothing about
 *    the account changes. Asking again replaces the earlier request (issueLinkToken spends it).
 * 2. users/email-change/confirm, opened from the new mailbox, spends the token and makes the change in
 *    one transaction: the e-mail, the links mailed to the old address, every session of the user, and
 *    the two notices.
 *
 * Why every session ends: the login identity changed, and each session was opened under the old one. A
 * session stolen before the change (the way someone could have asked for it) must not outlive it, and
 * sessions are how the web app knows the user's e-mail, so a fresh login is also the one way every
 * device sees the new address. Recovery ends every session for the same reason.
 *
 * Why the confirmation is public: the link may be opened on a phone with no session. The token alone
 * decides (256 random bits, single use, 24 hours); a session sent along is ignored, so nobody confirms
 * another user's change with their own session, and the answer to a bad link says nothing more than
 * that it does not work.
 */

/** The address a request would move the user to must be nobody's: no user, no open invitation. */
async function assertAddressFree(ctx: AccountsContext, email: string) {
  if (await findUserByEmail(ctx.db, email)) throw new AppError(409, ErrorKey.emailTaken);
  if (await hasPendingInvitation(ctx.db, email)) throw new AppError(409, ErrorKey.emailPendingInvitation);
}

/**
 * Asks to change the caller's own e-mail to `rawEmail`. Only oneself (403 otherwise, checked before
 * anything else); the same address as now changes nothing. Rate-limited per user, since each request
 * mails an address the caller chose.
 */
export async function requestEmailChange(ctx: AccountsContext, actor: Actor, userId: number, rawEmail: string) {
  requireAccess(personalDataPolicy, actor, "changeEmail", { own: userId === actor.userId });
  const user = { id: actor.userId, email: actor.email };
  const email = normalizeEmail(rawEmail);
  if (email === actor.email) return { user, pending: null };
  // Counted before the checks, so the answers (taken or not) cannot be used to scan addresses either.
  await consumeRate(ctx.db, `email-change:user:${actor.userId}`, ctx.limits.emailChangePerUser);
  // A self-registration never finished does not hold the address (as for invitations).
  await releaseAbandonedRegistration(ctx.db, { email });
  await assertAddressFree(ctx, email);

  const expiresAt = await ctx.db.transaction(async (tx) => {
    const issued = await issueLinkToken(tx, { action: TokenAction.emailChange, userId: actor.userId, email });
    const link = tokenLink(ctx, "email-change", issued.token);
    const change = { oldEmail: actor.email, newEmail: email, expiresAt: issued.expiresAt };
    await ctx.mailer.enqueue(tx, "email-change", email, emailChangeConfirmMail({ ...change, link }));
    await ctx.mailer.enqueue(tx, "email-change", actor.email, emailChangeRequestedMail(change));
    return issued.expiresAt;
  });
  ctx.mailer.nudge();
  return { user, pending: { email, expires: expiresAt.toISOString() } };
}

/** The caller's change of e-mail still waiting for confirmation, or null. */
export async function pendingEmailChange(ctx: AccountsContext, actor: Actor) {
  const pending = await findPendingEmailChange(ctx.db, actor.userId);
  return pending ? { email: pending.email, expires: pending.expiresAt.toISOString() } : null;
}

const invalidLink = () => new AppError(404, ErrorKey.emailChangeLinkInvalid);

/**
 * Confirms a change of e-mail with the link mailed to the new address. The token is spent in the same
 * transaction as the change, so two simultaneous confirmations give one success, and a refusal (the
 * address was taken or invited meanwhile) leaves the link as it was.
 */
export async function confirmEmailChange(ctx: AccountsContext, shakey: string) {
  let change: { oldEmail: string; newEmail: string };
  try {
    change = await ctx.db.transaction(async (tx) => {
      const token = await consumeLinkToken(tx, shakey, [TokenAction.emailChange]);
      if (!token?.userId || !token.email) throw invalidLink();
      const user = await lockUser(tx, token.userId);
      // A password changed after the request (a recovery by the mailbox's owner) cancels it.
      if (!user || user.erased || (user.passwordChangedAt && user.passwordChangedAt > token.createdAt))
        throw invalidLink();
      const newEmail = token.email;
      if (await hasPendingInvitation(tx, newEmail)) throw new AppError(409, ErrorKey.emailPendingInvitation);
      await setUserEmail(tx, user, newEmail);
      // Links mailed to the old address (recovery, registration, other requests) stop working…
      await revokeUserLinks(tx, user.id);
      // …and so does every session, opened under the old login.
      await revokeUserSessions(tx, user.id);
      const done = { oldEmail: user.email, newEmail };
      await ctx.mailer.enqueue(tx, "email-change", user.email, emailChangeDoneMail({ ...done, toOld: true }));
      await ctx.mailer.enqueue(tx, "email-change", newEmail, emailChangeDoneMail({ ...done, toOld: false }));
      return done;
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.emailTaken);
    throw err;
  }
  ctx.mailer.nudge();
  // Whoever opened the link owns the new mailbox: failed sign-ins counted against it do not lock them out.
  await liftLoginLocks(ctx.db, change.newEmail);
  return { email: change.newEmail };
}
