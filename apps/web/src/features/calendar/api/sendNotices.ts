import type { CoincidenceKind, calendarSendResponseSchema, notificationSendResponseSchema } from "@coordina/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { api } from "../../../app/api";
import { refreshCalendar } from "./fetchCalendarMonth";

type SendResponse = ReturnType<typeof calendarSendResponseSchema.parse>;
type NotificationSendResponse = ReturnType<typeof notificationSendResponseSchema.parse>;

/** Spec 01 §4, 02 §4: the notices go one at a time, the first after 300 ms, then one a second. */
export const NOTICE_PACE = { startMs: 300, betweenMs: 1000 } as const;
export type NoticePace = { startMs: number; betweenMs: number };

/** The coincidences chosen to notify, as calendar-fincas/send takes them. */
export type ChosenCoincidence = { kind: CoincidenceKind; ref: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Makes the notices of the chosen coincidences of an entry (companies/calendar-fincas/send {id, cons}), then
 * sends, one at a time at `pace`, each one not sent yet (notify/notification-queues/send {id}); `onProgress`
 * gets the fraction sent after each. A failure stops the sending (the server sends each notice once, however
 * often it is asked, so a later try repeats nothing).
 */
export async function sendCoincidenceNotices(
  entryId: number,
  cons: readonly ChosenCoincidence[],
  pace: NoticePace,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const made = await api.post<SendResponse>("/companies/calendar-fincas/send", { id: entryId, cons });
  const pending = made.notifications.filter((notification) => !notification.sent);
  await wait(pace.startMs);
  for (const [index, notification] of pending.entries()) {
    if (index > 0) await wait(pace.betweenMs);
    await api.post<NotificationSendResponse>("/notify/notification-queues/send", { id: notification.id });
    onProgress((index + 1) / pending.length);
  }
  onProgress(1);
}

export type NoticeSending = { step: "idle" } | { step: "sending"; percent: number } | { step: "done" };

/**
 * The sending of an entry's notices with its percentage; it ends ('Notificaciones enviadas') when every notice
 * went or one failed (spec 01 §4), and then the month, its notices and the coincidences reload. A second press
 * while it goes starts nothing.
 */
export function useNoticeSending(communityId: number, pace: NoticePace = NOTICE_PACE) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<NoticeSending>({ step: "idle" });
  const running = useRef(false);
  async function start(entryId: number, cons: readonly ChosenCoincidence[]) {
    if (running.current) return;
    running.current = true;
    setSending({ step: "sending", percent: 0 });
    try {
      await sendCoincidenceNotices(entryId, cons, pace, (fraction) =>
        setSending({ step: "sending", percent: Math.round(fraction * 100) }),
      );
    } catch {
      // Spec 01 §4: an error ends the sending as its end does; the notices' states tell what went.
    } finally {
      running.current = false;
      setSending({ step: "done" });
      void refreshCalendar(queryClient, communityId);
    }
  }
  return { sending, start, reset: () => setSending({ step: "idle" }) };
}
