import { APP_VERSION } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { pingDatabase } from "./health.repository.js";

/**
 * The service is up; `deep` also asks the database (readiness), names its kind and the day whose figures the
 * warm-up has filled (null: not yet, or no warm-up).
 */
export async function healthReport(db: Db, databaseKind: string, deep: boolean, figuresDay: () => string | null) {
  if (!deep) return { status: "ok" as const, version: APP_VERSION };
  await pingDatabase(db);
  return { status: "ok" as const, version: APP_VERSION, database: databaseKind, figures: figuresDay() };
}
