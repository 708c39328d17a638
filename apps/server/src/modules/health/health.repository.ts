import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";

/** One round trip to the database: it answers, or this throws. */
export async function pingDatabase(db: DbOrTx) {
  await db.execute(sql`select 1`);
}
