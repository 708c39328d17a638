import {
  creatableCompanyTypes,
  ErrorKey,
  InviteAction,
  type InviteParsed,
  normalizeEmail,
  normalizeTaxId,
  ROLE_DISPLAY_NAME,
  Role,
  type RoleNumber,
  TokenAction,
  type TokenActionValue,
  ValidationKey,
} from "@coordina/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { colegioMembers, communityPorters, companies, invitations, users } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { findUserByEmail } from "../auth/auth.repository.js";
import { hashPassword } from "../auth/passwords.js";
import { findCompany, isSoleColegio } from "../companies/companies.repository.js";
import { invitationMail } from "../mail/templates.js";
import { type AccountsContext, tokenLink } from "./context.js";
import { invitationPolicy } from "./invitations.policy.js";
import { expireOverdue, findInvitation, findLiveCommunity, pageInvitations } from "./invitations.repository.js";
import { releaseAbandonedRegistration } from "./registry.service.js";
import {
  consumeLinkToken,
  findLiveToken,
  issueLinkToken,
  linkExpiry,
  revokeInvitationTokens,
} from "./tokens.repository.js";

/** The levels the caller may create, in policy order (the form preselects the first). */
export function companyTypesFor(actor: Actor) {
  return creatableCompanyTypes(actor.role).map((id) => ({ id, name: ROLE_DISPLAY_NAME[id as RoleNumber] }));
}

/** A porter invited to create their company signs up in full; everyone else only sets a password. */
const tokenActionFor = (invitation: { action: string; companyType: number }): TokenActionValue =>
  invitation.action === InviteAction.createCompany && invitation.companyType === Role.portero
    ? TokenAction.registerPortero
    : TokenAction.invitation;

/** One pending invitation per e-mail: the unique index settles two requests at once. */
function pendingConflict(err: unknown): never {
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

  let values: InvitationValues;
  if (input.action === InviteAction.createCompanyUser) {
    const target = await findCompany(ctx.db, input.company_id ?? actor.companyId);
    if (!target) throw notFound();
    // The colegio adds users only to a company no other colegio shares (see isSoleColegio).
    const member = target.id !== actor.companyId && (await isSoleColegio(ctx.db, actor.companyId, target.id));
    if (!invitationPolicy.mayAddUserTo(actor, target, member)) throw forbidden();
    values = {
      action: InviteAction.createCompanyUser,
      companyType: target.type,
      companyName: target.name,
      targetCompanyId: target.id,
      communityId: null,
      colegioId: null,
    };
  } else {
    // The spec's fallback type is 25 when none is given.
    const type = input.company?.type ?? input.usertype ?? Role.portero;
    if (!invitationPolicy.mayCreateCompanyOfType(actor, type))
      throw new AppError(403, ErrorKey.invitationLevelForbidden);
    const name = input.company?.name?.trim() ?? "";
    if (!name) throw new AppError(400, ValidationKey.companyNameRequired);
    let communityId: number | null = null;
    if (input.id_finca !== undefined) {
      const community = await findLiveCommunity(ctx.db, input.id_finca);
      if (type !== Role.portero || !community || community.adminCompanyId !== actor.companyId) throw forbidden();
      communityId = community.id;
    }
    values = {
      action: InviteAction.createCompany,
      companyType: type,
      companyName: name,
      targetCompanyId: null,
      communityId,
      // Administrators and providers invited by a colegio become members of it.
      colegioId:
        actor.role === Role.colegio && (type === Role.administrador || type === Role.gremio) ? actor.companyId : null,
      region: type === Role.colegio ? (extra.region ?? null) : null,
    };
  }

  await releaseAbandonedRegistration(ctx.db, { email });
  if (await findUserByEmail(ctx.db, email)) throw new AppError(409, ErrorKey.invitationUserExists);
  const inviter = await findCompany(ctx.db, actor.companyId);

  const id = await createAndSend(ctx, actor, email, values, inviter?.name ?? "Coordina");
  return { id };
}

async function createAndSend(
  ctx: AccountsContext,
  actor: Actor,
  email: string,
  values: InvitationValues,
  inviterName: string,
) {
  const tokenAction = tokenActionFor(values);
  const expiresAt = linkExpiry(tokenAction);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await expireOverdue(tx, email);
      const [row] = await tx
        .insert(invitations)
        .values({
          ...values,
          email,
          inviterUserId: actor.userId,
          inviterCompanyId: actor.companyId,
          expiresAt,
        })
        .returning({ id: invitations.id });
      await sendInvitationMail(ctx, tx, row!.id, email, values, tokenAction, inviterName);
      return row!.id;
    });
    ctx.mailer.nudge();
    return id;
  } catch (err) {
    pendingConflict(err);
  }
}

async function sendInvitationMail(
  ctx: AccountsContext,
  db: Db,
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

/** users/checkin: the invitation (or registration) link is live. */
export async function checkInvitationToken(ctx: AccountsContext, shakey: string) {
  const live = await findLiveToken(ctx.db, shakey, [
    TokenAction.invitation,
    TokenAction.registerPortero,
    TokenAction.registry,
  ]);
  if (!live?.email) throw new AppError(404, ErrorKey.tokenInvalid);
  if (live.invitation_id !== null && live.invitation_status !== "pending") {
    throw new AppError(404, ErrorKey.invitationNotFound);
  }
  return { action: live.action, email: live.email, company_name: live.company_name };
}

export interface Completion {
  password: string;
  porter?: { cif: string; direccion: string; municipio: string; cp: string; provincia: string };
}

/**
 * Accepts an invitation or finishes a self-registration: spends the link and creates what the invitation
 * promised, all in one transaction (a failure leaves nothing behind and the link usable).
 */
export async function acceptInvitation(ctx: AccountsContext, shakey: string, completion: Completion) {
  const actions: TokenActionValue[] = completion.porter
    ? [TokenAction.registerPortero]
    : [TokenAction.invitation, TokenAction.registry];
  const passwordHash = await hashPassword(completion.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const token = await consumeLinkToken(tx, shakey, actions);
      if (!token) throw new AppError(404, ErrorKey.registrationInvalid);

      if (token.action === TokenAction.registry) {
        // The provider company and its user exist since registration; the user only lacked a password.
        const [user] = await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: sql`now()` })
          .where(eq(users.id, token.userId ?? -1))
          .returning({ id: users.id });
        if (!user) throw new AppError(404, ErrorKey.registrationInvalid);
        return { action: token.action, warning: undefined };
      }

      const invitation = await findInvitation(tx, token.invitationId ?? -1, true);
      if (invitation?.status !== "pending" || invitation.expiresAt <= new Date()) {
        throw new AppError(404, ErrorKey.invitationNotFound);
      }

      let companyId: number;
      if (invitation.action === InviteAction.createCompanyUser) {
        const target = await findCompany(tx, invitation.targetCompanyId ?? -1);
        if (!target || target.erased) throw new AppError(404, ErrorKey.invitationNotFound);
        companyId = target.id;
      } else {
        const cif = completion.porter?.cif.trim() ?? "";
        const cifNorm = cif ? normalizeTaxId(cif) : null;
        const [company] = await tx
          .insert(companies)
          .values({
            type: invitation.companyType,
            name: invitation.companyName ?? invitation.email,
            cif,
            cifNorm,
            ownerCompanyId: invitation.inviterCompanyId,
            email: invitation.email,
            region: invitation.region,
            address: completion.porter?.direccion ?? null,
            city: completion.porter?.municipio ?? null,
            postcode: completion.porter?.cp ?? null,
            province: completion.porter?.provincia ?? null,
          })
          .returning({ id: companies.id });
        companyId = company!.id;
        if (invitation.colegioId) {
          await tx.insert(colegioMembers).values({ colegioId: invitation.colegioId, companyId }).onConflictDoNothing();
        }
      }

      const [user] = await tx
        .insert(users)
        .values({ email: invitation.email, passwordHash, userRole: invitation.companyType, companyId })
        .returning({ id: users.id });
      if (invitation.action === InviteAction.createCompany) {
        await tx.update(companies).set({ ownerUserId: user!.id }).where(eq(companies.id, companyId));
      }

      let warning: string | undefined;
      if (invitation.communityId) {
        const community = await findLiveCommunity(tx, invitation.communityId);
        if (community) {
          await tx
            .insert(communityPorters)
            .values({ communityId: community.id, porterUserId: user!.id })
            .onConflictDoNothing();
        } else {
          warning = ErrorKey.invitationFincaNotLinked;
        }
      }

      await tx
        .update(invitations)
        .set({ status: "accepted", acceptedAt: sql`now()`, acceptedUserId: user!.id })
        .where(eq(invitations.id, invitation.id));
      await revokeInvitationTokens(tx, invitation.id);
      return { action: token.action, warning };
    });
  } catch (err) {
    // An e-mail or tax id that is taken (also by a request running at the same time): the unique
    // indexes decide, and the transaction leaves nothing behind.
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.invitationUserNotCreated);
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
}

export async function listInvitations(ctx: AccountsContext, actor: Actor, q: Parameters<typeof pageInvitations>[2]) {
  return pageInvitations(ctx.db, actor.companyId, q);
}

async function managedInvitation(ctx: AccountsContext, actor: Actor, id: number) {
  const invitation = await findInvitation(ctx.db, id);
  // Another company's invitation is answered as if it did not exist.
  if (!invitation || !invitationPolicy.mayManage(actor, invitation)) throw notFound();
  return invitation;
}

/** Sends the invitation again with a new link (the old one stops working) and a new expiry. */
export async function resendInvitation(ctx: AccountsContext, actor: Actor, id: number) {
  const invitation = await managedInvitation(ctx, actor, id);
  if (invitation.status !== "pending" && invitation.status !== "expired") {
    throw new AppError(409, ErrorKey.invitationNotPending);
  }
  await consumeRate(ctx.db, `invite:user:${actor.userId}`, ctx.limits.invitePerUser);
  if (await findUserByEmail(ctx.db, invitation.email)) throw new AppError(409, ErrorKey.invitationUserExists);
  const inviter = await findCompany(ctx.db, invitation.inviterCompanyId);
  const tokenAction = tokenActionFor(invitation);
  try {
    await ctx.db.transaction(async (tx) => {
      await expireOverdue(tx, invitation.email);
      await updateOpenInvitation(tx, invitation.id, { status: "pending", expiresAt: linkExpiry(tokenAction) });
      await sendInvitationMail(
        ctx,
        tx,
        invitation.id,
        invitation.email,
        invitation,
        tokenAction,
        inviter?.name ?? "Coordina",
      );
    });
  } catch (err) {
    pendingConflict(err);
  }
  ctx.mailer.nudge();
}

export async function cancelInvitation(ctx: AccountsContext, actor: Actor, id: number) {
  const invitation = await managedInvitation(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await updateOpenInvitation(tx, invitation.id, { status: "cancelled", cancelledAt: sql`now()` });
    await revokeInvitationTokens(tx, invitation.id);
  });
}

/**
 * Changes an invitation that is still open (pending or expired). The status is checked again in the
 * update itself: an acceptance or a cancel that committed since it was read wins, and this one is refused.
 */
async function updateOpenInvitation(tx: Db, id: number, changes: PgUpdateSetSource<typeof invitations>) {
  const changed = await tx
    .update(invitations)
    .set(changes)
    .where(and(eq(invitations.id, id), inArray(invitations.status, ["pending", "expired"])))
    .returning({ id: invitations.id });
  if (changed.length === 0) throw new AppError(409, ErrorKey.invitationNotPending);
}
