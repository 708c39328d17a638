import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { assignedSettings } from "../../db/schema/index.js";

export type AssignedSetting = typeof assignedSettings.$inferSelect;

export async function settingsOfUser(db: DbOrTx, userId: number): Promise<AssignedSetting[]> {
  return db.select().from(assignedSettings).where(eq(assignedSettings.userId, userId));
}

/** The user's setting with that id (another user's is not found). */
export async function findUserSetting(db: DbOrTx, userId: number, id: number): Promise<AssignedSetting | undefined> {
  const [row] = await db
    .select()
    .from(assignedSettings)
    .where(and(eq(assignedSettings.id, id), eq(assignedSettings.userId, userId)))
    .limit(1);
  return row;
}

/** Adds one of the user's settings or, when it exists, changes its value. */
export async function upsertSetting(
  db: DbOrTx,
  setting: { userId: number; name: string; valuetype: string; value: string },
): Promise<AssignedSetting> {
  const [row] = await db
    .insert(assignedSettings)
    .values(setting)
    .onConflictDoUpdate({
      target: [assignedSettings.userId, assignedSettings.name],
      set: { value: setting.value, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function setSettingValue(db: DbOrTx, id: number, value: string): Promise<AssignedSetting> {
  const [row] = await db
    .update(assignedSettings)
    .set({ value, updatedAt: sql`now()` })
    .where(eq(assignedSettings.id, id))
    .returning();
  return row!;
}
