import { partyOfRole, Role, requirementIncludes } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";
import { inChosenColegio } from "./definitions.policy.js";

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

interface FactsOf {
  view: DocumentFacts;
  /** change its name and expiry, erase it */
  edit: Pick<DocumentFacts, "uploaderCompanyId" | "colegioId">;
  validate: Pick<DocumentFacts, "colegioId">;
  /** look at the documents of the companies of one's colegio, naming one (getcompanydefined, pending validation) */
  reviewCompanies: undefined;
  /** … of this company, seen from this colegio */
  reviewCompany: { colegioId: number; companyInColegio: boolean };
  /** look at one company's own documents (getcompanydefined without naming a company of one's colegio) */
  viewCompany: { companyId: number };
  /**
   * the administrator's documents of all its communities side by side, and one upload for many of them
   * (/gcomunidades, upload-defined-file-many); each community is then checked by the upload rule
   */
  ownCommunities: undefined;
}
export type DocumentAction = keyof FactsOf;

/**
 * Who may do what with uploaded documents (spec 02 §6, issue 6), as one table; the services turn `false`
 * into 403 with no data.
 * - See: the uploader's company; the colegio of the definition; the administrator of a community where
 *   the document counts; a provider or porter there when the definition's destination names it.
 * - Edit (name, expiry) and erase: the uploader's company only.
 * - Validate: the colegio of the definition only.
 * - A company's documents by definition: the colegio reviews those of the companies working in it; any
 *   other caller sees its own company's.
 * - Its communities' documents side by side, and one upload for many of them: the administrator only.
 */
const rules: { [A in DocumentAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  view(caller, doc) {
    if (caller.role === Role.colegio) return caller.companyId === doc.colegioId;
    const party = partyOfRole(caller.role);
    if (!party || !inChosenColegio(caller, doc.colegioId)) return false;
    if (doc.uploaderCompanyId === caller.companyId) return true;
    if (caller.role === Role.administrador) return doc.member && doc.shares;
    if (!requirementIncludes(doc.dest, party) || !doc.shares) return false;
    return caller.role === Role.portero || doc.member;
  },

  edit(caller, doc) {
    return (
      partyOfRole(caller.role) !== null &&
      doc.uploaderCompanyId === caller.companyId &&
      inChosenColegio(caller, doc.colegioId)
    );
  },

  validate(caller, doc) {
    return caller.role === Role.colegio && caller.companyId === doc.colegioId;
  },

  reviewCompanies(caller) {
    return caller.role === Role.colegio;
  },

  reviewCompany(caller, company) {
    return caller.role === Role.colegio && caller.companyId === company.colegioId && company.companyInColegio;
  },

  viewCompany(caller, company) {
    return company.companyId === caller.companyId;
  },

  ownCommunities(caller) {
    return caller.role === Role.administrador;
  },
};

function can<A extends DocumentAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

export const documentPolicy = {
  can,

  /** What a document row tells the client about it. */
  abilities: (caller: Caller, doc: FactsOf["edit"]) => ({ can_edit: can(caller, "edit", doc) }),
};
