import { z } from "zod";
import { CIF_MAX_LENGTH, POSTCODE_LENGTH, PROVIDER_CIF_MIN_EXCLUSIVE } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { InvitationStatus, InviteAction, TokenAction } from "../invitations.js";
import { isValidEmail, passwordMeetsRule } from "../validation.js";
import { integerInput, pgInteger, recordIdSchema, requiredContactSchema, requiredText } from "./common.js";
import { pagedEnvelope, pagingSchema } from "./paging.js";

/** An e-mail field with the spec's message for its form. */
export const emailField = (message: string) =>
  z.string({ error: message }).trim().max(254, { error: message }).refine(isValidEmail, { error: message });

/** A link token (shakey): 256 bits in base64url are 43 characters; anything odd is refused early. */
const shakeySchema = z
  .string()
  .trim()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/** New password: the strength rule (key login.password-must). */
export const newPasswordSchema = z
  .string({ error: ValidationKey.passwordMust })
  .max(200, { error: ValidationKey.passwordMust })
  .refine(passwordMeetsRule, { error: ValidationKey.passwordMust });

// ── Password recovery (spec 01 §7: users/recover, user-recovery/create|check|update) ──
export const recoverRequestSchema = z.object({ email: emailField(ValidationKey.emailRecovery) });
export type RecoverRequest = z.input<typeof recoverRequestSchema>;

export const shakeyRequestSchema = z.object({ shakey: shakeySchema });
const tokenActionSchema = z.enum([
  TokenAction.recovery,
  TokenAction.invitation,
  TokenAction.registerPortero,
  TokenAction.registry,
]);

/** Answer of user-recovery/check and users/checkin: the link is live, for this action. */
export const tokenCheckResponseSchema = z.object({
  result: z.literal(true),
  action: tokenActionSchema,
  email: z.string(),
  /** the company being created (invitations) or joined */
  company_name: z.string().nullable(),
});
export type TokenCheckResponse = z.infer<typeof tokenCheckResponseSchema>;

export const passwordSetRequestSchema = z.object({ shakey: shakeySchema, password: newPasswordSchema });
export type PasswordSetRequest = z.input<typeof passwordSetRequestSchema>;

/** Porter's full sign-up (users/regchecktotalin): every field 'Debes introducir este valor'. */
export const registrationCompletionSchema = z.object({
  shakey: shakeySchema,
  password: newPasswordSchema,
  cif: requiredText(ValidationKey.required, 20),
  direccion: requiredText(ValidationKey.required),
  municipio: requiredText(ValidationKey.required, 100),
  cp: requiredText(ValidationKey.required, 10).refine((v) => v.length === POSTCODE_LENGTH, {
    error: ValidationKey.postcode,
  }),
  provincia: requiredText(ValidationKey.required, 100),
});
export type RegistrationCompletionRequest = z.input<typeof registrationCompletionSchema>;

// ── Provider self-registration (companies/companies/register-provider) ──
export const registerProviderSchema = z.object({
  email: emailField(ValidationKey.emailProvider),
  company: requiredText(ValidationKey.nameRequired),
  cif: z
    .string({ error: ValidationKey.cifInvalid })
    .trim()
    .max(20, { error: ValidationKey.cifInvalid })
    .refine((v) => v.length > PROVIDER_CIF_MIN_EXCLUSIVE, { error: ValidationKey.cifInvalid }),
});
export type RegisterProviderRequest = z.input<typeof registerProviderSchema>;

// ── A colegio registers a company (companies/registry/register): NIF form, or the full form ──
export const companyRegistrationSchema = z.object({
  email: emailField(ValidationKey.emailFormat),
  company_name: requiredText(ValidationKey.nameRequired),
  /** the type of the new company (administrador or gremio); `role` is the spec's alias */
  type: integerInput(pgInteger(ValidationKey.companyTypeRequired), ValidationKey.companyTypeRequired).optional(),
  role: integerInput(pgInteger(ValidationKey.companyTypeRequired), ValidationKey.companyTypeRequired).optional(),
  cif: requiredText(ValidationKey.cifInvalid, CIF_MAX_LENGTH),
  /** the full form: every field required, postcode of 5 (spec 01 §5) */
  company_data: requiredContactSchema.optional(),
});
export type CompanyRegistrationRequest = z.input<typeof companyRegistrationSchema>;

// ── Invitations (companies/companies/invite) ──
export const inviteRequestSchema = z.object({
  action: z.enum([InviteAction.createCompany, InviteAction.createCompanyUser]).default(InviteAction.createCompany),
  email: emailField(ValidationKey.emailFormat),
  /** the level of the new company (mirrors company.type); fallback 25 as in the spec */
  usertype: integerInput(pgInteger()).optional(),
  id_user_invited: integerInput(pgInteger()).optional().default(-1),
  company: z
    .object({
      name: z.string().trim().max(200).optional().default(""),
      type: integerInput(pgInteger(ValidationKey.companyTypeRequired), ValidationKey.companyTypeRequired).optional(),
    })
    .optional()
    .default({ name: "", type: undefined }),
  /** create-company-user: the company the colleague joins (default: the caller's) */
  company_id: recordIdSchema.optional(),
  /** portero invitations: the community the porter is registered in on acceptance */
  id_finca: recordIdSchema.optional(),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;
export type InviteParsed = z.output<typeof inviteRequestSchema>;

const companyTypeOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export const companyTypesResponseSchema = z.object({
  result: z.literal(true),
  usertypes: z.array(companyTypeOptionSchema),
});
export type CompanyTypesResponse = z.infer<typeof companyTypesResponseSchema>;

const invitationStatusSchema = z.enum([
  InvitationStatus.pending,
  InvitationStatus.accepted,
  InvitationStatus.cancelled,
  InvitationStatus.expired,
]);

const invitationRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  action: z.string(),
  company_name: z.string().nullable(),
  company_type: z.number().int(),
  status: invitationStatusSchema,
  created: z.string(),
  expires: z.string().nullable(),
  accepted_at: z.string().nullable(),
  invited_by: z.string().nullable(),
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

export const INVITATION_SORTABLE = ["email", "company_name", "created", "status"] as const;
export const invitationsIndexSchema = pagingSchema(INVITATION_SORTABLE);
export type InvitationsIndexRequest = z.input<typeof invitationsIndexSchema>;
export const invitationsPageSchema = pagedEnvelope(invitationRowSchema);
export type InvitationsPage = z.infer<typeof invitationsPageSchema>;

// ── Users of a company and personal data ──
const userRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  user_role: z.number().int(),
  /** false while the user has not set a password yet (registration pending) */
  active: z.boolean(),
  erased: z.boolean(),
  /** the company's manager (gestor de cuenta) */
  manager: z.boolean(),
  created: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const USER_SORTABLE = ["email", "created"] as const;
export const usersIndexSchema = pagingSchema(USER_SORTABLE).extend({
  company_id: recordIdSchema.optional(),
});
export type UsersIndexRequest = z.input<typeof usersIndexSchema>;
export const usersPageSchema = pagedEnvelope(userRowSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

export const companyDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cif: z.string(),
  type: z.number().int(),
  erased: z.boolean(),
  email: z.string().nullable(),
  person: z.string().nullable(),
  tfn: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable().describe("provincia"),
  postcode: z.string().nullable(),
  owner_user: z.object({ id: z.number().int(), email: z.string(), user_role: z.number().int() }).nullable(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** Mis datos (users/edit/{id}): e-mail required and of e-mail type. */
export const editUserSchema = z.object({ email: emailField(ValidationKey.emailFormat) });
export type EditUserRequest = z.input<typeof editUserSchema>;

/** A change of login e-mail waiting for its confirmation from the new address. */
export const pendingEmailChangeSchema = z.object({
  /** the new address, where the confirmation link went */
  email: z.string(),
  /** when the link stops working (ISO) */
  expires: z.string(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/**
 * Answer of users/edit/{id}: the user as it still is (the e-mail changes only once the link mailed to the
 * new address is opened) and the change now waiting for that, or null when there was nothing to change.
 */
export const editUserResponseSchema = z.object({
  result: z.literal(true),
  user: z.object({ id: z.number().int(), email: z.string() }),
  pending: pendingEmailChangeSchema.nullable(),
});
export type EditUserResponse = z.infer<typeof editUserResponseSchema>;

/** Answer of users/email-change/confirm: the login e-mail is now `email`. */
export const emailChangeConfirmResponseSchema = z.object({
  result: z.literal(true),
  data: z.object({ email: z.string() }),
});
export type EmailChangeConfirmResponse = z.infer<typeof emailChangeConfirmResponseSchema>;

// ── Assigned settings (accepted-legal) ──
export const assignedSettingSchema = z.object({
  id: z.number().int(),
  id_assigned: z.number().int(),
  name: z.string(),
  valuetype: z.string(),
  value: z.string(),
});
export type AssignedSetting = z.infer<typeof assignedSettingSchema>;

export const settingWriteSchema = z.object({
  name: z.string().trim().min(1).max(100),
  valuetype: z.string().trim().max(20).optional().default("boolean"),
  value: z.union([z.string().max(1000), z.boolean(), z.number()]).transform(String),
});
export type SettingWriteRequest = z.input<typeof settingWriteSchema>;

// ── Development mail viewer ──
export const appConfigSchema = z.object({
  /** the development mail viewer is on (demo or development mode) */
  mailViewer: z.boolean(),
  development: z.boolean(),
  demo: z.boolean(),
  /** mail really goes out over SMTP */
  smtp: z.boolean(),
});
export type AppConfigInfo = z.infer<typeof appConfigSchema>;

export const outboxRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  created: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;
export const outboxMessageSchema = outboxRowSchema.extend({ text: z.string(), html: z.string() });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
