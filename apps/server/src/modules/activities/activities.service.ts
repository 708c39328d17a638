import { ErrorKey, Role } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { colegioScope } from "../companies/companies.policy.js";
import {
  allActivities,
  deleteActivity,
  findActivityByName,
  insertActivity,
  pageActivities,
} from "./activities.repository.js";

/**
 * Activities are the colegio's list: its staff edit it; the administrators of the colegio read it (to
 * filter providers by activity). Each colegio sees only its own.
 */
function editingColegio(actor: Actor): number {
  if (actor.role !== Role.colegio) throw forbidden();
  return actor.companyId;
}

function readingColegio(actor: Actor): number {
  if (actor.role !== Role.colegio && actor.role !== Role.administrador) throw forbidden();
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
