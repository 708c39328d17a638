import { ErrorKey } from "@coordina/domain";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import type { AccountsContext } from "../accounts/context.js";
import { findCompany } from "../companies/companies.repository.js";
import { joinColegio } from "../companies/company-registry.service.js";
import { inclusionDeclinedMail } from "../mail/templates.js";
import { inclusionPolicy } from "./inclusion.policy.js";
import { closeRequest, findRequest, openRequestsTo, providerRecipients } from "./inclusion.repository.js";

/** 'Solicitudes de inclusión': the open requests to the caller's colegio, oldest first. */
export async function colegioRequests(ctx: AccountsContext, actor: Actor) {
  requireAccess(inclusionPolicy, actor, "review", undefined);
  const rows = await openRequestsTo(ctx.db, actor.companyId);
  return rows.map((r) => ({
    id: r.id,
    company: { id: r.company_id, name: r.company_name, cif: r.company_cif, email: r.company_email },
    requested_by: r.requested_by,
    message: r.message,
    created_at: r.created_at,
  }));
}

/**
 * 'Incluir' or 'Rechazar' on a request to the caller's colegio (404 unknown, 403 another colegio's, 409 no
 * longer open, or of a company since deactivated). Including is the NIF form's inclusion (joinColegio: the
 * membership and its 'included' mail); declining mails the provider's manager and the user who asked.
 * The request is locked first, then the membership written (joinColegio's order too).
 */
export async function decideRequest(ctx: AccountsContext, actor: Actor, id: number, include: boolean) {
  const found = await findRequest(ctx.db, id);
  if (!found) throw notFound();
  requireAccess(inclusionPolicy, actor, "decide", found);
  await ctx.db.transaction(async (tx) => {
    const request = await findRequest(tx, id, true);
    if (!request || request.outcome !== null) throw new AppError(409, ErrorKey.inclusionClosed);
    const company = await findCompany(tx, request.providerCompanyId);
    if (!company) throw notFound();
    if (company.erased) throw new AppError(409, ErrorKey.inclusionClosed);
    if (include) {
      // Already a member by other means (an import, an invitation): the request is moot, closed as included.
      if (!(await joinColegio(tx, ctx, request.colegioId, company, actor.userId)))
        await closeRequest(tx, id, "included", actor.userId);
      return;
    }
    await closeRequest(tx, id, "declined", actor.userId);
    const [recipients, colegio] = await Promise.all([
      providerRecipients(tx, company.id, request.requestedBy),
      findCompany(tx, request.colegioId),
    ]);
    const mail = inclusionDeclinedMail({
      companyName: company.name,
      colegioName: colegio?.name ?? "",
      link: `${ctx.publicUrl}/webapp/`,
    });
    for (const to of recipients) await ctx.mailer.enqueue(tx, "inclusion-declined", to, mail);
  });
  ctx.mailer.nudge();
}
