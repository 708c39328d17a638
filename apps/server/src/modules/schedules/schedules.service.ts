import { ErrorKey, type Schedule, type scheduleAddSchema } from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { schedulePolicy } from "./schedules.policy.js";
import { eraseSchedule, findScheduleOwner, insertSchedule, liveSchedulesOf } from "./schedules.repository.js";

/*
 * A provider's weekly schedules (spec 02 §2 'Provider configuration and schedule', §5 'Schedule form'):
 * slots on some weekdays, from a start time to an end time (before the start: into the next day), until an
 * optional last day. Others see them beside the calendar of every community the provider serves.
 */

/** companies/CalendarSchedules/list: the caller's company's live schedules. */
export async function listSchedules(db: Db, actor: Actor): Promise<Schedule[]> {
  requireAccess(schedulePolicy, actor, "list", { companyId: actor.companyId });
  return liveSchedulesOf(db, actor.companyId);
}

/**
 * companies/CalendarSchedules/add: a new schedule of the caller's company (`id_company`, when sent, must
 * be it). A slot whose end equals its start holds no time: refused.
 */
export async function addSchedule(db: Db, actor: Actor, q: z.output<typeof scheduleAddSchema>): Promise<Schedule> {
  requireAccess(schedulePolicy, actor, "add", { companyId: q.id_company ?? actor.companyId });
  if (q.endtime === q.starttime) throw new AppError(400, ErrorKey.scheduleEmptySlot);
  return insertSchedule(db, {
    companyId: actor.companyId,
    title: q.title,
    weekdays: q.weekday
      .split(",")
      .map(Number)
      .sort((a, b) => a - b),
    startTime: q.starttime,
    endTime: q.endtime,
    obsolete: q.obsolete,
  });
}

/** companies/CalendarSchedules/delete/{id}: 403 for another company's, 404 for none or one already deleted. */
export async function deleteSchedule(db: Db, actor: Actor, id: number): Promise<void> {
  const owner = await findScheduleOwner(db, id);
  if (!owner) throw notFound();
  requireAccess(schedulePolicy, actor, "delete", owner);
  if (owner.erased || !(await eraseSchedule(db, id))) throw notFound();
}
