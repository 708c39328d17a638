import { z } from "zod";
import { isRoleNumber } from "../roles.js";

/** Login body; strict, so a client cannot smuggle extra fields into the login call. */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

const roleSchema = z.number().int().refine(isRoleNumber, "rol desconocido");

const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  token: z.string(),
  user_role: roleSchema,
  tokencreated: z.string().describe("momento de creación de la sesión (ISO 8601)"),
});

const companySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cif: z.string(),
  type: z.number().int(),
  erased: z.boolean(),
  owner_company_id: z.number().int().nullable(),
  owner_user_id: z.number().int().nullable(),
});

export const colegioSchema = z.object({ id: z.number().int(), name: z.string() });
export type Colegio = z.infer<typeof colegioSchema>;

export const sessionDataSchema = z.object({
  token: z.string(),
  user: currentUserSchema,
  company: companySummarySchema,
  colegios: z.array(colegioSchema),
  flags: z.array(z.string()),
  issuer: z.string(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;
