import { type CompanyDefinedResponse, type companyDefinedRequestSchema, ErrorKey, partyOfRole } from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { communityFor } from "../communities/communities.service.js";
import { findCompany } from "../companies/companies.repository.js";
import { providerInNoColegio } from "../inclusion/no-colegio.js";
import { definitionPolicy } from "./definitions.policy.js";
import { definitionsUploadedByParty, standingIn, templatesOf } from "./definitions.repository.js";
import { documentPolicy } from "./documents.policy.js";
import { companyDocuments, companyInColegio } from "./documents.repository.js";
import { groupByDefinition } from "./documents.service.js";
import { uploadTarget } from "./upload-document.service.js";

/** The colegio reviews a company working in it, which it names: 400 without one, 404 missing, 403 not its. */
async function reviewedCompany(db: Db, actor: Actor, companyId: number | undefined) {
  if (!companyId) throw new AppError(400, ErrorKey.invalidInput);
  const colegioId = actor.companyId;
  const company = await companyInColegio(db, companyId, colegioId);
  if (!company) throw notFound();
  requireAccess(documentPolicy, actor, "reviewCompany", { colegioId, companyInColegio: company.inColegio });
  return { company, colegioId };
}

/**
 * Any other caller sees its own company (naming another is 403), in the colegio of the community or
 * else the chosen one (400 with neither).
 */
async function ownCompany(db: Db, actor: Actor, named: number | undefined, colegioId: number | null) {
  requireAccess(documentPolicy, actor, "viewCompany", { companyId: named ?? actor.companyId });
  if (colegioId === null) throw new AppError(400, ErrorKey.colegioRequired);
  const company = await companyInColegio(db, actor.companyId, colegioId);
  if (!company) throw notFound();
  return { company, colegioId };
}

/**
 * companies/documents/getcompanydefined: the definitions that apply to a company, each with the documents
 * it uploaded for it. The caller's own company, in a community (`id_finca`: what it uploads there) or in
 * general (its documents that count everywhere); the colegio names the company (`id_company`).
 */
export async function companyDefined(
  db: Db,
  actor: Actor,
  q: z.output<typeof companyDefinedRequestSchema>,
): Promise<Omit<CompanyDefinedResponse, "result">> {
  const community = q.id_finca ? await communityFor(db, actor, q.id_finca, "view") : null;
  const reviews = documentPolicy.can(actor, "reviewCompanies", undefined);
  // A provider in no colegio yet (one that registered on its own) owes nothing anywhere: an empty answer,
  // not a request to choose a colegio it cannot choose (issue 21). Every other role still must choose.
  if (community === null && (await providerInNoColegio(db, actor))) {
    requireAccess(documentPolicy, actor, "viewCompany", { companyId: q.id_company ?? actor.companyId });
    const own = await findCompany(db, actor.companyId);
    if (!own) throw notFound();
    return { company: { id: own.id, name: own.name }, data: [] };
  }
  const { company, colegioId } = reviews
    ? await reviewedCompany(db, actor, q.id_company)
    : await ownCompany(db, actor, q.id_company, community?.colegioId ?? actor.colegioId);
  const standing = await standingIn(db, actor, colegioId);
  requireAccess(definitionPolicy, actor, "read", { colegioId, ...standing });

  // A company uploads as the party of its type (its users' role).
  const party = partyOfRole(company.type);
  if (!party) return { company: { id: company.id, name: company.name }, data: [] };
  const definitions = await definitionsUploadedByParty(db, colegioId, party, q.group, community !== null);
  const ids = definitions.map((d) => d.id);
  const [documents, templates] = await Promise.all([
    companyDocuments(db, company.id, ids, community?.id ?? null),
    templatesOf(db, ids),
  ]);
  return {
    company: { id: company.id, name: company.name },
    data: groupByDefinition(actor, colegioId, definitions, documents, templates, (definition) =>
      definitionPolicy.can(actor, "upload", uploadTarget(definition, standing, community)),
    ),
  };
}
