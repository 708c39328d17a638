import { ErrorKey, normalizeTaxId } from "@coordina/domain";
import type { DbOrTx } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { consumeRate } from "../../lib/rate-limit.js";
import type { AccountsContext } from "../accounts/context.js";
import { closeRequest, lockOpenRequest, providerRecipients } from "../inclusion/inclusion.repository.js";
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
 * A company joins the colegio, in the caller's transaction: its membership, and its manager told by e-mail
 * which colegio included it. False when it already had a membership there (nothing is written). The one
 * way in: the NIF form and a provider's request (modules/inclusion) both include through it, and an open
 * request of the company to this colegio is closed as included (the user who asked is mailed too). The
 * request is locked before the membership is written, the order 'Incluir' takes too: the two at once
 * wait for each other instead of deadlocking.
 */
export async function joinColegio(
  tx: DbOrTx,
  ctx: AccountsContext,
  colegioId: number,
  company: { id: number; name: string },
  decidedBy: number,
): Promise<boolean> {
  const request = await lockOpenRequest(tx, company.id, colegioId);
  if (!(await addMembership(tx, colegioId, company.id))) return false;
  if (request) await closeRequest(tx, request.id, "included", decidedBy);
  const [recipients, colegio] = await Promise.all([
    providerRecipients(tx, company.id, request?.requestedBy),
    findCompany(tx, colegioId),
  ]);
  const mail = includedMail({
    companyName: company.name,
    colegioName: colegio?.name ?? "",
    link: `${ctx.publicUrl}/webapp/`,
  });
  for (const to of recipients) await ctx.mailer.enqueue(tx, "colegio-inclusion", to, mail);
  return true;
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
  const included = await ctx.db.transaction((tx) => joinColegio(tx, ctx, actor.companyId, found, actor.userId));
  if (!included) throw new AppError(409, ErrorKey.companyAlreadyMember);
  ctx.mailer.nudge();
  return { id: found.id };
}
