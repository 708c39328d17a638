import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";

/** On the caller's own company's configuration (spec 02 §3 'Provider config'): `read` a key, `write` one. */
export type CompanyConfigAction = "read" | "write";

/**
 * Only a provider (gremio) keeps a configuration (the 24-hour service, spec 02 §2 'Provider configuration
 * and schedule'), and only its own company's: the calls name no company.
 */
export const companyConfigPolicy: Policy<CompanyConfigAction, undefined> = {
  can(caller: Caller): boolean {
    return caller.role === Role.gremio;
  },
};
