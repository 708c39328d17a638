import { ErrorKey, Role } from "@coordina/domain";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { consumeRate } from "../../lib/rate-limit.js";
import type { AccountsContext } from "../accounts/context.js";
import { findCompany, findMembership } from "../companies/companies.repository.js";
import { inclusionRequestMail } from "../mail/templates.js";
import { inclusionPolicy } from "./inclusion.policy.js";
import {
  activeUserEmails,
  closedRecently,
  closeRequest,
  colegiosToAsk,
  findRequest,
  insertRequest,
  openRequestsOf,
} from "./inclusion.repository.js";

/** The colegios the calling provider may ask to include it: the active ones it does not belong to. */
export async function askableColegios(ctx: AccountsContext, actor: Actor) {
  requireAccess(inclusionPolicy, actor, "ask", undefined);
  return colegiosToAsk(ctx.db, actor.companyId);
}

/** The calling provider's open requests. */
export async function ownRequests(ctx: AccountsContext, actor: Actor) {
  requireAccess(inclusionPolicy, actor, "ask", undefined);
  const rows = await openRequestsOf(ctx.db, actor.companyId);
  return rows.map((r) => ({
    id: r.id,
    colegio: { id: r.colegio_id, name: r.colegio_name },
    message: r.message,
    created_at: r.created_at,
  }));
}

/**
 * After a request of the pair was withdrawn or declined, a new one within these hours is recorded (the
 * colegio lists it) but its staff are not mailed again.
 */
export const REMAIL_QUIET_HOURS = 24;

/**
 * 'Solicitar inclusión': the provider asks an active colegio it does not belong to; the colegio's users
 * are mailed in the same transaction, unless a request of the pair was withdrawn or declined within
 * REMAIL_QUIET_HOURS. A second open request to the same colegio is refused (409); filings are limited
 * per company and per user (429).
 */
export async function fileRequest(
  ctx: AccountsContext,
  actor: Actor,
  input: { colegio_id: number; message?: string | undefined },
) {
  requireAccess(inclusionPolicy, actor, "ask", undefined);
  await consumeRate(ctx.db, `inclusion:company:${actor.companyId}`, ctx.limits.inclusionPerCompany);
  await consumeRate(ctx.db, `inclusion:user:${actor.userId}`, ctx.limits.inclusionPerUser);
  const colegio = await findCompany(ctx.db, input.colegio_id);
  if (!colegio || colegio.type !== Role.colegio || colegio.erased)
    throw new AppError(404, ErrorKey.inclusionColegioUnavailable);
  if (await findMembership(ctx.db, colegio.id, actor.companyId)) throw new AppError(409, ErrorKey.companyAlreadyMember);
  const company = await findCompany(ctx.db, actor.companyId);
  if (!company) throw notFound();
  const message = input.message ? input.message : null;
  const id = await ctx.db.transaction(async (tx) => {
    const filed = await insertRequest(tx, {
      providerCompanyId: company.id,
      colegioId: colegio.id,
      requestedBy: actor.userId,
      message,
    });
    if (filed === undefined) return undefined;
    if (await closedRecently(tx, company.id, colegio.id, REMAIL_QUIET_HOURS)) return filed;
    const mail = inclusionRequestMail({
      companyName: company.name,
      companyCif: company.cif,
      requestedBy: actor.email,
      message,
      link: `${ctx.publicUrl}/webapp/#/admin/proveedor`,
    });
    for (const to of await activeUserEmails(tx, colegio.id))
      await ctx.mailer.enqueue(tx, "inclusion-request", to, mail);
    return filed;
  });
  if (id === undefined) throw new AppError(409, ErrorKey.inclusionAlreadyRequested);
  ctx.mailer.nudge();
  return { id };
}

/** 'Retirar': the provider withdraws its open request (404 unknown, 403 another's, 409 no longer open). */
export async function withdrawRequest(ctx: AccountsContext, actor: Actor, id: number) {
  const request = await findRequest(ctx.db, id);
  if (!request) throw notFound();
  requireAccess(inclusionPolicy, actor, "withdraw", request);
  if (!(await closeRequest(ctx.db, id, "withdrawn", actor.userId))) throw new AppError(409, ErrorKey.inclusionClosed);
}
