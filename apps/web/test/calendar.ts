import type { CalendarEntry } from "@coordina/domain";

/** A calendar entry as the server answers it: a four-hour visit of another provider, `over` changing it. */
export const calendarEntry = (id: number, over: Partial<CalendarEntry> = {}): CalendarEntry => ({
  id,
  id_provider: 50,
  id_finca: 7,
  provider_name: "Ascensores Levante S.L.",
  startdate: "2026-11-27 09:00",
  enddate: "2026-11-27 13:00",
  comment: "Revisión anual del ascensor",
  notify: false,
  mine: false,
  ...over,
});
