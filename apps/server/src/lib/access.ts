import type { Actor } from "./actor.js";
import { type AppError, forbidden } from "./app-error.js";

/** The caller as a policy sees it. */
export type Caller = Pick<Actor, "role" | "companyId" | "colegioId">;

/**
 * An entity's policy (DESIGN.md §7, "One way in for permissions"): one table of who may do which action
 * on what (`can`), pure and tested as a table; and, for entities whose rights the client is told
 * (`can_edit`, `editable`, `docsAllowedToEdit`…), `abilities`, computed from that same table.
 */
export interface Policy<Action extends string, Facts> {
  can(caller: Caller, action: Action, facts: Facts): boolean;
}

/**
 * A service's first step: the policy allows `action` on `facts`, or the call ends here with 403 and no
 * data (in the spirit of immich's `requireAccess`). Facts are read before, by the service, from the
 * repository; a record that does not exist is a 404 there. `refusal` names another answer where the API
 * promises one (a 404 that hides whether a record exists, a specific error key).
 */
export function requireAccess<Action extends string, Facts>(
  policy: Policy<Action, Facts>,
  caller: Caller,
  action: Action,
  facts: Facts,
  refusal: () => AppError = forbidden,
): void {
  if (!policy.can(caller, action, facts)) throw refusal();
}
