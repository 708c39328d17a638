import { z } from "zod";
import { ACTIVITY_NAME_MAX, PAGE_SIZE } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { REGION_CODES } from "../regions.js";
import { isValidEmail } from "../validation.js";
import { companyDetailSchema } from "./accounts.js";
import { editableContactSchema, integerInput, pgInteger, recordIdSchema } from "./common.js";
import { pagedEnvelope, pagingSchema } from "./paging.js";

/** A `true`/`false` that also arrives as 1/0 or '1'/'0' (query strings, the spec's docsRead=1). */
const flag = z.preprocess(
  (v) => (v === "1" || v === 1 || v === "true" ? true : v === "0" || v === 0 || v === "false" || v === "" ? false : v),
  z.boolean(),
);

/** An activity filter (`filteract`): absent, empty or -1 mean every activity. */
const activityFilter = z.preprocess(
  (v) => (v === "" || v === null || v === -1 || v === "-1" ? undefined : v),
  recordIdSchema.optional(),
);

/** `{id}` in the body: the record a call acts on (deactivate, activate). */
export const idBodySchema = z.object({ id: recordIdSchema });
export type IdBody = z.input<typeof idBodySchema>;

// ── Company lists per type (companies/companies/index, colegio/index, colegio-providers/index) ──
export const COMPANY_SORTABLE = [
  "name",
  "cif",
  "owner_company",
  "owner_user",
  "fincas",
  "status",
  "created",
  "pending",
] as const;
export type CompanySortKey = (typeof COMPANY_SORTABLE)[number];

export const companiesIndexSchema = pagingSchema(COMPANY_SORTABLE, PAGE_SIZE.companyLists).extend({
  /** company type listed: 15 administrators, 20 providers (colegio); 10 colegios (master) */
  type: integerInput(pgInteger()).optional(),
  /** 'Ver solo docs pendientes': only companies with something to upload, read or validate */
  filterNotRead: flag.optional().default(false),
  /** providers: only those with this activity of the colegio */
  filteract: activityFilter,
});
export type CompaniesIndexRequest = z.input<typeof companiesIndexSchema>;

/** A row of a company list (spec 01 §3: the company plus the list-row fields). */
const companyRowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** deactivated (in this colegio for its members; on the platform for a colegio) */
  company_erased: z.boolean(),
  company_type: z.number().int(),
  company_name: z.string(),
  company_cif: z.string(),
  /** name of the company that created it (Empresa Creadora) */
  company_owner_company: z.string().nullable(),
  /** the manager's e-mail (Gestor de cuenta) */
  company_owner_user: z.string().nullable(),
  /** false while the manager has not set a password (registration pending) */
  registered: z.boolean(),
  created: z.string(),
  activities: z.array(z.string()),
  all_uploaded: z.number().int(),
  upload_must: z.number().int(),
  read_all: z.number().int(),
  read_must: z.number().int(),
  pending_validation: z.number().int(),
  /** communities it administers (administrators) */
  owned_fincas: z.number().int(),
  /** communities it serves (providers) */
  provider_fincas: z.number().int(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;
export const companiesPageSchema = pagedEnvelope(companyRowSchema);
export type CompaniesPage = z.infer<typeof companiesPageSchema>;

// ── One company (companies/companies/view/{id}) ──
export const activitySchema = z.object({ id: z.number().int(), name: z.string() });
export type Activity = z.infer<typeof activitySchema>;

const companyViewSchema = companyDetailSchema.extend({
  owner_company_id: z.number().int().nullable(),
  /** colegios: the region whose flag they show */
  region: z.string().nullable(),
  /** providers: their activities in the current colegio */
  activities: z.array(activitySchema),
  /**
   * the viewer may change the company itself (name, CIF, manager, type, contact data): its own company,
   * or for the colegio a member that no other colegio shares
   */
  editable: z.boolean(),
});
export type CompanyView = z.infer<typeof companyViewSchema>;
export const companyViewResponseSchema = z.object({ result: z.literal(true), company: companyViewSchema });

// ── The colegio edits a member company (companies/colegio/update) ──
export const colegioUpdateSchema = z.object({
  company_id: recordIdSchema,
  /** the manager's e-mail; sent only when changed */
  email: z.string().trim().max(254).refine(isValidEmail, { error: ValidationKey.emailFormat }).optional(),
  cif: z.string().trim().min(1, { error: ValidationKey.cifInvalid }).max(20).optional(),
  name: z.string().trim().min(1, { error: ValidationKey.nameRequired }).max(200).optional(),
  companytype: integerInput(pgInteger(ValidationKey.companyTypeRequired), ValidationKey.companyTypeRequired),
  /** activity ids of the current colegio (providers) */
  activities: z.array(recordIdSchema).max(500).default([]),
});
export type ColegioUpdateRequest = z.input<typeof colegioUpdateSchema>;
export const colegioUpdateResponseSchema = z.object({
  result: z.literal(true),
  /** the manager's e-mail changed and the user was told */
  email_notified: z.boolean(),
});

// ── A company edits its own data (companies/companies/update; spec 02 §5 'Company edit') ──
export const companyUpdateSchema = z.object({
  id: recordIdSchema,
  name: z.string({ error: ValidationKey.nameRequired }).trim().min(1, { error: ValidationKey.nameRequired }).max(200),
  cif: z.string().trim().max(20).optional(),
  company_data: editableContactSchema
    .extend({
      /** colegios only: their region */
      region: z.enum(REGION_CODES).nullable().optional(),
    })
    .optional(),
});
export type CompanyUpdateRequest = z.input<typeof companyUpdateSchema>;

// ── NIF-based add (registry/getntype, registry/insertCompanyOnColegio) ──
export const nifLookupSchema = z.object({
  nif: z.string({ error: ValidationKey.cifInvalid }).trim().min(1, { error: ValidationKey.cifInvalid }).max(20),
  type: integerInput(pgInteger(ValidationKey.companyTypeRequired), ValidationKey.companyTypeRequired),
});
export type NifLookupRequest = z.input<typeof nifLookupSchema>;
export const nifLookupResponseSchema = z.object({
  result: z.literal(true),
  /** the company with that NIF, or null when none is registered */
  company: z
    .object({
      id: z.number().int(),
      u_email: z.string().nullable(),
      c_name: z.string(),
      type: z.number().int(),
      /** already a member of the caller's colegio */
      member: z.boolean(),
    })
    .nullable(),
});
export type NifLookupResponse = z.infer<typeof nifLookupResponseSchema>;
export const includeCompanySchema = z.object({
  nif: z.string({ error: ValidationKey.cifInvalid }).trim().min(1, { error: ValidationKey.cifInvalid }).max(20),
  type: integerInput(pgInteger()).optional(),
});
export type IncludeCompanyRequest = z.input<typeof includeCompanySchema>;

// ── Providers with their activities (companies/admin-fincas/providersActivities) ──
export const providerActivitiesIndexSchema = pagingSchema(
  ["name", "cif", "email"] as const,
  PAGE_SIZE.providerActivities,
).extend({
  /** only providers with this activity */
  filteract: activityFilter,
  /** the provider picker of a community: rows then say whether each provider already serves it */
  id_finca: recordIdSchema.optional(),
});
export type ProviderActivitiesIndexRequest = z.input<typeof providerActivitiesIndexSchema>;
const providerActivityRowSchema = z.object({
  provider_id: z.number().int(),
  provider_cif: z.string(),
  provider_name: z.string(),
  provider_email: z.string().nullable(),
  provider_activities: z.array(z.string()),
  provider_tlf: z.string().nullable(),
  /** with `id_finca`: the provider already serves that community */
  in_finca: z.boolean().optional(),
});
export type ProviderActivityRow = z.infer<typeof providerActivityRowSchema>;
export const providerActivitiesPageSchema = pagedEnvelope(providerActivityRowSchema);
export type ProviderActivitiesPage = z.infer<typeof providerActivitiesPageSchema>;

// ── Provider summary (companies/providers/summary; spec 02 §3 'Provider summary row') ──
export const providerSummaryIndexSchema = pagingSchema(
  ["name", "cif", "fincas"] as const,
  PAGE_SIZE.companyLists,
).extend({
  filteract: activityFilter,
});
export const providerSummaryRowSchema = z.object({
  provider_id: z.number().int(),
  provider_cif: z.string(),
  provider_name: z.string(),
  readed: z.number().int(),
  must_read: z.number().int(),
  uploaded: z.number().int(),
  must_upload: z.number().int(),
  numfincas: z.number().int(),
});
export type ProviderSummaryRow = z.infer<typeof providerSummaryRowSchema>;
export const providerSummaryPageSchema = pagedEnvelope(providerSummaryRowSchema);

// ── Activities (companies/activities/*) ──
export const activitiesIndexSchema = pagingSchema(["name", "providers"] as const, PAGE_SIZE.activitiesTable);
export type ActivitiesIndexRequest = z.input<typeof activitiesIndexSchema>;
const activityRowSchema = activitySchema.extend({
  /** providers of the colegio that offer it */
  providers: z.number().int(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;
export const activitiesPageSchema = pagedEnvelope(activityRowSchema);
export type ActivitiesPage = z.infer<typeof activitiesPageSchema>;
export const activitiesAllSchema = z.object({ result: z.literal(true), data: z.array(activitySchema) });
export const activityNameSchema = z.object({
  name: z
    .string({ error: ValidationKey.activityRequired })
    .trim()
    .min(1, { error: ValidationKey.activityRequired })
    .max(ACTIVITY_NAME_MAX, { error: ValidationKey.activityTooLong }),
});
export type ActivityNameRequest = z.input<typeof activityNameSchema>;
export const activityExistsResponseSchema = z.object({
  result: z.literal(true),
  exists: z.boolean(),
  /** the existing activity, when there is one */
  id: z.number().int().nullable(),
});
export type ActivityExistsResponse = z.infer<typeof activityExistsResponseSchema>;

// ── Master (companies/master/*) ──
export const masterIndexSchema = pagingSchema(["name", "cif", "email", "region"] as const, PAGE_SIZE.companyLists);
export type MasterIndexRequest = z.input<typeof masterIndexSchema>;
const masterColegioRowSchema = z.object({
  id: z.number().int(),
  c_cif: z.string(),
  c_name: z.string(),
  /** the manager's e-mail (Gestor principal) */
  u_email: z.string().nullable(),
  /** the region code whose flag is shown */
  flag: z.string().nullable(),
  erased: z.boolean(),
});
export type MasterColegioRow = z.infer<typeof masterColegioRowSchema>;
export const masterColegiosPageSchema = pagedEnvelope(masterColegioRowSchema);
export type MasterColegiosPage = z.infer<typeof masterColegiosPageSchema>;
export const masterInviteSchema = z.object({
  email: z
    .string({ error: ValidationKey.emailFormat })
    .trim()
    .max(254)
    .refine(isValidEmail, { error: ValidationKey.emailFormat }),
  name: z
    .string({ error: ValidationKey.companyNameRequired })
    .trim()
    .min(1, { error: ValidationKey.companyNameRequired })
    .max(200),
  region: z.enum(REGION_CODES).optional(),
});
export type MasterInviteRequest = z.input<typeof masterInviteSchema>;
export const masterDashboardSchema = z.object({
  result: z.literal(true),
  data: z.array(
    z.object({
      region: z.string(),
      /** active colegios of the region */
      colegios: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type MasterDashboard = z.infer<typeof masterDashboardSchema>;

/** Summaries (companies/summaries/*): CSV columns of spec 01 §3. */
export const SUMMARY_COLUMNS = {
  colegio_created: ["company_cif", "company_name", "company_owner_user", "owned_fincas"],
  colegio_providers_summary: ["cif", "name", "company_owner_mail", "tfn"],
} as const;
export type SummaryName = keyof typeof SUMMARY_COLUMNS;
