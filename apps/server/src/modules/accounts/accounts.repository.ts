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

/** A company of createCompaniesWithManagers: the columns an import's row gives. */
export interface NewImportedCompany {
  type: number;
  name: string;
  cif: string;
  /** the normalized tax id (unique): what the created rows are matched by */
  cifNorm: string;
  /** the company's and its manager's e-mail */
  email: string;
  phone: string | null;
  ownerCompanyId: number;
}

/**
 * createCompanyWithManager for many companies at once (an import's batch): each company, its manager
 * without a password (the user's role is the company's type) made its owner. Two statements whatever
 * their number, each with its rows as one jsonb parameter (a multi-row `insert().values()` builds tens of
 * kilobytes of garbage per row); the rows are matched by tax id, never by position.
 */
export async function createCompaniesWithManagers(
  db: DbOrTx,
  list: readonly NewImportedCompany[],
): Promise<{ companyId: number; userId: number; cifNorm: string; email: string }[]> {
  if (list.length === 0) return [];
  const created = await queryTyped(
    db,
    sql`insert into companies (type, name, cif, cif_norm, email, phone, owner_company_id)
        select x.type, x.name, x.cif, x.cif_norm, x.email, x.phone, x.owner_company_id
        from jsonb_to_recordset(${jsonRecords(
          list.map((c) => ({
            type: c.type,
            name: c.name,
            cif: c.cif,
            cif_norm: c.cifNorm,
            email: c.email,
            phone: c.phone,
            owner_company_id: c.ownerCompanyId,
          })),
        )})
          as x(type int, name text, cif text, cif_norm text, email text, phone text, owner_company_id int)
        returning id, cif_norm`,
    { id: col.int, cif_norm: col.text },
  );
  const byCif = new Map(list.map((company) => [company.cifNorm, company]));
  return queryTyped(
    db,
    sql`with managers as (
          insert into users (email, password_hash, user_role, company_id)
          select x.email, null, x.user_role, x.company_id
          from jsonb_to_recordset(${jsonRecords(
            created.map((c) => {
              const company = byCif.get(c.cif_norm)!;
              return { email: company.email, user_role: company.type, company_id: c.id };
            }),
          )}) as x(email text, user_role int, company_id int)
          returning id, company_id, email)
        update companies c set owner_user_id = m.id
        from managers m where c.id = m.company_id
        returning m.company_id as "companyId", m.id as "userId", c.cif_norm as "cifNorm", m.email`,
    { companyId: col.int, userId: col.int, cifNorm: col.text, email: col.text },
  );
}

/** Objects as one `jsonb` parameter, for `jsonb_to_recordset(…) as x(column type, …)`. */
function jsonRecords(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}
