import {
  type AdminProviderMissing,
  type adminProviderFincasIndexSchema,
  type adminProvidersIndexSchema,
  Role,
  todayInSpain,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/app-error.js";
import type { SummaryScope } from "../communities/summary-scope.sql.js";
import { providerMissingOver } from "../compliance/missing-aggregates.repository.js";
import { adminProvidersPolicy } from "./admin-providers.policy.js";
import {
  pageAdminProviders,
  pageProviderCommunitiesIn,
  providerInScope,
  providerLinksIn,
} from "./admin-providers.repository.js";

/*
 * The administrator's compliance overview (spec 02 §2 'Admin overview of compliance'; /admin-fincas/proveedor):
 * an administrator's providers over its live communities in the chosen colegio (or, with none chosen, in
 * every colegio it works in, as its communities list); a colegio's over all its live communities.
 */

/** The communities the caller's overview covers, once the policy allowed it. */
function scopeOf(actor: Actor): SummaryScope {
  requireAccess(adminProvidersPolicy, actor, "overview", undefined);
  if (actor.role === Role.colegio) return { colegioId: actor.companyId };
  return { adminCompanyId: actor.companyId, colegioId: actor.colegioId };
}

/** companies/admin-fincas/providers: every provider of the caller's communities with its figures over them. */
export function adminProviders(db: Db, actor: Actor, q: z.output<typeof adminProvidersIndexSchema>) {
  return pageAdminProviders(db, scopeOf(actor), todayInSpain(), q);
}

/**
 * companies/admin-fincas/provider_fincas/{id}: the caller's communities that provider serves, with its
 * figures in each; 404 (nothing told) for a provider that serves none of them.
 */
export async function adminProviderFincas(
  db: Db,
  actor: Actor,
  providerId: number,
  q: z.output<typeof adminProviderFincasIndexSchema>,
) {
  const scope = scopeOf(actor);
  const provider = await providerInScope(db, scope, providerId);
  if (!provider) throw notFound();
  return { provider, ...(await pageProviderCommunitiesIn(db, scope, providerId, todayInSpain(), q)) };
}

/**
 * companies/admin-fincas/providers/missing: what that provider lacks over the caller's communities, as its
 * overview row counts it; 404 for a provider that serves none of them.
 */
export async function adminProviderMissing(db: Db, actor: Actor, providerId: number): Promise<AdminProviderMissing> {
  const scope = scopeOf(actor);
  if (!(await providerInScope(db, scope, providerId))) throw notFound();
  return providerMissingOver(db, providerId, providerLinksIn(scope, providerId), todayInSpain());
}
