import { CALENDAR } from "@coordina/domain";
import { dayjs } from "../../app/dates";

/*
 * The calendar's days and spans, on the wire's Madrid wall-clock texts ('YYYY-MM-DD HH:mm'): they compare
 * as strings, so nothing here depends on the browser's time zone. A range is half-open [start, end).
 */

/** The month a calendar shows. */
export interface CalendarMonthRef {
  year: number;
  month: number;
}

const madridMonth = new Intl.DateTimeFormat("en", { timeZone: CALENDAR.timeZone, year: "numeric", month: "numeric" });

/** The month of today in Madrid, whose wall-clock the calendar shows, wherever the browser is. */
export function currentMonth(now: Date = new Date()): CalendarMonthRef {
  const part = (type: "year" | "month") => Number(madridMonth.formatToParts(now).find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month") };
}

/** The month's first day 'YYYY-MM-DD'. */
export function firstDayOf({ year, month }: CalendarMonthRef): string {
  return `${year}-${String(month).padStart(2, "0")}-01`;
}

/** The month a day 'YYYY-MM-DD' belongs to. */
export function monthOfDay(day: string): CalendarMonthRef {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

const nextDay = (day: string) => dayjs(day).add(1, "day").format("YYYY-MM-DD");

/** An entry's end: without one, the visit lasts to the end of its day. */
function endOf(entry: { startdate: string; enddate: string }): string {
  return entry.enddate.trim() ? entry.enddate : `${nextDay(entry.startdate.slice(0, 10))} 00:00`;
}

/** Whether an entry's range [start, end) holds some moment of `day` ('YYYY-MM-DD'). */
export function coversDay(entry: { startdate: string; enddate: string }, day: string): boolean {
  return entry.startdate < `${nextDay(day)} 00:00` && endOf(entry) > `${day} 00:00`;
}

/** The days of the month that some entry covers ('YYYY-MM-DD'), to highlight them. */
export function daysWithEntries(
  entries: readonly { startdate: string; enddate: string }[],
  month: CalendarMonthRef,
): Set<string> {
  const days = new Set<string>();
  const first = dayjs(firstDayOf(month));
  for (let offset = 0; offset < first.daysInMonth(); offset += 1) {
    const day = first.add(offset, "day").format("YYYY-MM-DD");
    if (entries.some((entry) => coversDay(entry, day))) days.add(day);
  }
  return days;
}

/** The entries of a day, or all of them without one ('Ver todo el mes'). */
export function entriesOfDay<T extends { startdate: string; enddate: string }>(
  entries: readonly T[],
  day: string | null,
) {
  return day === null ? [...entries] : entries.filter((entry) => coversDay(entry, day));
}

/** '2026-11-27 09:00' → '27/11/2026 09:00'; '' stays ''. */
export function shownDateTime(value: string): string {
  if (!value.trim()) return "";
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)} ${value.slice(11, 16)}`;
}

/** '2026-11-27' → '27/11/2026'. */
export function shownDate(value: string): string {
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
}

/**
 * A span from the wire's texts: '27/11/2026 09:00–13:00' within a day, '27/11/2026 09:00 – 28/11/2026 13:00'
 * across days, '27/11/2026 09:00' without an end.
 */
export function spanText(start: string, end: string): string {
  if (!end.trim()) return shownDateTime(start);
  if (start.slice(0, 10) === end.slice(0, 10)) return `${shownDateTime(start)}–${end.slice(11, 16)}`;
  return `${shownDateTime(start)} – ${shownDateTime(end)}`;
}

/** Spec 02 §9: a table shows the first 30 characters of a comment, the whole of it in a tooltip. */
export function shortComment(comment: string): { shown: string; cut: boolean } {
  const chars = Array.from(comment);
  if (chars.length <= CALENDAR.commentShown) return { shown: comment, cut: false };
  return { shown: `${chars.slice(0, CALENDAR.commentShown).join("")}…`, cut: true };
}

/** The month in words: 'noviembre de 2026'. */
export function monthWords({ year, month }: CalendarMonthRef): string {
  return dayjs(firstDayOf({ year, month })).format("MMMM [de] YYYY");
}
