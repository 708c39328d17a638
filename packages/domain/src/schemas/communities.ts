import { z } from "zod";
import { CIF_MAX_LENGTH, PAGE_SIZE } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { isValidEmail } from "../validation.js";
import { emailField } from "./accounts.js";
import { editableContactSchema, recordIdSchema, requiredContactSchema, requiredText } from "./common.js";
import { pagedEnvelope, pagingSchema } from "./paging.js";

// ── Communities list (companies/fincas/index): the administrator's own, the colegio's all ──
export const COMMUNITY_SORTABLE = ["name", "cif", "providers", "admin", "created"] as const;
export type CommunitySortKey = (typeof COMMUNITY_SORTABLE)[number];
export const communitiesIndexSchema = pagingSchema(COMMUNITY_SORTABLE, PAGE_SIZE.communities);
export type CommunitiesIndexRequest = z.input<typeof communitiesIndexSchema>;

/** A community row (spec 02 §3 'Community (finca) rows'). */
const communityRowSchema = z.object({
  id: z.number().int(),
  /** the spec's rows carry the name twice: nombre and name */
  nombre: z.string(),
  name: z.string(),
  cif: z.string(),
  /** providers serving it now */
  proveedores_count: z.number().int(),
  /** mandatory uploads expected in the community, and those met */
  mandatory_count: z.number().int(),
  mandatory_uploaded_count: z.number().int(),
  /** reads expected in the community, and those done */
  expected_count_read: z.number().int(),
  count_read: z.number().int(),
  /** every provider has uploaded / read what it must (and something is expected) */
  proveedores_uploaded: z.boolean(),
  proveedores_read: z.boolean(),
  /** it has a porter */
  porteros: z.boolean(),
  porteros_count: z.number().int(),
  /** the administrator company: id and name */
  owner: z.number().int(),
  admin: z.string(),
  created: z.string(),
});
export type CommunityRow = z.infer<typeof communityRowSchema>;
export const communitiesPageSchema = pagedEnvelope(communityRowSchema);
export type CommunitiesPage = z.infer<typeof communitiesPageSchema>;

// ── The communities a provider serves (companies/fincas/provider) ──
const PROVIDER_COMMUNITY_SORTABLE = ["name", "cif", "admin"] as const;
export type ProviderCommunitySortKey = (typeof PROVIDER_COMMUNITY_SORTABLE)[number];
export const providerCommunitiesIndexSchema = pagingSchema(PROVIDER_COMMUNITY_SORTABLE, PAGE_SIZE.communities);
export type ProviderCommunitiesIndexRequest = z.input<typeof providerCommunitiesIndexSchema>;
const providerCommunityRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cif: z.string(),
  /** the administrator company (owner) */
  owner: z.number().int(),
  admin: z.string(),
  /** e-mails of the community's porters */
  porteros: z.array(z.string()),
});
export type ProviderCommunityRow = z.infer<typeof providerCommunityRowSchema>;
export const providerCommunitiesPageSchema = pagedEnvelope(providerCommunityRowSchema);
export type ProviderCommunitiesPage = z.infer<typeof providerCommunitiesPageSchema>;

// ── Adding a community: simple form (companies/fincas/add) and full form (companies/fincas/register) ──
export const communityAddSchema = z.object({
  name: requiredText(ValidationKey.nameRequired),
  cif: requiredText(ValidationKey.cifInvalid, CIF_MAX_LENGTH),
});
export type CommunityAddRequest = z.input<typeof communityAddSchema>;

/** Full form (spec 02 §3 'Community registration payload', §5): every field required, postcode of 5. */
export const communityRegistrationSchema = z.object({
  email: emailField(ValidationKey.emailFormat),
  company_name: requiredText(ValidationKey.nameRequired),
  cif: requiredText(ValidationKey.cifInvalid, 20),
  company_data: requiredContactSchema.extend({
    /** the contact e-mail; `email` when absent */
    mail: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === "" || isValidEmail(v), { error: ValidationKey.emailFormat })
      .optional(),
  }),
});
export type CommunityRegistrationRequest = z.input<typeof communityRegistrationSchema>;
export const communityCreatedSchema = z.object({ result: z.literal(true), data: z.object({ id: z.number().int() }) });

// ── One community (companies/fincas/view/{id}) and its edit (companies/fincas/update) ──
const communityViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cif: z.string(),
  email: z.string().nullable(),
  person: z.string().nullable(),
  tfn: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** holds the province */
  country: z.string().nullable(),
  postcode: z.string().nullable(),
  colegio_id: z.number().int(),
  /** the administrator company */
  owner: z.number().int(),
  admin: z.string(),
  proveedores_count: z.number().int(),
  porteros_count: z.number().int(),
  /** the caller administers it: may edit it, delete it and manage its providers */
  editable: z.boolean(),
  /** what the panel's menu depends on (spec 02 §2 'Routes of the community panel') */
  menu: z.object({
    /** documents bound to this community that its providers must upload ('Docs proveedores') */
    provider_bound_docs: z.boolean(),
    /** porter document definitions exist ('Docs porteros', with a porter) */
    porter_docs: z.boolean(),
    /** LOPD-group definitions exist ('LOPD') */
    lopd_docs: z.boolean(),
    /** the calling provider has documents of this community's administrator left to read ('Docs finca' '!') */
    pending_read: z.boolean(),
    /**
     * the calling provider has documents of this community's other providers left to read ('Docs
     * proveedores' '!'). Always sent; optional for clients written before it.
     */
    pending_read_providers: z.boolean().optional(),
  }),
});
export type CommunityView = z.infer<typeof communityViewSchema>;
export const communityViewResponseSchema = z.object({ result: z.literal(true), finca: communityViewSchema });
export type CommunityViewResponse = z.infer<typeof communityViewResponseSchema>;

/** Company edit for a community (spec 02 §3 'Company edit', §5): name required, e-mail valid, cp empty or 5. */
export const communityUpdateSchema = z.object({
  id: recordIdSchema,
  name: z.string({ error: ValidationKey.nameRequired }).trim().min(1, { error: ValidationKey.nameRequired }).max(200),
  cif: z
    .string()
    .trim()
    .min(1, { error: ValidationKey.cifInvalid })
    .max(20, { error: ValidationKey.cifInvalid })
    .optional(),
  /** contact data; `email` is the contact e-mail (`mail` in the registration payload) */
  company_data: editableContactSchema.optional(),
});
export type CommunityUpdateRequest = z.input<typeof communityUpdateSchema>;

// ── Providers of a community (companies-providers/*) ──
const COMMUNITY_PROVIDER_SORTABLE = ["name", "cif", "uploaded", "read"] as const;
export type CommunityProviderSortKey = (typeof COMMUNITY_PROVIDER_SORTABLE)[number];
export const communityProvidersIndexSchema = pagingSchema(
  COMMUNITY_PROVIDER_SORTABLE,
  PAGE_SIZE.communityProviders,
).extend({
  idFinca: recordIdSchema,
  /** only this provider (the provider-in-community view reads its own row) */
  id_provider: recordIdSchema.optional(),
});
export type CommunityProvidersIndexRequest = z.input<typeof communityProvidersIndexSchema>;

/** A provider of a community (spec 02 §3 'Community-provider row'); `id` is the link, for delete/{id}. */
const communityProviderRowSchema = z.object({
  id: z.number().int(),
  id_provider: z.number().int(),
  name: z.string(),
  cif: z.string(),
  /** the provider works in the colegio now (not deactivated there nor on the platform) */
  active: z.boolean(),
  uploaded_count: z.number().int(),
  upload_must: z.number().int(),
  readed_count: z.number().int(),
  readed_must: z.number().int(),
});
export type CommunityProviderRow = z.infer<typeof communityProviderRowSchema>;
export const communityProvidersPageSchema = pagedEnvelope(communityProviderRowSchema);
export type CommunityProvidersPage = z.infer<typeof communityProvidersPageSchema>;

/** Append a provider of the colegio to a community (`id_company` is the community). */
export const communityProviderAddSchema = z.object({ id_provider: recordIdSchema, id_company: recordIdSchema });
export type CommunityProviderAddRequest = z.input<typeof communityProviderAddSchema>;
/** Append a provider by its tax id. */
export const communityProviderAddCifSchema = z.object({
  cif: requiredText(ValidationKey.cifInvalid, 20),
  id_company: recordIdSchema,
});
export type CommunityProviderAddCifRequest = z.input<typeof communityProviderAddCifSchema>;
export const communityProviderAddedSchema = z.object({
  result: z.literal(true),
  data: z.object({ id: z.number().int(), id_provider: z.number().int(), name: z.string() }),
});
export type CommunityProviderAdded = z.infer<typeof communityProviderAddedSchema>["data"];
/** Link a community and a provider by their tax ids (the pairs import). */
export const communityProviderPairSchema = z.object({
  cif_finca: requiredText(ValidationKey.cifInvalid, CIF_MAX_LENGTH),
  cif_provider: requiredText(ValidationKey.cifInvalid, CIF_MAX_LENGTH),
});
export type CommunityProviderPairRequest = z.input<typeof communityProviderPairSchema>;
