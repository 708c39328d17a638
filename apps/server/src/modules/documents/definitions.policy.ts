import { partyOfRole, Role, requirementIncludes } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";
import type { CommunityRelation } from "../communities/communities.policy.js";

/** A caller working in a chosen colegio (`colg_id`) acts only on that colegio's definitions and documents. */
export function inChosenColegio(caller: Caller, colegioId: number): boolean {
  return caller.role === Role.colegio || caller.colegioId === null || caller.colegioId === colegioId;
}

/** A colegio's definitions, with how the caller stands in that colegio. */
export interface DefinitionPlace {
  colegioId: number;
  /** the caller's company works in the colegio (an active membership) */
  member: boolean;
  /** the caller is a live porter of some community of the colegio */
  porterInColegio: boolean;
}

/** A definition as the upload policy sees it, with how the caller stands to the place of the upload. */
export interface UploadTarget extends DefinitionPlace {
  origin: number;
  assocfinca: boolean;
  /** the community of the upload, for definitions bound to communities */
  community: { colegioId: number; adminCompanyId: number; rel: CommunityRelation } | null;
}

interface FactsOf {
  /** read the colegio's definitions and their templates */
  read: DefinitionPlace;
  /** create, change and delete definitions and templates */
  edit: Pick<DefinitionPlace, "colegioId">;
  /** upload a document for a definition */
  upload: UploadTarget;
}
export type DefinitionAction = keyof FactsOf;

/**
 * Who may do what with document definitions (spec 02 §6, issue 6), as one table; the services turn
 * `false` into 403 with no data.
 * - Definitions: the colegio defines its own; members of the colegio read them (porters: of a community
 *   of the colegio).
 * - Upload: the party the definition's origin names (administrador → administrator, gremio → provider,
 *   portero → portero), for a community it manages / serves / works in when the definition is bound to
 *   communities, otherwise anywhere in a colegio it works in. The colegio uploads only templates.
 */
const rules: { [A in DefinitionAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  read(caller, place) {
    if (caller.role === Role.colegio) return caller.companyId === place.colegioId;
    if (!inChosenColegio(caller, place.colegioId)) return false;
    if (caller.role === Role.administrador || caller.role === Role.gremio) return place.member;
    if (caller.role === Role.portero) return place.porterInColegio;
    return false;
  },

  edit(caller, place) {
    return caller.role === Role.colegio && caller.companyId === place.colegioId;
  },

  upload(caller, target) {
    const party = partyOfRole(caller.role);
    if (!party || !requirementIncludes(target.origin, party)) return false;
    if (!inChosenColegio(caller, target.colegioId)) return false;
    if (target.assocfinca) {
      const c = target.community;
      if (!c || c.colegioId !== target.colegioId) return false;
      if (caller.role === Role.administrador) return c.adminCompanyId === caller.companyId && c.rel.member;
      if (caller.role === Role.gremio) return c.rel.serves && c.rel.member;
      return c.rel.porter;
    }
    if (caller.role === Role.portero) return target.porterInColegio;
    return target.member;
  },
};

function can<A extends DefinitionAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

export const definitionPolicy = {
  can,

  /** What the definitions list tells the client (document-require-definitions/index). */
  abilities: (caller: Caller, place: Pick<DefinitionPlace, "colegioId">) => ({
    docsAllowedToEdit: can(caller, "edit", place),
  }),
};
