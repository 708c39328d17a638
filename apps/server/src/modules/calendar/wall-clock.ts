import { CALENDAR } from "@coordina/domain";

// Built once: each Intl.DateTimeFormat holds ICU memory (see mail/templates.ts).
const MADRID = new Intl.DateTimeFormat("en-CA", {
  timeZone: CALENDAR.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as the calendar's wire shows it: Madrid wall-clock 'YYYY-MM-DD HH:mm'. */
export function toWallClock(instant: Date): string {
  const part = Object.fromEntries(MADRID.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
