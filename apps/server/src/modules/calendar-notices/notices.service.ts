import { type CalendarNotice, type calendarMonthOfSchema, type calendarSendSchema, ErrorKey } from "@coordina/domain";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import type { AccountsContext } from "../accounts/context.js";
import { findCoincidences } from "../calendar/coincidences.repository.js";
import { findEntry } from "../calendar/entries.repository.js";
import type { CommunityFacts } from "../communities/communities.policy.js";
import { communityUnder } from "../communities/communities.service.js";
import { calendarNoticeMail } from "../mail/templates.js";
import { type NoticeAction, noticePolicy } from "./notices.policy.js";
import {
  acknowledgeNotice,
  findNoticeFacts,
  insertNotices,
  lockNoticeForMail,
  markNoticeSent,
  type NoticeRow,
  noticeById,
  noticesOfMonth,
} from "./notices.repository.js";

/*
 * The notices of a calendar's coincidences (issue 22): the provider whose entry coincides makes them and
 * sends each once, by e-mail through the outbox, to the other provider and the community's administrator;
 * the other provider answers 'Enterado'; the administrator reads them per month. Who may do what is
 * notices.policy; the answers from a mail's link (no session) are notice-links.service.ts.
 */

/**
 * The live community the caller may `action` on with these facts: 404 for one that does not exist, 403
 * (and no data) for one that is not the caller's business, and 404 for the caller's own deleted one.
 */
const communityFor = (
  db: Db,
  actor: Actor,
  communityId: number,
  action: NoticeAction,
  sides: { from?: number; to?: number } = {},
) => communityUnder(db, actor, communityId, noticePolicy, action, sides);

/**
 * companies/calendar-fincas/send: notices for the chosen coincidences (`cons`) of one of the caller's live
 * entries, recomputed now (what the client says of them is not trusted; those that are no longer one are
 * left out, and 400 when none is left). One notice per entry and coincidence: pressing twice answers the
 * same notices.
 */
export async function notifyCoincidences(db: Db, actor: Actor, q: z.output<typeof calendarSendSchema>) {
  const entry = await findEntry(db, q.id);
  if (!entry) throw notFound();
  await communityFor(db, actor, entry.communityId, "notify", { from: entry.providerCompanyId });
  if (entry.erased) throw notFound();
  const chosen = new Set(q.cons.map((c) => `${c.kind}:${c.ref}`));
  const coincidences = (await findCoincidences(db, entry)).filter((c) => chosen.has(c.key));
  if (coincidences.length === 0) throw new AppError(400, ErrorKey.calendarNothingToNotify);
  return insertNotices(
    db,
    coincidences.map((c) => ({
      entryId: entry.id,
      communityId: entry.communityId,
      kind: c.kind,
      key: c.key,
      otherEntryId: c.kind === "entry" ? c.ref : null,
      otherScheduleId: c.kind === "schedule" ? c.ref : null,
      fromCompanyId: entry.providerCompanyId,
      toCompanyId: c.providerId,
      createdByUserId: actor.userId,
      overlapStart: c.overlapStart,
      overlapEnd: c.overlapEnd,
    })),
  );
}

/** The notice's facts and its live community, as the caller may `action` on them (404, 403 before 404). */
async function noticeFor(db: Db, actor: Actor, id: number, action: NoticeAction) {
  const facts = await findNoticeFacts(db, id);
  if (!facts) throw notFound();
  const community = await communityFor(db, actor, facts.communityId, action, facts);
  return { ...facts, community };
}

/** The calendar of a community in the web app (the provider's and the administrator's panel). */
const calendarLink = (ctx: AccountsContext, communityId: number) =>
  `${ctx.publicUrl}/webapp/#/comunidades/comunidad/${communityId}/gremio/calendar`;
/** The 'Enterado' page of a notice's link (no session needed). */
const acknowledgeLink = (ctx: AccountsContext, token: string) => `${ctx.publicUrl}/webapp/#/aviso?token=${token}`;

/** The notice's coincidence is still one: its entry live and the other side still found by findCoincidences. */
async function stillCoincides(tx: DbOrTx, notice: NonNullable<Awaited<ReturnType<typeof lockNoticeForMail>>>) {
  if (notice.entry_erased) return false;
  const found = await findCoincidences(tx, {
    id: notice.entry_id,
    communityId: notice.community_id,
    providerCompanyId: notice.entry_provider_id,
    startsAt: notice.visit_start,
    endsAt: notice.visit_end,
  });
  return found.some((c) => c.key === notice.coincidence_key);
}

/**
 * notify/notification-queues/send: mails the notice once, however often it is asked, concurrently or
 * after a restart: the notice is locked, and only while it is unsent are its mails written to the outbox
 * (in that same transaction, with its 'Enterado' token and `sent_at`). To the receiving provider's manager
 * (with the 'Enterado' link) and to the community's administrator (without it); a provider with no
 * address reachable gets nothing, the administrator still does. 409 (nothing mailed) when its coincidence
 * is gone since it was made: a deleted entry's coincidence is not notified.
 */
export async function sendNotice(ctx: AccountsContext, actor: Actor, id: number): Promise<{ id: number }> {
  await noticeFor(ctx.db, actor, id, "send");
  const wrote = await ctx.db.transaction(async (tx) => {
    const notice = await lockNoticeForMail(tx, id);
    if (!notice || notice.sent) return false;
    if (!(await stillCoincides(tx, notice))) throw new AppError(409, ErrorKey.calendarNoticeObsolete);
    const token = newToken();
    const common = {
      fromCompany: notice.from_company,
      toCompany: notice.to_company,
      community: notice.community,
      communityAddress: notice.community_address,
      visitStart: notice.visit_start,
      visitEnd: notice.visit_end,
      overlapStart: notice.overlap_start,
      overlapEnd: notice.overlap_end,
      comment: notice.comment,
      otherTitle: notice.other_title,
      calendarLink: calendarLink(ctx, notice.community_id),
    };
    const mails = [
      ...(notice.to_email
        ? [
            {
              to: notice.to_email,
              mail: calendarNoticeMail({ ...common, toAdministrator: false, link: acknowledgeLink(ctx, token) }),
            },
          ]
        : []),
      ...(notice.admin_email
        ? [
            {
              to: notice.admin_email,
              mail: calendarNoticeMail({ ...common, toAdministrator: true, link: common.calendarLink }),
            },
          ]
        : []),
    ];
    const outboxIds = await ctx.mailer.enqueueMany(
      tx,
      mails.map((m) => ({ kind: "calendar-notice", ...m })),
    );
    await markNoticeSent(tx, id, hashToken(token), outboxIds);
    return outboxIds.length > 0;
  });
  if (wrote) ctx.mailer.nudge();
  return { id };
}

/** A notice as the API shows it to `actor`, in a community it stands to as `community` says. */
function shownTo(actor: Actor, community: CommunityFacts, notice: NoticeRow): CalendarNotice {
  const facts = { ...community, from: notice.from_provider.id, to: notice.to_provider.id };
  const state = { acknowledged: notice.acknowledged_at !== null, sent: notice.sent_at !== null };
  return { ...notice, ...noticePolicy.abilities(actor, { ...facts, ...state }) };
}

/**
 * companies/calendar-fincas/acknowledge: the receiving provider answers 'Enterado' from the calendar, once the
 * notice has been sent (404 before); the first answer stays (a second answers the same notice).
 */
export async function acknowledgeFromCalendar(db: Db, actor: Actor, id: number): Promise<CalendarNotice> {
  const { community, sent } = await noticeFor(db, actor, id, "acknowledge");
  // Not sent yet: for its receiver it does not exist.
  if (!sent) throw notFound();
  await acknowledgeNotice(db, { id }, { userId: actor.userId });
  return shownTo(actor, community, (await noticeById(db, id))!);
}

/**
 * companies/calendar-fincas/notices: the community's notices whose overlap starts in the Madrid month; its
 * administrator and its colegio read them all, a provider those it sent or received.
 */
export async function listNotices(
  db: Db,
  actor: Actor,
  q: z.output<typeof calendarMonthOfSchema>,
): Promise<CalendarNotice[]> {
  const community = await communityFor(db, actor, q.id_finca, "list");
  const all = noticePolicy.can(actor, "listAll", community);
  const rows = await noticesOfMonth(db, {
    communityId: community.id,
    year: q.year,
    month: q.month,
    companyId: all ? undefined : actor.companyId,
  });
  return rows.map((row) => shownTo(actor, community, row));
}
