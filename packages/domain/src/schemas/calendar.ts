import { z } from "zod";
import { MAX_PAGE_LIMIT, PAGE_SIZE, START_PAGE } from "../constants.js";
import { ValidationKey } from "../errors.js";
import { integerInput, recordIdSchema } from "./common.js";
import { isoDateSchema } from "./documents.js";

/*
 * The community calendar (spec 02 §2 'Provider calendar', 'Provider configuration and schedule'; §3 calendar
 * entry, schedule, provider config; §7 Calendar, Schedules, Provider config; issue 22). Times are
 * Europe/Madrid wall-clock times on the wire ('YYYY-MM-DD HH:mm') and instants in the database; a range
 * is half-open [start, end): ranges that only touch do not coincide.
 */

export const CALENDAR = {
  /** the time zone of every wall-clock time the calendar shows or takes */
  timeZone: "Europe/Madrid",
  /** spec 02 §9: the table shows the first 30 characters of a comment, the rest in a tooltip */
  commentShown: 30,
  commentMax: 500,
  /** an entry is a visit: longer presence is a weekly schedule or the 24-hour service */
  maxSpanDays: 31,
  /** entries starting more than this many days ago are refused */
  pastDays: 366,
  /** entries starting more than this many days ahead are refused */
  horizonDays: 731,
  /** spec 02 §9: the add form's default start and end time */
  defaultTime: "09:00",
  /** spec 02 §9: the provider config key of the 24-hour service, and its value */
  seven24Key: "seven-24",
  seven24Value: "1",
  scheduleTitleMax: 100,
  /** the iCalendar feed holds the entries from this many days back to `feedAheadDays` ahead */
  feedBackDays: 90,
  feedAheadDays: 400,
} as const;

/** Spec 02 §9: weekdays 1 (Monday) to 7 (Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A Madrid wall-clock time 'YYYY-MM-DD HH:mm' on a day that exists. */
export const localDateTimeSchema = z
  .string({ error: ValidationKey.dateInvalid })
  .regex(LOCAL_DATE_TIME, { error: ValidationKey.dateInvalid })
  .refine((v) => isoDateSchema.safeParse(v.slice(0, 10)).success, { error: ValidationKey.dateInvalid });

/** A time of day 'HH:mm'. */
export const localTimeSchema = z.string({ error: ValidationKey.required }).regex(LOCAL_TIME, {
  error: ValidationKey.required,
});

// ── Entries: companies/calendar-fincas/* and porteros/calendar/bymonth ──

/** POST companies/calendar-fincas/add: a provider's visit to a community it serves. */
export const calendarAddSchema = z.object({
  id_finca: recordIdSchema,
  startdate: localDateTimeSchema,
  /** empty (allowed only without a comment, spec 02 §5): the visit lasts to the end of its day */
  enddate: localDateTimeSchema.nullable().optional(),
  comment: z.string().trim().max(CALENDAR.commentMax).default(""),
  /** offer to notify the coincidences once it is saved */
  notify: z.boolean().default(false),
});

/** Whose entries a calendar list holds: the caller's own ('Mis Fechas'), the other providers' or every one. */
export const CALENDAR_SIDES = ["all", "mine", "others"] as const;
export type CalendarSide = (typeof CALENDAR_SIDES)[number];

/** {year, month, id_finca}: one community's month (its coincidence notices: calendar-fincas/notices). */
export const calendarMonthOfSchema = z.object({
  year: z.number().int().min(2000).max(2200),
  month: z.number().int().min(1).max(12),
  id_finca: recordIdSchema,
});

/**
 * One community's month (companies/calendar-fincas/provider, porteros/calendar/bymonth), beyond the spec a
 * page of it: a busy community has hundreds of visits a month, which no table shows at once. `day` (of that
 * month) narrows the list to the entries that cover it; `side` to the caller's own entries or the others'
 * (a porter's are all others').
 */
export const calendarMonthRequestSchema = calendarMonthOfSchema
  .extend({
    day: isoDateSchema.nullable().default(null),
    side: z.enum(CALENDAR_SIDES).default("all"),
    page: integerInput(z.number().int().min(1).max(1_000_000)).default(START_PAGE),
    limit: integerInput(z.number().int().min(1).max(MAX_PAGE_LIMIT)).default(PAGE_SIZE.calendarEntries),
  })
  .refine((q) => q.day === null || q.day.startsWith(`${q.year}-${String(q.month).padStart(2, "0")}-`), {
    path: ["day"],
    message: ValidationKey.dateInvalid,
  });

/** A day of the month that entries cover, with how many of them are the caller's and how many others'. */
export const calendarDaySchema = z.object({
  /** YYYY-MM-DD (Madrid) */
  day: z.string(),
  mine: z.number().int(),
  others: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** A calendar entry (spec 02 §3): dates as Madrid wall-clock 'YYYY-MM-DD HH:mm'. */
export const calendarEntrySchema = z.object({
  id: z.number().int(),
  id_provider: z.number().int(),
  id_finca: z.number().int(),
  provider_name: z.string(),
  startdate: z.string(),
  enddate: z.string(),
  comment: z.string(),
  notify: z.boolean(),
  /** the caller's own company's entry: it may delete it (calendar policy) */
  mine: z.boolean(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

/** A provider's weekly slot as others see it in a community it serves. */
export const communityScheduleSchema = z.object({
  id: z.number().int(),
  id_provider: z.number().int(),
  provider_name: z.string(),
  title: z.string(),
  /** comma-separated 1 (Monday) … 7 (Sunday) */
  weekday: z.string(),
  starttime: z.string(),
  endtime: z.string(),
  /** YYYY-MM-DD: the last day it holds; null: no end */
  obsolete: z.string().nullable(),
});
export type CommunitySchedule = z.infer<typeof communityScheduleSchema>;

/**
 * The month of a community: the days its entries cover (each with its counts, whichever page or side was
 * asked), one page of the entries asked for (the month's or the day's, by start) with their number, and
 * beside them the weekly schedules (live on some day of the month) and 24-hour services of the providers
 * serving it.
 */
export const calendarMonthResponseSchema = z.object({
  result: z.literal(true),
  days: z.array(calendarDaySchema),
  calendar: z.array(calendarEntrySchema),
  count: z.number().int(),
  pagination: z.object({ count: z.number().int(), page: z.number().int(), limit: z.number().int() }),
  schedules: z.array(communityScheduleSchema),
  services24: z.array(z.object({ id_provider: z.number().int(), provider_name: z.string() })),
});
export type CalendarMonth = z.infer<typeof calendarMonthResponseSchema>;

/** What an entry coincides with: another provider's entry, one of its weekly slots, or its 24-hour service. */
export const COINCIDENCE_KINDS = ["entry", "schedule", "seven24"] as const;
export type CoincidenceKind = (typeof COINCIDENCE_KINDS)[number];

/** A coincidence of one entry ('Coincidencias con otros proveedores'). */
export const coincidenceSchema = z.object({
  kind: z.enum(COINCIDENCE_KINDS),
  /** the other entry's id, the schedule's id, or (seven24) the provider's id */
  ref: z.number().int(),
  id_provider: z.number().int(),
  provider_name: z.string(),
  /** the other entry's comment, the schedule's title, or '' */
  title: z.string(),
  /** the other side's range ('YYYY-MM-DD HH:mm'; a schedule's first occurrence that overlaps) */
  startdate: z.string(),
  enddate: z.string(),
  /** the first overlapping stretch */
  overlap_start: z.string(),
  overlap_end: z.string(),
  /** the notice already made for it, if any */
  notice: z.object({ id: z.number().int(), sent: z.boolean(), acknowledged: z.boolean() }).nullable(),
});
export type Coincidence = z.infer<typeof coincidenceSchema>;

export const calendarAddResponseSchema = z.object({
  result: z.literal(true),
  data: calendarEntrySchema,
  incidences: z.array(coincidenceSchema),
});

/** POST companies/calendar-fincas/coincidences/{id}: the coincidences of one of the caller's entries. */
export const coincidencesResponseSchema = z.object({ result: z.literal(true), calendar: z.array(coincidenceSchema) });

/** POST companies/calendar-fincas/send: notices for the chosen coincidences of one entry (`cons`). */
export const calendarSendSchema = z.object({
  id: recordIdSchema,
  cons: z
    .array(z.object({ kind: z.enum(COINCIDENCE_KINDS), ref: recordIdSchema }))
    .min(1)
    .max(500),
});
export const calendarSendResponseSchema = z.object({
  result: z.literal(true),
  notifications: z.array(z.object({ id: z.number().int(), sent: z.boolean() })),
});

/** POST notify/notification-queues/send {id}: send one notice (once, however often it is asked). */
export const notificationSendSchema = z.object({ id: recordIdSchema });
export const notificationSendResponseSchema = z.object({
  result: z.literal(true),
  event: z.object({ id: z.number().int() }),
});

/** A notice of a coincidence: the written record of coordination (RD 171/2004 art. 4; issue 22). */
export const calendarNoticeSchema = z.object({
  id: z.number().int(),
  id_finca: z.number().int(),
  finca_name: z.string(),
  kind: z.enum(COINCIDENCE_KINDS),
  id_entry: z.number().int(),
  from_provider: z.object({ id: z.number().int(), name: z.string() }),
  to_provider: z.object({ id: z.number().int(), name: z.string() }),
  /** the notifier's visit */
  startdate: z.string(),
  enddate: z.string(),
  overlap_start: z.string(),
  overlap_end: z.string(),
  /** 'YYYY-MM-DD HH:mm' Madrid (these four) */
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** when every mail of the notice had left (null while any waits) */
  delivered_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  /** the caller may answer 'Enterado' (a user of the receiving provider, not yet acknowledged) */
  can_acknowledge: z.boolean(),
});
export type CalendarNotice = z.infer<typeof calendarNoticeSchema>;

/** POST companies/calendar-fincas/notices {year, month, id_finca}: the notices of the month's coincidences. */
export const calendarNoticesResponseSchema = z.object({ result: z.literal(true), data: z.array(calendarNoticeSchema) });

/** POST companies/calendar-fincas/acknowledge {id}: 'Enterado' from the calendar. */
export const calendarAcknowledgeSchema = z.object({ id: recordIdSchema });
/** POST calendar/notice-link {token} (no session): the notice a mail's link names; /acknowledge-link answers 'Enterado'. */
export const calendarNoticeLinkSchema = z.object({ token: z.string().min(16).max(200) });
export const calendarNoticeResponseSchema = z.object({ result: z.literal(true), data: calendarNoticeSchema });

// ── Weekly schedules: companies/CalendarSchedules/* ──

/** Spec 02 §5 'Schedule form': a title, at least one weekday, start and end; an expiry only when ticked. */
export const scheduleAddSchema = z.object({
  id_company: recordIdSchema.optional(),
  title: z
    .string({ error: ValidationKey.required })
    .trim()
    .min(1, { error: ValidationKey.required })
    .max(CALENDAR.scheduleTitleMax),
  /** '1,3,5': joined with commas, each 1–7, no repeats */
  weekday: z
    .string({ error: ValidationKey.required })
    .regex(/^[1-7](,[1-7]){0,6}$/, { error: ValidationKey.required })
    .refine((v) => new Set(v.split(",")).size === v.split(",").length, { error: ValidationKey.required }),
  starttime: localTimeSchema,
  /** before the start: the slot runs past midnight into the next day (equal to it: refused, an empty slot) */
  endtime: localTimeSchema,
  obsolete: isoDateSchema.nullable().default(null),
});
export const scheduleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  weekday: z.string(),
  starttime: z.string(),
  endtime: z.string(),
  obsolete: z.string().nullable(),
  id_company: z.number().int(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const scheduleListResponseSchema = z.object({ result: z.literal(true), data: z.array(scheduleSchema) });
export const scheduleAddResponseSchema = z.object({ result: z.literal(true), data: scheduleSchema });

// ── Provider config: companies/company-configs/* ──

export const companyConfigKeySchema = z.object({ key: z.literal(CALENDAR.seven24Key) });
export const companyConfigAddSchema = companyConfigKeySchema.extend({ value: z.literal(CALENDAR.seven24Value) });
/** exists {key}: `result` says whether the key is set (spec 02 §7 'check key (response result)'). */
export const companyConfigExistsResponseSchema = z.object({ result: z.boolean() });

// ── The private iCalendar feed (issue 22, beyond the spec) ──

/**
 * POST calendar/feed: whether the caller has an address and since when (`url` null: only its hash is kept);
 * POST calendar/feed/renew: a new address, shown this once (`url`); the old one stops answering.
 */
export const calendarFeedResponseSchema = z.object({
  result: z.literal(true),
  data: z.object({
    /** the full address, only in the answer of renew */
    url: z.string().nullable(),
    /** when the current address was made, 'YYYY-MM-DD HH:mm' Madrid; null: none yet */
    created_at: z.string().nullable(),
  }),
});
