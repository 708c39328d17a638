import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { companyConfigs } from "../../db/schema/index.js";

/** Sets a company's key to `value` (a second save only updates it). */
export async function upsertCompanyConfig(db: DbOrTx, companyId: number, key: string, value: string) {
  await db
    .insert(companyConfigs)
    .values({ companyId, key, value })
    .onConflictDoUpdate({
      target: [companyConfigs.companyId, companyConfigs.key],
      set: { value, updatedAt: sql`now()` },
    });
}

export async function deleteCompanyConfig(db: DbOrTx, companyId: number, key: string) {
  await db.delete(companyConfigs).where(and(eq(companyConfigs.companyId, companyId), eq(companyConfigs.key, key)));
}

export async function companyConfigExists(db: DbOrTx, companyId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: companyConfigs.key })
    .from(companyConfigs)
    .where(and(eq(companyConfigs.companyId, companyId), eq(companyConfigs.key, key)))
    .limit(1);
  return row !== undefined;
}
