import {
  creatableCompanyTypes,
  ErrorKey,
  InviteAction,
  type InviteParsed,
  normalizeEmail,
  ROLE_DISPLAY_NAME,
  Role,
  type RoleNumber,
  TokenAction,
  type TokenActionValue,
  ValidationKey,
} from "@coordina/domain";
import type { DbOrTx } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { findUserByEmail } from "../auth/auth.repository.js";
import { findCompany, isSoleColegio } from "../companies/companies.repository.js";
import { invitationMail } from "../mail/templates.js";
import { type AccountsContext, tokenLink } from "./context.js";
import { joinCompanyPolicy, newCompanyPolicy } from "./invitations.policy.js";
import { expireOverdue, findLiveCommunity, insertInvitation } from "./invitations.repository.js";
import { releaseAbandonedRegistration } from "./registry.service.js";
import { issueLinkToken, linkExpiry } from "./tokens.repository.js";

/** The levels the caller may create, in policy order (the form preselects the first). */
export function companyTypesFor(actor: Actor) {
  return creatableCompanyTypes(actor.role).map((id) => ({ id, name: ROLE_DISPLAY_NAME[id as RoleNumber] }));
}

/** A porter invited to create their company signs up in full; everyone else only sets a password. */
export const tokenActionFor = (invitation: { action: string; companyType: number }): TokenActionValue =>
  invitation.action === InviteAction.createCompany && invitation.companyType === Role.portero
    ? TokenAction.registerPortero
    : TokenAction.invitation;

/** One pending invitation per e-mail: the unique index settles two requests at once. */
export function pendingConflict(err: unknown): never {
  if (isUniqueViolation(err, "invitations_pending_email_key"))
    throw new AppError(409, ErrorKey.invitationPendingExists);
  throw err;
}

/** What an invitation promises: the company to create, or the one to join. */
interface InvitationValues {
  action: string;
  companyType: number;
  companyName: string | null;
  targetCompanyId: number | null;
  communityId: number | null;
  colegioId: number | null;
  /** colegios: their region */
  region?: string | null;
}

/** create-company-user: the caller's company, or one the colegio administers alone. */
async function joiningValues(ctx: AccountsContext, actor: Actor, companyId: number): Promise<InvitationValues> {
  const target = await findCompany(ctx.db, companyId);
  if (!target) throw notFound();
  // The colegio adds users only to a company no other colegio shares (see isSoleColegio).
  const soleColegioMember = target.id !== actor.companyId && (await isSoleColegio(ctx.db, actor.companyId, target.id));
  requireAccess(joinCompanyPolicy, actor, "addUser", { target, soleColegioMember });
  return {
    action: InviteAction.createCompanyUser,
    companyType: target.type,
    companyName: target.name,
    targetCompanyId: target.id,
    communityId: null,
    colegioId: null,
  };
}

/** create-company: a new company of a level the caller creates, a porter's maybe for a community. */
async function creatingValues(
  ctx: AccountsContext,
  actor: Actor,
  input: InviteParsed,
  region: string | undefined,
): Promise<InvitationValues> {
  // The spec's fallback type is 25 when none is given.
  const type = input.company?.type ?? input.usertype ?? Role.portero;
  requireAccess(
    newCompanyPolicy,
    actor,
    "invite",
    { type },
    () => new AppError(403, ErrorKey.invitationLevelForbidden),
  );
  const name = input.company?.name?.trim() ?? "";
  if (!name) throw new AppError(400, ValidationKey.companyNameRequired);
  let communityId: number | null = null;
  if (input.id_finca !== undefined) {
    const community = await findLiveCommunity(ctx.db, input.id_finca);
    requireAccess(newCompanyPolicy, actor, "inviteToCommunity", { type, community });
    communityId = community!.id;
  }
  return {
    action: InviteAction.createCompany,
    companyType: type,
    companyName: name,
    targetCompanyId: null,
    communityId,
    // Administrators and providers invited by a colegio become members of it.
    colegioId:
      actor.role === Role.colegio && (type === Role.administrador || type === Role.gremio) ? actor.companyId : null,
    region: type === Role.colegio ? (region ?? null) : null,
  };
}

/**
 * Invites someone to create a company (create-company) or to join one (create-company-user). Nothing but
 * the invitation exists until the invitee accepts; the e-mail goes through the outbox.
 */
export async function invite(
  ctx: AccountsContext,
  actor: Actor,
  input: InviteParsed,
  extra: { region?: string | undefined } = {},
) {
  await consumeRate(ctx.db, `invite:user:${actor.userId}`, ctx.limits.invitePerUser);
  const email = normalizeEmail(input.email);
  const values =
    input.action === InviteAction.createCompanyUser
      ? await joiningValues(ctx, actor, input.company_id ?? actor.companyId)
      : await creatingValues(ctx, actor, input, extra.region);

  await releaseAbandonedRegistration(ctx.db, { email });
  if (await findUserByEmail(ctx.db, email)) throw new AppError(409, ErrorKey.invitationUserExists);
  const inviter = await findCompany(ctx.db, actor.companyId);

  const tokenAction = tokenActionFor(values);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await expireOverdue(tx, email);
      const id = await insertInvitation(tx, {
        ...values,
        email,
        inviterUserId: actor.userId,
        inviterCompanyId: actor.companyId,
        expiresAt: linkExpiry(tokenAction),
      });
      await sendInvitationMail(ctx, tx, id, email, values, tokenAction, inviter?.name ?? "Coordina");
      return id;
    });
    ctx.mailer.nudge();
    return { id };
  } catch (err) {
    pendingConflict(err);
  }
}

/** Issues the invitation's link (the older ones stop working) and mails it, in the caller's transaction. */
export async function sendInvitationMail(
  ctx: AccountsContext,
  db: DbOrTx,
  invitationId: number,
  email: string,
  values: { action: string; companyType: number; companyName: string | null },
  action: TokenActionValue,
  inviterName: string,
) {
  const { token, expiresAt } = await issueLinkToken(db, { action, invitationId });
  await ctx.mailer.enqueue(
    db,
    "invitation",
    email,
    invitationMail({
      link: tokenLink(ctx, "invitation", token),
      inviterCompany: inviterName,
      companyName: values.companyName,
      companyType: values.companyType,
      joiningExisting: values.action === InviteAction.createCompanyUser,
      porter: action === TokenAction.registerPortero,
      expiresAt,
    }),
  );
}
