import { ErrorKey, Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";

/** Company types a colegio administers: its administrators and its providers. */
export const MEMBER_TYPES: readonly number[] = [Role.administrador, Role.gremio];

/**
 * A company and how the caller stands to it, read by the service (companies.repository) before it asks:
 * `membership` the calling colegio's relation with it (none for any other role); `sole` it is an active
 * member of the caller's colegio and of no other (isSoleColegio), read only where an answer needs it.
 */
export interface CompanyFacts {
  id: number;
  type: number;
  ownerCompanyId: number | null;
  membership: "active" | "deactivated" | undefined;
  sole?: boolean;
}

/**
 * On one company (facts: CompanyFacts):
 * - `administer`: view, edit, activate, deactivate it as its colegio or master;
 * - `view`: read it; `editData`: edit its own data (company settings);
 * - `colegioEdit`: the colegio's editor (name, CIF, manager, type, activities): the colegio only.
 * On a company type (facts `{ type }`): `list` its list; `lookUp` a company of that type by tax id.
 * Role only (no facts): `include` an existing company in the colegio; `summarizeProviders` the
 * providers' summary; `listProviderActivities` the providers with their activities.
 */
export type CompanyAction =
  | "administer"
  | "view"
  | "editData"
  | "colegioEdit"
  | "list"
  | "lookUp"
  | "include"
  | "summarizeProviders"
  | "listProviderActivities";

type Facts = CompanyFacts | { type: number } | undefined;

function listableTypes(caller: Pick<Caller, "role">): readonly number[] {
  if (caller.role === Role.colegio) return MEMBER_TYPES;
  if (caller.role === Role.master || caller.role === Role.superadministrator) return [Role.colegio];
  return [];
}

function mayAdminister(caller: Caller, target: CompanyFacts): boolean {
  if (caller.role === Role.colegio) return target.membership !== undefined && MEMBER_TYPES.includes(target.type);
  if (target.type !== Role.colegio) return false;
  if (caller.role === Role.superadministrator) return true;
  return caller.role === Role.master && target.ownerCompanyId === caller.companyId;
}

function mayEditData(caller: Caller, target: CompanyFacts): boolean {
  if (target.id === caller.companyId) return true;
  return caller.role === Role.colegio && target.membership !== undefined && MEMBER_TYPES.includes(target.type);
}

const isCompany = (facts: Facts): facts is CompanyFacts => facts !== undefined && "membership" in facts;

/**
 * Who may see and change which company (spec 01 §6, DESIGN.md §5). The colegio administers the
 * administrator and provider companies of its colegio; the master the colegios it created (the
 * superadministrator every colegio). Nobody else administers companies; every company reads and edits
 * its own data. Answers are booleans; the service turns `false` into 403 (no data).
 */
export const companyPolicy: Policy<CompanyAction, Facts> & {
  listableTypes(caller: Pick<Caller, "role">): readonly number[];
  abilities(caller: Caller, facts: CompanyFacts): { editable: boolean };
} = {
  can(caller, action, facts) {
    switch (action) {
      case "administer":
        return isCompany(facts) && mayAdminister(caller, facts);
      case "view":
        return isCompany(facts) && (facts.id === caller.companyId || mayAdminister(caller, facts));
      case "editData":
        return isCompany(facts) && mayEditData(caller, facts);
      case "colegioEdit":
        return caller.role === Role.colegio && isCompany(facts) && mayAdminister(caller, facts);
      case "list":
        return facts !== undefined && listableTypes(caller).includes(facts.type);
      case "lookUp":
        return caller.role === Role.colegio && facts !== undefined && MEMBER_TYPES.includes(facts.type);
      case "include":
      case "summarizeProviders":
        return caller.role === Role.colegio;
      case "listProviderActivities":
        return caller.role === Role.colegio || caller.role === Role.administrador;
    }
  },
  /** The company types whose list the caller may read, the first the default. */
  listableTypes,
  /**
   * What the company view is told the caller may do: `editable` its data, as updateCompanyData allows it
   * (its own company; a member of the colegio, active and in no other colegio, for the colegio).
   */
  abilities(caller, facts) {
    const editable =
      companyPolicy.can(caller, "editData", facts) &&
      (facts.id === caller.companyId || (facts.membership === "active" && facts.sole === true));
    return { editable };
  },
};

/**
 * The colegio a call works in: the colegio's own company for its staff; for the companies that belong to
 * colegios, the one the request selected (`colg_id`, already checked by the auth plugin).
 */
export function colegioScope(actor: Pick<Actor, "role" | "companyId" | "colegioId">): number {
  if (actor.role === Role.colegio) return actor.companyId;
  if (actor.colegioId !== null) return actor.colegioId;
  throw new AppError(403, ErrorKey.colegioForbidden);
}
