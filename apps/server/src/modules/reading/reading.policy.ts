import { type DocumentParty, Role } from "@coordina/domain";
import type { Caller } from "../../lib/access.js";

interface FactsOf {
  /** read, in a community, what its administrator gives providers (documents_of_finca_by_administrator) */
  readFromAdministrator: undefined;
  /** read in a community as one of its parties: its providers' documents, the pending flag, the marks */
  read: undefined;
  /** the reads still pending in every community one serves (doc-read-pending-by-provider) */
  listPendingReads: undefined;
  /** mark a document read on behalf of this company */
  markFor: { companyId: number };
  /** see what this provider of a community may read there, with its marks (read_by_provider) */
  readProviderDocuments: { providerId: number };
  /**
   * see what a porter of a community reads and uploaded there (porteros/documents/*): the porter's company
   * (null when the id names no user)
   */
  readPorterDocuments: { porterCompanyId: number | null };
}
export type ReadingAction = keyof FactsOf;

/**
 * The party a caller reads as in a community: a provider (gremio), an administrator or a porter
 * (portero); other roles read nothing.
 */
export function readerKindOf(caller: Pick<Caller, "role">): DocumentParty | null {
  if (caller.role === Role.gremio) return "provider";
  if (caller.role === Role.administrador) return "administrator";
  if (caller.role === Role.portero) return "portero";
  return null;
}

/**
 * Who reads what in a community (spec 02 §2 'Document viewing for a community', 'Provider home', §7
 * 'Provider documents', 'Mark read', 'Porters'), as one table; the community itself is reached through the
 * community policy (`view`). Providers (gremio), administrators and porters read, and mark for their own
 * company only; what a provider or a porter reads is seen by itself (its company), the community's
 * administrator and its colegio.
 */
const rules: { [A in ReadingAction]: (caller: Caller, facts: FactsOf[A]) => boolean } = {
  readFromAdministrator: (caller) => caller.role === Role.gremio,
  read: (caller) => readerKindOf(caller) !== null,
  listPendingReads: (caller) => caller.role === Role.gremio,
  markFor: (caller, target) => rules.read(caller, undefined) && target.companyId === caller.companyId,
  readProviderDocuments(caller, target) {
    if (caller.role === Role.administrador || caller.role === Role.colegio) return true;
    return caller.role === Role.gremio && target.providerId === caller.companyId;
  },
  readPorterDocuments(caller, target) {
    if (caller.role === Role.administrador || caller.role === Role.colegio) return true;
    return caller.role === Role.portero && target.porterCompanyId === caller.companyId;
  },
};

function can<A extends ReadingAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

/** The reading policy (lib/access.ts `Policy`). */
export const readingPolicy = { can };
