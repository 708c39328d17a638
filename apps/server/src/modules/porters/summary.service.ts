import { type porterSummaryIndexSchema, Role } from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/app-error.js";
import type { SummaryScope } from "../communities/summary-scope.sql.js";
import { portersPolicy } from "./porters.policy.js";
import { pagePorterSummary, porterCommunitiesIn } from "./summary.repository.js";

/*
 * The doormen summary (spec 02 §2 'Doormen summary table', §3 'Summary row'; /admin-fincas/porteros/-1):
 * the porters of the caller's communities. An administrator's are its live communities in the chosen
 * colegio (or, with none chosen, in every colegio it works in, as its communities list); a colegio's are
 * all the live communities of the colegio.
 */

/** The communities the caller's summary covers, once the policy allowed it. */
function scopeOf(actor: Actor): SummaryScope {
  requireAccess(portersPolicy, actor, "summary", undefined);
  if (actor.role === Role.colegio) return { colegioId: actor.companyId };
  return { adminCompanyId: actor.companyId, colegioId: actor.colegioId };
}

/** porteros/portero/admin_summary: every porter of the caller's communities with its figures over them. */
export function porterSummary(db: Db, actor: Actor, q: z.output<typeof porterSummaryIndexSchema>) {
  return pagePorterSummary(db, scopeOf(actor), q);
}

/**
 * porteros/portero/fincas: the caller's communities where that porter works, with its figures in each; 404
 * (nothing told) for a porter that works in none of them.
 */
export async function porterFincas(db: Db, actor: Actor, porterUserId: number) {
  const found = await porterCommunitiesIn(db, scopeOf(actor), porterUserId);
  if (!found) throw notFound();
  return found;
}
