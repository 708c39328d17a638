import { ErrorKey } from "@coordina/domain";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import type { AccountsContext } from "../accounts/context.js";
import { findMembership } from "../companies/companies.repository.js";
import { companyUsersPolicy } from "./users.policy.js";
import { companyWithOwner, pageUsers } from "./users.repository.js";

/** A company's users: the caller's own company, or (for the colegio) a member company of its colegio. */
export async function listUsers(
  ctx: AccountsContext,
  actor: Actor,
  q: Parameters<typeof pageUsers>[2] & { company_id?: number | undefined },
) {
  const companyId = q.company_id ?? actor.companyId;
  // A colegio membership row exists only for a real company: it is the whole check.
  const membership =
    companyId === actor.companyId ? undefined : await findMembership(ctx.db, actor.companyId, companyId);
  requireAccess(companyUsersPolicy, actor, "list", { companyId, membership });
  // A member the colegio deactivated is no longer the colegio's to read.
  if (membership?.erased) throw new AppError(403, ErrorKey.memberDeactivated);
  return pageUsers(ctx.db, companyId, q);
}

export async function myCompany(ctx: AccountsContext, actor: Actor) {
  const row = await companyWithOwner(ctx.db, actor.companyId);
  if (!row) throw notFound();
  const c = row.company;
  return {
    id: c.id,
    name: c.name,
    cif: c.cif,
    type: c.type,
    erased: c.erased,
    email: c.email,
    person: c.contactPerson,
    tfn: c.phone,
    address: c.address,
    city: c.city,
    country: c.province,
    postcode: c.postcode,
    owner_user: row.owner ? { id: row.owner.id, email: row.owner.email, user_role: row.owner.role } : null,
  };
}
