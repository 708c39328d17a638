import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";

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

/** A community and how the caller stands to it: the facts of the actions on one community. */
export type CommunityFacts = CommunityTarget & { rel: CommunityRelation };

/**
 * On one community (facts: the community and the caller's relation to it):
 * - `view`: read it (the panel, its Info card);
 * - `listProviders`: read its providers and their documents there;
 * - `manage`: edit or delete it and add or remove its providers.
 * Role only (no facts): `list` the communities list, `listServed` the communities a provider serves,
 * `create` add a community.
 */
export type CommunityAction = "view" | "listProviders" | "manage" | "list" | "listServed" | "create";

/** A caller working in a chosen colegio (`colg_id`) reaches only that colegio's communities. */
function inChosenColegio(caller: Caller, target: CommunityTarget): boolean {
  return caller.colegioId === null || caller.colegioId === target.colegioId;
}

function mayView(caller: Caller, c: CommunityFacts): boolean {
  if (caller.role === Role.colegio) return c.colegioId === caller.companyId;
  if (!inChosenColegio(caller, c)) return false;
  if (caller.role === Role.administrador) return c.adminCompanyId === caller.companyId && c.rel.member;
  if (caller.role === Role.gremio) return c.rel.serves && c.rel.member;
  if (caller.role === Role.portero) return c.rel.porter;
  return false;
}

function mayManage(caller: Caller, c: CommunityFacts): boolean {
  return (
    caller.role === Role.administrador &&
    c.adminCompanyId === caller.companyId &&
    c.rel.member &&
    inChosenColegio(caller, c)
  );
}

/**
 * Who may see and change which community (spec 02 §6, issue 5): the administrator company that manages
 * it, while it works in the community's colegio, sees and changes it and its providers; a provider sees
 * the communities it serves, read-only; a porter those it works in; the colegio sees its colegio's and
 * their providers, read-only. Everybody else nothing. Administrators add communities; the lists are the
 * administrator's and the colegio's, and the provider's own.
 */
export const communityPolicy: Policy<CommunityAction, CommunityFacts | undefined> & {
  abilities(caller: Caller, facts: CommunityFacts): { editable: boolean };
} = {
  can(caller, action, facts) {
    switch (action) {
      case "list":
        return caller.role === Role.administrador || caller.role === Role.colegio;
      case "listServed":
        return caller.role === Role.gremio;
      case "create":
        return caller.role === Role.administrador;
      case "view":
        return facts !== undefined && mayView(caller, facts);
      case "listProviders":
        if (facts === undefined) return false;
        if (caller.role === Role.colegio) return facts.colegioId === caller.companyId;
        return mayManage(caller, facts);
      case "manage":
        return facts !== undefined && mayManage(caller, facts);
    }
  },
  /** What the community's panel is told the caller may do. */
  abilities(caller, facts) {
    return { editable: communityPolicy.can(caller, "manage", facts) };
  },
};
