import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/**
 * - `listUploadsPending`: a provider reads what it still owes (the provider home);
 * - `viewProviderFincas`: the colegio reads the communities of one of its providers and its figures there.
 * (The documents of a community are the community policy's `listProviders`.)
 */
export type ComplianceAction = "listUploadsPending" | "viewProviderFincas";

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
    }
  },
};
