import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/** A company whose users are asked for, with how it stands to the caller's colegio. */
export interface CompanyUsersFacts {
  companyId: number;
  /** its membership of the caller's company as a colegio (none for a company that is no member) */
  membership: { erased: boolean } | undefined;
}

/**
 * Who reads a company's users: its own users, and the colegio for a company that is (or was: the service
 * then answers that it was deactivated) a member of its colegio.
 */
export const companyUsersPolicy: Policy<"list", CompanyUsersFacts> = {
  can: (caller, _action, facts) =>
    facts.companyId === caller.companyId || (caller.role === Role.colegio && facts.membership !== undefined),
};

/** Personal data (Mis datos): each user changes only their own login e-mail, whatever the role. */
export const personalDataPolicy: Policy<"changeEmail", { own: boolean }> = {
  can: (_caller, _action, { own }) => own,
};
