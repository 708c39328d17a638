import {
  type CommunityRegistrationRequest,
  type CommunityView,
  type communitiesIndexSchema,
  type communityUpdateSchema,
  ErrorKey,
  normalizeTaxId,
  type providerCommunitiesIndexSchema,
  Role,
  ValidationKey,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { type Policy, requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { colegioScope } from "../companies/companies.policy.js";
import { type CommunityAction, type CommunityFacts, communityPolicy } from "./communities.policy.js";
import {
  type CommunityChanges,
  communityCounts,
  eraseCommunity,
  findCommunityFor,
  insertCommunity,
  pageCommunities,
  pageProviderCommunities,
  updateLiveCommunity,
} from "./communities.repository.js";

const UNIQUE_CIF = "communities_cif_norm_live_key";

/** A tax id as stored and compared; one that is empty once normalized is refused. */
function taxId(raw: string) {
  const cifNorm = normalizeTaxId(raw);
  if (cifNorm === "") throw new AppError(400, ValidationKey.cifInvalid);
  return { cif: raw.trim(), cifNorm };
}

/**
 * A live community the caller may act on with `action`, with its relation to the caller; 404 for one that
 * does not exist, 403 (and no data) for one that is not the caller's business, deleted or not (so a
 * stranger cannot tell the two apart), and 404 for the caller's own deleted one.
 */
export async function communityFor(
  db: Db,
  actor: Actor,
  id: number,
  action: Extract<CommunityAction, "view" | "listProviders" | "manage">,
  options: { erased?: boolean } = {},
) {
  return communityUnder(db, actor, id, communityPolicy, action, {}, options);
}

/**
 * The same, asked of another entity's policy whose facts are the community's plus `extra` (the calendar's
 * provider, a notice's two sides): one way in for every module that acts on something of a community.
 */
export async function communityUnder<A extends string, E extends object>(
  db: Db,
  actor: Actor,
  id: number,
  policy: Policy<A, CommunityFacts & E>,
  action: A,
  extra: E,
  options: { erased?: boolean } = {},
) {
  const community = await findCommunityFor(db, actor, id);
  if (!community) throw notFound();
  requireAccess(policy, actor, action, { ...community, ...extra });
  if (community.erased && !options.erased) throw notFound();
  return community;
}

/**
 * The communities list: an administrator's own in the chosen colegio, or all of the colegio's. Before a
 * colegio is chosen (a company in several, or in none yet) an administrator sees its communities of
 * every colegio it works in: its own data, and nothing to refuse.
 */
export function listCommunities(db: Db, actor: Actor, q: z.infer<typeof communitiesIndexSchema>) {
  requireAccess(communityPolicy, actor, "list", undefined);
  if (actor.role === Role.colegio) return pageCommunities(db, { colegioId: actor.companyId }, q);
  return pageCommunities(db, { colegioId: actor.colegioId, adminCompanyId: actor.companyId }, q);
}

/** The communities a provider serves in the chosen colegio, or in every colegio it works in. */
export function listProviderCommunities(db: Db, actor: Actor, q: z.infer<typeof providerCommunitiesIndexSchema>) {
  requireAccess(communityPolicy, actor, "listServed", undefined);
  return pageProviderCommunities(db, actor.colegioId, actor.companyId, q);
}

/**
 * A new community of the calling administrator in the chosen colegio (simple or full form). The tax id
 * is unique among live communities: two simultaneous requests end with one community and 409.
 */
export async function createCommunity(
  db: Db,
  actor: Actor,
  input: { name: string; cif: string; contact?: CommunityRegistrationRequest["company_data"] & { email?: string } },
) {
  requireAccess(communityPolicy, actor, "create", undefined);
  const colegioId = colegioScope(actor);
  const c = input.contact;
  try {
    const id = await insertCommunity(db, {
      colegioId,
      adminCompanyId: actor.companyId,
      name: input.name,
      ...taxId(input.cif),
      ...(c
        ? {
            email: c.mail || c.email || null,
            contactPerson: c.person,
            phone: c.tfn,
            address: c.address,
            city: c.city,
            province: c.country,
            postcode: c.postcode,
          }
        : {}),
    });
    return { id };
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_CIF)) throw new AppError(409, ErrorKey.fincaCifTaken);
    throw error;
  }
}

/** The full form: the registration payload of spec 02 §3. */
export function registerCommunity(db: Db, actor: Actor, input: CommunityRegistrationRequest) {
  return createCommunity(db, actor, {
    name: input.company_name,
    cif: input.cif,
    contact: { ...input.company_data, email: input.email },
  });
}

/** Soft delete: the community leaves every list; its links, documents and read marks stay. */
export async function deleteCommunity(db: Db, actor: Actor, id: number) {
  const community = await communityFor(db, actor, id, "manage", { erased: true });
  if (community.erased) throw new AppError(409, ErrorKey.fincaAlreadyErased);
  if (!(await eraseCommunity(db, id))) throw new AppError(409, ErrorKey.fincaAlreadyErased);
}

/** One community for its panel: data, counts, what the caller may do and what its menu shows. */
export async function viewCommunity(db: Db, actor: Actor, id: number): Promise<CommunityView> {
  const community = await communityFor(db, actor, id, "view");
  const reader = actor.role === Role.gremio ? { companyId: actor.companyId, kind: "provider" as const } : undefined;
  const counts = await communityCounts(db, id, community.adminCompanyId, community.colegioId, reader);
  return {
    id: community.id,
    name: community.name,
    cif: community.cif,
    email: community.email,
    person: community.contactPerson,
    tfn: community.phone,
    address: community.address,
    city: community.city,
    country: community.province,
    postcode: community.postcode,
    colegio_id: community.colegioId,
    owner: community.adminCompanyId,
    admin: counts.admin,
    proveedores_count: counts.providers,
    porteros_count: counts.porters,
    ...communityPolicy.abilities(actor, community),
    menu: counts.menu,
  };
}

/** Company edit of a community (the Info card): writes only the fields sent. */
export async function updateCommunity(db: Db, actor: Actor, input: z.infer<typeof communityUpdateSchema>) {
  const id = input.id;
  await communityFor(db, actor, id, "manage");
  const c = input.company_data ?? {};
  const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === "" ? null : v);
  const changes: CommunityChanges = Object.fromEntries(
    Object.entries({
      name: input.name,
      ...(input.cif === undefined ? {} : taxId(input.cif)),
      email: blankToNull(c.email),
      contactPerson: blankToNull(c.person),
      phone: blankToNull(c.tfn),
      address: blankToNull(c.address),
      city: blankToNull(c.city),
      province: blankToNull(c.country),
      postcode: blankToNull(c.postcode),
    }).filter(([, v]) => v !== undefined),
  );
  let updated: boolean;
  try {
    updated = await updateLiveCommunity(db, id, changes);
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_CIF)) throw new AppError(409, ErrorKey.fincaCifTaken);
    throw error;
  }
  // Deleted meanwhile by a simultaneous request.
  if (!updated) throw notFound();
}
