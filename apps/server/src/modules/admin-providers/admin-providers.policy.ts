import { Role } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";

interface FactsOf {
  /** the compliance overview of the providers of the caller's communities, and each one's communities there */
  overview: undefined;
}
export type AdminProvidersAction = keyof FactsOf;

/**
 * Who sees the compliance overview (spec 02 §2 'Admin overview of compliance', /admin-fincas/proveedor): an
 * administrator, over its own communities; a colegio, over all its colegio's (the same figures as its
 * providers list, without the validation column). Nobody else: what the rows hold is the caller's business
 * only because the communities are its own, and the scope (summary-scope.sql.ts) keeps it so.
 */
const rules: { [A in AdminProvidersAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  overview: (caller) => caller.role === Role.administrador || caller.role === Role.colegio,
};

function can<A extends AdminProvidersAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

/** The overview's policy (lib/access.ts `Policy`). */
export const adminProvidersPolicy = { can };
