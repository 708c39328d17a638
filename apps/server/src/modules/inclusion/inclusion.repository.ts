import { Role } from "@coordina/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { inclusionRequests } from "../../db/schema/index.js";

export type InclusionOutcome = "included" | "declined" | "withdrawn";

/** The active colegios a company may ask to join: those it has no membership of, active or deactivated. */
export function colegiosToAsk(db: DbOrTx, companyId: number) {
  return queryTyped(
    db,
    sql`select c.id, c.name from companies c
        where c.type = ${Role.colegio} and not c.erased
          and not exists (select 1 from colegio_members m where m.colegio_id = c.id and m.company_id = ${companyId})
        order by lower(c.name), c.id`,
    { id: col.int, name: col.text },
  );
}

/** Files a request; undefined when the pair already has an open one (the partial unique index). */
export async function insertRequest(
  db: DbOrTx,
  input: { providerCompanyId: number; colegioId: number; requestedBy: number; message: string | null },
): Promise<number | undefined> {
  const [row] = await db
    .insert(inclusionRequests)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: inclusionRequests.id });
  return row?.id;
}

/** A request with the facts its policy needs; locked until the transaction ends when `lock`. */
export async function findRequest(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(inclusionRequests).where(eq(inclusionRequests.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Closes an open request; false when it was no longer open. */
export async function closeRequest(db: DbOrTx, id: number, outcome: InclusionOutcome, decidedBy: number) {
  const closed = await db
    .update(inclusionRequests)
    .set({ outcome, decidedBy, decidedAt: new Date() })
    .where(and(eq(inclusionRequests.id, id), isNull(inclusionRequests.outcome)))
    .returning({ id: inclusionRequests.id });
  return closed.length > 0;
}

/**
 * The pair's open request, if any, locked until the transaction ends. Whoever includes a company locks
 * its request before writing the membership ('Incluir' and the NIF form alike), so the two never wait
 * for each other in opposite orders (a deadlock).
 */
export async function lockOpenRequest(db: DbOrTx, providerCompanyId: number, colegioId: number) {
  const [row] = await db
    .select({ id: inclusionRequests.id, requestedBy: inclusionRequests.requestedBy })
    .from(inclusionRequests)
    .where(
      and(
        eq(inclusionRequests.providerCompanyId, providerCompanyId),
        eq(inclusionRequests.colegioId, colegioId),
        isNull(inclusionRequests.outcome),
      ),
    )
    .for("update");
  return row;
}

/**
 * Whether the pair had a request withdrawn or declined within the last `hours`: a request filed again so
 * soon is recorded but its colegio is not mailed again (file, withdraw, file again would mail its staff
 * without end).
 */
export async function closedRecently(
  db: DbOrTx,
  providerCompanyId: number,
  colegioId: number,
  hours: number,
): Promise<boolean> {
  const [row] = await queryTyped(
    db,
    sql`select exists (select 1 from inclusion_requests
                       where provider_company_id = ${providerCompanyId} and colegio_id = ${colegioId}
                         and outcome in ('withdrawn', 'declined')
                         and decided_at > now() - make_interval(hours => ${hours})) as recent`,
    { recent: col.bool },
  );
  return row?.recent === true;
}

/**
 * The company's open requests, newest first, with the colegio's name. A request made moot (the company
 * joined by other means: an import, an invitation) is not listed, nor one to a colegio since deactivated.
 */
export function openRequestsOf(db: DbOrTx, providerCompanyId: number) {
  return queryTyped(
    db,
    sql`select r.id, r.message, r.created_at, c.id as colegio_id, c.name as colegio_name
        from inclusion_requests r join companies c on c.id = r.colegio_id
        where r.provider_company_id = ${providerCompanyId} and r.outcome is null and not c.erased
          and not exists (select 1 from colegio_members m
                          where m.colegio_id = r.colegio_id and m.company_id = r.provider_company_id)
        order by r.created_at desc, r.id desc`,
    { id: col.int, message: col.textOrNull, created_at: col.iso, colegio_id: col.int, colegio_name: col.text },
  );
}

/**
 * The open requests a colegio received, oldest first: the company, its manager's e-mail, who asked. Not
 * those made moot by a membership the company got by other means, nor those of a deactivated company.
 */
export function openRequestsTo(db: DbOrTx, colegioId: number) {
  return queryTyped(
    db,
    sql`select r.id, r.message, r.created_at, p.id as company_id, p.name as company_name, p.cif as company_cif,
               coalesce(o.email, p.email) as company_email, u.email as requested_by
        from inclusion_requests r
        join companies p on p.id = r.provider_company_id
        join users u on u.id = r.requested_by
        left join users o on o.id = p.owner_user_id
        where r.colegio_id = ${colegioId} and r.outcome is null and not p.erased
          and not exists (select 1 from colegio_members m
                          where m.colegio_id = r.colegio_id and m.company_id = r.provider_company_id)
        order by r.created_at, r.id`,
    {
      id: col.int,
      message: col.textOrNull,
      created_at: col.iso,
      company_id: col.int,
      company_name: col.text,
      company_cif: col.text,
      company_email: col.textOrNull,
      requested_by: col.text,
    },
  );
}

/** The e-mails of a company's active users (a colegio's staff, told of a new request). */
export async function activeUserEmails(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await queryTyped(
    db,
    sql`select email from users where company_id = ${companyId} and not erased order by id`,
    { email: col.text },
  );
  return rows.map((r) => r.email);
}

/**
 * The company works in some colegio: an active membership of an active colegio, the rule of the
 * session's colegio list (auth colegiosOfUser) for administrators and providers.
 */
export async function memberOfAnyColegio(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await queryTyped(
    db,
    sql`select exists (select 1 from colegio_members m join companies c on c.id = m.colegio_id
                       where m.company_id = ${companyId} and not m.erased
                         and c.type = ${Role.colegio} and not c.erased) as member`,
    { member: col.bool },
  );
  return row?.member === true;
}

/**
 * Whom a provider's 'included' or 'declined' mail goes to: its manager (the company's owner) and, when
 * another and still active, the user who asked (`requestedBy`); the one who asked alone when the company
 * has no manager. Owner first, no address twice.
 */
export async function providerRecipients(
  db: DbOrTx,
  companyId: number,
  requestedBy: number | undefined,
): Promise<string[]> {
  const rows = await queryTyped(
    db,
    sql`select 0 as rank, u.email from companies c join users u on u.id = c.owner_user_id where c.id = ${companyId}
        union all
        select 1 as rank, u.email from users u where u.id = ${requestedBy ?? null} and not u.erased
        order by rank`,
    { email: col.text },
  );
  return [...new Set(rows.map((r) => r.email))];
}
