import {
  type CompanyView,
  type colegioUpdateSchema,
  type companyUpdateSchema,
  ErrorKey,
  normalizeEmail,
  normalizeTaxId,
  Role,
  SETTING_ACCEPTED_LEGAL,
  ValidationKey,
} from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { colegioMembers, companies, companyActivities, users } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { consumeRate } from "../../lib/rate-limit.js";
import type { AccountsContext } from "../accounts/context.js";
import { sendLink } from "../accounts/registry.service.js";
import { revokeUserLinks } from "../accounts/tokens.repository.js";
import { revokeUserSessions } from "../auth/auth.repository.js";
import { communityFor } from "../communities/communities.service.js";
import { emailChangedMail, includedMail } from "../mail/templates.js";
import { pageMasterColegios } from "../master/master.repository.js";
import { colegioScope, companyPolicy, MEMBER_TYPES } from "./companies.policy.js";
import {
  activitiesOfColegio,
  companyActivities as activitiesOfCompany,
  type CompanyPageQuery,
  findCompany,
  findCompanyByTaxId,
  findMembership,
  isSoleColegio,
  ownerOf,
  pageColegioCompanies,
  typeIsInUse,
} from "./companies.repository.js";
import { pageProviderActivities, pageProviderSummary } from "./providers.repository.js";

type Company = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/**
 * The company an administering call acts on, once the caller may administer it; otherwise 404 for a
 * company that does not exist and 403 for one that is not the caller's business (no data either way).
 */
async function administered(
  db: Db,
  actor: Actor,
  id: number,
  /** activating and deactivating: the colegio's own relation, which a deactivated member still has */
  standingOnly = false,
): Promise<Company> {
  const target = await findCompany(db, id);
  if (!target) throw notFound();
  const membership = await colegioMembershipOf(db, actor, id);
  if (!companyPolicy.mayAdminister(actor, target, membership !== undefined)) throw forbidden();
  if (membership === "deactivated" && !standingOnly) throw new AppError(403, ErrorKey.memberDeactivated);
  return target;
}

/**
 * How the calling colegio stands to a company: an active or a deactivated member, or none (and none for
 * any other role). A colegio that deactivated a member keeps the relation (its row, 'Activar') but no
 * longer reads or changes the company's data.
 */
async function colegioMembershipOf(db: Db, actor: Actor, id: number): Promise<"active" | "deactivated" | undefined> {
  if (actor.role !== Role.colegio) return undefined;
  const membership = await findMembership(db, actor.companyId, id);
  if (!membership) return undefined;
  return membership.erased ? "deactivated" : "active";
}

/** A company list of one type: the colegio's administrators or providers, or the master's colegios. */
export async function listCompanies(db: Db, actor: Actor, q: Omit<CompanyPageQuery, "type"> & { type?: number }) {
  const allowed = companyPolicy.listableTypes(actor);
  const type = q.type ?? allowed[0];
  if (type === undefined || !allowed.includes(type)) throw forbidden();
  if (type === Role.colegio) {
    const sortBy = q.sortBy === "name" || q.sortBy === "cif" ? q.sortBy : undefined;
    const page = await pageMasterColegios(db, actor, { ...q, sortBy });
    return { ...page, data: page.data.map(colegioAsCompanyRow) };
  }
  return pageColegioCompanies(db, actor.companyId, { ...q, type });
}

function colegioAsCompanyRow(r: Awaited<ReturnType<typeof pageMasterColegios>>["data"][number]) {
  return {
    id: r.id,
    company_id: r.id,
    company_erased: r.erased,
    company_type: Role.colegio,
    company_name: r.c_name,
    company_cif: r.c_cif,
    company_owner_company: null,
    company_owner_user: r.u_email,
    registered: r.u_email !== null,
    created: r.created,
    activities: [],
    all_uploaded: 0,
    upload_must: 0,
    read_all: 0,
    read_must: 0,
    pending_validation: 0,
    owned_fincas: 0,
    provider_fincas: 0,
  };
}

/** One company with its manager and (in the current colegio) its activities. */
export async function viewCompany(db: Db, actor: Actor, id: number): Promise<CompanyView> {
  const target = await findCompany(db, id);
  if (!target) throw notFound();
  const membership = await colegioMembershipOf(db, actor, id);
  if (!companyPolicy.mayView(actor, target, membership !== undefined)) throw forbidden();
  if (membership === "deactivated" && target.id !== actor.companyId)
    throw new AppError(403, ErrorKey.memberDeactivated);
  const scope = actor.role === Role.colegio ? actor.companyId : actor.colegioId;
  const [owner, activities] = await Promise.all([ownerOf(db, id), activitiesOfCompany(db, id, scope)]);
  return {
    id: target.id,
    name: target.name,
    cif: target.cif,
    type: target.type,
    erased: target.erased,
    email: target.email,
    person: target.contactPerson,
    tfn: target.phone,
    address: target.address,
    city: target.city,
    country: target.province,
    postcode: target.postcode,
    owner_user: owner ? { id: Number(owner.id), email: owner.email, user_role: Number(owner.user_role) } : null,
    owner_company_id: target.ownerCompanyId,
    region: target.region,
    activities: activities.map((a) => ({ id: Number(a.id), name: a.name })),
    editable:
      target.id === actor.companyId || (membership === "active" && (await isSoleColegio(db, actor.companyId, id))),
  };
}

/**
 * Deactivating is the administrator's word on its own relation with the company: the colegio deactivates
 * its membership (the company keeps working in its other colegios), the master a colegio it created (its
 * staff can no longer log in). Nothing is deleted; activating undoes it.
 */
export async function setCompanyActive(db: Db, actor: Actor, id: number, active: boolean) {
  const target = await administered(db, actor, id, true);
  if (actor.role === Role.colegio) {
    await db
      .update(colegioMembers)
      .set({ erased: !active })
      .where(and(eq(colegioMembers.colegioId, actor.companyId), eq(colegioMembers.companyId, target.id)));
  } else {
    await db.update(companies).set({ erased: !active, updatedAt: new Date() }).where(eq(companies.id, target.id));
  }
}

/**
 * The colegio edits a member company (companies/colegio/update): name, CIF, the manager's e-mail, the
 * type (administrator or provider) and its activities of this colegio, in one transaction that holds the
 * company's row, so two saves (or a save and a new community link) cannot interleave. The company
 * itself (name, CIF, manager, type) is the colegio's to change only while no other colegio shares it;
 * its activities of this colegio always are. A changed e-mail is the manager's login: the old links and
 * sessions stop working and the user is told (or, while the registration is pending, gets a fresh link at
 * the new address). A new type is a new role: its users accept that role's terms again.
 */
export async function colegioUpdate(ctx: AccountsContext, actor: Actor, input: z.output<typeof colegioUpdateSchema>) {
  // The colegio's editor: a master administers its colegios, but may not retype one (or edit it) here.
  if (actor.role !== Role.colegio) throw forbidden();
  const target = await administered(ctx.db, actor, input.company_id);
  if (!MEMBER_TYPES.includes(input.companytype)) throw new AppError(400, ErrorKey.companyTypeNotEditable);
  const colegioId = actor.companyId;
  const wanted = [...new Set(input.companytype === Role.gremio ? input.activities : [])];
  const known = await activitiesOfColegio(ctx.db, colegioId, wanted);
  if (known.length !== wanted.length) throw new AppError(400, ErrorKey.invalidInput);

  let emailChanged = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(companies).where(eq(companies.id, target.id)).for("update");
      if (!locked) throw notFound();
      const owner = await ownerOf(tx, locked.id);
      const newEmail = input.email !== undefined ? normalizeEmail(input.email) : undefined;
      emailChanged = owner !== undefined && newEmail !== undefined && newEmail !== owner.email;
      const typeChanges = input.companytype !== locked.type;
      const changes: Partial<typeof companies.$inferInsert> = { updatedAt: new Date() };
      if (input.name !== undefined && input.name !== locked.name) changes.name = input.name;
      if (input.cif !== undefined && normalizeTaxId(input.cif) !== locked.cifNorm) {
        changes.cif = input.cif;
        changes.cifNorm = normalizeTaxId(input.cif);
      }
      if (typeChanges) changes.type = input.companytype;
      const changesCompany = emailChanged || typeChanges || changes.name !== undefined || changes.cif !== undefined;
      if (changesCompany && !(await isSoleColegio(tx, colegioId, locked.id)))
        throw new AppError(403, ErrorKey.companyShared);
      if (typeChanges && (await typeIsInUse(tx, locked.id, colegioId)))
        throw new AppError(409, ErrorKey.companyTypeInUse);

      await tx.update(companies).set(changes).where(eq(companies.id, locked.id));
      if (typeChanges) {
        await tx.update(users).set({ userRole: input.companytype }).where(eq(users.companyId, locked.id));
        await tx.execute(sql`delete from assigned_settings s using users u
                             where u.id = s.user_id and u.company_id = ${locked.id} and s.name = ${SETTING_ACCEPTED_LEGAL}`);
      }

      // Only this colegio's activities are replaced; those another colegio gave the company stay.
      await tx.execute(sql`delete from company_activities ca using activities a
                           where a.id = ca.activity_id and ca.company_id = ${locked.id} and a.colegio_id = ${colegioId}`);
      if (wanted.length > 0)
        await tx
          .insert(companyActivities)
          .values(wanted.map((activityId) => ({ companyId: locked.id, activityId })))
          .onConflictDoNothing();

      if (emailChanged && owner && newEmail) {
        await tx.update(users).set({ email: newEmail }).where(eq(users.id, owner.id));
        // The company's contact e-mail follows the manager's when it was the same address.
        await tx
          .update(companies)
          .set({ email: newEmail })
          .where(and(eq(companies.id, locked.id), eq(companies.email, owner.email)));
        await revokeUserLinks(tx, owner.id);
        await revokeUserSessions(tx, owner.id);
        if (owner.has_password) {
          const change = { oldEmail: owner.email, newEmail };
          await ctx.mailer.enqueue(tx, "email-change", owner.email, emailChangedMail({ ...change, toOld: true }));
          await ctx.mailer.enqueue(tx, "email-change", newEmail, emailChangedMail({ ...change, toOld: false }));
        } else {
          const colegio = await findCompany(tx, colegioId);
          await sendLink(ctx, owner.id, changes.name ?? locked.name, newEmail, tx, colegio?.name);
        }
      }
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.emailTaken);
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
  if (emailChanged) ctx.mailer.nudge();
  return { email_notified: emailChanged };
}

/**
 * A company's own data (company settings), or a member's data edited by its colegio while no other
 * colegio shares the company. Only the fields sent are written; an empty one clears it.
 */
export async function updateCompanyData(db: Db, actor: Actor, input: z.output<typeof companyUpdateSchema>) {
  const target = await findCompany(db, input.id);
  if (!target) throw notFound();
  const membership = await colegioMembershipOf(db, actor, target.id);
  if (!companyPolicy.mayEditData(actor, target, membership !== undefined)) throw forbidden();
  if (membership === "deactivated" && target.id !== actor.companyId)
    throw new AppError(403, ErrorKey.memberDeactivated);
  if (target.id !== actor.companyId && !(await isSoleColegio(db, actor.companyId, target.id)))
    throw new AppError(403, ErrorKey.companyShared);
  const data = input.company_data ?? {};
  const blank = (v: string | undefined) => (v === undefined ? undefined : v === "" ? null : v);
  const changes: Partial<typeof companies.$inferInsert> = {
    name: input.name,
    email: blank(data.email),
    contactPerson: blank(data.person),
    phone: blank(data.tfn),
    address: blank(data.address),
    city: blank(data.city),
    province: blank(data.country),
    postcode: blank(data.postcode),
    updatedAt: new Date(),
  };
  if (input.cif !== undefined && input.cif !== target.cif) {
    // A tax id once known identifies the company: it may be corrected, not erased.
    if (input.cif === "") throw new AppError(400, ValidationKey.cifInvalid);
    changes.cif = input.cif;
    changes.cifNorm = normalizeTaxId(input.cif);
  }
  if (target.type === Role.colegio && data.region !== undefined) changes.region = data.region;
  try {
    await db.update(companies).set(changes).where(eq(companies.id, target.id));
  } catch (err) {
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
}

/**
 * The NIF form's 'Validar' (registry/getntype): the company registered with that tax id, if any, so the
 * colegio can include it instead of registering it twice. Only the levels the colegio administers; the
 * answer names the company's manager, so lookups are rate-limited per user.
 */
export async function lookupByTaxId(ctx: AccountsContext, actor: Actor, nif: string, type: number) {
  if (actor.role !== Role.colegio || !MEMBER_TYPES.includes(type)) throw forbidden();
  await consumeRate(ctx.db, `lookup:user:${actor.userId}`, ctx.limits.lookupPerUser);
  const found = await findCompanyByTaxId(ctx.db, normalizeTaxId(nif));
  if (!found) return null;
  if (found.type !== type) throw new AppError(409, ErrorKey.companyTypeMismatch);
  const owner = await ownerOf(ctx.db, found.id);
  return {
    id: found.id,
    u_email: owner?.email ?? found.email ?? null,
    c_name: found.name,
    type: found.type,
    member: (await findMembership(ctx.db, actor.companyId, found.id)) !== undefined,
  };
}

/**
 * 'Aceptar' on the NIF form (registry/insertCompanyOnColegio): an existing company joins the colegio. Its
 * manager is told by e-mail, in the same transaction, which colegio included it.
 */
export async function includeInColegio(ctx: AccountsContext, actor: Actor, nif: string, type: number | undefined) {
  if (actor.role !== Role.colegio) throw forbidden();
  const found = await findCompanyByTaxId(ctx.db, normalizeTaxId(nif));
  if (!found) throw new AppError(404, ErrorKey.companyNotRegistered);
  if (!MEMBER_TYPES.includes(found.type) || (type !== undefined && type !== found.type))
    throw new AppError(409, ErrorKey.companyTypeMismatch);
  const included = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(colegioMembers)
      .values({ colegioId: actor.companyId, companyId: found.id })
      .onConflictDoNothing()
      .returning({ id: colegioMembers.companyId });
    if (inserted.length === 0) return false;
    const [owner, colegio] = await Promise.all([ownerOf(tx, found.id), findCompany(tx, actor.companyId)]);
    if (owner)
      await ctx.mailer.enqueue(
        tx,
        "colegio-inclusion",
        owner.email,
        includedMail({ companyName: found.name, colegioName: colegio?.name ?? "", link: `${ctx.publicUrl}/webapp/` }),
      );
    return true;
  });
  if (!included) throw new AppError(409, ErrorKey.companyAlreadyMember);
  ctx.mailer.nudge();
  return { id: found.id };
}

/** The colegio's providers with their reading and upload figures (companies/providers/summary). */
export function providerSummary(db: Db, actor: Actor, q: Parameters<typeof pageProviderSummary>[2]) {
  if (actor.role !== Role.colegio) throw forbidden();
  return pageProviderSummary(db, actor.companyId, q);
}

/** The colegio's active providers with their activities: its staff, and its administrators. */
export async function providersWithActivities(
  db: Db,
  actor: Actor,
  q: Parameters<typeof pageProviderActivities>[2] & { id_finca?: number | undefined },
) {
  if (actor.role !== Role.colegio && actor.role !== Role.administrador) throw forbidden();
  // The provider picker of a community: only for one whose providers the caller may see.
  if (q.id_finca !== undefined) await communityFor(db, actor, q.id_finca, "mayListProviders");
  return pageProviderActivities(db, colegioScope(actor), { ...q, inFinca: q.id_finca });
}
