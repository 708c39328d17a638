import { CALENDAR, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { daysOf24h } from "../calendar/entries.repository.js";

/** When the user's current feed address was made; undefined when it has none. */
export async function feedCreatedAt(db: DbOrTx, userId: number): Promise<Date | undefined> {
  const [row] = await queryTyped(db, sql`select created_at from calendar_feeds where user_id = ${userId}`, {
    created_at: col.date,
  });
  return row?.created_at;
}

/** Gives the user a new address (only its hash is kept), replacing the one it had; when it was made. */
export async function replaceFeed(db: DbOrTx, userId: number, tokenHash: string): Promise<Date> {
  const [row] = await queryTyped(
    db,
    sql`insert into calendar_feeds (user_id, token_hash) values (${userId}, ${tokenHash})
        on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()
        returning created_at`,
    { created_at: col.date },
  );
  return row!.created_at;
}

/** The most events one feed holds: far above any community's real calendar in the feed's window. */
export const FEED_MAX_EVENTS = 5000;

const feedEventRow = {
  email: col.text,
  id: col.intOrNull,
  starts_at: col.dateOrNull,
  ends_at: col.dateOrNull,
  created_at: col.dateOrNull,
  comment: col.textOrNull,
  provider_name: col.textOrNull,
  finca_name: col.textOrNull,
  location: col.textOrNull,
};
export interface FeedEvent {
  id: number;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  comment: string;
  providerName: string;
  fincaName: string;
  location: string;
}

/**
 * The feed of a token hash, in one query: its user (live, of a live company) and the live entries, from
 * CALENDAR.feedBackDays back to CALENDAR.feedAheadDays ahead, of the communities that user sees as the
 * community policy's `view` does without a chosen colegio: a provider those it serves (live link) in the
 * colegios it is an active member of, an administrator those it manages there, a porter those it works in.
 * Undefined for an unknown hash or a deactivated user; `starts_at` is bounded from both sides (an entry
 * spans at most CALENDAR.maxSpanDays), so the community index is read as a range.
 */
export async function feedOf(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ email: string; events: FeedEvent[] } | undefined> {
  const back = CALENDAR.feedBackDays;
  const rows = await queryTyped(
    db,
    sql`
    with owner as (
      select u.id, u.email, u.user_role, u.company_id
      from calendar_feeds f
      join users u on u.id = f.user_id
      join companies c on c.id = u.company_id
      where f.token_hash = ${tokenHash} and u.erased = false and c.erased = false
    ),
    seen as (
      select f.id, f.name, concat_ws(', ', nullif(f.address, ''),
          nullif(concat_ws(' ', nullif(f.postcode, ''), nullif(f.city, '')), ''), nullif(f.province, '')) as location
      from communities f
      where f.erased = false and f.id in (
          select f2.id from owner o join communities f2 on f2.admin_company_id = o.company_id
          where o.user_role = ${Role.administrador}
          union all
          select cp.community_id from owner o join community_providers cp
            on cp.provider_company_id = o.company_id and cp.erased = false
          where o.user_role = ${Role.gremio}
          union all
          select p.community_id from owner o join community_porters p on p.porter_user_id = o.id and p.erased = false
          where o.user_role = ${Role.portero})
        and ((select user_role from owner) = ${Role.portero} or exists (
          select 1 from owner o join colegio_members m on m.company_id = o.company_id
          where m.colegio_id = f.colegio_id and m.erased = false))
    )
    select o.email, e.id, e.starts_at, e.ends_at, e.created_at, e.comment, e.provider_name, e.finca_name, e.location
    from owner o
    left join lateral (
      select e.id, e.starts_at, e.ends_at, e.created_at, e.comment, p.name as provider_name,
        s.name as finca_name, s.location
      from seen s
      join calendar_entries e on e.community_id = s.id and e.erased_at is null
        and e.starts_at >= now() - ${daysOf24h(back + CALENDAR.maxSpanDays)}
        and e.starts_at < now() + ${daysOf24h(CALENDAR.feedAheadDays)}
        and e.ends_at > now() - ${daysOf24h(back)}
      join companies p on p.id = e.provider_company_id
      order by e.starts_at, e.id
      limit ${FEED_MAX_EVENTS}
    ) e on true`,
    feedEventRow,
  );
  const first = rows[0];
  if (!first) return undefined;
  const events = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      startsAt: r.starts_at!,
      endsAt: r.ends_at!,
      createdAt: r.created_at!,
      comment: r.comment ?? "",
      providerName: r.provider_name ?? "",
      fincaName: r.finca_name ?? "",
      location: r.location ?? "",
    }));
  return { email: first.email, events };
}
