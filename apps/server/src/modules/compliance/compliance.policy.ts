import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";
import { type CommunityFacts, communityPolicy } from "../communities/communities.policy.js";

/**
 * - `listUploadsPending`: a provider reads what it still owes (the provider home);
 * - `viewProviderFincas`: the colegio reads the communities of one of its providers and its figures there;
 * - `viewProviderMissing`: the colegio reads what one of its providers still lacks over its communities
 *   (the words of its lights in the colegio's providers list). Allowed for any member company of the
 *   colegio, so that a company outside it is refused (403) before its type is told; the service answers
 *   404 for a member that is not a provider.
 * (The documents of a community are the community policy's `listProviders`.)
 */
export type ComplianceAction = "listUploadsPending" | "viewProviderFincas" | "viewProviderMissing";

/** A company as the colegio sees it: its type and whether it is an active member of the colegio. */
export interface ProviderStanding {
  type: number;
  inColegio: boolean;
}

/** Who may read which compliance views (spec 02 §2); role-only actions take no facts. */
export const compliancePolicy: Policy<ComplianceAction, ProviderStanding | undefined> = {
  can(caller, action, facts) {
    switch (action) {
      case "listUploadsPending":
        return caller.role === Role.gremio;
      case "viewProviderFincas":
        return caller.role === Role.colegio && facts !== undefined && facts.type === Role.gremio && facts.inColegio;
      case "viewProviderMissing":
        return caller.role === Role.colegio && facts !== undefined && facts.inColegio;
    }
  },
};

/** A community and how the caller stands to it, with the provider whose unmet duties there are asked for. */
export type ProviderInCommunityFacts = CommunityFacts & { providerId: number };

/**
 * `viewMissing`: read what one provider still lacks in one community (the words of its lights there,
 * docs/compliance.md rule 11): the community's administrator and its colegio (who see its providers,
 * communityPolicy `listProviders`) and the provider itself while it serves it. Everybody else nothing.
 */
export const providerMissingPolicy: Policy<"viewMissing", ProviderInCommunityFacts> = {
  can(caller, _action, facts) {
    if (caller.role === Role.administrador || caller.role === Role.colegio)
      return communityPolicy.can(caller, "listProviders", facts);
    if (caller.role === Role.gremio)
      return facts.providerId === caller.companyId && communityPolicy.can(caller, "view", facts);
    return false;
  },
};

/**
 * `viewMissing` on a community: read what its providers still lack there (the words of its lights in the
 * communities list, rule 4): whoever sees its providers (communityPolicy `listProviders`: its
 * administrator, and its colegio, whose communities list shows it too). Everybody else nothing.
 */
export const communityMissingPolicy: Policy<"viewMissing", CommunityFacts> = {
  can(caller, _action, facts) {
    if (caller.role !== Role.administrador && caller.role !== Role.colegio) return false;
    return communityPolicy.can(caller, "listProviders", facts);
  },
};
