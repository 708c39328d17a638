import type { CalendarNotice, calendarNoticesResponseSchema } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

type NoticesResponse = ReturnType<typeof calendarNoticesResponseSchema.parse>;

/**
 * The notices of the month's coincidences in a community (companies/calendar-fincas/notices): all of them
 * for its administrator, those it sent or got for a provider (issue 22 item 3).
 */
async function fetchCalendarNotices(communityId: number, year: number, month: number): Promise<CalendarNotice[]> {
  const answer = await api.post<NoticesResponse>("/companies/calendar-fincas/notices", {
    year,
    month,
    id_finca: communityId,
  });
  return answer.data;
}

export const calendarNoticesQuery = (communityId: number, year: number, month: number) =>
  queryOptions({
    queryKey: [queryKeys.calendarNotices, communityId, year, month] as const,
    queryFn: () => fetchCalendarNotices(communityId, year, month),
  });
