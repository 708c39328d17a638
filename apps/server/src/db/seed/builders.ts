import { normalizeEmail, normalizeTaxId, SETTING_ACCEPTED_LEGAL } from "@coordina/domain";
import { and, eq, isNull } from "drizzle-orm";
import { hashPassword } from "../../modules/auth/passwords.js";
import type { Db } from "../client.js";
import {
  activities,
  assignedSettings,
  colegioMembers,
  communities,
  communityPorters,
  communityProviders,
  companies,
  companyActivities,
  users,
} from "../schema/index.js";

/**
 * Data builders shared by the demo seed and the tests. Each `ensure…` is idempotent: it finds the
 * record by its natural key (tax id, e-mail, pair) or creates it.
 */
export interface CompanyInput {
  type: number;
  name: string;
  cif: string;
  ownerCompanyId?: number | null;
  features?: string[] | null;
  email?: string;
  contactPerson?: string;
  phone?: string;
  address?: string;
  city?: string;
  province?: string;
  postcode?: string;
  region?: string;
}

export async function ensureCompany(db: Db, input: CompanyInput) {
  const cifNorm = normalizeTaxId(input.cif);
  const existing = await db.query.companies.findFirst({ where: eq(companies.cifNorm, cifNorm) });
  if (existing) return existing;
  const [row] = await db
    .insert(companies)
    .values({ ...input, cifNorm, ownerCompanyId: input.ownerCompanyId ?? null, features: input.features ?? null })
    .returning();
  return row!;
}

export async function ensureUser(db: Db, input: { email: string; password: string; companyId: number; role: number }) {
  const email = normalizeEmail(input.email);
  const existing = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (existing) return existing;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      companyId: input.companyId,
      userRole: input.role,
    })
    .returning();
  // The first user of a company is its manager (gestor de cuenta).
  await db
    .update(companies)
    .set({ ownerUserId: row!.id })
    .where(and(eq(companies.id, input.companyId), isNull(companies.ownerUserId)));
  return row!;
}

export async function ensureMembership(db: Db, colegioId: number, companyId: number) {
  await db.insert(colegioMembers).values({ colegioId, companyId }).onConflictDoNothing();
}

export async function ensureCommunity(
  db: Db,
  input: { colegioId: number; adminCompanyId: number; name: string; cif: string } & Partial<CompanyInput>,
) {
  const cifNorm = normalizeTaxId(input.cif);
  const existing = await db.query.communities.findFirst({
    where: and(eq(communities.cifNorm, cifNorm), eq(communities.erased, false)),
  });
  if (existing) return existing;
  const [row] = await db
    .insert(communities)
    .values({
      colegioId: input.colegioId,
      adminCompanyId: input.adminCompanyId,
      name: input.name,
      cif: input.cif,
      cifNorm,
      email: input.email,
      contactPerson: input.contactPerson,
      phone: input.phone,
      address: input.address,
      city: input.city,
      province: input.province,
      postcode: input.postcode,
    })
    .returning();
  return row!;
}

export async function ensureProviderLink(db: Db, communityId: number, providerCompanyId: number) {
  await db.insert(communityProviders).values({ communityId, providerCompanyId }).onConflictDoNothing();
}

export async function ensurePorterLink(db: Db, communityId: number, porterUserId: number) {
  await db.insert(communityPorters).values({ communityId, porterUserId }).onConflictDoNothing();
}

/** Records that a user accepted the terms (the `accepted-legal` setting). */
export async function ensureLegalAccepted(db: Db, userId: number) {
  await db
    .insert(assignedSettings)
    .values({ userId, name: SETTING_ACCEPTED_LEGAL, valuetype: "boolean", value: "true" })
    .onConflictDoNothing();
}

/** The colegio's activity of that name, created when missing. */
export async function ensureActivity(db: Db, colegioId: number, name: string) {
  await db.insert(activities).values({ colegioId, name }).onConflictDoNothing();
  const found = await db.query.activities.findFirst({
    where: and(eq(activities.colegioId, colegioId), eq(activities.name, name)),
  });
  return found!;
}

export async function ensureCompanyActivity(db: Db, companyId: number, activityId: number) {
  await db.insert(companyActivities).values({ companyId, activityId }).onConflictDoNothing();
}
