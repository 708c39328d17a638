import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";

/** The user's private calendar address: the full `url` only in renew's answer, `created_at` null when none. */
export interface CalendarFeed {
  url: string | null;
  created_at: string | null;
}

/** Whether the user has a calendar address and since when (POST calendar/feed; only its hash is kept). */
async function fetchCalendarFeed(): Promise<CalendarFeed> {
  const answer = await api.post<{ data: CalendarFeed }>("/calendar/feed");
  return answer.data;
}

export const calendarFeedQuery = () =>
  queryOptions({ queryKey: [queryKeys.calendarFeed] as const, queryFn: fetchCalendarFeed });

async function renewCalendarFeed(): Promise<CalendarFeed> {
  const answer = await api.post<{ data: CalendarFeed }>("/calendar/feed/renew");
  return answer.data;
}

/**
 * Makes a new address (the old one stops answering). Its answer holds the address this once: the page
 * shows it from the mutation; the cached state keeps only when it was made.
 */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) =>
      queryClient.setQueryData(calendarFeedQuery().queryKey, { url: null, created_at: feed.created_at }),
  });
}
