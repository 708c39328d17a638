import { Role } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";
import { definitionPolicy, inChosenColegio } from "../documents/definitions.policy.js";

/** A colegio's read requirements, with how the caller stands in that colegio. */
export interface ReadRequirementPlace {
  colegioId: number;
  /** the caller's company works in the colegio (an active membership) */
  member: boolean;
}

interface FactsOf {
  /** list and view the read requirements and who read their documents (an administrator: its communities') */
  read: ReadRequirementPlace;
  /** add and delete read requirements: change the definitions' dest_read_required */
  edit: Pick<ReadRequirementPlace, "colegioId">;
}
export type ReadRequirementAction = keyof FactsOf;

/**
 * Who may do what with read requirements (document-read-requirements, spec 02 §7), as one table; the
 * services turn `false` into 403 with no data.
 * - The colegio reads all of its own and edits them, as it edits its definitions (definitionPolicy).
 * - An administrator of the colegio reads them, limited by the service to its own communities (which
 *   documents count there and who must read them there): it sees who read what it and its providers
 *   gave its communities. Providers and porters have their own reading screens; nobody else reads these.
 */
const rules: { [A in ReadRequirementAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  read(caller, place) {
    if (caller.role === Role.colegio) return caller.companyId === place.colegioId;
    if (caller.role === Role.administrador) return inChosenColegio(caller, place.colegioId) && place.member;
    return false;
  },
  edit(caller, place) {
    return definitionPolicy.can(caller, "edit", place);
  },
};

function can<A extends ReadRequirementAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

export const readRequirementPolicy = {
  can,
  /** What the list and the view tell the client. */
  abilities: (caller: Caller, place: Pick<ReadRequirementPlace, "colegioId">) => ({
    docsAllowedToEdit: can(caller, "edit", place),
  }),
};
