import type { calendarAddResponseSchema, calendarAddSchema } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshCalendar } from "./fetchCalendarMonth";

// The contract's types as its schemas parse them (the web app does not depend on zod itself).
export type CalendarAddRequest = ReturnType<typeof calendarAddSchema.parse>;
export type CalendarAddResponse = ReturnType<typeof calendarAddResponseSchema.parse>;

/** A provider's visit to the community (companies/calendar-fincas/add): the entry and its coincidences. */
async function addCalendarEntry(request: CalendarAddRequest): Promise<CalendarAddResponse> {
  return api.post<CalendarAddResponse>("/companies/calendar-fincas/add", request);
}

/** Adds an entry; once added the community's month reloads (spec 02 §2: after add the month reloads). */
export function useAddCalendarEntry(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCalendarEntry,
    onSuccess: () => refreshCalendar(queryClient, communityId),
  });
}
