import { ErrorKey, InviteAction, normalizeTaxId, TokenAction, type TokenActionValue } from "@coordina/domain";
import { AppError } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { hashPassword } from "../auth/passwords.js";
import { findCompany } from "../companies/companies.repository.js";
import { addPorter, createCompanyWithManager, insertUser, joinColegio, setPassword } from "./accounts.repository.js";
import type { AccountsContext } from "./context.js";
import { findInvitation, findLiveCommunity, markInvitationAccepted } from "./invitations.repository.js";
import { consumeLinkToken, findLiveToken, revokeInvitationTokens } from "./tokens.repository.js";

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
        if (!(await setPassword(tx, token.userId ?? -1, passwordHash)))
          throw new AppError(404, ErrorKey.registrationInvalid);
        return { action: token.action, warning: undefined };
      }

      const invitation = await findInvitation(tx, token.invitationId ?? -1, true);
      if (invitation?.status !== "pending" || invitation.expiresAt <= new Date()) {
        throw new AppError(404, ErrorKey.invitationNotFound);
      }

      let userId: number;
      if (invitation.action === InviteAction.createCompanyUser) {
        const target = await findCompany(tx, invitation.targetCompanyId ?? -1);
        if (!target || target.erased) throw new AppError(404, ErrorKey.invitationNotFound);
        userId = await insertUser(tx, {
          email: invitation.email,
          passwordHash,
          role: invitation.companyType,
          companyId: target.id,
        });
      } else {
        const porter = completion.porter;
        const cif = porter?.cif.trim() ?? "";
        const created = await createCompanyWithManager(
          tx,
          {
            type: invitation.companyType,
            name: invitation.companyName ?? invitation.email,
            cif,
            cifNorm: cif ? normalizeTaxId(cif) : null,
            ownerCompanyId: invitation.inviterCompanyId,
            email: invitation.email,
            region: invitation.region,
            address: porter?.direccion ?? null,
            city: porter?.municipio ?? null,
            postcode: porter?.cp ?? null,
            province: porter?.provincia ?? null,
          },
          { email: invitation.email, passwordHash },
        );
        if (invitation.colegioId) await joinColegio(tx, invitation.colegioId, created.companyId);
        userId = created.userId;
      }

      let warning: string | undefined;
      if (invitation.communityId) {
        const community = await findLiveCommunity(tx, invitation.communityId);
        if (community) await addPorter(tx, community.id, userId);
        else warning = ErrorKey.invitationFincaNotLinked;
      }

      await markInvitationAccepted(tx, invitation.id, userId);
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
