import { Role } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { communityFor } from "../communities/communities.service.js";
import { pageMasterColegios } from "../master/master.repository.js";
import { colegioScope, companyPolicy } from "./companies.policy.js";
import { type CompanyPageQuery, pageColegioCompanies } from "./companies.repository.js";
import { pageProviderActivities, pageProviderSummary } from "./providers.repository.js";

/** A company list of one type: the colegio's administrators or providers, or the master's colegios. */
export async function listCompanies(db: Db, actor: Actor, q: Omit<CompanyPageQuery, "type"> & { type?: number }) {
  const type = q.type ?? companyPolicy.listableTypes(actor)[0];
  // A caller with no list of its own has no default type either: refused like a type it may not list.
  requireAccess(companyPolicy, actor, "list", type === undefined ? undefined : { type });
  if (type === Role.colegio) {
    const sortBy = q.sortBy === "name" || q.sortBy === "cif" ? q.sortBy : undefined;
    const page = await pageMasterColegios(db, actor, { ...q, sortBy });
    return { ...page, data: page.data.map(colegioAsCompanyRow) };
  }
  return pageColegioCompanies(db, actor.companyId, { ...q, type: type! });
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

/** The colegio's providers with their reading and upload figures (companies/providers/summary). */
export function providerSummary(db: Db, actor: Actor, q: Parameters<typeof pageProviderSummary>[2]) {
  requireAccess(companyPolicy, actor, "summarizeProviders", undefined);
  return pageProviderSummary(db, actor.companyId, q);
}

/** The colegio's active providers with their activities: its staff, and its administrators. */
export async function providersWithActivities(
  db: Db,
  actor: Actor,
  q: Parameters<typeof pageProviderActivities>[2] & { id_finca?: number | undefined },
) {
  requireAccess(companyPolicy, actor, "listProviderActivities", undefined);
  // The provider picker of a community: only for one whose providers the caller may see.
  if (q.id_finca !== undefined) await communityFor(db, actor, q.id_finca, "listProviders");
  return pageProviderActivities(db, colegioScope(actor), { ...q, inFinca: q.id_finca });
}
