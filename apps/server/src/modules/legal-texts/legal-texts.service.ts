import {
  ErrorKey,
  LEGAL_ACCEPTANCE_COLUMNS,
  LEGAL_TEXT_KINDS,
  type LegalTextKind,
  type LegalTextsOverview,
  Role,
  TERMS_UPDATED,
  type TermsKind,
} from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/app-error.js";
import { toCsv } from "../../lib/csv.js";
import { legalTextsPolicy } from "./legal-texts.policy.js";
import { acceptancesOf, currentTextsOf, insertText, versionsOf } from "./legal-texts.repository.js";
import { sanitizeLegalHtml } from "./sanitize.js";

/*
 * The colegio's side of its legal texts (issue 23 part 4): read them, save a new version, export who accepted
 * what. The colegio is always the caller's own company (a colegio user's colg_id can name no other: the
 * session check refuses it).
 */

/** settings/legal-texts: the current text of each kind (null: never saved) and every version, newest first. */
export async function legalTextsOverview(db: Db, actor: Actor): Promise<LegalTextsOverview> {
  requireAccess(legalTextsPolicy, actor, "edit", undefined);
  const [current, versions] = await Promise.all([currentTextsOf(db, actor.companyId), versionsOf(db, actor.companyId)]);
  const byKind = Object.fromEntries(
    LEGAL_TEXT_KINDS.map((kind) => [kind, current.find((t) => t.kind === kind) ?? null]),
  );
  return { current: byKind as LegalTextsOverview["current"], versions };
}

/**
 * settings/legal-texts/add: a new dated version of one text, sanitized before it is stored. A new version of a
 * role's conditions asks every user of that role in the colegio to accept again (the session check compares
 * their acceptance with the newest version). A text that is empty once sanitized is refused.
 */
export async function saveLegalText(db: Db, actor: Actor, input: { kind: LegalTextKind; html: string }) {
  requireAccess(legalTextsPolicy, actor, "edit", undefined);
  const html = sanitizeLegalHtml(input.html);
  if (html.replace(/<[^>]*>/g, "").trim() === "") throw new AppError(400, ErrorKey.invalidInput);
  const row = await insertText(db, { colegioId: actor.companyId, kind: input.kind, html, savedBy: actor.userId });
  return { id: row.id, kind: input.kind, saved_at: row.savedAt.toISOString(), saved_by: actor.email, html };
}

const ROLE_LABELS: Record<number, string> = {
  [Role.administrador]: "Administrador de fincas",
  [Role.gremio]: "Proveedor",
};
const TERMS_LABELS: Record<TermsKind, string> = {
  "condiciones-proveedores": "Condiciones para proveedores",
  "condiciones-administradores": "Condiciones para administradores",
};

/** Day and time as Spain reads them, in Madrid: '30/01/2024 09:05'. */
const madrid = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const builtInDate = TERMS_UPDATED.split("-").reverse().join("/");

/**
 * settings/legal-texts/acceptances: who accepted which version of the colegio's conditions and when, as CSV
 * (one query), and the name of its file (dated today).
 */
export async function acceptancesCsv(db: Db, actor: Actor) {
  requireAccess(legalTextsPolicy, actor, "edit", undefined);
  const rows = await acceptancesOf(db, actor.companyId);
  const day = new Date().toISOString().slice(0, 10);
  return {
    file: `aceptaciones-condiciones-${day}.csv`,
    csv: toCsv(
      LEGAL_ACCEPTANCE_COLUMNS,
      rows.map((r) => [
        r.email,
        r.company,
        ROLE_LABELS[r.user_role] ?? String(r.user_role),
        TERMS_LABELS[r.kind],
        r.version_saved_at ? madrid.format(r.version_saved_at) : `${builtInDate} (texto inicial)`,
        madrid.format(r.accepted_at),
      ]),
    ),
  };
}
