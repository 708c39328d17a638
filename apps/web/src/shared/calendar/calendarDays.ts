import { CALENDAR } from "@coordina/domain";
import { dayjs } from "../../app/dates";

/*
 * The calendar's days and spans, on the wire's Madrid wall-clock texts ('YYYY-MM-DD HH:mm'), read as strings,
 * so nothing here depends on the browser's time zone. Which entries cover which day is the server's to say.
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

/**
 * The days of the month to mark, by day 'YYYY-MM-DD', from an answer's `days` (only that month's: an answer of
 * another month marks nothing).
 */
export function markedDays<D extends { day: string }>(days: readonly D[], month: CalendarMonthRef): Map<string, D> {
  const prefix = firstDayOf(month).slice(0, 8);
  return new Map(days.filter((day) => day.day.startsWith(prefix)).map((day) => [day.day, day]));
}

/** The pages of a list of `count` entries, `limit` a page (one at least, for an empty list). */
export function pagesOf(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, limit)));
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
