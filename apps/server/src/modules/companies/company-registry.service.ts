import { ErrorKey, normalizeTaxId } from "@coordina/domain";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { consumeRate } from "../../lib/rate-limit.js";
import type { AccountsContext } from "../accounts/context.js";
import { includedMail } from "../mail/templates.js";
import { companyPolicy, MEMBER_TYPES } from "./companies.policy.js";
import { addMembership, findCompany, findCompanyByTaxId, findMembership, ownerOf } from "./companies.repository.js";

/**
 * The NIF form's 'Validar' (registry/getntype): the company registered with that tax id, if any, so the
 * colegio can include it instead of registering it twice. Only the levels the colegio administers; the
 * answer names the company's manager, so lookups are rate-limited per user.
 */
export async function lookupByTaxId(ctx: AccountsContext, actor: Actor, nif: string, type: number) {
  requireAccess(companyPolicy, actor, "lookUp", { type });
  await consumeRate(ctx.db, `lookup:user:${actor.userId}`, ctx.limits.lookupPerUser);
  const found = await findCompanyByTaxId(ctx.db, normalizeTaxId(nif));
  if (!found) return null;
  if (found.type !== type) throw new AppError(409, ErrorKey.companyTypeMismatch);
  const owner = await ownerOf(ctx.db, found.id);
  return {
    id: found.id,
    u_email: owner?.email ?? found.email ?? null,
    c_name: found.name,
    type: found.type,
    member: (await findMembership(ctx.db, actor.companyId, found.id)) !== undefined,
  };
}

/**
 * 'Aceptar' on the NIF form (registry/insertCompanyOnColegio): an existing company joins the colegio. Its
 * manager is told by e-mail, in the same transaction, which colegio included it.
 */
export async function includeInColegio(ctx: AccountsContext, actor: Actor, nif: string, type: number | undefined) {
  requireAccess(companyPolicy, actor, "include", undefined);
  const found = await findCompanyByTaxId(ctx.db, normalizeTaxId(nif));
  if (!found) throw new AppError(404, ErrorKey.companyNotRegistered);
  if (!MEMBER_TYPES.includes(found.type) || (type !== undefined && type !== found.type))
    throw new AppError(409, ErrorKey.companyTypeMismatch);
  const included = await ctx.db.transaction(async (tx) => {
    if (!(await addMembership(tx, actor.companyId, found.id))) return false;
    const [owner, colegio] = await Promise.all([ownerOf(tx, found.id), findCompany(tx, actor.companyId)]);
    if (owner)
      await ctx.mailer.enqueue(
        tx,
        "colegio-inclusion",
        owner.email,
        includedMail({ companyName: found.name, colegioName: colegio?.name ?? "", link: `${ctx.publicUrl}/webapp/` }),
      );
    return true;
  });
  if (!included) throw new AppError(409, ErrorKey.companyAlreadyMember);
  ctx.mailer.nudge();
  return { id: found.id };
}
