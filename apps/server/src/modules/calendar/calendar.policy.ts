import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";
import { type CommunityFacts, communityPolicy } from "../communities/communities.policy.js";

/**
 * On one community's calendar (spec 02 §6 'Calendar'; issue 22):
 * - `add`: add a visit entry of the caller's company;
 * - `viewMonth`: read the month (entries, weekly schedules, 24-hour services);
 * - `delete`: delete an entry (`providerId`: the entry's company);
 * - `readCoincidences`: read an entry's coincidences (`providerId`: the entry's company).
 * Porters read the month through their own call (porters.policy `actAsPorter`).
 */
export type CalendarAction = "add" | "viewMonth" | "delete" | "readCoincidences";

/** The community and how the caller stands to it; for an entry's actions, the entry's company. */
export type CalendarFacts = CommunityFacts & { providerId?: number | undefined };

/** The caller's company is the entry's provider: its own entry, which it may delete. */
function ownsEntry(caller: Caller, providerId: number | undefined): boolean {
  return caller.role === Role.gremio && providerId !== undefined && providerId === caller.companyId;
}

/**
 * Who may do what on a community's calendar, on top of who may see the community at all (communityPolicy
 * `view`): a provider serving it adds entries, reads the month and deletes its own entries; its
 * administrator and its colegio read the month and any entry's coincidences; a provider reads the
 * coincidences of its own entries only. Everybody else nothing.
 */
export const calendarPolicy: Policy<CalendarAction, CalendarFacts> & {
  mine(caller: Caller, providerId: number): boolean;
} = {
  can(caller, action, facts) {
    if (!communityPolicy.can(caller, "view", facts)) return false;
    switch (action) {
      case "add":
        return caller.role === Role.gremio;
      case "viewMonth":
        return caller.role === Role.gremio || caller.role === Role.administrador || caller.role === Role.colegio;
      case "delete":
        return ownsEntry(caller, facts.providerId);
      case "readCoincidences":
        return (
          caller.role === Role.administrador || caller.role === Role.colegio || ownsEntry(caller, facts.providerId)
        );
    }
  },
  /** An entry is the caller's own (`mine` in the answers): the one it may delete. */
  mine(caller, providerId) {
    return ownsEntry(caller, providerId);
  },
};
