import { type ImportKind, Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/**
 * The role that imports each kind (spec 01 §2, spec 02 §2): the colegio its administrators and providers;
 * an administrator its communities, the providers of one of its communities and the community–provider
 * pairs. What the import then writes is checked by the kind's `scopeFor` through the entity's own policy
 * (the colegio registers companies as newCompanyPolicy allows; the administrator manages the community).
 */
export const IMPORT_ROLE: Record<ImportKind, number> = {
  administrators: Role.colegio,
  providers: Role.colegio,
  communities: Role.administrador,
  "community-providers": Role.administrador,
  pairs: Role.administrador,
};

/** Every role that imports something: the routes' `config.roles`. */
export const IMPORT_ROLES: readonly number[] = [...new Set(Object.values(IMPORT_ROLE))];

/**
 * - `start`: import a kind (facts `{ kind }`); `template`: download its template (the same callers);
 * - `read`: read a run, its rows and its error file (facts: the run's company): only the company that
 *   imported it; anybody else is told it does not exist.
 */
export type ImportAction = "start" | "template" | "read";
type Facts = { kind: ImportKind } | { companyId: number };

export const importPolicy: Policy<ImportAction, Facts> = {
  can(caller, action, facts) {
    switch (action) {
      case "start":
      case "template":
        return "kind" in facts && IMPORT_ROLE[facts.kind] === caller.role;
      case "read":
        return "companyId" in facts && facts.companyId === caller.companyId && IMPORT_ROLES.includes(caller.role);
    }
  },
};
