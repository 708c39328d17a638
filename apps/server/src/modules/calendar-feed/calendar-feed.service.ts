import ical from "ical-generator";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { consumeRate, type RateLimit } from "../../lib/rate-limit.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { toWallClock } from "../calendar/wall-clock.js";
import { calendarFeedPolicy } from "./calendar-feed.policy.js";
import { feedCreatedAt, feedOf, replaceFeed } from "./calendar-feed.repository.js";

/*
 * The private iCalendar feed (issue 22, item 5, beyond the spec): each user with communities may have one
 * secret address that shows the calendar entries of its communities in Outlook, Google Calendar or a phone.
 * Only the address's hash is kept, so it is shown once, when it is made; renewing it replaces it, and the
 * old one stops answering.
 */

export interface FeedState {
  /** the address, only right after renewing */
  url: string | null;
  /** when the current address was made ('YYYY-MM-DD HH:mm' Madrid); null: none yet */
  created_at: string | null;
}

/** The path of a feed's address (outside the API: calendar apps carry no session). */
export const feedPath = (token: string) => `/ical/${token}.ics`;

/** calendar/feed: whether the caller has an address, and since when. */
export async function feedState(db: Db, actor: Actor): Promise<FeedState> {
  requireAccess(calendarFeedPolicy, actor, "read", undefined);
  const created = await feedCreatedAt(db, actor.userId);
  return { url: null, created_at: created ? toWallClock(created) : null };
}

/** calendar/feed/renew: a new address for the caller, replacing the previous one. */
export async function renewFeed(db: Db, actor: Actor, publicUrl: string): Promise<FeedState> {
  requireAccess(calendarFeedPolicy, actor, "renew", undefined);
  const token = newToken();
  const created = await replaceFeed(db, actor.userId, hashToken(token));
  return { url: `${publicUrl}${feedPath(token)}`, created_at: toWallClock(created) };
}

/** What newToken makes: 32 bytes in base64url. Anything else is no address, without asking the database. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Feed requests per client address: calendar apps ask every few minutes to hours, an office behind one
 * address holds many users; a client above this is guessing addresses or stuck in a loop.
 */
export const FEED_RATE: RateLimit = { max: 600, windowSeconds: 3600 };

/**
 * The iCalendar text of the feed at `token`, or undefined when there is none (unknown, renewed, or its user
 * or company deactivated); 429 past FEED_RATE from `ip`. Times are sent in UTC: the instants the database
 * keeps, right across a change of daylight-saving time.
 */
export async function feedCalendar(db: Db, token: string, ip: string): Promise<string | undefined> {
  await consumeRate(db, `ical:ip:${ip}`, FEED_RATE);
  if (!FEED_TOKEN.test(token)) return undefined;
  const feed = await feedOf(db, hashToken(token));
  if (!feed) return undefined;
  const calendar = ical({
    name: `Coordina — ${feed.email}`,
    prodId: { company: "Coordina", product: "Calendario", language: "ES" },
    ttl: 60 * 60,
  });
  for (const e of feed.events) {
    calendar.createEvent({
      id: `entry-${e.id}@coordina`,
      start: e.startsAt,
      end: e.endsAt,
      stamp: e.createdAt,
      summary: `${e.providerName} en ${e.fincaName}`,
      description: e.comment || null,
      location: e.location || null,
    });
  }
  return calendar.toString();
}
