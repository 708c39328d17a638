import { PAGE_SIZE, type porterCalendarResponseSchema } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { keepWithinMonth } from "../../../shared/calendar/keepWithinMonth";

// The answer's type as the contract's schema parses it (the web app does not depend on zod itself).
export type PorterCalendarResponse = ReturnType<typeof porterCalendarResponseSchema.parse>;

/** Which page of the month's visits, of which day (null: the whole month). */
export interface PorterCalendarAsk {
  day: string | null;
  page: number;
}

/**
 * A page of a community's visits of a month, as its porter sees them (spec 02 §7 porteros/calendar/bymonth;
 * paged in issue 22): the visits of the day or the month, by start, with the days the month's visits cover.
 */
async function fetchPorterCalendar(
  communityId: number,
  year: number,
  month: number,
  ask: PorterCalendarAsk,
): Promise<PorterCalendarResponse> {
  return api.post<PorterCalendarResponse>("/porteros/calendar/bymonth", {
    year,
    month,
    id_finca: communityId,
    ...ask,
    limit: PAGE_SIZE.calendarEntries,
  });
}

export const porterCalendarQuery = (communityId: number, year: number, month: number, ask: PorterCalendarAsk) => {
  const key = [queryKeys.porterCalendar, communityId, year, month, ask] as const;
  return queryOptions({
    queryKey: key,
    queryFn: () => fetchPorterCalendar(communityId, year, month, ask),
    placeholderData: keepWithinMonth<PorterCalendarResponse>(key),
  });
};
