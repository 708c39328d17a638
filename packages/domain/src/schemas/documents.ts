import { z } from "zod";
import { PAGE_SIZE } from "../constants.js";
import {
  DEFINITION_TABS,
  DOCUMENT_GROUPS,
  GROUP_FILTERS,
  ISO_DATE,
  REQUIREMENT_VALUES,
  Requirement,
} from "../documents.js";
import { ErrorKey, ValidationKey } from "../errors.js";
import { integerInput, multilineText, recordIdSchema, requiredText } from "./common.js";
import { pagingSchema } from "./paging.js";

const requirementSchema = z
  .number({ error: ValidationKey.required })
  .int()
  .refine((v) => (REQUIREMENT_VALUES as number[]).includes(v), { error: ValidationKey.required });
/** Who uploads: somebody, never 'none'. */
const originSchema = requirementSchema.refine((v) => v !== Requirement.none, { error: ValidationKey.required });

/** A calendar date YYYY-MM-DD that exists. */
export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, { error: ValidationKey.dateInvalid })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: ValidationKey.dateInvalid,
    },
  );

// ── Document definitions (document-require-definitions: index, add, edit/{id}, delete/{id}) ──

/** A definition as the colegio writes it (spec 02 §3 'Document definition', §5 'Definition form'). */
export const definitionInputSchema = z.object({
  name: requiredText(ValidationKey.definitionName, 200),
  requirement_origin: originSchema,
  /** default destination: administrator (spec 02 §5) */
  requirement_dest: requirementSchema.default(Requirement.administrator),
  /** always false on create (spec 02 §3) */
  origin_read_required: z.boolean().default(false),
  dest_read_required: z.boolean().default(false),
  /** each document is uploaded for one community and counts only there; otherwise it counts everywhere */
  assocfinca: z.boolean().default(false),
  /** single file: a new upload replaces the previous one (the form's 'unique' is its inverse) */
  oneonly: z.boolean().default(false),
  mandatory: z.boolean().default(false),
  /** the expiry date must be set */
  obsoletable: z.boolean().default(false),
  validate_colegio_required: z.boolean().default(false),
  group: z.enum(DOCUMENT_GROUPS).nullable().default(null),
});
export type DefinitionInput = z.input<typeof definitionInputSchema>;

export const definitionsIndexSchema = z.object({
  /** which tab: definitions uploaded by administrators, providers or porters; absent = all */
  tab: z.enum(DEFINITION_TABS).optional(),
  group: z.enum(GROUP_FILTERS).default("ALL"),
  filter: z.string().trim().max(200).default(""),
  currentPage: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
  perPage: integerInput(z.number().int().min(1).max(100)).default(PAGE_SIZE.definitions),
});
export type DefinitionsIndexRequest = z.input<typeof definitionsIndexSchema>;

const definitionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  requirement_origin: z.number().int(),
  requirement_dest: z.number().int(),
  origin_read_required: z.boolean(),
  dest_read_required: z.boolean(),
  assocfinca: z.boolean(),
  oneonly: z.boolean(),
  mandatory: z.boolean(),
  obsoletable: z.boolean(),
  validate_colegio_required: z.boolean(),
  /** the colegio that defines it */
  id_company: z.number().int(),
  editable_colegio: z.boolean(),
  group: z.enum(DOCUMENT_GROUPS).nullable(),
  /** live templates, and live uploaded documents (for a member, only its own company's) */
  templates_count: z.number().int(),
  documents_count: z.number().int(),
});
export type DefinitionRow = z.infer<typeof definitionRowSchema>;

export const definitionsPageSchema = z.object({
  result: z.literal(true),
  data: z.array(definitionRowSchema),
  count: z.number().int(),
  /** the caller may add, edit and delete definitions (only the colegio) */
  docsAllowedToEdit: z.boolean(),
});
export type DefinitionsPage = z.infer<typeof definitionsPageSchema>;
export const definitionSavedSchema = z.object({ result: z.literal(true), data: definitionRowSchema });

// ── Files (file-manager) ──

const fileRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  size: z.number().int(),
  ftype: z.string(),
  /** expiry date YYYY-MM-DD, or null: never expires */
  obsolete: z.string().nullable(),
  /** ISO timestamp */
  created: z.string(),
});
export type FileRow = z.infer<typeof fileRowSchema>;

/** POST /file-manager/fileupload/edit/{id}: name, expiry (null or empty clears it), description. */
export const fileEditSchema = z.object({
  name: requiredText(ValidationKey.fileName, 200),
  obsolete: z
    .union([isoDateSchema, z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === "" ? null : v)),
  description: multilineText(1000).optional(),
});
export type FileEditRequest = z.input<typeof fileEditSchema>;
export const fileSavedSchema = z.object({ result: z.literal(true), file: fileRowSchema });

/** GET /file-manager/fileload/retrieve/{id}: the file and its short-lived links (spec 02 §7 'PDF'). */
export const fileLinksSchema = z.object({
  result: z.literal(true),
  data: z.object({
    file: fileRowSchema,
    /** `/s/{token}`: opens the PDF in the browser */
    view: z.string(),
    /** `/d/{token}`: downloads it */
    download: z.string(),
    /** ISO timestamp after which both links stop working */
    expires: z.string(),
  }),
});
export type FileLinks = z.infer<typeof fileLinksSchema>["data"];

// ── Templates (plantillas-docs: list, add, delete/{id}) ──

const templateRowSchema = z.object({
  id: z.number().int(),
  id_document_require_definition: z.number().int(),
  fileupload: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }),
});
export type TemplateRow = z.infer<typeof templateRowSchema>;
export const templatesListSchema = z.object({ id_document_require_definition: recordIdSchema });
export const templatesPageSchema = z.object({ result: z.literal(true), data: z.array(templateRowSchema) });

/**
 * An upload's idempotency key (a multipart field sent before the file): a retry with the same key by the
 * same user answers the first upload's result and stores nothing new. The web app sends a fresh UUID per
 * upload and reuses it for its one retry after a network failure.
 */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, { error: ErrorKey.invalidInput });

/** The fields of POST /file-manager/fileupload/upload: with `docDefinitionId` the file becomes a template of it. */
export const fileUploadFieldsSchema = z.object({
  docDefinitionId: recordIdSchema.optional(),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export const fileUploadedSchema = z.object({
  result: z.literal(true),
  file: fileRowSchema,
  template: templateRowSchema.optional(),
});

// ── Uploaded company documents (companies/documents) ──

const documentRowSchema = z.object({
  id: z.number().int(),
  id_document_require_definition: z.number().int(),
  /** the company that uploaded it */
  company_id: z.number().int(),
  company_name: z.string(),
  /** the community it was uploaded for; null: it counts in every community */
  id_finca: z.number().int().nullable(),
  fileupload_id: z.number().int(),
  fileupload: fileRowSchema,
  /** the user who uploaded it */
  user_origin: z.number().int(),
  /** validated by the colegio */
  validated: z.boolean(),
  /** its expiry date has passed */
  expired: z.boolean(),
  /**
   * its definition demands an expiry date and it has none yet: incomplete, it does not count as current
   * (nor wait for validation) until the date is set
   */
  needs_expiry: z.boolean(),
  /** the caller may edit (name, expiry) and erase it */
  can_edit: z.boolean(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;
export const documentResponseSchema = z.object({
  result: z.literal(true),
  data: documentRowSchema,
  /** the definition demands an expiry and the document has none yet: the edit dialog must be completed */
  needs_expiry: z.boolean(),
});
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

/**
 * POST companies/documents/getcompanydefined: the definitions that apply, each with the documents
 * uploaded for it. With `id_finca`, what the caller uploads in that community; without, its general
 * documents (the mandatory documents screen), filtered by group; the colegio passes `id_company` to see
 * a company's general documents ('Docs generales').
 */
export const companyDefinedRequestSchema = z.object({
  id_finca: recordIdSchema.optional(),
  id_company: recordIdSchema.optional(),
  group: z.enum(GROUP_FILTERS).default("ALL"),
});
export type CompanyDefinedRequest = z.input<typeof companyDefinedRequestSchema>;

const definitionDocumentsSchema = z.object({
  definition: definitionRowSchema.omit({ templates_count: true, documents_count: true }),
  documents: z.array(documentRowSchema),
  templates: z.array(templateRowSchema),
  /** the caller may upload for it here */
  can_upload: z.boolean(),
  /** the caller may switch validation (the colegio, where the definition requires it) */
  can_validate: z.boolean(),
});
export type DefinitionDocuments = z.infer<typeof definitionDocumentsSchema>;
export const companyDefinedResponseSchema = z.object({
  result: z.literal(true),
  /** whose documents these are */
  company: z.object({ id: z.number().int(), name: z.string() }),
  data: z.array(definitionDocumentsSchema),
});
export type CompanyDefinedResponse = z.infer<typeof companyDefinedResponseSchema>;

/** Where a company document goes: its definition, its community (per-community definitions) and expiry. */
const documentPlaceSchema = z.object({
  id_definition: recordIdSchema,
  /** required when the definition is bound to communities (assocfinca) */
  id_finca: recordIdSchema.optional(),
  /** the expiry date, when the form sends it with the file */
  obsolete: isoDateSchema.optional(),
});
/** The fields of POST /companies/documents/upload-defined-file (multipart, with the file). */
export const definedUploadFieldsSchema = documentPlaceSchema.extend({
  idempotencyKey: idempotencyKeySchema.optional(),
});
/** POST companies/documents/uploaddefined: a file already uploaded becomes the document. */
export const uploadDefinedSchema = documentPlaceSchema.extend({ fileupload_id: recordIdSchema });

const PENDING_VALIDATION_SORTABLE = ["created"] as const;
export type PendingValidationSortKey = (typeof PENDING_VALIDATION_SORTABLE)[number];
/** POST companies/documents/pending-validation: paged, oldest first unless `sortDesc`. */
export const pendingValidationRequestSchema = pagingSchema(PENDING_VALIDATION_SORTABLE);

/** A row of POST companies/documents/pending-validation (the colegio's validation screen). */
export const pendingValidationRowSchema = z.object({
  document: documentRowSchema.omit({ can_edit: true }),
  definition_name: z.string(),
  company_name: z.string(),
  company_type: z.number().int(),
});
export type PendingValidationRow = z.infer<typeof pendingValidationRowSchema>;

const EXPIRING_SOON_SORTABLE = ["obsolete"] as const;
export type ExpiringSoonSortKey = (typeof EXPIRING_SOON_SORTABLE)[number];
/**
 * POST companies/documents/expiring-soon: the colegio's documents that are current today and whose last valid
 * day is within the next 30 days (the dashboard's 'Caducan en los próximos 30 días'), soonest first unless
 * `sortDesc`; `filter` searches the company, the definition and the file's name.
 */
export const expiringSoonRequestSchema = pagingSchema(EXPIRING_SOON_SORTABLE).extend({
  id_definition: recordIdSchema.optional(),
});

/** A row of POST companies/documents/expiring-soon: the document, whose it is, and where it counts. */
export const expiringSoonRowSchema = pendingValidationRowSchema.extend({
  /** the community a per-community document was uploaded for; null: a general one, it counts in all */
  community_name: z.string().nullable(),
});
export type ExpiringSoonRow = z.infer<typeof expiringSoonRowSchema>;

/** One of the colegio's live definitions in its documents' summary. */
export const colegioDefinitionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  requirement_origin: z.number().int(),
  group: z.string().nullable(),
  validate_colegio_required: z.boolean(),
  /** its documents current today whose last valid day is within the next 30 days */
  expiring_soon: z.number().int(),
  /** its documents waiting for the colegio's validation (the 'Validar documentos' list's) */
  pending_validation: z.number().int(),
});
export type ColegioDefinitionSummary = z.infer<typeof colegioDefinitionSummarySchema>;

/** POST companies/documents/colegio-summary takes no parameters besides `colg_id`. */
export const colegioDocumentsSummaryRequestSchema = z.object({}).strict();

/** POST companies/documents/colegio-summary: the colegio's documents at a glance, by definition. */
export const colegioDocumentsSummarySchema = z.object({
  today: z.string(),
  /** the sums over the definitions: the dashboard's two figures */
  expiring_soon: z.number().int(),
  pending_validation: z.number().int(),
  definitions: z.array(colegioDefinitionSummarySchema),
});
export type ColegioDocumentsSummary = z.infer<typeof colegioDocumentsSummarySchema>;

/** POST companies/documents/validatedocument {valid, id_document} (spec 02 §7). */
export const validateDocumentSchema = z.object({ valid: z.boolean(), id_document: recordIdSchema });
export const documentValidatedSchema = z.object({
  result: z.literal(true),
  data: z.object({ id: z.number().int(), validated: z.boolean() }),
});

/** What a community shows for one per-community definition (issue 23, /gcomunidades). */
export const COMMUNITY_CELL_STATES = ["current", "expired", "incomplete", "missing"] as const;
export type CommunityCellState = (typeof COMMUNITY_CELL_STATES)[number];

/**
 * POST companies/documents/communities-defined: a page of the calling administrator's live communities of the
 * chosen colegio (by name, searchable by name or tax id), with its per-community definitions that administrators
 * upload and, for each, what the community holds.
 */
export const communitiesDefinedRequestSchema = pagingSchema(["name"] as const, PAGE_SIZE.communities);
export type CommunitiesDefinedRequest = z.input<typeof communitiesDefinedRequestSchema>;
const communityCellSchema = z.object({
  id_definition: z.number().int(),
  /** current: a current document; expired / incomplete: the newest one is so; missing: none */
  state: z.enum(COMMUNITY_CELL_STATES),
  /** the document the state speaks of (the newest current one, else the newest one), if any */
  document: documentRowSchema.nullable(),
  /** how many live documents the community holds for it */
  documents_count: z.number().int(),
});
export type CommunityCell = z.infer<typeof communityCellSchema>;
const communityDefinedRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cif: z.string(),
  cells: z.array(communityCellSchema),
});
export type CommunityDefinedRow = z.infer<typeof communityDefinedRowSchema>;
export const communitiesDefinedResponseSchema = z.object({
  result: z.literal(true),
  /** the columns: the colegio's live per-community definitions whose origin includes administrators */
  definitions: z.array(definitionRowSchema.omit({ templates_count: true, documents_count: true })),
  data: z.array(communityDefinedRowSchema),
  count: z.number().int(),
  pagination: z.object({ count: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});
export type CommunitiesDefinedResponse = z.infer<typeof communitiesDefinedResponseSchema>;

/**
 * The most communities one multi-community upload names (`id_fincas`, or `except_fincas` beside `all_fincas`);
 * 'all' has no such limit.
 */
export const MAX_UPLOAD_COMMUNITIES = 500;

/** Community ids separated by commas, each once, 1 to MAX_UPLOAD_COMMUNITIES of them. */
const communityIdList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, { error: ErrorKey.invalidInput })
  .transform((value) => [...new Set(value.split(",").map(Number))])
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_UPLOAD_COMMUNITIES));

/**
 * The fields of POST companies/documents/upload-defined-file-many (multipart, with one PDF): a per-community
 * definition and the communities, as `id_fincas` (ids separated by commas) or `all_fincas=true` (every live
 * community of the caller in the definition's colegio) with, optionally, `except_fincas` (ids separated by
 * commas: those unticked after 'Elegir todas'); `obsolete` is required when the definition demands an expiry
 * (the date is given before the upload, as it is one for every community).
 */
export const definedUploadManyFieldsSchema = z
  .object({
    id_definition: recordIdSchema,
    id_fincas: communityIdList.optional(),
    all_fincas: z.literal("true").optional(),
    except_fincas: communityIdList.optional(),
    obsolete: isoDateSchema.optional(),
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .refine(
    (fields) =>
      (fields.id_fincas === undefined) !== (fields.all_fincas === undefined) &&
      (fields.except_fincas === undefined || fields.all_fincas !== undefined),
    { error: ErrorKey.invalidInput },
  );

/** The answer of upload-defined-file-many: the document written in each community, in the order of their ids. */
export const documentsManyResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(documentRowSchema),
});
export type DocumentsManyResponse = z.infer<typeof documentsManyResponseSchema>;
