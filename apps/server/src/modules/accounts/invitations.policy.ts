import { creatableCompanyTypes, ROLES_INVITING_COLLEAGUES, Role } from "@coordina/domain";
import type { Actor } from "../../lib/actor.js";

/**
 * Who may invite whom. The levels per role are the domain's CREATABLE_COMPANY_TYPES table (shared with
 * the invitation form); this adds the records: which company a colleague may be added to.
 */
export const invitationPolicy = {
  mayCreateCompanyOfType(actor: Pick<Actor, "role">, type: number): boolean {
    return creatableCompanyTypes(actor.role).includes(type);
  },
  /**
   * Colleagues join the caller's own company; the colegio may also add users to the administrator and
   * provider companies of its colegio (`memberOfActorsColegio`).
   */
  mayAddUserTo(
    actor: Pick<Actor, "role" | "companyId">,
    target: { id: number; type: number; erased: boolean },
    memberOfActorsColegio: boolean,
  ): boolean {
    if (!ROLES_INVITING_COLLEAGUES.includes(actor.role) || target.erased) return false;
    if (target.id === actor.companyId) return true;
    return (
      actor.role === Role.colegio &&
      memberOfActorsColegio &&
      (target.type === Role.administrador || target.type === Role.gremio)
    );
  },
  /** Invitations are managed (listed, resent, cancelled) by the company that sent them. */
  mayManage(actor: Pick<Actor, "companyId">, invitation: { inviterCompanyId: number }): boolean {
    return invitation.inviterCompanyId === actor.companyId;
  },
};
