import type { porterCalendarResponseSchema } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

// The answer's type as the contract's schema parses it (the web app does not depend on zod itself).
type PorterCalendarResponse = ReturnType<typeof porterCalendarResponseSchema.parse>;
/** A visit entry: the provider, 'YYYY-MM-DD HH:mm' start and end (the end may be empty) and the comment. */
type CalendarEntry = PorterCalendarResponse["calendar"][number];

/** A community's visit entries of a month, as its porter sees them (spec 02 §7 porteros/calendar/bymonth). */
async function fetchPorterCalendar(communityId: number, year: number, month: number): Promise<CalendarEntry[]> {
  const answer = await api.post<PorterCalendarResponse>("/porteros/calendar/bymonth", {
    year,
    month,
    id_finca: communityId,
  });
  return answer.calendar;
}

export const porterCalendarQuery = (communityId: number, year: number, month: number) =>
  queryOptions({
    queryKey: [queryKeys.porterCalendar, communityId, year, month] as const,
    queryFn: () => fetchPorterCalendar(communityId, year, month),
  });
