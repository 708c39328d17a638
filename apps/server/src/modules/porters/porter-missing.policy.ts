import { Role } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";
import type { CommunityFacts } from "../communities/communities.policy.js";
import { portersPolicy } from "./porters.policy.js";

interface FactsOf {
  /** what one porter lacks in this community: the words of its lights in the porters card */
  inCommunity: CommunityFacts;
  /** what one porter lacks over the caller's communities: the words of its lights in the doormen summary */
  overOwnCommunities: undefined;
  /** what the calling porter lacks in this community: the words of its lights in its own communities */
  own: CommunityFacts;
}
export type PorterMissingAction = keyof FactsOf;

/**
 * Who may read what a porter still lacks (docs/compliance.md rules 8–10; issue 21, the words of the
 * porters' lights), as one table: the community's administrator (the one that manages it, who sees its
 * porters card), over one community or all of its own (the doormen summary and one porter's communities
 * are its screens), and the porter itself in a community where it is a live porter. Nobody else: not
 * another administrator, not the colegio (which has no porter screen), not a provider, not another porter.
 */
const rules: { [A in PorterMissingAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  inCommunity: (caller, community) =>
    caller.role === Role.administrador && portersPolicy.can(caller, "manage", community),
  overOwnCommunities: (caller) => caller.role === Role.administrador,
  own: (caller, community) => caller.role === Role.portero && community.rel.porter,
};

function can<A extends PorterMissingAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

/** The policy of what porters lack (lib/access.ts `Policy`). */
export const porterMissingPolicy = { can };
