import { type CalendarMonth, type CalendarSide, PAGE_SIZE } from "@coordina/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { keepWithinMonth } from "../../../shared/calendar/keepWithinMonth";

/** Which list of the month: whose entries, of which day (null: the whole month), which page. */
export interface CalendarListAsk {
  side: CalendarSide;
  day: string | null;
  page: number;
}

/**
 * A page of a community's month (spec 02 §7 companies/calendar-fincas/provider {year, month, id_finca}; paged
 * in issue 22): the entries of one side and day, the days the month's entries cover, and the weekly schedules
 * and 24-hour services of the providers serving it.
 */
async function fetchCalendarMonth(
  communityId: number,
  year: number,
  month: number,
  ask: CalendarListAsk,
): Promise<CalendarMonth> {
  return api.post<CalendarMonth>("/companies/calendar-fincas/provider", {
    year,
    month,
    id_finca: communityId,
    ...ask,
    limit: PAGE_SIZE.calendarEntries,
  });
}

/** The key starts [calendar-month, community, year, month], so that a community's months reload together. */
export const calendarMonthQuery = (communityId: number, year: number, month: number, ask: CalendarListAsk) => {
  const key = [queryKeys.calendarMonth, communityId, year, month, ask] as const;
  return queryOptions({
    queryKey: key,
    queryFn: () => fetchCalendarMonth(communityId, year, month, ask),
    placeholderData: keepWithinMonth<CalendarMonth>(key),
  });
};

/** After an add, a delete or a notice: every list of every month of the community, its notices and coincidences reload. */
export function refreshCalendar(queryClient: QueryClient, communityId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [queryKeys.calendarMonth, communityId] }),
    queryClient.invalidateQueries({ queryKey: [queryKeys.calendarNotices, communityId] }),
    queryClient.invalidateQueries({ queryKey: [queryKeys.calendarCoincidences] }),
  ]);
}
