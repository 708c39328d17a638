import {
  type CommunityDocumentRow,
  type CompanyDefinedResponse,
  ErrorKey,
  type porterFincaRequestSchema,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { communityFor } from "../communities/communities.service.js";
import { definitionsUploadedBy, documentsCountingIn } from "../compliance/compliance.repository.js";
import { templatesOf } from "../documents/definitions.repository.js";
import { groupByDefinition } from "../documents/documents.service.js";
import { readingPolicy } from "../reading/reading.policy.js";
import { communityDocuments, type Uploaders } from "../reading/reading.repository.js";
import { porterInCommunity } from "./porter-documents.repository.js";

/*
 * A porter's documents in a community (spec 02 §2 'Porter documents for an administrator', "Porter's own
 * view"; §7 'Porters' porteros/documents/*; docs/compliance.md): what it reads there and what it uploaded.
 * For the community's administrator, its colegio and the porter itself (reading.policy
 * `readPorterDocuments`; the community through communityFor `view`); another porter gets 403 and no data.
 */

type PorterInFinca = z.output<typeof porterFincaRequestSchema>;

/** The community and its porter `id_portero`, checked: 404 `porteros.not-in-finca` when it is no live porter there. */
async function porterIn(db: Db, actor: Actor, q: PorterInFinca) {
  const porter = await porterInCommunity(db, q.id_portero, q.id_finca);
  requireAccess(readingPolicy, actor, "readPorterDocuments", { porterCompanyId: porter?.companyId ?? null });
  const community = await communityFor(db, actor, q.id_finca, "view");
  if (!porter?.live) throw new AppError(404, ErrorKey.porterNotInFinca);
  return { community, porter };
}

/** The documents the porter may read in the community, from `from`, with its marks. */
async function porterReading(db: Db, actor: Actor, q: PorterInFinca, from: Uploaders): Promise<CommunityDocumentRow[]> {
  const { community, porter } = await porterIn(db, actor, q);
  return communityDocuments(db, community.id, { companyId: porter.companyId, kind: "portero" }, from);
}

/** porteros/documents/adminforportero: what the community's administrator gives porters (the tab 'Documentos'). */
export function documentsFromAdministrator(db: Db, actor: Actor, q: PorterInFinca) {
  return porterReading(db, actor, q, "administrator");
}

/** porteros/documents/readByFinca: everything the porter may read there, from the administrator and the providers. */
export function documentsToRead(db: Db, actor: Actor, q: PorterInFinca) {
  return porterReading(db, actor, q, "parties");
}

/**
 * porteros/documents/documentUploadedByFinca: every live definition of the colegio that porters upload,
 * each with the porter's live documents that count in the community (expired and incomplete ones
 * included), as document_uploaded_by_provider_finca answers for a provider. Nobody uploads here.
 */
export async function documentsUploaded(
  db: Db,
  actor: Actor,
  q: PorterInFinca,
): Promise<Omit<CompanyDefinedResponse, "result">> {
  const { community, porter } = await porterIn(db, actor, q);
  const definitions = await definitionsUploadedBy(db, community.colegioId, ["portero"]);
  const ids = definitions.map((d) => d.id);
  const [documents, templates] = await Promise.all([
    documentsCountingIn(db, community.id, { companyId: porter.companyId }, ids),
    templatesOf(db, ids),
  ]);
  return {
    company: { id: porter.companyId, name: porter.companyName },
    data: groupByDefinition(actor, community.colegioId, definitions, documents, templates, () => false),
  };
}
