import {
  DEFAULT_FEATURES,
  ErrorKey,
  FEATURE,
  InviteAction,
  normalizeEmail,
  normalizeTaxId,
  type PorterRow,
  type porterIncludeSchema,
  type porterRegisterSchema,
  type porterRegisterTestSchema,
  Role,
  ValidationKey,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { consumeRate } from "../../lib/rate-limit.js";
import { createCompanyWithManager } from "../accounts/accounts.repository.js";
import type { AccountsContext } from "../accounts/context.js";
import { invite } from "../accounts/invite.service.js";
import { hashPassword } from "../auth/passwords.js";
import { portersPolicy } from "./porters.policy.js";
import {
  communityPorters,
  configuredFeatures,
  findPorterCandidate,
  includePorter,
  isLinkedPorter,
} from "./porters.repository.js";
import { porterCommunity } from "./porters.service.js";

/*
 * Adding porters to a community (spec 02 §4 'Porter registration', §5 'Porter form', §8): by e-mail or by
 * user id, by invitation (the porter signs up from the mail and is registered on acceptance:
 * accounts/accept-invitation.service.ts), or, in testing mode only, created at once with a password.
 */

/** Each answer tells whether an e-mail or an id is a user: counted against the caller's lookups. */
const countLookup = (ctx: AccountsContext, actor: Actor) =>
  consumeRate(ctx.db, `lookup:user:${actor.userId}`, ctx.limits.lookupPerUser);

type Candidate = Awaited<ReturnType<typeof findPorterCandidate>>;

/** A user that exists may be added as a porter when it is one (409 `user.not.good.role`) and active (409). */
function requireActivePorter(candidate: NonNullable<Candidate>) {
  if (!candidate.porter) throw new AppError(409, ErrorKey.userNotGoodRole);
  if (!candidate.active) throw new AppError(409, ErrorKey.porterDeactivated);
}

/**
 * Adds an existing user to the community as its porter and answers its row: 404 `user.not.exists` for
 * none, only porters (409 `user.not.good.role`), active ones (409 `porteros.user-deactivated`), once (409
 * `user.already.registered`; a removed porter comes back), while the community lives (404).
 */
async function include(db: Db, communityId: number, candidate: Candidate): Promise<PorterRow> {
  if (!candidate) throw new AppError(404, ErrorKey.userNotExists);
  requireActivePorter(candidate);
  const outcome = await includePorter(db, communityId, candidate.id);
  if (outcome === "gone") throw notFound();
  if (outcome === "already") throw new AppError(409, ErrorKey.userAlreadyRegistered);
  const [row] = await communityPorters(db, communityId, candidate.id);
  if (!row) throw notFound();
  return row;
}

/** porteros/registry/exists: whether a user has the e-mail, and whether it is a porter (administrators only). */
export async function porterExists(ctx: AccountsContext, actor: Actor, email: string) {
  requireAccess(portersPolicy, actor, "lookup", undefined);
  await countLookup(ctx, actor);
  const candidate = await findPorterCandidate(ctx.db, { email: normalizeEmail(email) });
  const exists = candidate?.active === true;
  return { exists, porter: exists && candidate.porter };
}

/** porteros/registry/register: the porter form's add, by e-mail. */
export async function registerPorter(ctx: AccountsContext, actor: Actor, input: z.output<typeof porterRegisterSchema>) {
  const community = await porterCommunity(ctx.db, actor, input.id_finca, "manage");
  await countLookup(ctx, actor);
  return include(ctx.db, community.id, await findPorterCandidate(ctx.db, { email: normalizeEmail(input.email) }));
}

/**
 * porteros/registry/include: the same, by the porter's user id, among the porters that are or were in a
 * community of the caller's company (anyone else: 404 `user.not.exists`, as an unknown id).
 */
export async function includePorterById(
  ctx: AccountsContext,
  actor: Actor,
  input: z.output<typeof porterIncludeSchema>,
) {
  const community = await porterCommunity(ctx.db, actor, input.id_finca, "manage");
  await countLookup(ctx, actor);
  const candidate = await findPorterCandidate(ctx.db, { id: input.id_portero, knownTo: actor.companyId });
  return include(ctx.db, community.id, candidate);
}

/**
 * porteros/registry/invite: invites the e-mail to sign up as a porter (accounts invite(): create-company of
 * type portero for the community; the form has no name, so the company is named by the e-mail until the
 * porter's sign-up). For an e-mail that is already a user the answer says what the register call would.
 */
export async function invitePorter(ctx: AccountsContext, actor: Actor, input: z.output<typeof porterRegisterSchema>) {
  const community = await porterCommunity(ctx.db, actor, input.id_finca, "manage");
  const email = normalizeEmail(input.email);
  try {
    const { id } = await invite(ctx, actor, {
      action: InviteAction.createCompany,
      email,
      usertype: Role.portero,
      id_user_invited: -1,
      company: { name: email, type: Role.portero },
      id_finca: community.id,
    });
    return id;
  } catch (err) {
    if (err instanceof AppError && err.key === ErrorKey.invitationUserExists) {
      const candidate = await findPorterCandidate(ctx.db, { email });
      if (candidate) requireActivePorter(candidate);
      if (candidate && (await isLinkedPorter(ctx.db, community.id, candidate.id)))
        throw new AppError(409, ErrorKey.userAlreadyRegistered);
    }
    throw err;
  }
}

/**
 * Whether the testing mode is on for the caller in a community of `colegioId`: the feature among that
 * colegio's features and the caller company's own, read as sessions read them (auth.service sessionData:
 * the configured ones, DEFAULT_FEATURES when none is). The caller's other colegios do not count.
 */
async function testingIn(db: Db, actor: Actor, colegioId: number) {
  const configured = (await configuredFeatures(db, [colegioId, actor.companyId])).filter(
    (f): f is string[] => f !== null,
  );
  const flags: readonly string[] = configured.length > 0 ? configured.flat() : DEFAULT_FEATURES;
  return flags.includes(FEATURE.porterosAdminTest);
}

/**
 * porteros/registry/registerTest: testing mode only (testingIn; off by default: 403 `porteros.testing-off`).
 * Creates the porter (its company named by the e-mail, with the NIF; its user with the password) and adds
 * it to the community, in one transaction. An e-mail that is already a user is added as register would.
 */
export async function registerTestPorter(
  ctx: AccountsContext,
  actor: Actor,
  input: z.output<typeof porterRegisterTestSchema>,
) {
  const community = await porterCommunity(ctx.db, actor, input.id_finca, "manage");
  const testing = await testingIn(ctx.db, actor, community.colegioId);
  requireAccess(portersPolicy, actor, "registerTest", { testing }, () => new AppError(403, ErrorKey.porterTestingOff));
  const email = normalizeEmail(input.email);
  // Whether the e-mail is a user shows in the answer: counted as any lookup, new or not.
  await countLookup(ctx, actor);
  const existing = await findPorterCandidate(ctx.db, { email });
  if (existing) return include(ctx.db, community.id, existing);

  const cifNorm = normalizeTaxId(input.nif);
  if (!cifNorm) throw new AppError(400, ValidationKey.cifInvalid);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const { userId } = await createCompanyWithManager(
        tx,
        { type: Role.portero, name: email, cif: input.nif, cifNorm, ownerCompanyId: actor.companyId, email },
        { email, passwordHash },
      );
      if ((await includePorter(tx, community.id, userId)) !== "added") throw notFound();
      const [row] = await communityPorters(tx, community.id, userId);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.invitationUserNotCreated);
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
}
