import { type CalendarSide, START_PAGE } from "@coordina/domain";
import { useState } from "react";
import { type CalendarMonthRef, currentMonth } from "./calendarDays";

/** The month a calendar shows, the day chosen in it (null: the whole month) and the page each list is on. */
export interface CalendarMonthState extends CalendarMonthRef {
  day: string | null;
  /** another month: its whole month is shown, every list on its first page */
  setMonth: (month: CalendarMonthRef) => void;
  /** a day ('YYYY-MM-DD') narrows the lists to its entries; null shows the whole month again ('Ver todo el mes') */
  setDay: (day: string | null) => void;
  /** the page the list of `side` shows */
  page: (side: CalendarSide) => number;
  setPage: (side: CalendarSide, page: number) => void;
}

interface Shown extends CalendarMonthRef {
  day: string | null;
  pages: Partial<Record<CalendarSide, number>>;
}

/**
 * A calendar's month, day and pages; it opens on the month of today, which does not change under the user at
 * midnight. Each list ('Otros Proveedores', 'Mis Fechas') turns its pages alone; a new month or day starts
 * them all again on the first page.
 */
export function useCalendarMonth(initial: () => CalendarMonthRef = currentMonth): CalendarMonthState {
  const [shown, setShown] = useState<Shown>(() => ({ ...initial(), day: null, pages: {} }));
  return {
    year: shown.year,
    month: shown.month,
    day: shown.day,
    setMonth: (month) => setShown({ ...month, day: null, pages: {} }),
    setDay: (day) => setShown((current) => ({ ...current, day, pages: {} })),
    page: (side) => shown.pages[side] ?? START_PAGE,
    setPage: (side, page) => setShown((current) => ({ ...current, pages: { ...current.pages, [side]: page } })),
  };
}
