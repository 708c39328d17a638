import {
  type CompanyView,
  type companyUpdateSchema,
  ErrorKey,
  normalizeTaxId,
  Role,
  ValidationKey,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { type CompanyFacts, companyPolicy } from "./companies.policy.js";
import {
  type CompanyChanges,
  companyActivities,
  findCompany,
  findMembership,
  isSoleColegio,
  ownerOf,
  setCompanyErased,
  setMembershipErased,
  updateCompany,
} from "./companies.repository.js";

type Company = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/**
 * How the calling colegio stands to a company: an active or a deactivated member, or none (and none for
 * any other role). A colegio that deactivated a member keeps the relation (its row, 'Activar') but no
 * longer reads or changes the company's data.
 */
async function colegioMembershipOf(db: Db, actor: Actor, id: number): Promise<CompanyFacts["membership"]> {
  if (actor.role !== Role.colegio) return undefined;
  const membership = await findMembership(db, actor.companyId, id);
  if (!membership) return undefined;
  return membership.erased ? "deactivated" : "active";
}

/** The company and how the caller stands to it, for the policy; 404 for a company that does not exist. */
async function companyWithFacts(db: Db, actor: Actor, id: number): Promise<{ company: Company; facts: CompanyFacts }> {
  const company = await findCompany(db, id);
  if (!company) throw notFound();
  const membership = await colegioMembershipOf(db, actor, id);
  return { company, facts: { id: company.id, type: company.type, ownerCompanyId: company.ownerCompanyId, membership } };
}

/** A deactivated member's data is no longer its colegio's to read or change (its own staff still do). */
function refuseDeactivated(actor: Actor, facts: CompanyFacts) {
  if (facts.membership === "deactivated" && facts.id !== actor.companyId)
    throw new AppError(403, ErrorKey.memberDeactivated);
}

/**
 * The company an administering call acts on, once the caller may `action` it; otherwise 404 for a
 * company that does not exist and 403 for one that is not the caller's business (no data either way).
 */
export async function administered(
  db: Db,
  actor: Actor,
  id: number,
  options: {
    action?: "administer" | "colegioEdit";
    /** activating and deactivating: the colegio's own relation, which a deactivated member still has */
    deactivatedToo?: boolean;
  } = {},
): Promise<Company> {
  const { company, facts } = await companyWithFacts(db, actor, id);
  requireAccess(companyPolicy, actor, options.action ?? "administer", facts);
  if (!options.deactivatedToo && facts.membership === "deactivated")
    throw new AppError(403, ErrorKey.memberDeactivated);
  return company;
}

/** One company with its manager and (in the current colegio) its activities. */
export async function viewCompany(db: Db, actor: Actor, id: number): Promise<CompanyView> {
  const { company: target, facts } = await companyWithFacts(db, actor, id);
  requireAccess(companyPolicy, actor, "view", facts);
  refuseDeactivated(actor, facts);
  const scope = actor.role === Role.colegio ? actor.companyId : actor.colegioId;
  const [owner, activities] = await Promise.all([ownerOf(db, id), companyActivities(db, id, scope)]);
  // Whether no other colegio shares the company matters only to its active colegio.
  const sole =
    target.id !== actor.companyId && facts.membership === "active" && (await isSoleColegio(db, actor.companyId, id));
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
    owner_user: owner ? { id: owner.id, email: owner.email, user_role: owner.user_role } : null,
    owner_company_id: target.ownerCompanyId,
    region: target.region,
    activities,
    ...companyPolicy.abilities(actor, { ...facts, sole }),
  };
}

/**
 * Deactivating is the administrator's word on its own relation with the company: the colegio deactivates
 * its membership (the company keeps working in its other colegios), the master a colegio it created (its
 * staff can no longer log in). Nothing is deleted; activating undoes it.
 */
export async function setCompanyActive(db: Db, actor: Actor, id: number, active: boolean) {
  const target = await administered(db, actor, id, { deactivatedToo: true });
  if (actor.role === Role.colegio) await setMembershipErased(db, actor.companyId, target.id, !active);
  else await setCompanyErased(db, target.id, !active);
}

/**
 * A company's own data (company settings), or a member's data edited by its colegio while no other
 * colegio shares the company. Only the fields sent are written; an empty one clears it.
 */
export async function updateCompanyData(db: Db, actor: Actor, input: z.output<typeof companyUpdateSchema>) {
  const { company: target, facts } = await companyWithFacts(db, actor, input.id);
  requireAccess(companyPolicy, actor, "editData", facts);
  refuseDeactivated(actor, facts);
  if (target.id !== actor.companyId && !(await isSoleColegio(db, actor.companyId, target.id)))
    throw new AppError(403, ErrorKey.companyShared);
  const data = input.company_data ?? {};
  const blank = (v: string | undefined) => (v === undefined ? undefined : v === "" ? null : v);
  const changes: CompanyChanges = {
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
    await updateCompany(db, target.id, changes);
  } catch (err) {
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
}
