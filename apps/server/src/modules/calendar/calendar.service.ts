import {
  CALENDAR,
  type CalendarEntry,
  type CalendarMonth,
  type Coincidence,
  type calendarAddSchema,
  type calendarMonthRequestSchema,
  ErrorKey,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { communityUnder } from "../communities/communities.service.js";
import { type CalendarAction, calendarPolicy } from "./calendar.policy.js";
import { type CoincidenceFound, findCoincidences, noticesOfEntry } from "./coincidences.repository.js";
import { eraseEntry, findEntry, insertEntry, monthOf, type RangeRefusal } from "./entries.repository.js";

/*
 * The community calendar (spec 02 §2 'Provider calendar'; §7 Calendar; issue 22): providers' visits to the
 * communities they serve, what each coincides with, and the month beside the providers' weekly schedules
 * and 24-hour services. Who may do what is calendar.policy.
 */

/**
 * The live community whose calendar the caller may `action` on: 404 for one that does not exist, 403 (and
 * no data) for one that is not the caller's business, deleted or not, and 404 for the caller's own
 * deleted one. `providerId` is the company of the entry acted on.
 */
const calendarCommunity = (db: Db, actor: Actor, id: number, action: CalendarAction, providerId?: number) =>
  communityUnder(db, actor, id, calendarPolicy, action, { providerId });

/** The live entry `id` and its live community, once the caller may `action` on it (403 before 404). */
async function entryFor(db: Db, actor: Actor, id: number, action: CalendarAction) {
  const entry = await findEntry(db, id);
  if (!entry) throw notFound();
  await calendarCommunity(db, actor, entry.communityId, action, entry.providerCompanyId);
  if (entry.erased) throw notFound();
  return entry;
}

/** A coincidence as the API sends it, with the notice already made for it (or null). */
export function coincidenceOut(found: CoincidenceFound, notice: Coincidence["notice"]): Coincidence {
  return {
    kind: found.kind,
    ref: found.ref,
    id_provider: found.providerId,
    provider_name: found.providerName,
    title: found.title,
    startdate: found.wallClock.otherStart,
    enddate: found.wallClock.otherEnd,
    overlap_start: found.wallClock.overlapStart,
    overlap_end: found.wallClock.overlapEnd,
    notice,
  };
}

/** A refused range as its Spanish error (entries.repository insertEntry says why). */
function rangeError(refused: RangeRefusal): AppError {
  switch (refused) {
    case "end-not-after-start":
      return new AppError(400, ErrorKey.calendarEndNotAfterStart);
    case "span-too-long":
      return new AppError(400, ErrorKey.calendarSpanTooLong, { days: String(CALENDAR.maxSpanDays) });
    case "start-too-old":
      return new AppError(400, ErrorKey.calendarStartTooOld, { days: String(CALENDAR.pastDays) });
    case "start-too-far":
      return new AppError(400, ErrorKey.calendarStartTooFar, { days: String(CALENDAR.horizonDays) });
  }
}

/**
 * companies/calendar-fincas/add: the calling provider's visit to a community it serves, and what it
 * coincides with, read once it is stored. Without an end it lasts to the end of its day;
 * a comment needs an end (spec 02 §5 'Calendar add').
 */
export async function addEntry(
  db: Db,
  actor: Actor,
  input: z.output<typeof calendarAddSchema>,
): Promise<{ data: CalendarEntry; incidences: Coincidence[] }> {
  const community = await calendarCommunity(db, actor, input.id_finca, "add");
  const enddate = input.enddate ?? null;
  if (enddate === null && input.comment !== "") throw new AppError(400, ErrorKey.calendarEndRequired);
  // The entry is one statement; its coincidences are read after it is stored, so they also see whatever
  // another provider stored meanwhile.
  const stored = await insertEntry(db, {
    communityId: community.id,
    providerCompanyId: actor.companyId,
    createdByUserId: actor.userId,
    startdate: input.startdate,
    enddate,
    comment: input.comment,
    notify: input.notify,
  });
  if (stored.refused !== null) throw rangeError(stored.refused);
  const { entry, startsAt, endsAt } = stored;
  const found = await findCoincidences(db, {
    id: entry.id,
    communityId: community.id,
    providerCompanyId: actor.companyId,
    startsAt,
    endsAt,
  });
  return { data: entry, incidences: found.map((c) => coincidenceOut(c, null)) };
}

/**
 * The days of a community's month that entries cover and the page of entries `q` asks for, with their
 * number; `me`: the caller's company, whose entries are 'mine' (null: none is). With `withProviders`, also
 * the weekly schedules and 24-hour services of the community's providers.
 */
export async function monthPageOf(
  db: Db,
  communityId: number,
  q: z.output<typeof calendarMonthRequestSchema>,
  me: number | null,
  withProviders = false,
) {
  const month = await monthOf(db, { ...q, communityId, me }, withProviders);
  return { ...month, pagination: { count: month.count, page: q.page, limit: q.limit } };
}

/**
 * companies/calendar-fincas/provider: the community's month for a provider serving it, its administrator
 * or its colegio: the days its entries cover, a page of the entries asked for (`mine`: the caller's own),
 * and the providers' weekly schedules and 24-hour services.
 */
export async function calendarMonth(
  db: Db,
  actor: Actor,
  q: z.output<typeof calendarMonthRequestSchema>,
): Promise<Omit<CalendarMonth, "result">> {
  const community = await calendarCommunity(db, actor, q.id_finca, "viewMonth");
  const me = calendarPolicy.mine(actor, actor.companyId) ? actor.companyId : null;
  return monthPageOf(db, community.id, q, me, true);
}

/** companies/calendar-fincas/delete/{id}: the provider deletes one of its own entries (its row is kept). */
export async function deleteEntry(db: Db, actor: Actor, id: number): Promise<void> {
  await entryFor(db, actor, id, "delete");
  if (!(await eraseEntry(db, id))) throw notFound();
}

/**
 * companies/calendar-fincas/coincidences/{id}: what one entry coincides with now, each with the notice
 * already made for it; for the entry's provider, the community's administrator and its colegio.
 */
export async function entryCoincidences(db: Db, actor: Actor, id: number): Promise<Coincidence[]> {
  const entry = await entryFor(db, actor, id, "readCoincidences");
  const [found, notices] = await Promise.all([findCoincidences(db, entry), noticesOfEntry(db, id)]);
  return found.map((c) => coincidenceOut(c, notices.get(c.key) ?? null));
}
