import { ErrorKey, SETTING_ACCEPTED_LEGAL, termsKindOf } from "@coordina/domain";
import type { Db, DbOrTx } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { currentTextOf, recordAcceptance } from "../legal-texts/legal-texts.repository.js";
import { settingsPolicy } from "./settings.policy.js";
import {
  type AssignedSetting,
  findUserSetting,
  setSettingValue,
  settingsOfUser,
  upsertSetting,
} from "./settings.repository.js";

/**
 * Settings a user may assign to themselves, with their type and allowed values. Acceptance of the terms
 * is a one-way record: it can be given, not withdrawn through this call.
 */
const KNOWN_SETTINGS: Record<string, { valuetype: string; values: readonly string[] }> = {
  [SETTING_ACCEPTED_LEGAL]: { valuetype: "boolean", values: ["true"] },
};

const toDto = (row: AssignedSetting) => ({
  id: row.id,
  id_assigned: row.userId,
  name: row.name,
  valuetype: row.valuetype,
  value: row.value,
});

export async function listSettings(db: Db, actor: Actor, userId: number) {
  requireAccess(settingsPolicy, actor, "read", { own: userId === actor.userId });
  return (await settingsOfUser(db, actor.userId)).map(toDto);
}

function checked(input: { name: string; value: string }) {
  const known = KNOWN_SETTINGS[input.name];
  if (!known?.values.includes(input.value)) throw new AppError(400, ErrorKey.settingUnknown);
  return known;
}

/** Adds (or, when it exists, updates) one of the caller's settings. */
export async function addSetting(db: Db, actor: Actor, input: { name: string; value: string }) {
  const known = checked(input);
  const row = await db.transaction(async (tx) => {
    await recordBuiltInAcceptance(tx, actor, input.name);
    return upsertSetting(tx, {
      userId: actor.userId,
      name: input.name,
      valuetype: known.valuetype,
      value: input.value,
    });
  });
  return toDto(row);
}

/**
 * accepted-legal set through the settings calls (spec 01 §7: how the original client accepts) is an acceptance of
 * the built-in conditions of the caller's role, recorded for the colegio's export where those are the colegio's
 * current ones. It never stands for a version the colegio saved (nor is recorded against it): that one is accepted
 * through settings/legal-texts/accept, after reading it.
 */
async function recordBuiltInAcceptance(db: DbOrTx, actor: Actor, name: string) {
  const kind = termsKindOf(actor.role);
  if (name !== SETTING_ACCEPTED_LEGAL || !kind) return;
  if (actor.colegioId !== null && (await currentTextOf(db, actor.colegioId, kind))) return;
  await recordAcceptance(db, { userId: actor.userId, colegioId: actor.colegioId, kind, versionId: null });
}

export async function editSetting(db: Db, actor: Actor, id: number, input: { name: string; value: string }) {
  // Another user's setting is answered as if it did not exist.
  const existing = await findUserSetting(db, actor.userId, id);
  if (!existing) throw notFound();
  checked({ name: existing.name, value: input.value });
  return toDto(
    await db.transaction(async (tx) => {
      await recordBuiltInAcceptance(tx, actor, existing.name);
      return setSettingValue(tx, id, input.value);
    }),
  );
}
