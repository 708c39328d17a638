import { ErrorKey } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { colegioScope } from "../companies/companies.policy.js";
import { activityPolicy } from "./activities.policy.js";
import {
  allActivities,
  deleteActivity,
  findActivityByName,
  insertActivity,
  pageActivities,
} from "./activities.repository.js";

/** The colegio whose activities the caller edits: its own (activities.policy). */
function editingColegio(actor: Actor): number {
  requireAccess(activityPolicy, actor, "edit", undefined);
  return actor.companyId;
}

/** The colegio whose activities the caller reads: each colegio sees only its own. */
function readingColegio(actor: Actor): number {
  requireAccess(activityPolicy, actor, "read", undefined);
  return colegioScope(actor);
}

export const listActivities = (db: Db, actor: Actor, q: Parameters<typeof pageActivities>[2]) =>
  pageActivities(db, editingColegio(actor), q);

export const everyActivity = (db: Db, actor: Actor) => allActivities(db, readingColegio(actor));

export async function activityExists(db: Db, actor: Actor, name: string) {
  const found = await findActivityByName(db, editingColegio(actor), name);
  return { exists: found !== undefined, id: found?.id ?? null };
}

/** Adds an activity; the same name in another case is the same activity (409, two requests at once too). */
export async function addActivity(db: Db, actor: Actor, name: string) {
  try {
    return await insertActivity(db, editingColegio(actor), name);
  } catch (err) {
    if (isUniqueViolation(err, "activities_colegio_name_key")) throw new AppError(409, ErrorKey.activityExists);
    throw err;
  }
}

export async function removeActivity(db: Db, actor: Actor, id: number) {
  if (!(await deleteActivity(db, editingColegio(actor), id))) throw notFound();
}
