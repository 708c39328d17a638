import { InviteAction, type MasterInviteRequest, Role } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import type { AccountsContext } from "../accounts/context.js";
import { invite } from "../accounts/invite.service.js";
import { masterPolicy } from "./master.policy.js";
import { colegiosByRegion, pageMasterColegios } from "./master.repository.js";

/** The master invites a colegio: its manager gets the link; the colegio exists once they accept. */
export async function inviteColegio(ctx: AccountsContext, actor: Actor, input: MasterInviteRequest) {
  requireAccess(masterPolicy, actor, "manageColegios", undefined);
  return invite(
    ctx,
    actor,
    {
      action: InviteAction.createCompany,
      email: input.email,
      id_user_invited: -1,
      company: { name: input.name, type: Role.colegio },
    },
    { region: input.region },
  );
}

export async function dashboard(db: Db, actor: Actor) {
  requireAccess(masterPolicy, actor, "manageColegios", undefined);
  return colegiosByRegion(db, actor);
}

/** The colegios the master created, paged (the superadministrator's: every colegio). */
export async function listColegios(db: Db, actor: Actor, q: Parameters<typeof pageMasterColegios>[2]) {
  requireAccess(masterPolicy, actor, "manageColegios", undefined);
  const page = await pageMasterColegios(db, actor, q);
  return { ...page, data: page.data.map(({ created: _, ...row }) => row) };
}
