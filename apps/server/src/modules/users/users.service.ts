import { ErrorKey, normalizeEmail, Role } from "@coordina/domain";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import type { AccountsContext } from "../accounts/context.js";
import { revokeUserLinks } from "../accounts/tokens.repository.js";
import type { Actor } from "../auth/auth.service.js";
import { isColegioMember } from "../companies/companies.repository.js";
import { emailChangedMail } from "../mail/templates.js";
import { companyWithOwner, pageUsers } from "./users.repository.js";

/** A company's users: the caller's own company, or (for the colegio) a member company of its colegio. */
export async function listUsers(
  ctx: AccountsContext,
  actor: Actor,
  q: Parameters<typeof pageUsers>[2] & { company_id?: number | undefined },
) {
  const companyId = q.company_id ?? actor.companyId;
  // A colegio membership row exists only for a real company: it is the whole check.
  if (companyId !== actor.companyId) {
    const allowed = actor.role === Role.colegio && (await isColegioMember(ctx.db, actor.companyId, companyId));
    if (!allowed) throw forbidden();
  }
  return pageUsers(ctx.db, companyId, q);
}

export async function myCompany(ctx: AccountsContext, actor: Actor) {
  const row = await companyWithOwner(ctx.db, actor.companyId);
  if (!row) throw notFound();
  const c = row.company;
  return {
    id: c.id,
    name: c.name,
    cif: c.cif,
    type: c.type,
    erased: c.erased,
    email: c.email,
    person: c.contactPerson,
    tfn: c.phone,
    address: c.address,
    city: c.city,
    country: c.province,
    postcode: c.postcode,
    owner_user: row.owner ? { id: row.owner.id, email: row.owner.email, user_role: row.owner.role } : null,
  };
}

/**
 * Mis datos: a user changes their own e-mail (the login key). It must stay unique; both the old and the
 * new address are told, so a stolen session cannot quietly take the account over, and the links mailed to
 * the old address stop working.
 */
export async function editOwnEmail(ctx: AccountsContext, actor: Actor, userId: number, rawEmail: string) {
  if (userId !== actor.userId) throw forbidden();
  const email = normalizeEmail(rawEmail);
  if (email === actor.email) return { id: actor.userId, email };
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ email }).where(eq(users.id, actor.userId));
      // Links already mailed to the old address (recovery, registration) must not outlive the change.
      await revokeUserLinks(tx, actor.userId);
      const change = { oldEmail: actor.email, newEmail: email };
      await ctx.mailer.enqueue(tx, "email-change", actor.email, emailChangedMail({ ...change, toOld: true }));
      await ctx.mailer.enqueue(tx, "email-change", email, emailChangedMail({ ...change, toOld: false }));
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.emailTaken);
    throw err;
  }
  ctx.mailer.nudge();
  return { id: actor.userId, email };
}
