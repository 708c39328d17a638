import { WEEKDAYS } from "@coordina/domain";

/** A schedule's weekdays ('3,1') as numbers 1 (Monday) … 7 (Sunday), Monday first, unknown ones left out. */
export function weekdaysOf(weekday: string): number[] {
  const days = new Set(weekday.split(",").map((part) => Number(part.trim())));
  return WEEKDAYS.filter((day) => days.has(day));
}

/** The weekdays as the form sends them (spec 02 §5): Monday first, joined with commas ('1,3,5'). */
export function joinWeekdays(days: Iterable<number>): string {
  const chosen = new Set(days);
  return WEEKDAYS.filter((day) => chosen.has(day)).join(",");
}

/** A slot whose end is not after its start runs past midnight into the next day ('22:00' to '06:00'). */
export function runsOvernight(starttime: string, endtime: string): boolean {
  return endtime <= starttime;
}

/** The add form's fields, as typed. */
export interface ScheduleFields {
  title: string;
  weekdays: number[];
  starttime: string;
  endtime: string;
  expires: boolean;
  obsolete: string | null;
}

/**
 * Spec 02 §5 'Schedule form': saved only with a title that is not blank, at least one weekday, and the start
 * and end times; with 'Con fecha de caducidad' ticked, its date too.
 */
export function scheduleComplete(fields: ScheduleFields): boolean {
  return (
    fields.title.trim() !== "" &&
    fields.weekdays.length > 0 &&
    fields.starttime !== "" &&
    fields.endtime !== "" &&
    (!fields.expires || fields.obsolete !== null)
  );
}

/** What the form sends: the weekdays joined with commas, the expiry only when its box is ticked (else null). */
export function scheduleDraft(fields: ScheduleFields) {
  return {
    title: fields.title.trim(),
    weekday: joinWeekdays(fields.weekdays),
    starttime: fields.starttime,
    endtime: fields.endtime,
    obsolete: fields.expires ? fields.obsolete : null,
  };
}
