import { z } from "zod";

/*
 * The dashboards (`/dashboard`, issue 23 part 3; docs/FEATURES.md 'Dashboards'): one call per role, its
 * figures computed from exactly what the lists show (the same caches and rules).
 */

/** How many rows of a list are green, amber, red, or neutral (nothing expected of them). */
export const lightShareSchema = z.object({
  ok: z.number().int(),
  warn: z.number().int(),
  error: z.number().int(),
  none: z.number().int(),
});
export type LightShare = z.infer<typeof lightShareSchema>;

/** Days ahead in which a document's expiry counts as 'expiring soon' (today included, today + 30 too). */
export const EXPIRING_SOON_DAYS = 30;

/** Months of the colegio's trend, the current one included. */
export const TREND_MONTHS = 12;

/** A month of the colegio's trend; the shares are null before the first daily snapshot ('sin datos'). */
export const trendMonthSchema = z.object({
  month: z.string().describe("YYYY-MM, hora de Madrid"),
  uploaded: z.number().int().describe("documentos vivos subidos ese mes"),
  expired: z.number().int().describe("documentos vivos cuyo último día de vigencia pasó ese mes"),
  snapshot_day: z.string().nullable().describe("día de la última foto diaria del mes (YYYY-MM-DD), o null"),
  providers: lightShareSchema.nullable(),
  communities: lightShareSchema.nullable(),
});
export type TrendMonth = z.infer<typeof trendMonthSchema>;

/** POST companies/dashboard/colegio. */
export const colegioDashboardSchema = z.object({
  today: z.string(),
  /** the colegio's active providers (membership and company live), by the light of their list row */
  providers: lightShareSchema,
  /** the colegio's live communities, by the light of their list row */
  communities: lightShareSchema,
  /** live documents of the colegio's definitions, current today, whose last valid day is within 30 days */
  expiring_soon: z.number().int(),
  /** the count of the pending-validation list (companies/documents/pending-validation) */
  pending_validation: z.number().int(),
  trend: z.array(trendMonthSchema),
});
export type ColegioDashboard = z.infer<typeof colegioDashboardSchema>;

/** A document that expires soon where one of the administrator's communities counts it. */
export const expiringDocumentSchema = z.object({
  document_id: z.number().int(),
  community_id: z.number().int(),
  community_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  definition_name: z.string(),
  file_name: z.string(),
  obsolete: z.string().describe("último día de vigencia, YYYY-MM-DD"),
});
export type ExpiringDocument = z.infer<typeof expiringDocumentSchema>;

/** How many expiring rows the administrator's dashboard lists (the count says how many there are). */
export const EXPIRING_ROWS = 50;

/** POST companies/dashboard/administrador. */
export const adminDashboardSchema = z.object({
  today: z.string(),
  /** the administrator's live communities (in the chosen colegio, or every one it works in) by light */
  communities: lightShareSchema,
  expiring_count: z.number().int(),
  /** the first EXPIRING_ROWS, soonest first */
  expiring: z.array(expiringDocumentSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** Neither dashboard takes parameters besides `colg_id`. */
export const dashboardRequestSchema = z.object({}).strict();
