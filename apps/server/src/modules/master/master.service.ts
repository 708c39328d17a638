import { InviteAction, type MasterInviteRequest, Role } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden } from "../../lib/app-error.js";
import type { AccountsContext } from "../accounts/context.js";
import { invite } from "../accounts/invitations.service.js";
import { colegiosByRegion, pageMasterColegios } from "./master.repository.js";

const isMaster = (actor: Actor) => actor.role === Role.master || actor.role === Role.superadministrator;

/** The master invites a colegio: its manager gets the link; the colegio exists once they accept. */
export async function inviteColegio(ctx: AccountsContext, actor: Actor, input: MasterInviteRequest) {
  if (!isMaster(actor)) throw forbidden();
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
  if (!isMaster(actor)) throw forbidden();
  return colegiosByRegion(db, actor);
}

/** The colegios the master created, paged (the superadministrator's: every colegio). */
export async function listColegios(db: Db, actor: Actor, q: Parameters<typeof pageMasterColegios>[2]) {
  if (!isMaster(actor)) throw forbidden();
  const page = await pageMasterColegios(db, actor, q);
  return { ...page, data: page.data.map(({ created: _, ...row }) => row) };
}
