import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/** A request as its policy sees it: whose it is and which colegio it asks. */
export interface InclusionFacts {
  providerCompanyId: number;
  colegioId: number;
}

/**
 * - `ask`: list the colegios one may ask, file a request, list one's own open requests (providers only);
 * - `withdraw`: withdraw a request (the provider that filed it);
 * - `review`: list the open requests to one's colegio (the colegio only);
 * - `decide`: include or decline a request (the colegio asked).
 */
export type InclusionAction = "ask" | "withdraw" | "review" | "decide";

/**
 * Who may ask a colegio to be included, and who answers (issue 21): a provider company asks, for itself
 * only; the colegio asked answers, and no other. Administrators, porters, the master and other colegios
 * have no part in it. `false` becomes 403 with no data.
 */
export const inclusionPolicy: Policy<InclusionAction, InclusionFacts | undefined> = {
  can(caller, action, facts) {
    switch (action) {
      case "ask":
        return caller.role === Role.gremio;
      case "withdraw":
        return caller.role === Role.gremio && facts !== undefined && facts.providerCompanyId === caller.companyId;
      case "review":
        return caller.role === Role.colegio;
      case "decide":
        return caller.role === Role.colegio && facts !== undefined && facts.colegioId === caller.companyId;
    }
  },
};
