import { type CalendarNotice, ErrorKey } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { consumeRate, type RateLimit } from "../../lib/rate-limit.js";
import { hashToken } from "../../lib/tokens.js";
import { acknowledgeNotice, noticeById, noticeByToken } from "./notices.repository.js";

/*
 * The 'Enterado' link of a notice's mail (issue 22), answered without a session: the token names one
 * notice and gives nothing else, neither other notices nor the calendar. Tokens are kept only as hashes.
 */

/** Guesses at tokens, per address: far more than a reader of their own mails opens. */
export const NOTICE_LINK_RATE: RateLimit = { max: 60, windowSeconds: 3600 };

const linkInvalid = () => new AppError(404, ErrorKey.calendarNoticeLinkInvalid);

/** The notice as its link shows it: whoever holds the link is the receiver, who may answer while it waits. */
function shownByLink(notice: Awaited<ReturnType<typeof noticeById>>): CalendarNotice {
  if (!notice) throw linkInvalid();
  return { ...notice, can_acknowledge: notice.acknowledged_at === null };
}

/** calendar/notice-link: the notice the link's token names; 404 for a token that names none. */
export async function noticeByLink(db: Db, token: string, ip: string): Promise<CalendarNotice> {
  await consumeRate(db, `notice-link:ip:${ip}`, NOTICE_LINK_RATE);
  return shownByLink(await noticeByToken(db, hashToken(token)));
}

/**
 * calendar/acknowledge-link: 'Enterado' from the mail, in the name of the receiving provider's manager
 * (whose mailbox the link was sent to; nobody when it has none); the first answer stays.
 */
export async function acknowledgeByLink(db: Db, token: string, ip: string): Promise<CalendarNotice> {
  await consumeRate(db, `notice-link:ip:${ip}`, NOTICE_LINK_RATE);
  const id = await acknowledgeNotice(db, { tokenHash: hashToken(token) }, "manager");
  if (id === undefined) throw linkInvalid();
  return shownByLink(await noticeById(db, id));
}
