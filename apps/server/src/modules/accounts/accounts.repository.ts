import { Role, TokenAction } from "@coordina/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { colegioMembers, communityPorters, companies, users } from "../../db/schema/index.js";

/** The company and the account that manages it, as registrations and accepted invitations create them. */
export type NewCompany = typeof companies.$inferInsert;

/**
 * Creates a company and its manager (the user's role is the company's type) and makes the user its
 * owner. `passwordHash` null: the manager sets it from a mailed link. Call it inside a transaction.
 */
export async function createCompanyWithManager(
  db: DbOrTx,
  company: NewCompany,
  manager: { email: string; passwordHash: string | null },
) {
  const [created] = await db.insert(companies).values(company).returning({ id: companies.id });
  const companyId = created!.id;
  const userId = await insertUser(db, { ...manager, role: company.type, companyId });
  await db.update(companies).set({ ownerUserId: userId }).where(eq(companies.id, companyId));
  return { companyId, userId };
}

export async function insertUser(
  db: DbOrTx,
  user: { email: string; passwordHash: string | null; role: number; companyId: number },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ email: user.email, passwordHash: user.passwordHash, userRole: user.role, companyId: user.companyId })
    .returning({ id: users.id });
  return row!.id;
}

/** Makes the company a member of the colegio (kept as it is when it already was one). */
export async function joinColegio(db: DbOrTx, colegioId: number, companyId: number) {
  await db.insert(colegioMembers).values({ colegioId, companyId }).onConflictDoNothing();
}

/** Registers the porter in the community (kept as it is when it already was). */
export async function addPorter(db: DbOrTx, communityId: number, porterUserId: number) {
  await db.insert(communityPorters).values({ communityId, porterUserId }).onConflictDoNothing();
}

/** Sets a user's password; undefined when there is no such user. */
export async function setPassword(db: DbOrTx, userId: number, passwordHash: string) {
  const [user] = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email });
  return user;
}

/**
 * The condition that user `u`, owner of company `c`, is a provider self-registration never finished: no
 * password, every registration link spent or expired, nobody else in its company.
 */
export function abandonedRegistration(u: SQL, c: SQL): SQL {
  return sql`${u}.password_hash is null and ${c}.type = ${Role.gremio}
          and ${c}.id = ${u}.company_id and ${c}.owner_user_id = ${u}.id
          and exists (select 1 from link_tokens t where t.user_id = ${u}.id and t.action = ${TokenAction.registry})
          and not exists (select 1 from link_tokens t
                          where t.user_id = ${u}.id and t.used_at is null and t.expires_at > now())
          and not exists (select 1 from users other where other.company_id = ${c}.id and other.id <> ${u}.id)`;
}

/**
 * A provider self-registration never finished (abandonedRegistration) that holds `email` (or the tax id
 * `cifNorm`).
 */
export async function findAbandonedRegistration(db: DbOrTx, match: { email: string; cifNorm?: string | undefined }) {
  const [row] = await queryTyped(
    db,
    sql`select u.id as user_id, c.id as company_id
        from users u join companies c on c.id = u.company_id and c.owner_user_id = u.id
        where (u.email = ${match.email} ${match.cifNorm ? sql`or c.cif_norm = ${match.cifNorm}` : sql``})
          and ${abandonedRegistration(sql.raw("u"), sql.raw("c"))}
        limit 1`,
    { user_id: col.int, company_id: col.int },
  );
  return row;
}

/** Deletes a registration's user, company and links (a foreign key violation: something refers to it). */
export async function deleteRegistration(db: DbOrTx, registration: { user_id: number; company_id: number }) {
  await db.execute(sql`delete from link_tokens where user_id = ${registration.user_id}`);
  await db.execute(sql`update companies set owner_user_id = null where id = ${registration.company_id}`);
  await db.execute(sql`delete from users where id = ${registration.user_id}`);
  await db.execute(sql`delete from companies where id = ${registration.company_id}`);
}

/** deleteRegistration for several registrations at once (a foreign key violation: something refers to one). */
export async function deleteRegistrations(
  db: DbOrTx,
  registrations: readonly { user_id: number; company_id: number }[],
) {
  if (registrations.length === 0) return;
  const userIds = registrations.map((r) => r.user_id);
  const companyIds = registrations.map((r) => r.company_id);
  await db.execute(sql`delete from link_tokens where user_id in ${userIds}`);
  await db.execute(sql`update companies set owner_user_id = null where id in ${companyIds}`);
  await db.execute(sql`delete from users where id in ${userIds}`);
  await db.execute(sql`delete from companies where id in ${companyIds}`);
}

/**
 * createCompanyWithManager for many companies at once (an import's batch): each company, its manager
 * without a password (the user's role is the company's type) made its owner. Three statements whatever
 * their number; every company has its tax id (`cifNorm`) and the manager's `email`, and the rows are
 * matched by them, never by position.
 */
export async function createCompaniesWithManagers(
  db: DbOrTx,
  list: readonly (NewCompany & { cifNorm: string; email: string })[],
): Promise<{ companyId: number; userId: number; cifNorm: string; email: string }[]> {
  if (list.length === 0) return [];
  const created = await db
    .insert(companies)
    .values([...list])
    .returning({ id: companies.id, cifNorm: companies.cifNorm, type: companies.type });
  const byCif = new Map(list.map((company) => [company.cifNorm, company]));
  const managers = await db
    .insert(users)
    .values(
      created.map((c) => ({
        email: byCif.get(c.cifNorm!)!.email,
        passwordHash: null,
        userRole: c.type,
        companyId: c.id,
      })),
    )
    .returning({ id: users.id, companyId: users.companyId, email: users.email });
  await db.execute(
    sql`update companies c set owner_user_id = o.user_id
        from (select * from unnest(${`{${managers.map((m) => m.companyId).join(",")}}`}::int[],
                                   ${`{${managers.map((m) => m.id).join(",")}}`}::int[])) as o(company_id, user_id)
        where c.id = o.company_id`,
  );
  const cifOf = new Map(created.map((c) => [c.id, c.cifNorm!]));
  return managers.map((m) => ({
    companyId: m.companyId,
    userId: m.id,
    cifNorm: cifOf.get(m.companyId)!,
    email: m.email,
  }));
}
