import { type CurrentTerms, ErrorKey, SETTING_ACCEPTED_LEGAL, TERMS_UPDATED, termsKindOf } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden } from "../../lib/app-error.js";
import { upsertSetting } from "../settings/settings.repository.js";
import { legalTextsPolicy } from "./legal-texts.policy.js";
import { currentTextOf, hasAccepted, recordAcceptance } from "./legal-texts.repository.js";

/*
 * The administrator's and provider's side (issue 23 part 4; spec 02 §2 'Legal texts and terms popup'): the
 * conditions of their role in the chosen colegio — its newest saved version, or the built-in text of
 * TERMS_UPDATED when it saved none (or no colegio is chosen) — and their acceptance.
 */

async function termsOf(db: Db, actor: Actor) {
  requireAccess(legalTextsPolicy, actor, "accept", undefined);
  const kind = termsKindOf(actor.role);
  if (!kind) throw forbidden();
  const version = actor.colegioId === null ? undefined : await currentTextOf(db, actor.colegioId, kind);
  return { kind, version };
}

/** settings/legal-texts/terms: the conditions to show, whether the caller accepted them, the legal advice. */
export async function currentTerms(db: Db, actor: Actor): Promise<CurrentTerms> {
  const { kind, version } = await termsOf(db, actor);
  const [accepted, advice] = await Promise.all([
    hasAccepted(db, actor.userId, version?.id ?? null),
    actor.colegioId === null ? undefined : currentTextOf(db, actor.colegioId, "aviso-legal"),
  ]);
  return {
    kind,
    version_id: version?.id ?? null,
    updated: version?.saved_at ?? TERMS_UPDATED,
    html: version?.html ?? null,
    accepted,
    aviso_legal: advice?.html ?? null,
  };
}

/**
 * settings/legal-texts/accept: records the acceptance of the version the caller read (null: the built-in text)
 * and the accepted-legal setting (spec 02 §3). A version that is no longer current (a newer one was saved while
 * the popup was open) is refused: the caller must read the new one.
 */
export async function acceptTerms(db: Db, actor: Actor, versionId: number | null): Promise<void> {
  const { kind, version } = await termsOf(db, actor);
  if ((version?.id ?? null) !== versionId) throw new AppError(409, ErrorKey.legalTermsChanged);
  await db.transaction(async (tx) => {
    await recordAcceptance(tx, { userId: actor.userId, colegioId: actor.colegioId, kind, versionId });
    await upsertSetting(tx, {
      userId: actor.userId,
      name: SETTING_ACCEPTED_LEGAL,
      valuetype: "boolean",
      value: "true",
    });
  });
}
