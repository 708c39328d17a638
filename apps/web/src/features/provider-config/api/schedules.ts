import type { Schedule } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** The provider's live weekly schedules ('Programación'; GET companies/CalendarSchedules/list). */
async function fetchSchedules(): Promise<Schedule[]> {
  const answer = await api.get<{ data: Schedule[] }>("/companies/CalendarSchedules/list");
  return answer.data;
}

export const schedulesQuery = () => queryOptions({ queryKey: [queryKeys.schedules] as const, queryFn: fetchSchedules });

/** What the schedule form sends (spec 02 §5): weekdays joined with commas, `obsolete` null unless ticked. */
export interface ScheduleDraft {
  title: string;
  weekday: string;
  starttime: string;
  endtime: string;
  obsolete: string | null;
}

async function addSchedule(draft: ScheduleDraft): Promise<Schedule> {
  const answer = await api.post<{ data: Schedule }>("/companies/CalendarSchedules/add", draft);
  return answer.data;
}

/** The lists a slot shows in: 'Programación' and the communities' months, which show it beside the entries. */
const SHOWN_IN = [queryKeys.schedules, queryKeys.calendarMonth];

/** Adds a weekly slot; the lists it shows in reload once it is saved. */
export const useAddSchedule = () => useRefreshingMutation(addSchedule, SHOWN_IN);

async function deleteSchedule(id: number): Promise<void> {
  await api.post(`/companies/CalendarSchedules/delete/${id}`);
}

/** Deletes a weekly slot; the lists it showed in reload, whatever the answer (it may be gone already). */
export const useDeleteSchedule = () => useRefreshingMutation(deleteSchedule, SHOWN_IN, "settled");
