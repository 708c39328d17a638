import { Role } from "@coordina/domain";
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
}
export type ReadingAction = keyof FactsOf;

/** The party a caller reads as in a community: a provider (gremio) or an administrator; other roles read nothing. */
export function readerKindOf(caller: Pick<Caller, "role">): "provider" | "administrator" | null {
  if (caller.role === Role.gremio) return "provider";
  if (caller.role === Role.administrador) return "administrator";
  return null;
}

/**
 * Who reads what in a community (spec 02 §2 'Document viewing for a community', 'Provider home', §7
 * 'Provider documents', 'Mark read'), as one table; the community itself is reached through the community
 * policy (`view`). Providers (gremio) and administrators read, and mark for their own company only;
 * what a provider reads is seen by the provider itself, the community's administrator and its colegio.
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
};

function can<A extends ReadingAction>(caller: Caller, action: A, facts: FactsOf[A]): boolean {
  return rules[action](caller, facts);
}

/** The reading policy (lib/access.ts `Policy`). */
export const readingPolicy = { can };
