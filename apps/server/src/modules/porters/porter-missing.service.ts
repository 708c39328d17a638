import { ErrorKey, type PorterMissingDuty, todayInSpain } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { findCommunityFor } from "../communities/communities.repository.js";
import { porterMissingPolicy } from "./porter-missing.policy.js";
import {
  livePorterCompany,
  oneCommunity,
  porterUnmetDutiesIn,
  porterUnmetDutiesOver,
  withoutCommunity,
} from "./porter-missing.repository.js";
import { porterLinksIn } from "./summary.repository.js";

/*
 * What a porter still lacks, for the words of its lights (docs/compliance.md rules 8–10; issue 21): in one
 * community (the porters card, one porter's communities, the porter's own communities) and over the
 * administrator's communities (the doormen summary). Who may ask is porter-missing.policy.
 */

/**
 * The live community the caller may ask about with `action`: 404 for one that does not exist, 403 (and
 * no data) for one that is not the caller's business, deleted or not, 404 for the caller's own deleted one.
 */
async function communityFor(db: Db, actor: Actor, id: number, action: "inCommunity" | "own") {
  const community = await findCommunityFor(db, actor, id);
  if (!community) throw notFound();
  requireAccess(porterMissingPolicy, actor, action, community);
  if (community.erased) throw notFound();
  return community;
}

/** One porter's unmet duties in one community, where it is a live porter. */
async function dutiesIn(db: Db, communityId: number, porterCompanyId: number): Promise<PorterMissingDuty[]> {
  const duties = await porterUnmetDutiesIn(db, oneCommunity(communityId), porterCompanyId, todayInSpain());
  return duties.map(withoutCommunity);
}

/**
 * porteros/fincas/missing: what a porter (by user) lacks in a community, for the community's
 * administrator; 404 `porteros.not-in-finca` when it is not a live porter there.
 */
export async function porterMissingInFinca(db: Db, actor: Actor, q: { id_finca: number; id_portero: number }) {
  const community = await communityFor(db, actor, q.id_finca, "inCommunity");
  const company = await livePorterCompany(db, q.id_portero, oneCommunity(community.id));
  if (company === undefined) throw new AppError(404, ErrorKey.porterNotInFinca);
  return dutiesIn(db, community.id, company);
}

/** porteros/comunidades/missing: what the calling porter lacks in one of its communities. */
export async function ownMissing(db: Db, actor: Actor, q: { id_finca: number }) {
  const community = await communityFor(db, actor, q.id_finca, "own");
  return dutiesIn(db, community.id, actor.companyId);
}

/**
 * porteros/portero/missing: what a porter lacks over the calling administrator's communities where it works
 * (the doormen summary's row: its live communities in the chosen colegio, or in all of the administrator's
 * colegios with none chosen), uploads each once and reads summed (rule 10); 404 (nothing told) for a
 * porter that works in none of them.
 */
export async function porterMissingOver(db: Db, actor: Actor, q: { id_portero: number }) {
  requireAccess(porterMissingPolicy, actor, "overOwnCommunities", undefined);
  const communities = porterLinksIn({ adminCompanyId: actor.companyId, colegioId: actor.colegioId }, q.id_portero);
  const company = await livePorterCompany(db, q.id_portero, communities);
  if (company === undefined) throw notFound();
  return porterUnmetDutiesOver(db, communities, company, todayInSpain());
}
