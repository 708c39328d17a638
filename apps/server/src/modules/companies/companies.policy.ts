import { ErrorKey, Role } from "@coordina/domain";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";

/** Company types a colegio administers: its administrators and its providers. */
export const MEMBER_TYPES: readonly number[] = [Role.administrador, Role.gremio];

type Target = { id: number; type: number; ownerCompanyId: number | null };

/**
 * Who may see and change which company (spec 01 §6, DESIGN.md §5). The colegio administers the
 * administrator and provider companies of its colegio; the master the colegios it created (the
 * superadministrator every colegio). Nobody else administers companies. Every answer is a plain boolean;
 * the service turns `false` into 403 or 404.
 */
export const companyPolicy = {
  /** The company types whose list the actor may read. */
  listableTypes(actor: Pick<Actor, "role">): readonly number[] {
    if (actor.role === Role.colegio) return MEMBER_TYPES;
    if (actor.role === Role.master || actor.role === Role.superadministrator) return [Role.colegio];
    return [];
  },
  /**
   * Administer (view, edit, activate, deactivate): for the colegio a member company of an administered
   * type (`member`: it belongs to the actor's colegio); for the master a colegio it created.
   */
  mayAdminister(actor: Pick<Actor, "role" | "companyId">, target: Target, member: boolean): boolean {
    if (actor.role === Role.colegio) return member && MEMBER_TYPES.includes(target.type);
    if (target.type !== Role.colegio) return false;
    if (actor.role === Role.superadministrator) return true;
    return actor.role === Role.master && target.ownerCompanyId === actor.companyId;
  },
  /** Read one company: its own users, and whoever administers it. */
  mayView(actor: Pick<Actor, "role" | "companyId">, target: Target, member: boolean): boolean {
    return target.id === actor.companyId || companyPolicy.mayAdminister(actor, target, member);
  },
  /** Edit a company's own data (company settings): its users, or the colegio for its members. */
  mayEditData(actor: Pick<Actor, "role" | "companyId">, target: Target, member: boolean): boolean {
    if (target.id === actor.companyId) return true;
    return actor.role === Role.colegio && member && MEMBER_TYPES.includes(target.type);
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
