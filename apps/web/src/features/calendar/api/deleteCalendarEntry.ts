import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshCalendar } from "./fetchCalendarMonth";

/** Deletes one of the caller's own entries (companies/calendar-fincas/delete/{id}, empty body). */
async function deleteCalendarEntry(entryId: number): Promise<void> {
  await api.post(`/companies/calendar-fincas/delete/${entryId}`, {});
}

/** Deletes an entry; the month reloads whatever the answer (spec 02 §2: after erase the month reloads). */
export function useDeleteCalendarEntry(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarEntry,
    onSettled: () => refreshCalendar(queryClient, communityId),
  });
}
