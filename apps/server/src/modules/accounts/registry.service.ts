import {
  type companyRegistrationSchema,
  ErrorKey,
  normalizeEmail,
  normalizeTaxId,
  Role,
  TokenAction,
  ValidationKey,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../lib/db-errors.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { findUserByEmail } from "../auth/auth.repository.js";
import { findCompany } from "../companies/companies.repository.js";
import { registryMail } from "../mail/templates.js";
import {
  createCompanyWithManager,
  deleteRegistration,
  findAbandonedRegistration,
  joinColegio,
  type NewCompany,
} from "./accounts.repository.js";
import { type AccountsContext, tokenLink } from "./context.js";
import { newCompanyPolicy } from "./invitations.policy.js";
import { issueLinkToken } from "./tokens.repository.js";

type CompanyRegistrationParsed = z.output<typeof companyRegistrationSchema>;

/**
 * Public provider registration (/registry): the provider company and its user are created at once, the
 * user without a password; the e-mailed link lets them choose it. Registering again with the same e-mail
 * and CIF before finishing just sends a new link.
 */
export async function registerProvider(
  ctx: AccountsContext,
  input: { email: string; cif: string; company: string },
  ip: string,
) {
  const email = normalizeEmail(input.email);
  const cif = input.cif.trim();
  const cifNorm = normalizeTaxId(cif);
  await consumeRate(ctx.db, `register:ip:${ip}`, ctx.limits.registerPerIp);
  await consumeRate(ctx.db, `register:acct:${email}`, ctx.limits.registerPerEmail);
  await releaseAbandonedRegistration(ctx.db, { email, cifNorm });

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    const unfinished =
      existing.user.passwordHash === null &&
      existing.company.type === Role.gremio &&
      existing.company.cifNorm === cifNorm &&
      !existing.user.erased;
    if (!unfinished) throw new AppError(409, ErrorKey.invitationUserExists);
    await ctx.db.transaction((tx) => sendLink(ctx, existing.user.id, existing.company.name, email, tx));
    ctx.mailer.nudge();
    return;
  }
  await createAwaitingPassword(ctx, {
    company: { type: Role.gremio, name: input.company.trim(), cif, cifNorm, email },
  });
}

/**
 * A colegio registers a company (companies/registry/register, the NIF form or the full form): the
 * company, a member of the colegio, and its manager without a password, who gets the link to set it.
 * The colegio registers the levels it may invite (administrators and providers).
 */
export async function registerForColegio(ctx: AccountsContext, actor: Actor, input: CompanyRegistrationParsed) {
  const type = input.type ?? input.role;
  if (type === undefined) throw new AppError(400, ValidationKey.companyTypeRequired);
  requireAccess(
    newCompanyPolicy,
    actor,
    "register",
    { type },
    () => new AppError(403, ErrorKey.invitationLevelForbidden),
  );
  await consumeRate(ctx.db, `invite:user:${actor.userId}`, ctx.limits.invitePerUser);
  const email = normalizeEmail(input.email);
  const cif = input.cif.trim();
  const cifNorm = normalizeTaxId(cif);
  await releaseAbandonedRegistration(ctx.db, { email, cifNorm });
  const data = input.company_data;
  const colegio = await findCompany(ctx.db, actor.companyId);
  return createAwaitingPassword(ctx, {
    company: {
      type,
      name: input.company_name,
      cif,
      cifNorm,
      email,
      ownerCompanyId: actor.companyId,
      contactPerson: data?.person ?? null,
      phone: data?.tfn ?? null,
      address: data?.address ?? null,
      city: data?.city ?? null,
      province: data?.country ?? null,
      postcode: data?.postcode ?? null,
    },
    colegioId: actor.companyId,
    registeredBy: colegio?.name,
  });
}

/**
 * Creates a company and its manager without a password in one transaction, and mails the link that sets
 * it. A taken e-mail or tax id (also by a request running at the same time) is answered by the unique
 * indexes, leaving nothing behind.
 */
async function createAwaitingPassword(
  ctx: AccountsContext,
  input: { company: NewCompany & { email: string }; colegioId?: number; registeredBy?: string },
) {
  const { company } = input;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const { companyId, userId } = await createCompanyWithManager(tx, company, {
        email: company.email,
        passwordHash: null,
      });
      if (input.colegioId) await joinColegio(tx, input.colegioId, companyId);
      await sendLink(ctx, userId, company.name, company.email, tx, input.registeredBy);
      return companyId;
    });
    ctx.mailer.nudge();
    return { id };
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.invitationUserExists);
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
}

/** Mails the link that lets a user without a password finish its registration (and revokes older ones). */
export async function sendLink(
  ctx: AccountsContext,
  userId: number,
  companyName: string,
  email: string,
  db: DbOrTx,
  registeredBy?: string,
) {
  const { token, expiresAt } = await issueLinkToken(db, { action: TokenAction.registry, userId });
  await ctx.mailer.enqueue(
    db,
    "registry",
    email,
    registryMail({ link: tokenLink(ctx, "invitation", token), companyName, expiresAt, registeredBy }),
  );
}

/**
 * A self-registration never finished (no password, and every registration link spent or expired) must
 * not hold its e-mail or CIF for ever, or anyone could block a real company by registering its CIF.
 * It is removed when someone registers or is invited with that e-mail or CIF. A registration that
 * anything else already refers to (a colegio that included it, for example) is kept.
 */
export async function releaseAbandonedRegistration(db: Db, match: { email: string; cifNorm?: string }) {
  const abandoned = await findAbandonedRegistration(db, match);
  if (!abandoned) return;
  try {
    await db.transaction((tx) => deleteRegistration(tx, abandoned));
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
  }
}
