import { CALENDAR, type CoincidenceKind } from "@coordina/domain";
import type { CalendarAddRequest } from "./api/addCalendarEntry";

/** The 'Añadir entrada' form: days 'YYYY-MM-DD' (null: none chosen), times 'HH:mm'. */
export interface AddEntryForm {
  startDate: string | null;
  startTime: string;
  endDate: string | null;
  endTime: string;
  comment: string;
  notify: boolean;
}

/** A new form: the day chosen in the calendar (if any) as the start, 09:00 both times (spec 02 §9). */
export function emptyAddForm(day: string | null): AddEntryForm {
  return {
    startDate: day,
    startTime: CALENDAR.defaultTime,
    endDate: null,
    endTime: CALENDAR.defaultTime,
    comment: "",
    notify: false,
  };
}

/**
 * Spec 02 §5: 'Aceptar' is disabled without a start, or without an end when there is a comment; a date
 * needs its time.
 */
export function addFormReady(form: AddEntryForm): boolean {
  if (!form.startDate || !form.startTime) return false;
  if (form.endDate) return form.endTime !== "";
  return form.comment.trim() === "";
}

/** What calendar-fincas/add takes from the form: Madrid wall-clock texts, no end when none was chosen. */
export function addRequest(communityId: number, form: AddEntryForm): CalendarAddRequest {
  return {
    id_finca: communityId,
    startdate: `${form.startDate} ${form.startTime}`,
    enddate: form.endDate ? `${form.endDate} ${form.endTime}` : null,
    comment: form.comment.trim(),
    notify: form.notify,
  };
}

/** The key of a coincidence's kind in words, when it has no title of its own. */
export const KIND_WORDS: Record<CoincidenceKind, string> = {
  entry: "kind.entry",
  schedule: "kind.schedule",
  seven24: "kind.seven24",
};
