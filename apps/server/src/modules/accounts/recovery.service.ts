import { ErrorKey, normalizeEmail, TokenAction } from "@coordina/domain";
import { AppError } from "../../lib/app-error.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { findUserByEmail, liftLoginLocks, revokeUserSessions } from "../auth/auth.repository.js";
import { hashPassword } from "../auth/passwords.js";
import { recoveryMail } from "../mail/templates.js";
import { setPassword } from "./accounts.repository.js";
import { type AccountsContext, tokenLink } from "./context.js";
import { consumeLinkToken, findLiveToken, issueLinkToken } from "./tokens.repository.js";

/**
 * Starts a password recovery: a single-use link valid for 2 hours, by e-mail. The answer is the same
 * whether the address is registered or not, in status, body and time: after the rate limits (counted
 * alike for every address) the lookup and the mail happen after the answer, in the background.
 */
export async function startRecovery(ctx: AccountsContext, rawEmail: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  await consumeRate(ctx.db, `recover:ip:${ip}`, ctx.limits.recoverPerIp);
  await consumeRate(ctx.db, `recover:acct:${email}`, ctx.limits.recoverPerEmail);
  ctx.background.run("recovery", () => sendRecoveryLink(ctx, email));
}

async function sendRecoveryLink(ctx: AccountsContext, email: string) {
  const found = await findUserByEmail(ctx.db, email);
  if (!found || found.user.erased) return;
  await ctx.db.transaction(async (tx) => {
    const { token, expiresAt } = await issueLinkToken(tx, { action: TokenAction.recovery, userId: found.user.id });
    await ctx.mailer.enqueue(
      tx,
      "recovery",
      email,
      recoveryMail({ link: tokenLink(ctx, "recovery", token), expiresAt }),
    );
  });
  ctx.mailer.nudge();
}

export async function checkRecoveryToken(ctx: AccountsContext, shakey: string) {
  const live = await findLiveToken(ctx.db, shakey, [TokenAction.recovery]);
  if (!live?.email) throw new AppError(404, ErrorKey.tokenInvalid);
  return { action: live.action, email: live.email, company_name: null };
}

/** Sets the new password, spends the link and ends every open session of the user. */
export async function completeRecovery(ctx: AccountsContext, shakey: string, password: string) {
  const passwordHash = await hashPassword(password);
  const email = await ctx.db.transaction(async (tx) => {
    const token = await consumeLinkToken(tx, shakey, [TokenAction.recovery]);
    if (!token?.userId) throw new AppError(404, ErrorKey.recoveryLinkNotFound);
    const user = await setPassword(tx, token.userId, passwordHash);
    if (!user) throw new AppError(404, ErrorKey.recoveryLinkNotFound);
    await revokeUserSessions(tx, user.id);
    return user.email;
  });
  // Whoever proved they own the mailbox may sign in again at once, from anywhere.
  await liftLoginLocks(ctx.db, email);
}
