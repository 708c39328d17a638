import { SETTING_ACCEPTED_LEGAL } from "@coordina/domain";
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, queryTypedBuiltOnce } from "../../db/rows.js";
import { authThrottle, companies, sessions, users } from "../../db/schema/index.js";
import { countHit } from "../../lib/rate-limit.js";

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function insertSession(
  db: DbOrTx,
  values: {
    tokenHash: string;
    userId: number;
    remember: boolean;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/**
 * The live session of a token hash and what every request needs of it, in one query: its user, whether the
 * user or its company is deactivated, whether the user accepted the legal notice, whether the user accepted
 * the chosen colegio's current conditions (`terms_current`) and whether the user works in the colegio the
 * request chose (`colegioId`, null when none). Every authenticated request runs it, so it
 * reads only those columns (not the password hash) and is built once (queryTypedBuiltOnce).
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string, colegioId: number | null = null) {
  const [row] = await queryTypedBuiltOnce(
    db,
    "live-session",
    { tokenHash, colegioId },
    (v) => sql`select s.id as session_id, s.created_at as session_created, s.expires_at as session_expires,
        u.id as user_id, u.email, u.user_role, u.company_id, u.erased or c.erased as deactivated,
        exists (select 1 from assigned_settings a
          where a.user_id = u.id and a.name = ${SETTING_ACCEPTED_LEGAL} and a.value = 'true') as legal_accepted,
        ${termsCurrent(v.colegioId)} as terms_current,
        exists (select 1 from companies cc
          where cc.id = ${v.colegioId} and cc.type = 10 and cc.erased = false
            and ${userWorksIn(sql`cc`, { id: sql`u.id`, role: sql`u.user_role`, companyId: sql`u.company_id` })}) as in_colegio
      from sessions s
      join users u on u.id = s.user_id
      join companies c on c.id = u.company_id
      where s.token_hash = ${v.tokenHash} and s.revoked_at is null and s.expires_at > now()
      limit 1`,
    {
      session_id: col.int,
      session_created: col.date,
      session_expires: col.date,
      user_id: col.int,
      email: col.text,
      user_role: col.int,
      company_id: col.int,
      deactivated: col.bool,
      legal_accepted: col.bool,
      terms_current: col.bool,
      in_colegio: col.bool,
    },
  );
  return row;
}

/**
 * Whether an administrator (15) or provider (20) accepted the current conditions of their role: in colegio
 * `colegioId`, or with no colegio chosen in every colegio its company is a live member of (a request without a
 * colegio reads all of them). True for other roles and where a colegio never saved conditions of the role (the
 * built-in text, which the accepted-legal setting records); otherwise each newest saved version
 * (legal_texts_current_idx) must have the user's acceptance (legal_acceptances_user_version_key). Index probes
 * inside the session query: no extra round trip per request.
 */
function termsCurrent(colegioId: SQLWrapper): SQL {
  const kind = sql`(case u.user_role when 20 then 'condiciones-proveedores' else 'condiciones-administradores' end)`;
  const acceptedNewestOf = (colegio: SQL) => sql`coalesce((
          select exists (select 1 from legal_acceptances la where la.user_id = u.id and la.version_id = t.id)
          from legal_texts t
          where t.colegio_id = ${colegio} and t.kind = ${kind}
          order by t.id desc limit 1), true)`;
  return sql`(u.user_role not in (15, 20) or case when ${colegioId}::int is null
      then not exists (select 1 from colegio_members tm
                       join companies tc on tc.id = tm.colegio_id and tc.type = 10 and tc.erased = false
                       where tm.company_id = u.company_id and tm.erased = false
                         and not ${acceptedNewestOf(sql`tm.colegio_id`)})
      else ${acceptedNewestOf(sql`${colegioId}::int`)} end)`;
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of a user (after a password change). */
export async function revokeUserSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export interface ColegioRow {
  id: number;
  name: string;
  features: string[] | null;
}

/**
 * The colegios a user belongs to, by role: a colegio user its own company; administrators and
 * providers through colegio membership; a porter through the communities it works for; the master
 * the colegios it created; the superadministrator all. With `onlyId` the answer is that one or none.
 */
export async function colegiosOfUser(
  db: DbOrTx,
  user: { id: number; role: number; companyId: number },
  onlyId?: number,
): Promise<ColegioRow[]> {
  return queryTyped(
    db,
    sql`
    select c.id, c.name, c.features
    from companies c
    where c.type = 10 and c.erased = false
      ${onlyId === undefined ? sql`` : sql`and c.id = ${onlyId}`}
      and ${userWorksIn(sql`c`, { id: sql`${user.id}`, role: sql`${user.role}`, companyId: sql`${user.companyId}` })}
    order by c.name, c.id`,
    { id: col.int, name: col.text, features: col.as<string[] | null>() },
  );
}

/**
 * Whether the user works in colegio `c` (a `companies` row alias), by role: the superadministrator in
 * all; a colegio user in its own company; the master in the colegios it created; administrators and
 * providers through active colegio membership; a porter through the live communities it works for.
 */
function userWorksIn(c: SQL, user: { id: SQL; role: SQL; companyId: SQL }): SQL {
  return sql`(
    (${user.role} = 0)
    or (${user.role} = 10 and ${c}.id = ${user.companyId})
    or (${user.role} = 5 and ${c}.owner_company_id = ${user.companyId})
    or (${user.role} in (15, 20) and exists (
          select 1 from colegio_members m
          where m.colegio_id = ${c}.id and m.company_id = ${user.companyId} and m.erased = false))
    or (${user.role} = 25 and exists (
          select 1 from community_porters p join communities f on f.id = p.community_id
          where p.porter_user_id = ${user.id} and p.erased = false and f.erased = false and f.colegio_id = ${c}.id))
  )`;
}

export interface ThrottleLimits {
  /** failures allowed in the window before the key locks */
  maxFailures: number;
  windowSeconds: number;
  /** the first lock; each further failure doubles it, up to `maxLockSeconds` (default: no growth) */
  lockSeconds: number;
  maxLockSeconds?: number;
}

/**
 * Takes one sign-in attempt against `key` unless the key is locked, counting it as a failure at once: an
 * attempt still checking its password counts too, so a burst of simultaneous guesses meets the limit as a
 * sequence would. False when the key is locked (nothing counted). A successful sign-in gives the attempt
 * back (`giveBackAttempt`).
 */
export async function takeAttempt(db: DbOrTx, key: string, limits: ThrottleLimits): Promise<boolean> {
  const hits = await countHit(db, key, limits.windowSeconds, {
    after: limits.maxFailures,
    seconds: limits.lockSeconds,
    maxSeconds: limits.maxLockSeconds ?? limits.lockSeconds,
  });
  return hits !== null;
}

/** A successful sign-in's attempt was not a failure: one less, and no lock that it alone set. */
export async function giveBackAttempt(db: DbOrTx, key: string, limits: ThrottleLimits) {
  await db.execute(
    sql`update auth_throttle set failures = greatest(failures - 1, 0),
          locked_until = case when failures - 1 < ${limits.maxFailures} then null else locked_until end
        where key = ${key}`,
  );
}

/**
 * The address a throttle counts: an IPv4 address as it is (also when written as IPv6-mapped), an IPv6
 * address by its /64, which one subscriber usually holds whole.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The throttle key of an account's failed logins from anywhere (a password reset clears it). */
export function accountThrottleKey(email: string): string {
  return `acct:${email}`;
}

/** The throttle key of an address's failed logins, whatever the account. */
export function addressThrottleKey(ip: string): string {
  return `ip:${throttleAddress(ip)}`;
}

/**
 * The throttle key of an account's failed logins from one address. The e-mail comes first and a space
 * after it (a registered e-mail has none), so an account's keys are found by their prefix.
 */
export function pairThrottleKey(email: string, ip: string): string {
  return `pair:${email} ${throttleAddress(ip)}`;
}

export async function clearThrottle(db: DbOrTx, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Lifts every login lock of an account, from anywhere and from each address (after a password reset). */
export async function liftLoginLocks(db: DbOrTx, email: string) {
  await db.execute(
    sql`delete from auth_throttle where key = ${accountThrottleKey(email)}
          or starts_with(key, ${`pair:${email} `})`,
  );
}

/** Forgets the counts of windows long closed and of locks long over (hourly housekeeping). */
export async function purgeStaleThrottle(db: DbOrTx) {
  await db.execute(
    sql`delete from auth_throttle
        where window_start < now() - interval '1 day' and (locked_until is null or locked_until < now())`,
  );
}
