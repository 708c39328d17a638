import {
  type AdminDashboard,
  type ColegioDashboard,
  communityRowLight,
  type Light,
  type LightShare,
  providerRowLight,
  todayInSpain,
} from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { singleFlight } from "../../lib/single-flight.js";
import { colegioScope } from "../companies/companies.policy.js";
import { activeProviderFigures } from "../compliance/figures-cache.repository.js";
import { colegioDocumentFigures } from "../documents/documents.repository.js";
import { dashboardPolicy } from "./dashboard.policy.js";
import {
  colegioDashboardCached,
  colegioTrend,
  expiringInCommunities,
  keepFirstSnapshotOfDay,
  scopeCommunityFigures,
  storeColegioDashboard,
} from "./dashboard.repository.js";

/** How many of `rows` have each light. */
function shareOf<T>(rows: readonly T[], light: (row: T) => Light): LightShare {
  const share: LightShare = { ok: 0, warn: 0, error: 0, none: 0 };
  for (const row of rows) share[light(row)] += 1;
  return share;
}

/**
 * POST companies/dashboard/colegio: the colegio's providers and communities by the light of their list row
 * (providerRowLight, communityRowLight over the lists' own figures), documents expiring within 30 days, the
 * pending-validation list's count and the last 12 months. The first read of a day stores that day's share
 * of lights (dashboard_snapshots): the trend's only source for lights, as nothing else keeps a history yet.
 * The answer is kept (colegio_dashboard_cache) for its day while the colegio's fingerprint stays: a read
 * after no change costs the fingerprint's four sums; readers arriving together after a change compute it
 * once (singleFlight), and the refresher (dashboard-refresh.ts) computes it soon after a change.
 */
export async function colegioDashboard(db: Db, actor: Actor): Promise<ColegioDashboard> {
  requireAccess(dashboardPolicy, actor, "colegio", undefined);
  return colegioDashboardAnswer(db, colegioScope(actor), todayInSpain());
}

/**
 * The colegio's answer of `today`: the kept one while the colegio's fingerprint is unchanged, otherwise
 * computed (once for all who ask meanwhile) and kept.
 */
export async function colegioDashboardAnswer(db: Db, colegioId: number, today: string): Promise<ColegioDashboard> {
  const { fingerprint, figures } = await colegioDashboardCached(db, colegioId, today);
  if (figures) return figures;
  const key = `${colegioId}:${today}:${Object.values(fingerprint).join(":")}`;
  return singleFlight(db, key, async () => {
    const answer = await computeColegioDashboard(db, colegioId, today);
    await storeColegioDashboard(db, colegioId, today, fingerprint, answer);
    return answer;
  });
}

/** The colegio dashboard's answer, computed from the lists' figures (colegioDashboard). */
export async function computeColegioDashboard(db: Db, colegioId: number, today: string): Promise<ColegioDashboard> {
  // Independent statements: on PostgreSQL they run side by side on the pool's connections.
  const [providerFigures, communityFigures, documents, trend] = await Promise.all([
    activeProviderFigures(db, colegioId, today),
    scopeCommunityFigures(db, { colegioId }, today),
    // the sums of 'Resumen de documentos' (/documents/summary), each figure the count of the list behind it
    colegioDocumentFigures(db, colegioId, today),
    colegioTrend(db, colegioId, today),
  ]);
  const providers = shareOf(providerFigures, providerRowLight);
  const communities = shareOf(communityFigures, communityRowLight);
  const first = await keepFirstSnapshotOfDay(db, colegioId, today, { providers, communities });
  // The trend was read beside the figures: on the day's first read its month lacked the snapshot stored
  // since, by this read or by one computing beside it.
  Object.assign(trend.at(-1)!, { snapshot_day: today, ...first });
  return {
    today,
    providers,
    communities,
    expiring_soon: documents.expiring_soon,
    pending_validation: documents.pending_validation,
    trend,
  };
}

/**
 * POST companies/dashboard/administrador: the administrator's communities (those its communities list shows:
 * in the chosen colegio, or in every colegio it works in before one is chosen) by light, and what expires
 * soon in them.
 */
export async function administratorDashboard(db: Db, actor: Actor): Promise<AdminDashboard> {
  requireAccess(dashboardPolicy, actor, "administrador", undefined);
  const scope = { colegioId: actor.colegioId, adminCompanyId: actor.companyId };
  const today = todayInSpain();
  const [figures, expiring] = await Promise.all([
    scopeCommunityFigures(db, scope, today),
    expiringInCommunities(db, scope, today),
  ]);
  return {
    today,
    communities: shareOf(figures, communityRowLight),
    expiring_count: expiring.count,
    expiring: expiring.rows,
  };
}
