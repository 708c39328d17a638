import {
  type communityPortersIndexSchema,
  ErrorKey,
  type ownCommunitiesIndexSchema,
  type PorterRow,
  type porterCalendarRequestSchema,
  type porterFincaRequestSchema,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { monthPageOf } from "../calendar/calendar.service.js";
import { communityUnder } from "../communities/communities.service.js";
import { type PorterAction, portersPolicy } from "./porters.policy.js";
import { communityPorters, dropPorter, pageCommunityPorters, pageOwnCommunities } from "./porters.repository.js";

/*
 * The porters of a community (spec 02 §2 'Porter management per community', 'Porter's own view'; §7
 * 'Porters'). Who may do what is porters.policy; the community is read with the caller's relation to it
 * (communities.repository findCommunityFor) before anything else.
 */

/**
 * The live community the caller may act on with `action`: 404 for one that does not exist, 403 (and no
 * data) for one that is not the caller's business, deleted or not, and 404 for the caller's own deleted
 * one (as communities.service communityFor).
 */
export async function porterCommunity(
  db: Db,
  actor: Actor,
  id: number,
  action: Extract<PorterAction, "manage" | "list" | "actAsPorter">,
) {
  return communityUnder(db, actor, id, portersPolicy, action, {});
}

/** porteros/fincas/index: the porters card of a community, 4 a page, for its administrator and its colegio. */
export async function listCommunityPorters(db: Db, actor: Actor, q: z.output<typeof communityPortersIndexSchema>) {
  const community = await porterCommunity(db, actor, q.id_finca, "list");
  return pageCommunityPorters(db, community.id, q);
}

/** porteros/fincas/byfinca/{id}: every live porter of a community, unpaged, for the same callers. */
export async function allCommunityPorters(db: Db, actor: Actor, communityId: number): Promise<PorterRow[]> {
  const community = await porterCommunity(db, actor, communityId, "list");
  return communityPorters(db, community.id);
}

/**
 * porteros/portero/drop: the community's administrator removes a porter from that community only; its
 * documents and read marks stay. 404 `porteros.not-in-finca` when it is not a porter there.
 */
export async function removePorter(db: Db, actor: Actor, input: z.output<typeof porterFincaRequestSchema>) {
  const community = await porterCommunity(db, actor, input.id_finca, "manage");
  if (!(await dropPorter(db, community.id, input.id_portero))) throw new AppError(404, ErrorKey.porterNotInFinca);
}

/** porteros/comunidades/index: the calling porter's live communities in every colegio, with its figures there. */
export function listOwnCommunities(db: Db, actor: Actor, q: z.output<typeof ownCommunitiesIndexSchema>) {
  requireAccess(portersPolicy, actor, "own", undefined);
  return pageOwnCommunities(db, { userId: actor.userId, companyId: actor.companyId }, q);
}

/**
 * porteros/calendar/bymonth: for one of its live porters, the days of the month the community's visits
 * cover and a page of them (none is the porter's: `side` does not apply).
 */
export async function porterCalendar(db: Db, actor: Actor, q: z.output<typeof porterCalendarRequestSchema>) {
  const community = await porterCommunity(db, actor, q.id_finca, "actAsPorter");
  const { schedules: _, services24: __, ...month } = await monthPageOf(db, community.id, { ...q, side: "all" }, null);
  return month;
}
