import { DEFAULT_FEATURES, ErrorKey, normalizeEmail, type SessionData } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { sessionEnded } from "../../lib/session-end.js";
import { withoutControls } from "../../lib/text.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { findCompany } from "../companies/companies.repository.js";
import {
  accountThrottleKey,
  addressThrottleKey,
  clearThrottle,
  colegiosOfUser,
  findUserByEmail,
  giveBackAttempt,
  insertSession,
  pairThrottleKey,
  purgeStaleThrottle,
  revokeSession,
  type ThrottleLimits,
  takeAttempt,
} from "./auth.repository.js";
import { verifyPassword } from "./passwords.js";

const ISSUER = "coordina";

export interface AuthSettings {
  sessionHours: number;
  rememberDays: number;
  /** one account from one address: a few free failures, then growing delays */
  pair: ThrottleLimits;
  /** one account from anywhere: a ceiling far above what one person mistypes, against distributed guessing */
  account: ThrottleLimits;
  /** one address whatever the account: against trying one password on many accounts */
  ip: ThrottleLimits;
  /** how long a server may keep a session it let through without asking the database again (SessionCache) */
  sessionCacheSeconds: number;
}

/**
 * Failed sign-ins slow down the one who fails: an account is locked for everybody only by far more
 * failures than its owner makes, from many addresses, and an address only by far more than an office
 * behind one NAT makes (docs/operations.md, "Sessions and sign-in").
 */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  sessionHours: 12,
  rememberDays: 30,
  pair: { maxFailures: 5, windowSeconds: 60 * 60, lockSeconds: 2, maxLockSeconds: 15 * 60 },
  account: { maxFailures: 100, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  ip: { maxFailures: 300, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
  sessionCacheSeconds: 5,
};

interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export async function login(
  db: Db,
  settings: AuthSettings,
  input: LoginInput,
  client: { ip: string; userAgent: string | null },
): Promise<SessionData> {
  const email = normalizeEmail(input.email);
  const pairKey = pairThrottleKey(email, client.ip);
  const accountKey = accountThrottleKey(email);
  const addressKey = addressThrottleKey(client.ip);
  // In this order: an address refused for its own failures never spends the account's budget, which only
  // attempts that may really check a password do.
  const throttles: [string, ThrottleLimits][] = [
    [pairKey, settings.pair],
    [addressKey, settings.ip],
    [accountKey, settings.account],
  ];
  for (const [key, limits] of throttles) {
    if (!(await takeAttempt(db, key, limits))) throw new AppError(429, ErrorKey.tooManyAttempts);
  }

  const found = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(input.password, found?.user.passwordHash);
  if (!found || !passwordOk || found.user.erased) throw new AppError(401, ErrorKey.invalidCredentials);
  // The owner is back from this address; its attempt was no failure anywhere else either. The account's
  // other failures keep counting against distributed guessing.
  await clearThrottle(db, pairKey);
  await giveBackAttempt(db, addressKey, settings.ip);
  await giveBackAttempt(db, accountKey, settings.account);
  if (found.company.erased) throw new AppError(403, ErrorKey.accountDisabled);

  const token = newToken();
  const lifetimeMs = input.remember ? settings.rememberDays * 86_400_000 : settings.sessionHours * 3_600_000;
  const session = await insertSession(db, {
    tokenHash: hashToken(token),
    userId: found.user.id,
    remember: input.remember,
    expiresAt: new Date(Date.now() + lifetimeMs),
    ip: client.ip,
    userAgent: client.userAgent ? withoutControls(client.userAgent).slice(0, 300) : null,
  });
  return sessionData(db, {
    userId: found.user.id,
    email: found.user.email,
    role: found.user.userRole,
    companyId: found.company.id,
    sessionId: session.id,
    sessionCreated: session.createdAt,
    token,
    colegioId: null,
  });
}

/** The login response for an actor: user, company, colegios and feature flags. */
export async function sessionData(db: Db, actor: Actor): Promise<SessionData> {
  const [colegios, company] = await Promise.all([
    colegiosOfUser(db, { id: actor.userId, role: actor.role, companyId: actor.companyId }),
    findCompany(db, actor.companyId),
  ]);
  if (!company) throw new AppError(401, ErrorKey.unauthorized);
  const configured = [company.features, ...colegios.map((c) => c.features)].filter((f): f is string[] => f !== null);
  const flags = configured.length > 0 ? [...new Set(configured.flat())] : [...DEFAULT_FEATURES];
  return {
    token: actor.token,
    user: {
      id: actor.userId,
      email: actor.email,
      token: actor.token,
      user_role: actor.role as SessionData["user"]["user_role"],
      tokencreated: actor.sessionCreated.toISOString(),
    },
    company: {
      id: company.id,
      name: company.name,
      cif: company.cif,
      type: company.type,
      erased: company.erased,
      owner_company_id: company.ownerCompanyId,
      owner_user_id: company.ownerUserId,
    },
    colegios: colegios.map(({ id, name }) => ({ id, name })),
    flags,
    issuer: ISSUER,
  };
}

/** Forgets the sign-in counts of windows long closed and of locks long over (hourly housekeeping). */
export async function forgetStaleSignInAttempts(db: Db) {
  await purgeStaleThrottle(db);
}

export async function logout(db: Db, actor: Actor) {
  await revokeSession(db, actor.sessionId);
  sessionEnded(actor.sessionId);
}

export async function listColegios(db: Db, actor: Actor) {
  const rows = await colegiosOfUser(db, { id: actor.userId, role: actor.role, companyId: actor.companyId });
  return rows.map(({ id, name }) => ({ id, name }));
}
