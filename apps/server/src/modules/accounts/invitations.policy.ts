import { creatableCompanyTypes, ROLES_INVITING_COLLEAGUES, Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/**
 * Who may invite whom. The levels each role may create are the domain's CREATABLE_COMPANY_TYPES table
 * (shared with the invitation form); these policies add the records: which company a colleague may join,
 * which community a porter is invited to, which invitations a company manages.
 */

/** A company an invitation or a registration would create. */
export interface NewCompanyFacts {
  /** its level (company type) */
  type: number;
  /** a porter invited for a community: that community, live (undefined: there is none) */
  community?: { adminCompanyId: number } | undefined;
}

/**
 * - invite: invite someone to create a company of a level the caller's role creates;
 * - register: the colegio registers such a company itself (companies/registry/register);
 * - inviteToCommunity: an administrator invites a porter for a community it administers.
 */
export type NewCompanyAction = "invite" | "register" | "inviteToCommunity";

export const newCompanyPolicy: Policy<NewCompanyAction, NewCompanyFacts> = {
  can(caller, action, facts) {
    const creatable = creatableCompanyTypes(caller.role).includes(facts.type);
    switch (action) {
      case "invite":
        return creatable;
      case "register":
        return caller.role === Role.colegio && creatable;
      case "inviteToCommunity":
        return creatable && facts.type === Role.portero && facts.community?.adminCompanyId === caller.companyId;
    }
  },
};

/** A company a colleague would join (create-company-user). */
export interface JoinFacts {
  target: { id: number; type: number; erased: boolean };
  /** the target belongs to the caller's colegio and to no other (companies.repository `isSoleColegio`) */
  soleColegioMember: boolean;
}

/**
 * Colleagues join the caller's own company; the colegio may also add users to the administrator and
 * provider companies only its colegio has.
 */
export const joinCompanyPolicy: Policy<"addUser", JoinFacts> = {
  can(caller, _action, { target, soleColegioMember }) {
    if (!ROLES_INVITING_COLLEAGUES.includes(caller.role) || target.erased) return false;
    if (target.id === caller.companyId) return true;
    return (
      caller.role === Role.colegio &&
      soleColegioMember &&
      (target.type === Role.administrador || target.type === Role.gremio)
    );
  },
};

/** Invitations are managed (resent, cancelled) by the company that sent them. */
export const sentInvitationPolicy: Policy<"manage", { inviterCompanyId: number }> = {
  can: (caller, _action, invitation) => invitation.inviterCompanyId === caller.companyId,
};
