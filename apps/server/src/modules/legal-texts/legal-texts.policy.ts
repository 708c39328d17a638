import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";

/**
 * On a colegio's legal texts (issue 23 part 4): `edit` reads the texts and versions, saves a version and exports
 * the acceptances; `accept` reads the conditions to accept and accepts them.
 */
export type LegalTextsAction = "edit" | "accept";

/**
 * Only the colegio edits its texts, and only its own: the calls name no colegio but the caller's company (a
 * colegio user sending another colegio's colg_id is refused before, by the session check). Administrators and
 * providers, the roles with conditions of use, accept the ones of their chosen colegio.
 */
export const legalTextsPolicy: Policy<LegalTextsAction, undefined> = {
  can(caller: Caller, action: LegalTextsAction): boolean {
    if (action === "edit") return caller.role === Role.colegio;
    return caller.role === Role.administrador || caller.role === Role.gremio;
  },
};
