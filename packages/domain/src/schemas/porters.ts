import { z } from "zod";
import { PAGE_SIZE } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { newPasswordSchema } from "./accounts.js";
import { calendarMonthRequestSchema, calendarMonthResponseSchema } from "./calendar.js";
import { recordIdSchema } from "./common.js";
import { isoDateSchema } from "./documents.js";
import { pagedEnvelope, pagingSchema } from "./paging.js";

/*
 * Porters (porteros, role 25) per community (spec 02 §2 'Porter management per community', 'Porter
 * documents for an administrator', 'Doormen summary table', 'Porter's own view'; §3 'Porter rows'; §5
 * 'Porter form'; §7 'Porters'; §8 'Porter registration') and the arrival check (issue 19, beyond the
 * spec). A porter is a user with the portero role; its company (type 25) holds its NIF and is the
 * company its documents and read marks belong to. `id_portero` is always the porter's user id.
 * The rules behind every figure are in docs/compliance.md.
 */

/** The porter form's e-mail (spec 02 §5: message key email.invalid). */
const porterEmail = z
  .string({ error: ValidationKey.porterEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: ValidationKey.porterEmail }).max(254, { error: ValidationKey.porterEmail }));

/** { id_portero, id_finca }: one porter in one community (drop, include and the porter's documents). */
export const porterFincaRequestSchema = z.object({ id_portero: recordIdSchema, id_finca: recordIdSchema });
export type PorterFincaRequest = z.input<typeof porterFincaRequestSchema>;

/** A porter of a community with its duties there (spec 02 §3 'Porter rows'). */
export const porterRowSchema = z.object({
  /** the porter's user id (id_portero) */
  id: z.number().int(),
  email: z.string(),
  /** the porter's company (its own record: name and NIF) */
  company_id: z.number().int(),
  name: z.string(),
  /** mandatory uploads met / owed in this community */
  uploaded_count: z.number().int(),
  upload_must: z.number().int(),
  /** mandatory reads done / owed in this community */
  read_count: z.number().int(),
  read_must: z.number().int(),
  /** when it joined the community (ISO) */
  created: z.string(),
});
export type PorterRow = z.infer<typeof porterRowSchema>;

export const COMMUNITY_PORTER_SORTABLE = ["email", "name", "created"] as const;
/** POST porteros/fincas/index: the porters card of one community, 4 per page (spec 02 §9). */
export const communityPortersIndexSchema = pagingSchema(COMMUNITY_PORTER_SORTABLE, PAGE_SIZE.communityPorters).extend({
  id_finca: recordIdSchema,
});
export type CommunityPortersIndexRequest = z.input<typeof communityPortersIndexSchema>;
export const communityPortersPageSchema = pagedEnvelope(porterRowSchema);
export type CommunityPortersPage = z.infer<typeof communityPortersPageSchema>;
/** GET porteros/fincas/byfinca/{id}: every porter of a community, unpaged. */
export const communityPortersResponseSchema = z.object({ result: z.literal(true), data: z.array(porterRowSchema) });

/** POST porteros/registry/exists {email}: whether a user has that e-mail, and whether it is a porter. */
export const porterEmailRequestSchema = z.object({ email: porterEmail });
export const porterExistsResponseSchema = z.object({
  result: z.literal(true),
  exists: z.boolean(),
  /** the user has the portero role (only a porter can be added) */
  porter: z.boolean(),
});

/**
 * POST porteros/registry/register {email, id_finca}: the porter form's add. Adds the porter with that
 * e-mail to the community; `user.not.exists` when nobody has it (the form then offers an invitation),
 * `user.not.good.role` when it is not a porter, `user.already.registered` when it already works there.
 * POST porteros/registry/invite {email, id_finca}: sends the porter an invitation to sign up, registered
 * in the community on acceptance.
 */
export const porterRegisterSchema = z.object({ email: porterEmail, id_finca: recordIdSchema });
export type PorterRegisterRequest = z.input<typeof porterRegisterSchema>;
/** POST porteros/registry/include {id_portero, id_finca}: the same as register, by user id. */
export const porterIncludeSchema = porterFincaRequestSchema;
/**
 * POST porteros/registry/registerTest {email, id_finca, password, nif}: testing mode only (off by default):
 * creates the porter with a password and adds it at once. The password follows the portal's one rule, as at
 * registration and recovery (`passwordMeetsRule`, key login.password-must; issue 21).
 */
export const porterRegisterTestSchema = porterRegisterSchema.extend({
  password: newPasswordSchema,
  nif: z.string().trim().min(1, { error: ValidationKey.required }).max(20),
});
export const porterAddedResponseSchema = z.object({ result: z.literal(true), data: porterRowSchema });
export const porterInvitedResponseSchema = z.object({ result: z.literal(true), invitation: z.number().int() });

/** A porter in the doormen summary (spec 02 §3 'Summary row'), over the caller's communities. */
export const porterSummaryRowSchema = z.object({
  portero_id: z.number().int(),
  /** the porter's company name */
  portero_name: z.string(),
  portero_email: z.string(),
  /** the names of the communities (of the caller's) it works in, by name */
  fincas: z.array(z.string()),
  readed: z.number().int(),
  must_read: z.number().int(),
  uploaded: z.number().int(),
  must_upload: z.number().int(),
  numfincas: z.number().int(),
});
export type PorterSummaryRow = z.infer<typeof porterSummaryRowSchema>;
export const PORTER_SUMMARY_SORTABLE = ["id", "name", "email", "readed", "uploaded", "numfincas"] as const;
/** POST porteros/portero/admin_summary: the doormen summary, 10 per page (spec 02 §9). */
export const porterSummaryIndexSchema = pagingSchema(PORTER_SUMMARY_SORTABLE, PAGE_SIZE.porterSummary);
export type PorterSummaryIndexRequest = z.input<typeof porterSummaryIndexSchema>;
export const porterSummaryPageSchema = pagedEnvelope(porterSummaryRowSchema);
export type PorterSummaryPage = z.infer<typeof porterSummaryPageSchema>;

/** POST porteros/portero/fincas {id_portero}: the caller's communities that porter works in, with its figures. */
export const porterFincasRequestSchema = z.object({ id_portero: recordIdSchema });
/**
 * One community of a summary's detail (a porter's communities in the doormen summary, a provider's in the
 * administrator's overview), with the figures of that porter or provider there.
 */
export const summaryFincaRowSchema = z.object({
  finca_id: z.number().int(),
  finca_cif: z.string(),
  finca_name: z.string(),
  readed: z.number().int(),
  must_read: z.number().int(),
  uploaded: z.number().int(),
  must_upload: z.number().int(),
});
export const porterFincasResponseSchema = z.object({
  result: z.literal(true),
  portero: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  data: z.array(summaryFincaRowSchema),
});
export type PorterFincasResponse = z.infer<typeof porterFincasResponseSchema>;

/** A community as its porter sees it in its own list (spec 02 §2 'Porter's own view'). */
const ownCommunityRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cif: z.string(),
  /** the community's administrator (company name) */
  admin: z.string(),
  colegio_id: z.number().int(),
  /** the porter's own duties there */
  uploaded_count: z.number().int(),
  upload_must: z.number().int(),
  read_count: z.number().int(),
  read_must: z.number().int(),
});
export type OwnCommunityRow = z.infer<typeof ownCommunityRowSchema>;
export const OWN_COMMUNITY_SORTABLE = ["name", "admin"] as const;
/** POST porteros/comunidades/index: the porter's own live communities in every colegio, up to 100 a page. */
export const ownCommunitiesIndexSchema = pagingSchema(OWN_COMMUNITY_SORTABLE, PAGE_SIZE.ownCommunities);
export const ownCommunitiesPageSchema = pagedEnvelope(ownCommunityRowSchema);
export type OwnCommunitiesPage = z.infer<typeof ownCommunitiesPageSchema>;

/**
 * POST porteros/calendar/bymonth {year, month, id_finca, day?, page?, limit?}: the days of the month the
 * community's visits cover and a page of the visits (`mine` false; `side` is ignored: none is the porter's).
 */
export const porterCalendarRequestSchema = calendarMonthRequestSchema;
export const porterCalendarResponseSchema = calendarMonthResponseSchema.pick({
  result: true,
  days: true,
  calendar: true,
  count: true,
  pagination: true,
});

/**
 * What a provider still lacks in a community, for the arrival check: a mandatory upload missing, expired
 * (with its date) or without its expiry date, or a document it must read and has not.
 */
export const missingDutySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("upload"),
    definition_id: z.number().int(),
    definition_name: z.string(),
    reason: z.enum(["missing", "expired", "incomplete"]),
    /** for `expired`: the last day it was valid (YYYY-MM-DD) */
    expired_on: isoDateSchema.nullable(),
  }),
  z.object({
    kind: z.literal("read"),
    document_id: z.number().int(),
    definition_name: z.string(),
    document_name: z.string(),
  }),
]);
export type MissingDuty = z.infer<typeof missingDutySchema>;

/** A provider of the community at the door: its light and what it lacks ('¿Quién viene hoy?'). */
const arrivalProviderRowSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  provider_cif: z.string(),
  uploaded_count: z.number().int(),
  upload_must: z.number().int(),
  read_count: z.number().int(),
  read_must: z.number().int(),
  /** empty when everything is met (green) */
  missing: z.array(missingDutySchema),
  /** its latest recorded arrival in this community (ISO), or null */
  last_arrival: z.string().nullable(),
});
export type ArrivalProviderRow = z.infer<typeof arrivalProviderRowSchema>;
/** POST porteros/llegadas/proveedores {id_finca, filter}: the community's live providers, by name or CIF. */
export const arrivalProvidersRequestSchema = z.object({
  id_finca: recordIdSchema,
  filter: z.string().trim().max(200).default(""),
});
export const arrivalProvidersResponseSchema = z.object({
  result: z.literal(true),
  data: z.array(arrivalProviderRowSchema),
});
export type ArrivalProvidersResponse = z.infer<typeof arrivalProvidersResponseSchema>;

/** A recorded arrival: who let whom in, when, and the provider's state at that moment (kept as evidence). */
const arrivalRowSchema = z.object({
  id: z.number().int(),
  finca_id: z.number().int(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  porter_id: z.number().int(),
  porter_email: z.string(),
  /** ISO */
  arrived_at: z.string(),
  uploaded_count: z.number().int(),
  upload_must: z.number().int(),
  read_count: z.number().int(),
  read_must: z.number().int(),
  missing: z.array(missingDutySchema),
});
export type ArrivalRow = z.infer<typeof arrivalRowSchema>;
/** POST porteros/llegadas/add {id_finca, id_provider}: the porter records 'Ha llegado'. */
export const arrivalAddSchema = z.object({ id_finca: recordIdSchema, id_provider: recordIdSchema });
export const arrivalAddedResponseSchema = z.object({ result: z.literal(true), data: arrivalRowSchema });
/**
 * POST porteros/llegadas/index {id_finca, id_provider?}: recorded arrivals in a community, newest first
 * (the administrator's provider-in-community view passes id_provider; the porter sees its community's).
 */
export const arrivalsIndexSchema = pagingSchema(["arrived_at"] as const, PAGE_SIZE.arrivals).extend({
  id_finca: recordIdSchema,
  id_provider: recordIdSchema.optional(),
});
export const arrivalsPageSchema = pagedEnvelope(arrivalRowSchema);
export type ArrivalsPage = z.infer<typeof arrivalsPageSchema>;
