import { ErrorKey, SETTING_ACCEPTED_LEGAL } from "@coordina/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { assignedSettings } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";

/**
 * Settings a user may assign to themselves, with their type and allowed values. Acceptance of the terms
 * is a one-way record: it can be given, not withdrawn through this call.
 */
const KNOWN_SETTINGS: Record<string, { valuetype: string; values: readonly string[] }> = {
  [SETTING_ACCEPTED_LEGAL]: { valuetype: "boolean", values: ["true"] },
};

const toDto = (row: typeof assignedSettings.$inferSelect) => ({
  id: row.id,
  id_assigned: row.userId,
  name: row.name,
  valuetype: row.valuetype,
  value: row.value,
});

export async function listSettings(db: Db, actor: Actor, userId: number) {
  if (userId !== actor.userId) throw forbidden();
  const rows = await db.select().from(assignedSettings).where(eq(assignedSettings.userId, actor.userId));
  return rows.map(toDto);
}

function checked(input: { name: string; value: string }) {
  const known = KNOWN_SETTINGS[input.name];
  if (!known?.values.includes(input.value)) throw new AppError(400, ErrorKey.settingUnknown);
  return known;
}

/** Adds (or, when it exists, updates) one of the caller's settings. */
export async function addSetting(db: Db, actor: Actor, input: { name: string; value: string }) {
  const known = checked(input);
  const [row] = await db
    .insert(assignedSettings)
    .values({ userId: actor.userId, name: input.name, valuetype: known.valuetype, value: input.value })
    .onConflictDoUpdate({
      target: [assignedSettings.userId, assignedSettings.name],
      set: { value: input.value, updatedAt: sql`now()` },
    })
    .returning();
  return toDto(row!);
}

export async function editSetting(db: Db, actor: Actor, id: number, input: { name: string; value: string }) {
  const [existing] = await db
    .select()
    .from(assignedSettings)
    .where(and(eq(assignedSettings.id, id), eq(assignedSettings.userId, actor.userId)))
    .limit(1);
  // Another user's setting is answered as if it did not exist.
  if (!existing) throw notFound();
  checked({ name: existing.name, value: input.value });
  const [row] = await db
    .update(assignedSettings)
    .set({ value: input.value, updatedAt: sql`now()` })
    .where(eq(assignedSettings.id, id))
    .returning();
  return toDto(row!);
}
