import type { Coincidence, coincidencesResponseSchema } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

type CoincidencesResponse = ReturnType<typeof coincidencesResponseSchema.parse>;

/** The coincidences of one of the caller's entries, with the notices already made (calendar-fincas/coincidences/{id}). */
async function fetchCoincidences(entryId: number): Promise<Coincidence[]> {
  const answer = await api.post<CoincidencesResponse>(`/companies/calendar-fincas/coincidences/${entryId}`, {});
  return answer.calendar;
}

export const coincidencesQuery = (entryId: number) =>
  queryOptions({
    queryKey: [queryKeys.calendarCoincidences, entryId] as const,
    queryFn: () => fetchCoincidences(entryId),
  });
