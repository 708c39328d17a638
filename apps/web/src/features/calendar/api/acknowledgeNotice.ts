import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** 'Enterado': the receiving provider has read the notice (companies/calendar-fincas/acknowledge {id}). */
async function acknowledgeNotice(noticeId: number): Promise<void> {
  await api.post("/companies/calendar-fincas/acknowledge", { id: noticeId });
}

/** Answers 'Enterado'; the community's notices reload whatever the answer. */
export function useAcknowledgeNotice(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeNotice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [queryKeys.calendarNotices, communityId] }),
  });
}
