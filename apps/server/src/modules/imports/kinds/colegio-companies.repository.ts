import { TokenAction } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { col, queryTyped } from "../../../db/rows.js";
import { hashToken, newToken } from "../../../lib/tokens.js";
import { abandonedRegistration } from "../../accounts/accounts.repository.js";
import { linkExpiry } from "../../accounts/tokens.repository.js";
import { intArray, textArray } from "../sql-values.sql.js";

/*
 * The set queries of the colegio's imports (administrators, providers): each reads or writes every row
 * of a file, or of a batch, in one statement.
 */

/** A registration nothing else refers to yet (no colegio counts on it): released when a row needs it. */
const releasable = (u: string, c: string) =>
  sql`${abandonedRegistration(sql.raw(u), sql.raw(c))}
      and not exists (select 1 from colegio_members held where held.company_id = ${sql.raw(c)}.id)`;

/**
 * The unfinished self-registrations (abandonedRegistration) that hold one of these e-mails or tax ids:
 * the holders are found by e-mail and by tax id through their unique indexes first, then each is checked
 * on its own (lateral). Left to choose, the planner started from the users without a password when the
 * statistics were older than the import (taken when every user had one) and checked every such user
 * against the batch's lists: 63 s for a batch of 250 once 6,000 providers had been imported.
 */
export async function abandonedRegistrationsHolding(
  db: DbOrTx,
  match: { emails: readonly string[]; cifNorms: readonly string[] },
) {
  if (match.emails.length === 0 && match.cifNorms.length === 0) return [];
  return queryTyped(
    db,
    sql`with holders as materialized (
          select held.id from unnest(${textArray(match.emails)}) as wanted(email)
          join users held on held.email = wanted.email
          union
          select holder.owner_user_id from unnest(${textArray(match.cifNorms)}) as wanted(cif_norm)
          join companies holder on holder.cif_norm = wanted.cif_norm
        )
        select found.user_id, found.company_id
        from holders h
        cross join lateral (
          select u.id as user_id, c.id as company_id
          from users u join companies c on c.id = u.company_id and c.owner_user_id = u.id
          where u.id = h.id and ${abandonedRegistration(sql.raw("u"), sql.raw("c"))}
        ) as found`,
    { user_id: col.int, company_id: col.int },
  );
}

export interface CompanyByTaxId {
  id: number;
  type: number;
  cif_norm: string;
  name: string;
  /** its membership of the colegio: none, active or deactivated by the colegio */
  membership: "active" | "deactivated" | null;
  /** its manager's e-mail (the inclusion notice goes there) */
  owner_email: string | null;
  /** an unfinished self-registration that a row registering the company again releases */
  abandoned: boolean;
}

/** The companies with these tax ids, and how each stands to the colegio. */
export async function companiesByTaxIds(
  db: DbOrTx,
  colegioId: number,
  cifNorms: readonly string[],
): Promise<CompanyByTaxId[]> {
  if (cifNorms.length === 0) return [];
  return queryTyped(
    db,
    sql`select c.id, c.type, c.cif_norm, c.name, ou.email as owner_email,
               case when m.company_id is null then null when m.erased then 'deactivated' else 'active' end as membership,
               exists (select 1 from users u where u.id = c.owner_user_id and ${releasable("u", "c")}) as abandoned
        from companies c
        left join colegio_members m on m.company_id = c.id and m.colegio_id = ${colegioId}
        left join users ou on ou.id = c.owner_user_id
        where c.cif_norm = any(${textArray(cifNorms)})`,
    {
      id: col.int,
      type: col.int,
      cif_norm: col.text,
      name: col.text,
      owner_email: col.textOrNull,
      membership: col.as<"active" | "deactivated" | null>(),
      abandoned: col.bool,
    },
  );
}

/**
 * The users with these e-mails: their company, and whether they are an unfinished self-registration.
 * Joined to the list rather than `= any(…)`, which the planner may answer from the e-mails' trigram index
 * (users_email_trgm_idx), a hundred times slower than the unique one for exact e-mails.
 */
export async function usersByEmails(db: DbOrTx, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return queryTyped(
    db,
    sql`select u.email, u.company_id,
               exists (select 1 from companies c where ${releasable("u", "c")}) as abandoned
        from unnest(${textArray(emails)}) as wanted(email) join users u on u.email = wanted.email`,
    { email: col.text, company_id: col.int, abandoned: col.bool },
  );
}

/**
 * The colegio's activities named as in `names` (any case), by the name as given. Compared in SQL on both
 * sides, lower(name) = lower(given), as the hand path finds an activity by name: the database's lower()
 * and JavaScript's toLowerCase() differ (its locale, 'İ', a final 'Σ').
 */
export async function colegioActivitiesNamed(db: DbOrTx, colegioId: number, names: readonly string[]) {
  if (names.length === 0) return new Map<string, number>();
  const rows = await queryTyped(
    db,
    sql`select distinct on (wanted.name) wanted.name, a.id
        from unnest(${textArray(names)}) as wanted(name)
        join activities a on a.colegio_id = ${colegioId} and lower(a.name) = lower(wanted.name)
        order by wanted.name, a.id`,
    { name: col.text, id: col.int },
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The companies join the colegio; the ids of those that were not members yet. */
export async function addMemberships(db: DbOrTx, colegioId: number, companyIds: readonly number[]) {
  if (companyIds.length === 0) return new Set<number>();
  const rows = await queryTyped(
    db,
    sql`insert into colegio_members (colegio_id, company_id)
        select ${colegioId}, id from unnest(${intArray(companyIds)}) as x(id)
        on conflict do nothing
        returning company_id`,
    { company_id: col.int },
  );
  return new Set(rows.map((r) => r.company_id));
}

/** The providers offer these activities (those they offered already stay). */
export async function addCompanyActivities(db: DbOrTx, pairs: readonly { companyId: number; activityId: number }[]) {
  if (pairs.length === 0) return;
  await db.execute(
    sql`insert into company_activities (company_id, activity_id)
        select x.company_id, x.activity_id
        from unnest(${intArray(pairs.map((p) => p.companyId))}, ${intArray(pairs.map((p) => p.activityId))})
               as x(company_id, activity_id)
        on conflict do nothing`,
  );
}

/**
 * The registration link of each new manager (issueLinkToken for users who had none yet): the tokens, to
 * mail, by user id.
 */
export async function issueRegistryTokens(db: DbOrTx, userIds: readonly number[]) {
  const issued = new Map<number, { token: string; expiresAt: Date }>();
  if (userIds.length === 0) return issued;
  const expiresAt = linkExpiry(TokenAction.registry);
  for (const userId of userIds) issued.set(userId, { token: newToken(), expiresAt });
  await db.execute(
    sql`insert into link_tokens (token_hash, action, user_id, expires_at)
        select x.token_hash, ${TokenAction.registry}, x.user_id, ${expiresAt.toISOString()}::timestamptz
        from unnest(${textArray([...issued.values()].map(({ token }) => hashToken(token)))},
                    ${intArray([...issued.keys()])}) as x(token_hash, user_id)`,
  );
  return issued;
}
