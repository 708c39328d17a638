import { Role } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";
import { type CommunityFacts, communityPolicy } from "../communities/communities.policy.js";

interface FactsOf {
  /** add (register, include, invite) and remove the porters of this community */
  manage: CommunityFacts;
  /** see this community's porters with their figures (the porters card) */
  list: CommunityFacts;
  /** act in this community as one of its live porters (its calendar) */
  actAsPorter: CommunityFacts;
  /** ask whether an e-mail belongs to a user, and whether a porter (registry/exists) */
  lookup: undefined;
  /** create a porter with a password at once: only with the testing mode on there (registry.service testingIn) */
  registerTest: { testing: boolean };
  /** the doormen summary and one porter's communities, over the caller's communities */
  summary: undefined;
  /** the porter's own communities */
  own: undefined;
}
export type PorterAction = keyof FactsOf;

/**
 * Who does what with the porters of a community (spec 02 §2 'Porter management per community', 'Doormen
 * summary table', 'Porter's own view'; §7 'Porters'), as one table. The community's administrator (the
 * one that manages it: communityPolicy `manage`) adds and removes its porters and looks e-mails up; its
 * colegio also sees them, read-only. The doormen summary is the administrator's, over its communities,
 * and the colegio's, over its colegio's. A porter sees its own communities and acts only in those where
 * it is a live porter.
 */
const rules: { [A in PorterAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  manage: (caller, community) => communityPolicy.can(caller, "manage", community),
  list(caller, community) {
    if (caller.role === Role.colegio) return community.colegioId === caller.companyId;
    return rules.manage(caller, community);
  },
  actAsPorter: (caller, community) => caller.role === Role.portero && community.rel.porter,
  lookup: (caller) => caller.role === Role.administrador,
  registerTest: (caller, { testing }) => caller.role === Role.administrador && testing,
  summary: (caller) => caller.role === Role.administrador || caller.role === Role.colegio,
  own: (caller) => caller.role === Role.portero,
};

function can<A extends PorterAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

/** The porters policy (lib/access.ts `Policy`). */
export const portersPolicy = { can };
