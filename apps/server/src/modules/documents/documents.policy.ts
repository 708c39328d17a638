import { partyOfRole, Role, requirementIncludes } from "@coordina/domain";
import type { Actor } from "../../lib/actor.js";
import type { CommunityRelation } from "../communities/communities.policy.js";

type Caller = Pick<Actor, "role" | "companyId" | "colegioId">;

/** A caller working in a chosen colegio (`colg_id`) acts only on that colegio's documents. */
function inChosenColegio(actor: Caller, colegioId: number): boolean {
  return actor.role === Role.colegio || actor.colegioId === null || actor.colegioId === colegioId;
}

/** A definition as the upload policy sees it, with how the caller stands to the place of the upload. */
export interface UploadTarget {
  colegioId: number;
  origin: number;
  assocfinca: boolean;
  /** the community of the upload, for definitions bound to communities */
  community: { colegioId: number; adminCompanyId: number; rel: CommunityRelation } | null;
  /** the caller's company works in the definition's colegio (an active membership) */
  member: boolean;
  /** the caller is a live porter of some community of that colegio */
  porterInColegio: boolean;
}

/** An uploaded document as the policy sees it. */
export interface DocumentFacts {
  uploaderCompanyId: number;
  /** the colegio of its definition */
  colegioId: number;
  /** who receives it (requirement_dest) */
  dest: number;
  /** the caller's company works in that colegio */
  member: boolean;
  /**
   * The caller takes part, in its own role, in a community where the document counts: the one it was
   * uploaded for, or (a general document) any community of the colegio where the uploader works too.
   * Administrators manage the community, providers serve it, porters work in it.
   */
  shares: boolean;
}

/**
 * Who may do what with documents (spec 02 §6, issue 6), as one table; answers are booleans and the
 * services turn `false` into 403 with no data.
 * - Definitions: the colegio defines its own; members of the colegio read them.
 * - Upload: the party the definition's origin names (administrador → administrator, gremio → provider,
 *   portero → portero), for a community it manages / serves / works in when the definition is bound to
 *   communities, otherwise anywhere in a colegio it works in. The colegio uploads only templates.
 * - See: the uploader's company; the colegio of the definition; the administrator of a community where
 *   the document counts; a provider or porter there when the definition's destination names it.
 * - Edit (name, expiry) and erase: the uploader's company only.
 * - Validate: the colegio of the definition only.
 */
export const documentPolicy = {
  mayEditDefinitions(actor: Caller, colegioId: number): boolean {
    return actor.role === Role.colegio && actor.companyId === colegioId;
  },

  mayReadDefinitions(actor: Caller, colegioId: number, standing: { member: boolean; porterInColegio: boolean }) {
    if (actor.role === Role.colegio) return actor.companyId === colegioId;
    if (!inChosenColegio(actor, colegioId)) return false;
    if (actor.role === Role.administrador || actor.role === Role.gremio) return standing.member;
    if (actor.role === Role.portero) return standing.porterInColegio;
    return false;
  },

  mayUpload(actor: Caller, target: UploadTarget): boolean {
    const party = partyOfRole(actor.role);
    if (!party || !requirementIncludes(target.origin, party)) return false;
    if (!inChosenColegio(actor, target.colegioId)) return false;
    if (target.assocfinca) {
      const c = target.community;
      if (!c || c.colegioId !== target.colegioId) return false;
      if (actor.role === Role.administrador) return c.adminCompanyId === actor.companyId && c.rel.member;
      if (actor.role === Role.gremio) return c.rel.serves && c.rel.member;
      return c.rel.porter;
    }
    if (actor.role === Role.portero) return target.porterInColegio;
    return target.member;
  },

  mayView(actor: Caller, doc: DocumentFacts): boolean {
    if (actor.role === Role.colegio) return actor.companyId === doc.colegioId;
    const party = partyOfRole(actor.role);
    if (!party || !inChosenColegio(actor, doc.colegioId)) return false;
    if (doc.uploaderCompanyId === actor.companyId) return true;
    if (actor.role === Role.administrador) return doc.member && doc.shares;
    if (!requirementIncludes(doc.dest, party) || !doc.shares) return false;
    return actor.role === Role.portero || doc.member;
  },

  mayEdit(actor: Caller, doc: Pick<DocumentFacts, "uploaderCompanyId" | "colegioId">): boolean {
    return (
      partyOfRole(actor.role) !== null &&
      doc.uploaderCompanyId === actor.companyId &&
      inChosenColegio(actor, doc.colegioId)
    );
  },

  mayValidate(actor: Caller, doc: Pick<DocumentFacts, "colegioId">): boolean {
    return actor.role === Role.colegio && actor.companyId === doc.colegioId;
  },
};
