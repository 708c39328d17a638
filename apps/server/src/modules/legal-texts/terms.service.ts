import { type CurrentTerms, ErrorKey, SETTING_ACCEPTED_LEGAL, TERMS_UPDATED, termsKindOf } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden } from "../../lib/app-error.js";
import { upsertSetting } from "../settings/settings.repository.js";
import { legalTextsPolicy } from "./legal-texts.policy.js";
import {
  builtInTermsColegiosOf,
  currentTextOf,
  hasAccepted,
  pendingTermsOf,
  recordAcceptance,
} from "./legal-texts.repository.js";

/*
 * The administrator's and provider's side (issue 23 part 4; spec 02 §2 'Legal texts and terms popup'): the
 * conditions of their role in the chosen colegio — its newest saved version, or the built-in text of
 * TERMS_UPDATED when it saved none — and their acceptance. With no colegio chosen a request reads every colegio
 * the company works in, so the conditions to accept are those of the first of them (by name) whose newest
 * version the user has not accepted, one colegio after another, and then the built-in text.
 */

async function termsOf(db: Db, actor: Actor) {
  requireAccess(legalTextsPolicy, actor, "accept", undefined);
  const kind = termsKindOf(actor.role);
  if (!kind) throw forbidden();
  if (actor.colegioId !== null) {
    const version = await currentTextOf(db, actor.colegioId, kind);
    return { kind, version, colegioId: actor.colegioId, colegioName: null };
  }
  const pending = await pendingTermsOf(db, actor.userId, actor.companyId, kind);
  return { kind, version: pending, colegioId: pending?.colegio_id ?? null, colegioName: pending?.colegio_name ?? null };
}

/** settings/legal-texts/terms: the conditions to show, whether the caller accepted them, the legal advice. */
export async function currentTerms(db: Db, actor: Actor): Promise<CurrentTerms> {
  const { kind, version, colegioId, colegioName } = await termsOf(db, actor);
  const [accepted, advice] = await Promise.all([
    hasAccepted(db, actor.userId, version?.id ?? null),
    colegioId === null ? undefined : currentTextOf(db, colegioId, "aviso-legal"),
  ]);
  return {
    kind,
    version_id: version?.id ?? null,
    updated: version?.saved_at ?? TERMS_UPDATED,
    html: version?.html ?? null,
    accepted,
    aviso_legal: advice?.html ?? null,
    colegio_name: colegioName,
  };
}

/**
 * settings/legal-texts/accept: records the acceptance of the version the caller read (null: the built-in text)
 * and the accepted-legal setting (spec 02 §3). A version that is no longer the one to accept (a newer one was
 * saved while the popup was open) is refused: the caller must read the new one. The acceptance is recorded in
 * the version's colegio; the built-in text, with no colegio chosen, in every colegio of the company that still
 * holds it, so each colegio's export shows it.
 */
export async function acceptTerms(db: Db, actor: Actor, versionId: number | null): Promise<void> {
  const { kind, version, colegioId } = await termsOf(db, actor);
  if ((version?.id ?? null) !== versionId) throw new AppError(409, ErrorKey.legalTermsChanged);
  const colegios = colegioId !== null ? [colegioId] : await builtInTermsColegiosOf(db, actor.companyId, kind);
  await db.transaction(async (tx) => {
    for (const colegio of colegios.length > 0 ? colegios : [null])
      await recordAcceptance(tx, { userId: actor.userId, colegioId: colegio, kind, versionId });
    await upsertSetting(tx, {
      userId: actor.userId,
      name: SETTING_ACCEPTED_LEGAL,
      valuetype: "boolean",
      value: "true",
    });
  });
}
