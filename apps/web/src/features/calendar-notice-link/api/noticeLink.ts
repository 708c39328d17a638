import type { CalendarNotice } from "@coordina/domain";
import { api } from "../../../app/api";

/** The coincidence notice a mail's 'Enterado' link names (POST calendar/notice-link, no session needed). */
export async function fetchNoticeByLink(token: string): Promise<CalendarNotice> {
  const answer = await api.post<{ data: CalendarNotice }>("/calendar/notice-link", { token });
  return answer.data;
}

/** 'Enterado' through the link: the receiver has taken note; answers the notice as it now stands. */
export async function acknowledgeByLink(token: string): Promise<CalendarNotice> {
  const answer = await api.post<{ data: CalendarNotice }>("/calendar/acknowledge-link", { token });
  return answer.data;
}
