import {
  type CommunityDocumentRow,
  type DefinitionDocuments,
  type DocumentParty,
  requirementIncludes,
} from "@coordina/domain";

/** A document counts as read when its read mark exists (spec 02 §4: read_identifier not 0). */
export const isRead = (row: Pick<CommunityDocumentRow, "read_identifier">): boolean => row.read_identifier !== 0;

/** One definition (category) of a reading view with its documents. */
export interface DocumentGroup {
  id: number;
  name: string;
  /** 'Lectura Obligatoria' */
  readRequired: boolean;
  documents: CommunityDocumentRow[];
}

const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/**
 * Groups a community's documents by definition (spec 02 §2: grouped by category): categories by name,
 * and in each the newest upload first.
 */
export function groupByDefinition(rows: readonly CommunityDocumentRow[]): DocumentGroup[] {
  const groups = new Map<number, DocumentGroup>();
  for (const row of rows) {
    let group = groups.get(row.id);
    if (!group) {
      group = { id: row.id, name: row.definition_name, readRequired: row.read_required, documents: [] };
      groups.set(row.id, group);
    }
    group.documents.push(row);
  }
  const sorted = [...groups.values()].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  for (const group of sorted)
    group.documents.sort(
      (a, b) => b.created.localeCompare(a.created) || byName.compare(a.doc_name, b.doc_name) || a.doc_id - b.doc_id,
    );
  return sorted;
}

/** How many documents of a view are left to read. */
export const unreadCount = (rows: readonly CommunityDocumentRow[]): number => rows.filter((r) => !isRead(r)).length;

/**
 * How many documents of a view must be read and are not yet (the '!' rule, is_pending_read: a document
 * that does not require reading is never pending).
 */
export const pendingReadCount = (rows: readonly CommunityDocumentRow[]): number =>
  rows.filter((r) => r.read_required && !isRead(r)).length;

// ── The provider-in-community view (spec 02 §2 'Provider-in-community document view') ──

/** A file of a section: the document, its file and, where it applies, its expiry and its read mark. */
export interface SectionFile {
  /** the uploaded document */
  id: number;
  fileId: number;
  name: string;
  /** in bytes */
  size: number;
  /** expiry YYYY-MM-DD or null (never); undefined: not shown */
  obsolete?: string | null;
  /** its definition demands an expiry date and it has none yet (the server's needs_expiry) */
  needsExpiry?: boolean;
  /** read by the provider; undefined: not shown */
  read?: boolean;
}

/** A definition of a section with its files. */
export interface SectionDefinition {
  id: number;
  name: string;
  files: SectionFile[];
}

/**
 * The reading section: what the reader (a provider, a porter) must read there (definitions that require
 * reading by their destination), each file with its read mark.
 */
export function readingSection(rows: readonly CommunityDocumentRow[]): SectionDefinition[] {
  return groupByDefinition(rows.filter((row) => row.read_required)).map((group) => ({
    id: group.id,
    name: group.name,
    files: group.documents.map((row) => ({
      id: row.doc_id,
      fileId: row.file_id,
      name: row.doc_name,
      size: row.file_size,
      obsolete: row.file_obsolete,
      read: isRead(row),
    })),
  }));
}

/**
 * Definitions with their uploaded documents as sections, in the order given: each file with its name,
 * size and expiry.
 */
export function definitionSections(data: readonly DefinitionDocuments[]): SectionDefinition[] {
  return data.map(({ definition, documents }) => ({
    id: definition.id,
    name: definition.name,
    files: documents.map((document) => ({
      id: document.id,
      fileId: document.fileupload.id,
      name: document.fileupload.name,
      size: document.fileupload.size,
      obsolete: document.fileupload.obsolete,
      needsExpiry: document.needs_expiry,
    })),
  }));
}

/** The definitions a provider uploads whose destination includes `party`, with the provider's documents. */
function uploadsFor(data: readonly DefinitionDocuments[], party: DocumentParty): SectionDefinition[] {
  return definitionSections(
    data.filter(
      ({ definition }) =>
        requirementIncludes(definition.requirement_origin, "provider") &&
        requirementIncludes(definition.requirement_dest, party),
    ),
  );
}

/**
 * The provider's uploads in the community split into the view's two other sections: documents for other
 * providers and documents for the administrator (a definition for both is in both).
 */
export function uploadSections(data: readonly DefinitionDocuments[]): {
  forProviders: SectionDefinition[];
  forAdministrator: SectionDefinition[];
} {
  return { forProviders: uploadsFor(data, "provider"), forAdministrator: uploadsFor(data, "administrator") };
}
