import { Role } from "@coordina/domain";
import type { Actor } from "../../lib/actor.js";

/** The community as the policy sees it. */
export interface CommunityTarget {
  colegioId: number;
  adminCompanyId: number;
}

/**
 * How the caller's company stands to a community, read with it (communities.repository `findCommunityFor`):
 * `member` its company works in the community's colegio (an active membership); `serves` it is a live
 * provider of the community; `porter` the caller is one of its live porters.
 */
export interface CommunityRelation {
  member: boolean;
  serves: boolean;
  porter: boolean;
}

type Caller = Pick<Actor, "role" | "companyId" | "colegioId">;

/** A caller working in a chosen colegio (`colg_id`) reaches only that colegio's communities. */
function inChosenColegio(actor: Caller, target: CommunityTarget): boolean {
  return actor.colegioId === null || actor.colegioId === target.colegioId;
}

/**
 * Who may see and change which community (spec 02 §6, issue 5): the administrator company that manages
 * it, while it works in the community's colegio, sees and changes it and its providers; a provider sees
 * the communities it serves, read-only; a porter those it works in; the colegio sees its colegio's,
 * read-only. Everybody else nothing. Answers are booleans; the service turns `false` into 403.
 */
export const communityPolicy = {
  /** Read the community (the panel, its Info card). */
  mayView(actor: Caller, target: CommunityTarget, rel: CommunityRelation): boolean {
    if (actor.role === Role.colegio) return target.colegioId === actor.companyId;
    if (!inChosenColegio(actor, target)) return false;
    if (actor.role === Role.administrador) return target.adminCompanyId === actor.companyId && rel.member;
    if (actor.role === Role.gremio) return rel.serves && rel.member;
    if (actor.role === Role.portero) return rel.porter;
    return false;
  },
  /** Read the providers of the community: the administrator that manages it and the colegio. */
  mayListProviders(actor: Caller, target: CommunityTarget, rel: CommunityRelation): boolean {
    if (actor.role === Role.colegio) return target.colegioId === actor.companyId;
    return communityPolicy.mayManage(actor, target, rel);
  },
  /** Edit or delete the community and add or remove its providers. */
  mayManage(actor: Caller, target: CommunityTarget, rel: CommunityRelation): boolean {
    return (
      actor.role === Role.administrador &&
      target.adminCompanyId === actor.companyId &&
      rel.member &&
      inChosenColegio(actor, target)
    );
  },
};
