import {
  type CommunityDocumentRow,
  ErrorKey,
  type fincaProviderRequestSchema,
  type fincaRequestSchema,
  type markReadSchema,
  type PendingReadRow,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { communityFor } from "../communities/communities.service.js";
import { type ReadingAction, readerKindOf, readingPolicy } from "./reading.policy.js";
import {
  communityDocuments,
  documentForReader,
  hasPendingRead,
  insertReadMark,
  isLiveProvider,
  pendingReadsOf,
  type Reader,
} from "./reading.repository.js";

/*
 * Reading duties (spec 02 §2 'Document viewing for a community', 'Provider home', "Porter's own view", §7
 * 'Provider documents', 'Mark read'; docs/compliance.md rules 2 and 7). Who reads is reading.policy; the
 * community comes through communityFor with `view`: its administrator (managing it in the chosen colegio),
 * the providers serving it and its live porters reach it, anyone else gets 403 and no data.
 */

/** The caller as a reader, once the policy allowed `action` (only to readers: reading.policy.test.ts). */
function readerFor(actor: Actor, action: Extract<ReadingAction, "read" | "readFromAdministrator">): Reader {
  requireAccess(readingPolicy, actor, action, undefined);
  return { companyId: actor.companyId, kind: readerKindOf(actor)! };
}

/** The caller as a reader (`action`, refused before anything is read) in a community it may view. */
async function readerIn(db: Db, actor: Actor, idFinca: number, action: Parameters<typeof readerFor>[1]) {
  const reader = readerFor(actor, action);
  const community = await communityFor(db, actor, idFinca, "view");
  return { reader, communityId: community.id };
}

/** documents_of_finca_by_administrator: what the community's administrator gives the calling provider. */
export async function documentsFromAdministrator(
  db: Db,
  actor: Actor,
  q: z.output<typeof fincaRequestSchema>,
): Promise<CommunityDocumentRow[]> {
  const { reader, communityId } = await readerIn(db, actor, q.id_finca, "readFromAdministrator");
  return communityDocuments(db, communityId, reader, "administrator");
}

/**
 * documets_of_finca_by_providers: for a provider, what the community's other live providers give
 * providers; for its administrator, what its live providers give the administrator; for a porter, what
 * they give porters (its tabs 'Proveedores' and 'LOPD', told apart by `group`).
 */
export async function documentsFromProviders(
  db: Db,
  actor: Actor,
  q: z.output<typeof fincaRequestSchema>,
): Promise<CommunityDocumentRow[]> {
  const { reader, communityId } = await readerIn(db, actor, q.id_finca, "read");
  return communityDocuments(db, communityId, reader, "providers");
}

/** is_pending_read: the caller has a document that requires reading left unread in the community. */
export async function isPendingRead(db: Db, actor: Actor, q: z.output<typeof fincaRequestSchema>) {
  const { reader, communityId } = await readerIn(db, actor, q.id_finca, "read");
  return hasPendingRead(db, communityId, reader, "parties");
}

/**
 * doc-read-pending-by-provider: what the calling provider still has to read in every live community it
 * serves in the chosen colegio (without one, in every colegio it works in, as its communities list).
 */
export function pendingReads(db: Db, actor: Actor): Promise<PendingReadRow[]> {
  requireAccess(readingPolicy, actor, "listPendingReads", undefined);
  return pendingReadsOf(db, actor.companyId, actor.colegioId);
}

/**
 * read_by_provider: what a live provider of the community may read there, with its marks. For the
 * community's administrator, the community's colegio, or the provider itself.
 */
export async function readByProvider(
  db: Db,
  actor: Actor,
  q: z.output<typeof fincaProviderRequestSchema>,
): Promise<CommunityDocumentRow[]> {
  requireAccess(readingPolicy, actor, "readProviderDocuments", { providerId: q.id_gremio });
  const community = await communityFor(db, actor, q.id_finca, "view");
  if (!(await isLiveProvider(db, community.id, q.id_gremio))) throw new AppError(404, ErrorKey.providerNotInFinca);
  return communityDocuments(db, community.id, { companyId: q.id_gremio, kind: "provider" }, "parties");
}

/**
 * mark_read: the caller's company marks a document it may read in the community (whether or not its
 * definition requires reading) as read there. Marking twice answers the first mark.
 */
export async function markRead(db: Db, actor: Actor, q: z.output<typeof markReadSchema>): Promise<number> {
  const reader = readerFor(actor, "read");
  requireAccess(
    readingPolicy,
    actor,
    "markFor",
    { companyId: q.id_company },
    () => new AppError(403, ErrorKey.readForOtherCompany),
  );
  const community = await communityFor(db, actor, q.id_finca, "view");
  const document = await documentForReader(db, community.id, reader, q.id_document);
  if (!document.exists) throw notFound();
  if (!document.readable) throw new AppError(403, ErrorKey.documentNotReadable);
  return insertReadMark(db, {
    documentId: q.id_document,
    communityId: community.id,
    readerCompanyId: reader.companyId,
    userId: actor.userId,
  });
}
