import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";
import { type CommunityFacts, communityPolicy } from "../communities/communities.policy.js";

/**
 * On one community's arrival check (issue 19, '¿Quién viene hoy?'):
 * - `listProviders`: see its providers at the door, with what they lack;
 * - `record`: record that one of them has arrived ('Ha llegado');
 * - `list`: read the recorded arrivals (of one provider, `providerId`, or all).
 */
export type ArrivalAction = "listProviders" | "record" | "list";

/** The community and how the caller stands to it; for `list`, the provider the list is limited to. */
export type ArrivalFacts = CommunityFacts & { providerId?: number | undefined };

/** The roles that watch a community's door: its administrator, its colegio and its live porters. */
const WATCHERS: readonly number[] = [Role.administrador, Role.colegio, Role.portero];

/**
 * Who may do what at a community's door, on top of who may see the community at all (communityPolicy
 * `view`: the administrator managing it, its colegio, a live porter of it, a provider serving it):
 * its administrator, colegio and porters see its providers and their arrivals; only its porters record
 * them; a provider serving it reads only its own arrivals there (naming itself). Everybody else nothing.
 */
export const arrivalPolicy: Policy<ArrivalAction, ArrivalFacts> = {
  can(caller: Caller, action: ArrivalAction, facts: ArrivalFacts): boolean {
    if (!communityPolicy.can(caller, "view", facts)) return false;
    switch (action) {
      case "listProviders":
        return WATCHERS.includes(caller.role);
      case "record":
        return caller.role === Role.portero;
      case "list":
        if (WATCHERS.includes(caller.role)) return true;
        return caller.role === Role.gremio && facts.providerId === caller.companyId;
    }
  },
};
