import { useState } from "react";
import { type CalendarMonthRef, currentMonth } from "./calendarDays";

/** The month a calendar shows and the day chosen in it (null: the whole month). */
export interface CalendarMonthState extends CalendarMonthRef {
  day: string | null;
  /** another month: its whole month is shown */
  setMonth: (month: CalendarMonthRef) => void;
  /** a day ('YYYY-MM-DD') filters to its entries; null shows the whole month again ('Ver todo el mes') */
  setDay: (day: string | null) => void;
}

/** A calendar's month and day; it opens on the month of today, which does not change under the user at midnight. */
export function useCalendarMonth(initial: () => CalendarMonthRef = currentMonth): CalendarMonthState {
  const [shown, setShown] = useState(() => ({ ...initial(), day: null as string | null }));
  return {
    ...shown,
    setMonth: (month) => setShown({ ...month, day: null }),
    setDay: (day) => setShown((current) => ({ ...current, day })),
  };
}
