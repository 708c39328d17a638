import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { communities } from "./communities.js";
import { companies } from "./companies.js";
import { sessions } from "./sessions.js";
import { users } from "./users.js";

/**
 * A stored file's metadata. The bytes live in the file store under their SHA-256 (several records may
 * share one blob); `deleted` hides the record, the blob is kept as evidence.
 */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    ftype: text("ftype").notNull(),
    /** expiry date: valid through this day; null never expires */
    obsolete: date("obsolete", { mode: "string" }),
    ownerUserId: integer("owner_user_id")
      .notNull()
      .references(() => users.id),
    ownerCompanyId: integer("owner_company_id")
      .notNull()
      .references(() => companies.id),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("files_sha256_idx").on(t.sha256), index("files_owner_company_idx").on(t.ownerCompanyId)],
);

/**
 * The first answer of an upload sent with an idempotency key (per user): a client that retries an upload
 * whose answer it never received gets that answer again instead of a second file.
 */
export const uploadReceipts = pgTable(
  "upload_receipts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("upload_receipts_created_idx").on(t.createdAt)],
);

/** What a colegio requires (spec 02 §3 'Document definition'). Soft-deleted with its documents. */
export const documentDefinitions = pgTable(
  "document_definitions",
  {
    id: serial("id").primaryKey(),
    colegioId: integer("colegio_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    requirementOrigin: integer("requirement_origin").notNull(),
    requirementDest: integer("requirement_dest").notNull(),
    originReadRequired: boolean("origin_read_required").notNull().default(false),
    destReadRequired: boolean("dest_read_required").notNull().default(false),
    assocfinca: boolean("assocfinca").notNull().default(false),
    oneonly: boolean("oneonly").notNull().default(false),
    mandatory: boolean("mandatory").notNull().default(false),
    obsoletable: boolean("obsoletable").notNull().default(false),
    validateColegioRequired: boolean("validate_colegio_required").notNull().default(false),
    editableColegio: boolean("editable_colegio").notNull().default(false),
    group: text("group"),
    erased: boolean("erased").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("document_definitions_colegio_idx").on(t.colegioId, t.id).where(sql`${t.erased} = false`),
    check("document_definitions_origin_check", sql`${t.requirementOrigin} in (0, 5, 25, 26, 27)`),
    check("document_definitions_dest_check", sql`${t.requirementDest} in (-1, 0, 5, 25, 26, 27)`),
    check("document_definitions_group_check", sql`${t.group} is null or ${t.group} in ('LOPD', 'PORTERO')`),
  ],
);

/** Blank forms (plantillas) the colegio attaches to a definition. */
export const definitionTemplates = pgTable(
  "definition_templates",
  {
    id: serial("id").primaryKey(),
    definitionId: integer("definition_id")
      .notNull()
      .references(() => documentDefinitions.id),
    fileId: integer("file_id")
      .notNull()
      .references(() => files.id),
    erased: boolean("erased").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("definition_templates_definition_idx").on(t.definitionId).where(sql`${t.erased} = false`),
    uniqueIndex("definition_templates_file_key").on(t.fileId),
  ],
);

/**
 * A document a company uploaded for a definition (spec 02 §3 'Uploaded company document'): for one
 * community when the definition is bound to communities, otherwise for all (`community_id` null).
 */
export const companyDocuments = pgTable(
  "company_documents",
  {
    id: serial("id").primaryKey(),
    definitionId: integer("definition_id")
      .notNull()
      .references(() => documentDefinitions.id),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    communityId: integer("community_id").references(() => communities.id),
    fileId: integer("file_id")
      .notNull()
      .references(() => files.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    validated: boolean("validated").notNull().default(false),
    validatedAt: timestamp("validated_at", { withTimezone: true }),
    validatedBy: integer("validated_by").references(() => users.id),
    erased: boolean("erased").notNull().default(false),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Copies of the file's expiry and deletion, kept equal by the triggers of migration 0006 (the
    // application never writes them), so the compliance figures read one index and no file row.
    fileObsolete: date("file_obsolete", { mode: "string" }),
    fileDeleted: boolean("file_deleted").notNull().default(false),
  },
  (t) => [
    uniqueIndex("company_documents_file_key").on(t.fileId),
    index("company_documents_company_idx").on(t.companyId, t.definitionId).where(sql`${t.erased} = false`),
    index("company_documents_community_idx").on(t.communityId, t.definitionId).where(sql`${t.erased} = false`),
    index("company_documents_definition_idx").on(t.definitionId).where(sql`${t.erased} = false`),
    // A party's documents where a community counts them: its own (community) and its general ones (null).
    // It holds everything the figures ask of a document, for index-only scans.
    index("company_documents_company_community_idx")
      .on(t.companyId, t.communityId, t.definitionId, t.fileObsolete, t.fileDeleted, t.id)
      .where(sql`${t.erased} = false`),
    // The colegio dashboard's trend and its 'caducan pronto' (migration 0019): the live documents of a
    // definition by upload time and by expiry, read as ranges instead of every document of the colegio.
    index("company_documents_definition_created_idx")
      .on(t.definitionId, t.createdAt)
      .where(sql`${t.erased} = false and ${t.fileDeleted} = false`),
    // The documents waiting for the colegio's validation, counted by the dashboard per definition.
    index("company_documents_pending_validation_idx")
      .on(t.definitionId, t.fileObsolete)
      .where(sql`${t.erased} = false and ${t.validated} = false and ${t.fileDeleted} = false`),
    index("company_documents_definition_obsolete_idx")
      .on(t.definitionId, t.fileObsolete)
      .where(sql`${t.erased} = false and ${t.fileDeleted} = false and ${t.fileObsolete} is not null`),
    // The colegio's 'Caducan en los próximos 30 días' (migration 0020), soonest first: its page is the first
    // rows of this range in order, instead of every document of the range sorted; with the columns that say
    // whose, for what and where, the range alone answers its count (index-only).
    index("company_documents_obsolete_idx")
      .on(t.fileObsolete, t.id, t.companyId, t.definitionId, t.communityId)
      .where(sql`${t.erased} = false and ${t.fileDeleted} = false and ${t.fileObsolete} is not null`),
  ],
);

/**
 * Short-lived links to a file (`/s/{token}` view, `/d/{token}` download). Only the token's SHA-256 is
 * stored; the link works only for the session that asked for it (its browser holds the session's file
 * key cookie) and only until `expires_at`.
 */
export const fileLinks = pgTable(
  "file_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    fileId: integer("file_id")
      .notNull()
      .references(() => files.id),
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("file_links_expires_idx").on(t.expiresAt)],
);

/**
 * A read mark (spec 02 §3 'Mark-as-read payload'): the reader company has read this document in this
 * community. Marks are per community (the payload names the community), are never deleted, and keep
 * counting when the reader is unlinked and linked again. Who clicked is kept as evidence.
 */
export const readMarks = pgTable(
  "read_marks",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => companyDocuments.id),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id),
    readerCompanyId: integer("reader_company_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("read_marks_key").on(t.documentId, t.communityId, t.readerCompanyId),
    // A community's marks (community figures) and a reader's marks (its pending reads).
    index("read_marks_community_idx").on(t.communityId, t.documentId, t.readerCompanyId),
    index("read_marks_reader_idx").on(t.readerCompanyId, t.communityId),
  ],
);
