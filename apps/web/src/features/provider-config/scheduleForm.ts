import { WEEKDAYS } from "@coordina/domain";

/** The weekdays as the form sends them (spec 02 §5): Monday first, joined with commas ('1,3,5'). */
export function joinWeekdays(days: Iterable<number>): string {
  const chosen = new Set(days);
  return WEEKDAYS.filter((day) => chosen.has(day)).join(",");
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
