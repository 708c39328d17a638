import { APP_VERSION } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { pingDatabase } from "./health.repository.js";

/** The service is up; `deep` also asks the database (readiness) and names its kind. */
export async function healthReport(db: Db, databaseKind: string, deep: boolean) {
  if (!deep) return { status: "ok" as const, version: APP_VERSION };
  await pingDatabase(db);
  return { status: "ok" as const, version: APP_VERSION, database: databaseKind };
}
