import { z } from "zod";
import { PAGE_SIZE } from "../constants.js";
import { DOCUMENT_GROUPS, GROUP_FILTERS } from "../documents.js";
import { integerInput, recordIdSchema } from "./common.js";

/*
 * document-read-requirements: index, view/{id}, add, delete/{id} (spec 02 §7). A read requirement is a
 * definition of the colegio whose documents their destination must read (`dest_read_required`): each
 * current document of it that counts in a community is owed a read by every live provider of that
 * community but its uploader, and by every live porter there, as the destination says (docs/compliance.md
 * rules 2 and 9). Only the colegio adds and deletes; its administrators read their communities' part.
 */

export const readRequirementsIndexSchema = z.object({
  group: z.enum(GROUP_FILTERS).default("ALL"),
  filter: z.string().trim().max(200).default(""),
  currentPage: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
  perPage: integerInput(z.number().int().min(1).max(100)).default(PAGE_SIZE.definitions),
});
export type ReadRequirementsIndexRequest = z.input<typeof readRequirementsIndexSchema>;

const readRequirementRowSchema = z.object({
  /** the definition's id */
  id: z.number().int(),
  name: z.string(),
  requirement_origin: z.number().int(),
  requirement_dest: z.number().int(),
  assocfinca: z.boolean(),
  group: z.enum(DOCUMENT_GROUPS).nullable(),
  /** its current documents: all of them for the colegio, those that count in its communities for an administrator */
  documents_count: z.number().int(),
});
export type ReadRequirementRow = z.infer<typeof readRequirementRowSchema>;

export const readRequirementsPageSchema = z.object({
  result: z.literal(true),
  data: z.array(readRequirementRowSchema),
  count: z.number().int(),
  /** the caller may add and delete read requirements (only the colegio) */
  docsAllowedToEdit: z.boolean(),
});
export type ReadRequirementsPage = z.infer<typeof readRequirementsPageSchema>;

export const readRequirementViewQuerySchema = z.object({
  /** the page of its documents (10 a page by default) */
  page: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
  limit: integerInput(z.number().int().min(1).max(100)).default(PAGE_SIZE.readRequirementDocuments),
  /** one document: that document alone (not a page) and its readers */
  document: recordIdSchema.optional(),
});

const readRequirementDocumentSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** the community it was uploaded for; null: general ('Todas') */
  id_finca: z.number().int().nullable(),
  finca_name: z.string().nullable(),
  fileupload: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }),
  /** expiry date YYYY-MM-DD, or null */
  obsolete: z.string().nullable(),
  /** how many of the reads it is owed (one per reader and community) are marked: "Leído por N de M" */
  read_count: z.number().int(),
  read_must: z.number().int(),
});
export type ReadRequirementDocument = z.infer<typeof readRequirementDocumentSchema>;

const readRequirementReaderSchema = z.object({
  id_finca: z.number().int(),
  finca_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** 'provider' or 'portero' */
  party: z.enum(["provider", "portero"]),
  /** when it was marked read (ISO timestamp), or null: not read */
  read_at: z.string().nullable(),
});
export type ReadRequirementReader = z.infer<typeof readRequirementReaderSchema>;

export const readRequirementViewSchema = z.object({
  result: z.literal(true),
  data: z.object({
    definition: readRequirementRowSchema.omit({ documents_count: true }).extend({ dest_read_required: z.boolean() }),
    /** one page of its current documents (query `page`, `limit`), by uploader, file name and id; with `document`, that one */
    documents: z.array(readRequirementDocumentSchema),
    /** with `document`: who must read it, in the caller's communities (the colegio: all) */
    readers: z.array(readRequirementReaderSchema).optional(),
  }),
  /** how many current documents it has in all (the colegio: all of them; an administrator: its communities'); with `document`, 1 */
  count: z.number().int(),
  docsAllowedToEdit: z.boolean(),
});
export type ReadRequirementView = z.infer<typeof readRequirementViewSchema>;

export const readRequirementAddSchema = z.object({ id_definition: recordIdSchema });
