import {
  type ArrivalProviderRow,
  type ArrivalRow,
  type arrivalAddSchema,
  type arrivalProvidersRequestSchema,
  type arrivalsIndexSchema,
  ErrorKey,
  Role,
  todayInSpain,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { communityUnder } from "../communities/communities.service.js";
import { providerUnmetDuties } from "../compliance/unmet-duties.repository.js";
import { type ArrivalAction, arrivalPolicy } from "./arrivals.policy.js";
import { insertArrival, liveProviderFigures, pageArrivals, providersAtTheDoor } from "./arrivals.repository.js";

/*
 * The arrival check (issue 19, beyond the spec): '¿Quién viene hoy?' for a community's porter, and the
 * arrivals it records, kept as evidence for the administrator. Who may do what is arrivals.policy; the
 * figures and the unmet duties are the compliance engine's (docs/compliance.md).
 */

/**
 * The live community whose door the caller may `action` on: 404 for one that does not exist, 403 (and no
 * data) for one that is not the caller's business, deleted or not, and 404 for the caller's own deleted one.
 */
async function doorOf(db: Db, actor: Actor, idFinca: number, action: ArrivalAction, providerId?: number) {
  return communityUnder(db, actor, idFinca, arrivalPolicy, action, { providerId });
}

/**
 * porteros/llegadas/proveedores: the community's live providers matching the search, by name, each with
 * its figures there, what it still lacks (empty: green) and its latest arrival. The figures and the unmet
 * duties come from one snapshot (a read-only repeatable-read transaction), so a row never shows green
 * figures with duties missing; the figures are computed, not cached (storing them in the cache there could
 * fail to serialize). The same few statements whatever the number of providers.
 */
export async function providersAtDoor(
  db: Db,
  actor: Actor,
  q: z.output<typeof arrivalProvidersRequestSchema>,
): Promise<ArrivalProviderRow[]> {
  const community = await doorOf(db, actor, q.id_finca, "listProviders");
  const today = todayInSpain();
  return db.transaction(
    async (tx) => {
      const providers = await providersAtTheDoor(tx, community.id, q.filter, today);
      if (providers.length === 0) return [];
      const ids = providers.map((p) => p.provider_id);
      const missing = await providerUnmetDuties(tx, community.id, ids, today);
      return providers.map(({ readed_count, readed_must, ...p }) => ({
        ...p,
        read_count: readed_count,
        read_must: readed_must,
        missing: missing.get(p.provider_id) ?? [],
      }));
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * porteros/llegadas/add: the calling porter records that a live provider of its community has arrived,
 * with the provider's figures and unmet duties at that moment, all read from one snapshot (repeatable
 * read) in the transaction that stores them. 404 `companies-providers.not-in-finca` for a company that
 * does not serve the community.
 */
export async function recordArrival(db: Db, actor: Actor, q: z.output<typeof arrivalAddSchema>): Promise<ArrivalRow> {
  const community = await doorOf(db, actor, q.id_finca, "record");
  const today = todayInSpain();
  return db.transaction(
    async (tx) => {
      const figures = await liveProviderFigures(tx, community.id, q.id_provider, today);
      if (!figures) throw new AppError(404, ErrorKey.providerNotInFinca);
      const missing = await providerUnmetDuties(tx, community.id, [q.id_provider], today);
      return insertArrival(tx, {
        communityId: community.id,
        providerId: q.id_provider,
        porterUserId: actor.userId,
        figures: {
          uploaded_count: figures.uploaded_count,
          upload_must: figures.upload_must,
          read_count: figures.readed_count,
          read_must: figures.readed_must,
        },
        missing: missing.get(q.id_provider) ?? [],
      });
    },
    { isolationLevel: "repeatable read" },
  );
}

/**
 * porteros/llegadas/index: a community's recorded arrivals, newest first: all of them or one provider's
 * (`id_provider`; a provider caller must name itself, and gets the porters' e-mails blank).
 */
export async function listArrivals(db: Db, actor: Actor, q: z.output<typeof arrivalsIndexSchema>) {
  const community = await doorOf(db, actor, q.id_finca, "list", q.id_provider);
  return pageArrivals(db, community.id, { providerId: q.id_provider, porterEmail: actor.role !== Role.gremio }, q);
}
