import { z } from "zod";
import { PAGE_SIZE } from "../constants.js";
import { recordIdSchema } from "./common.js";
import { providerSummaryRowSchema } from "./companies.js";
import { type ProviderMissingInColegio, providerMissingInColegioResponseSchema } from "./missing.js";
import { pagedEnvelope, pagingSchema } from "./paging.js";
import { summaryFincaRowSchema } from "./porters.js";

/*
 * The administrator's compliance overview (spec 02 §2 'Admin overview of compliance', §3 'Provider summary
 * row' and 'Provider's communities row', §4 'Admin overview'; /admin-fincas/proveedor/{id?}): every
 * provider working in the caller's communities with its figures over them (docs/compliance.md rule 12),
 * and one provider's communities among them with its figures in each (rule 3).
 */

/** A provider in the overview (spec 02 §3 'Provider summary row'): its figures over the caller's communities it serves. */
export const adminProviderRowSchema = providerSummaryRowSchema;
export type AdminProviderRow = z.infer<typeof adminProviderRowSchema>;
export const ADMIN_PROVIDERS_SORTABLE = ["id", "cif", "name", "readed", "uploaded", "numfincas"] as const;
/** POST companies/admin-fincas/providers: the overview, 10 per page (spec 02 §9). */
export const adminProvidersIndexSchema = pagingSchema(ADMIN_PROVIDERS_SORTABLE, PAGE_SIZE.adminProviders);
export type AdminProvidersIndexRequest = z.input<typeof adminProvidersIndexSchema>;
export const adminProvidersPageSchema = pagedEnvelope(adminProviderRowSchema);
export type AdminProvidersPage = z.infer<typeof adminProvidersPageSchema>;

/** One of the caller's communities the provider serves, with its figures there (spec 02 §3). */
export const adminProviderFincaRowSchema = summaryFincaRowSchema;
export type AdminProviderFincaRow = z.infer<typeof adminProviderFincaRowSchema>;
export const ADMIN_PROVIDER_FINCAS_SORTABLE = ["id", "cif", "name", "readed", "uploaded"] as const;
/** POST companies/admin-fincas/provider_fincas/{id}: that provider's communities among the caller's, 10 a page. */
export const adminProviderFincasIndexSchema = pagingSchema(ADMIN_PROVIDER_FINCAS_SORTABLE, PAGE_SIZE.adminProviders);
export type AdminProviderFincasIndexRequest = z.input<typeof adminProviderFincasIndexSchema>;
export const adminProviderFincasPageSchema = pagedEnvelope(adminProviderFincaRowSchema).extend({
  provider: z.object({ id: z.number().int(), name: z.string(), cif: z.string() }),
});
export type AdminProviderFincasPage = z.infer<typeof adminProviderFincasPageSchema>;

/**
 * POST companies/admin-fincas/providers/missing {id_gremio}: what the provider lacks over the caller's
 * communities, as its overview row counts it (uploads each once, reads in each community); `pending` is
 * always empty here (the overview has no validation column).
 */
export const adminProviderMissingRequestSchema = z.object({ id_gremio: recordIdSchema });
export const adminProviderMissingResponseSchema = providerMissingInColegioResponseSchema;
export type AdminProviderMissing = ProviderMissingInColegio;
