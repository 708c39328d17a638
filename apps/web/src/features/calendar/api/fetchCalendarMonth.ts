import type { CalendarMonth } from "@coordina/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * A community's month (spec 02 §7 companies/calendar-fincas/provider {year, month, id_finca}): its entries,
 * and the weekly schedules and 24-hour services of the providers serving it.
 */
async function fetchCalendarMonth(communityId: number, year: number, month: number): Promise<CalendarMonth> {
  return api.post<CalendarMonth>("/companies/calendar-fincas/provider", { year, month, id_finca: communityId });
}

export const calendarMonthQuery = (communityId: number, year: number, month: number) =>
  queryOptions({
    queryKey: [queryKeys.calendarMonth, communityId, year, month] as const,
    queryFn: () => fetchCalendarMonth(communityId, year, month),
  });

/** After an add, a delete or a notice: every month of the community, its notices and coincidences reload. */
export function refreshCalendar(queryClient: QueryClient, communityId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [queryKeys.calendarMonth, communityId] }),
    queryClient.invalidateQueries({ queryKey: [queryKeys.calendarNotices, communityId] }),
    queryClient.invalidateQueries({ queryKey: [queryKeys.calendarCoincidences] }),
  ]);
}
