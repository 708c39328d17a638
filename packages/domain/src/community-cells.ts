import type { CommunityCell, DocumentRow } from "./schemas/documents.js";

/** A document that counts now: not expired and not owing the expiry date its definition demands. */
const isCurrent = (document: Pick<DocumentRow, "expired" | "needs_expiry">) =>
  !document.expired && !document.needs_expiry;

/**
 * What a community holds for one definition (issue 23, /gcomunidades), from its live documents there, oldest
 * first (as the documents are read): 'current' with the newest current one when there is one; otherwise the
 * newest one says it ('expired', or 'incomplete' without its required expiry date); 'missing' with none. The
 * same words as a provider's missing uploads (docs/compliance.md rule 11).
 */
export function communityCellOf<D extends Pick<DocumentRow, "expired" | "needs_expiry">>(
  definitionId: number,
  documents: readonly D[],
): Omit<CommunityCell, "document"> & { document: D | null } {
  const newestCurrent = documents.findLast(isCurrent);
  const newest = documents.at(-1);
  const state = newestCurrent ? "current" : !newest ? "missing" : newest.expired ? "expired" : "incomplete";
  return {
    id_definition: definitionId,
    state,
    document: newestCurrent ?? newest ?? null,
    documents_count: documents.length,
  };
}
