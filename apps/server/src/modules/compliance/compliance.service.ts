import {
  type CommunityMissing,
  type CompanyDefinedResponse,
  ErrorKey,
  type MissingDuty,
  type ProviderFincasPage,
  type ProviderMissingInColegio,
  type providerFincasIndexSchema,
  Role,
  todayInSpain,
  type UploadPendingRow,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { findCommunityFor } from "../communities/communities.repository.js";
import { communityFor } from "../communities/communities.service.js";
import { templatesOf } from "../documents/definitions.repository.js";
import { companyInColegio } from "../documents/documents.repository.js";
import { groupByDefinition } from "../documents/documents.service.js";
import { providerInNoColegio } from "../inclusion/no-colegio.js";
import { communityMissingPolicy, compliancePolicy, providerMissingPolicy } from "./compliance.policy.js";
import {
  definitionsUploadedBy,
  documentsCountingIn,
  liveProviderOf,
  pageProviderFincas,
  uploadsPending,
} from "./compliance.repository.js";
import { communitiesMissing, providersMissingInColegio } from "./missing-aggregates.repository.js";
import { providerUnmetDuties } from "./unmet-duties.repository.js";

type GroupedDocuments = Omit<CompanyDefinedResponse, "result">;

/**
 * The documents uploaded in a community, grouped by definition in getcompanydefined's shape, for its
 * administrator and its colegio (who view them; nobody uploads here, and only the colegio validates):
 * - with `id_gremio` (document_uploaded_by_provider_finca, documents_fincas): that provider's, which must
 *   serve the community now (404 otherwise): every live definition of the colegio that providers upload,
 *   each with the provider's live documents that count in the community (uploaded for it when the
 *   definition is per community, its general ones otherwise), expired and incomplete ones included;
 * - without (documents_fincas): the same for every party of the community (its administrator and its live
 *   providers) and every definition either of them uploads; the company is the community itself.
 * 404 for a community that does not exist (or the caller's own deleted one), 403 for someone else's.
 */
export async function communityDocuments(
  db: Db,
  actor: Actor,
  q: { id_finca: number; id_gremio?: number | undefined },
): Promise<GroupedDocuments> {
  const community = await communityFor(db, actor, q.id_finca, "listProviders");
  const one = q.id_gremio;
  const [provider, definitions] = await Promise.all([
    one === undefined ? undefined : liveProviderOf(db, community.id, one),
    definitionsUploadedBy(db, community.colegioId, one === undefined ? ["administrator", "provider"] : ["provider"]),
  ]);
  if (one !== undefined && !provider) throw notFound();
  const company = provider ?? { id: community.id, name: community.name };
  const ids = definitions.map((d) => d.id);
  const [documents, templates] = await Promise.all([
    documentsCountingIn(db, community.id, one === undefined ? "parties" : { companyId: one }, ids),
    templatesOf(db, ids),
  ]);
  return {
    company,
    data: groupByDefinition(actor, community.colegioId, definitions, documents, templates, () => false),
  };
}

/**
 * The provider home's 'Documentos pendientes de subida': the uploads the calling provider still owes in
 * the colegio it works in (the request's `colg_id`), each once.
 */
export async function uploadPending(db: Db, actor: Actor): Promise<UploadPendingRow[]> {
  requireAccess(compliancePolicy, actor, "listUploadsPending", undefined);
  if (await providerInNoColegio(db, actor)) return [];
  if (actor.colegioId === null) throw new AppError(400, ErrorKey.colegioRequired);
  return uploadsPending(db, actor.colegioId, actor.companyId, todayInSpain());
}

/**
 * The colegio's view of one of its providers ('Comunidades' of /admin/proveedor/{id}): the live
 * communities of the colegio it serves, with its figures there. 404 for a company that does not exist,
 * 403 for one that is not a provider of the caller's colegio.
 */
export async function providerFincas(
  db: Db,
  actor: Actor,
  providerId: number,
  q: z.output<typeof providerFincasIndexSchema>,
): Promise<Omit<ProviderFincasPage, "result">> {
  const colegioId = actor.companyId;
  const provider = await companyInColegio(db, providerId, colegioId);
  if (!provider) throw notFound();
  requireAccess(compliancePolicy, actor, "viewProviderFincas", provider);
  const page = await pageProviderFincas(db, colegioId, provider.id, q, todayInSpain());
  return { provider: { id: provider.id, name: provider.name }, ...page };
}

/**
 * companies/providers/missing_in_finca: what a provider still lacks in a community (rule 11: mandatory
 * uploads missing, expired or without their expiry date, then documents it has not read), for the words
 * of its lights there. 404 for a community that does not exist (or the caller's own deleted one), 403 and
 * no data for a caller who may not see that provider there (providerMissingPolicy), 404
 * `companies-providers.not-in-finca` for a company that does not serve it.
 */
export async function providerMissing(
  db: Db,
  actor: Actor,
  q: { id_finca: number; id_gremio: number },
): Promise<MissingDuty[]> {
  const community = await findCommunityFor(db, actor, q.id_finca);
  if (!community) throw notFound();
  requireAccess(providerMissingPolicy, actor, "viewMissing", { ...community, providerId: q.id_gremio });
  if (community.erased) throw notFound();
  const provider = await liveProviderOf(db, community.id, q.id_gremio);
  if (!provider) throw new AppError(404, ErrorKey.providerNotInFinca);
  const missing = await providerUnmetDuties(db, community.id, [provider.id], todayInSpain());
  return missing.get(provider.id) ?? [];
}

/**
 * companies/providers/missing: what one of the colegio's providers still lacks over the colegio's
 * communities it serves, for the words of its three lights in the colegio's providers list (rule 5:
 * uploads each once, reads per community, documents waiting for validation). 404 for a company that does
 * not exist, 403 and no data for a company (of any type) that is not a member of the caller's colegio, then
 * 404 for a member that is not a provider.
 */
export async function providerMissingOverColegio(
  db: Db,
  actor: Actor,
  q: { id_gremio: number },
): Promise<ProviderMissingInColegio> {
  const colegioId = actor.companyId;
  const provider = await companyInColegio(db, q.id_gremio, colegioId);
  if (!provider) throw notFound();
  // 403 before 404: a company outside the caller's colegio is refused before anything about it is told.
  requireAccess(compliancePolicy, actor, "viewProviderMissing", provider);
  if (provider.type !== Role.gremio) throw notFound();
  const missing = await providersMissingInColegio(db, colegioId, [provider.id], todayInSpain());
  return missing.get(provider.id) ?? { uploads: [], reads: [], pending: [] };
}

/**
 * companies/fincas/missing: what the live providers of a community still lack there, for the words of
 * its two lights in the communities list (rule 4). 404 for a community that does not exist (or the
 * caller's own deleted one), 403 and no data for a caller who does not see its providers
 * (communityMissingPolicy).
 */
export async function communityMissing(db: Db, actor: Actor, q: { id_finca: number }): Promise<CommunityMissing> {
  const community = await findCommunityFor(db, actor, q.id_finca);
  if (!community) throw notFound();
  requireAccess(communityMissingPolicy, actor, "viewMissing", community);
  if (community.erased) throw notFound();
  const missing = await communitiesMissing(db, [community.id], todayInSpain());
  return missing.get(community.id) ?? { uploads: [], reads: [] };
}
