import type { CalendarNotice, CoincidenceKind } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, type RowOf } from "../../db/rows.js";
import { sqlList } from "../../lib/sql-list.js";
import { monthStartSql, wallClockSql } from "../calendar/entries.repository.js";

/*
 * The notices of a calendar's coincidences (calendar_notices) and the mails they were sent as
 * (calendar_notice_mails, delivered when mail_outbox.sent_at is set): the written record of RD 171/2004
 * art. 4 (issue 22). Wall-clock times are Europe/Madrid, converted here, in SQL.
 */

/** A company's manager's address: its owner user's e-mail (a live user), else its contact e-mail; null: none. */
const managerEmail = (company: SQL) =>
  sql`coalesce((select u.email from users u where u.id = ${company}.owner_user_id and u.erased = false),
        nullif(trim(${company}.email), ''))`;

export interface NewNotice {
  entryId: number;
  communityId: number;
  kind: CoincidenceKind;
  key: string;
  otherEntryId: number | null;
  otherScheduleId: number | null;
  fromCompanyId: number;
  toCompanyId: number;
  createdByUserId: number;
  overlapStart: Date;
  overlapEnd: Date;
}

/**
 * Makes the notices not made yet (one per entry and coincidence key: a second press or a retry finds the
 * rows the first made) and returns every one of them, made now or before, by id.
 */
export async function insertNotices(db: DbOrTx, notices: readonly NewNotice[]) {
  const rows = sql.join(
    notices.map(
      (n) =>
        sql`(${n.entryId}::int, ${n.communityId}::int, ${n.kind}, ${n.key}, ${n.otherEntryId}::int,
          ${n.otherScheduleId}::int, ${n.fromCompanyId}::int, ${n.toCompanyId}::int, ${n.createdByUserId}::int,
          ${n.overlapStart.toISOString()}::timestamptz, ${n.overlapEnd.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await queryTyped(
    db,
    sql`insert into calendar_notices (entry_id, community_id, kind, coincidence_key, other_entry_id,
          other_schedule_id, from_company_id, to_company_id, created_by_user_id, overlap_start, overlap_end)
        values ${rows}
        on conflict (entry_id, coincidence_key) do nothing
        returning id`,
    { id: col.int },
  );
  const entryId = notices[0]!.entryId;
  const keys = notices.map((n) => n.key);
  return queryTyped(
    db,
    sql`select id, sent_at is not null as sent from calendar_notices
        where entry_id = ${entryId} and coincidence_key in (${sqlList(keys)}) order by id`,
    { id: col.int, sent: col.bool },
  );
}

/** A notice as the policy sees it: its community, its two providers, whether it was sent and answered. */
export async function findNoticeFacts(db: DbOrTx, id: number) {
  const [row] = await queryTyped(
    db,
    sql`select community_id, from_company_id, to_company_id, acknowledged_at is not null as acknowledged,
               sent_at is not null as sent
        from calendar_notices where id = ${id}`,
    { community_id: col.int, from_company_id: col.int, to_company_id: col.int, acknowledged: col.bool, sent: col.bool },
  );
  return (
    row && {
      communityId: row.community_id,
      from: row.from_company_id,
      to: row.to_company_id,
      acknowledged: row.acknowledged,
      sent: row.sent,
    }
  );
}

/**
 * The notice, locked until the transaction ends (a second send waits here, then finds it sent), with what
 * its mails say and whom they go to (null: an address nobody has).
 */
export async function lockNoticeForMail(db: DbOrTx, id: number) {
  const [row] = await queryTyped(
    db,
    sql`select n.sent_at is not null as sent, n.community_id, n.entry_id, n.coincidence_key,
          e.provider_company_id as entry_provider_id, e.erased_at is not null as entry_erased,
          f.name as from_company, t.name as to_company,
          k.name as community, concat_ws(', ', nullif(trim(k.address), ''), nullif(trim(k.city), '')) as community_address,
          e.starts_at as visit_start, e.ends_at as visit_end, e.comment,
          n.overlap_start, n.overlap_end,
          coalesce(oe.comment, os.title, '') as other_title,
          ${managerEmail(sql`t`)} as to_email, ${managerEmail(sql`a`)} as admin_email
        from calendar_notices n
        join calendar_entries e on e.id = n.entry_id
        join communities k on k.id = n.community_id
        join companies a on a.id = k.admin_company_id
        join companies f on f.id = n.from_company_id
        join companies t on t.id = n.to_company_id
        left join calendar_entries oe on oe.id = n.other_entry_id
        left join calendar_schedules os on os.id = n.other_schedule_id
        where n.id = ${id}
        for update of n`,
    {
      sent: col.bool,
      community_id: col.int,
      entry_id: col.int,
      coincidence_key: col.text,
      entry_provider_id: col.int,
      entry_erased: col.bool,
      from_company: col.text,
      to_company: col.text,
      community: col.text,
      community_address: col.text,
      visit_start: col.date,
      visit_end: col.date,
      comment: col.text,
      overlap_start: col.date,
      overlap_end: col.date,
      other_title: col.text,
      to_email: col.textOrNull,
      admin_email: col.textOrNull,
    },
  );
  return row;
}

/** Records the notice's mails and marks it sent, with the hash of its 'Enterado' link's token. */
export async function markNoticeSent(db: DbOrTx, id: number, ackTokenHash: string, outboxIds: readonly number[]) {
  if (outboxIds.length > 0) {
    const rows = sql.join(
      outboxIds.map((outboxId) => sql`(${id}::int, ${outboxId}::int)`),
      sql`, `,
    );
    await db.execute(sql`insert into calendar_notice_mails (notice_id, outbox_id) values ${rows}`);
  }
  await db.execute(sql`update calendar_notices set sent_at = now(), ack_token_hash = ${ackTokenHash} where id = ${id}`);
}

/**
 * 'Enterado': the notice (by id, or by the hash of its link's token) is answered by `byUserId` unless it
 * was already: the first answer stays. `byUserId` 'manager' names the receiving provider's manager (the
 * mail's link is theirs), nobody when that user is deactivated (the mail went to the company's address). Returns the notice's id; undefined when there is none.
 */
export async function acknowledgeNotice(
  db: DbOrTx,
  which: { id: number } | { tokenHash: string },
  by: { userId: number } | "manager",
): Promise<number | undefined> {
  const where = "id" in which ? sql`n.id = ${which.id}` : sql`n.ack_token_hash = ${which.tokenHash}`;
  const user =
    by === "manager"
      ? sql`(select u.id from companies c join users u on u.id = c.owner_user_id and u.erased = false
              where c.id = n.to_company_id)`
      : sql`${by.userId}::int`;
  await db.execute(
    sql`update calendar_notices n set acknowledged_at = now(), acknowledged_by_user_id = ${user}
        where ${where} and n.acknowledged_at is null`,
  );
  const [row] = await queryTyped(db, sql`select n.id from calendar_notices n where ${where}`, { id: col.int });
  return row?.id;
}

const noticeColumns = {
  id: col.int,
  id_finca: col.int,
  finca_name: col.text,
  kind: col.as<CoincidenceKind>(),
  id_entry: col.int,
  from_id: col.int,
  from_name: col.text,
  to_id: col.int,
  to_name: col.text,
  startdate: col.text,
  enddate: col.text,
  overlap_start: col.text,
  overlap_end: col.text,
  created_at: col.text,
  sent_at: col.textOrNull,
  delivered_at: col.textOrNull,
  acknowledged_at: col.textOrNull,
  acknowledged_by: col.textOrNull,
};

/** A notice as the API shows it, but for what the caller may do with it. */
export type NoticeRow = Omit<CalendarNotice, "can_acknowledge">;

/**
 * Notices with their community, providers and entry, in one statement. `delivered_at` is when the last of
 * the notice's mails left, once every one has (null while any waits, or when it had none).
 */
async function readNotices(db: DbOrTx, where: SQL): Promise<NoticeRow[]> {
  const rows = await queryTyped(
    db,
    sql`select n.id, n.community_id as id_finca, k.name as finca_name, n.kind,
          n.entry_id as id_entry, f.id as from_id, f.name as from_name, t.id as to_id, t.name as to_name,
          ${wallClockSql(sql`e.starts_at`)} as startdate, ${wallClockSql(sql`e.ends_at`)} as enddate,
          ${wallClockSql(sql`n.overlap_start`)} as overlap_start, ${wallClockSql(sql`n.overlap_end`)} as overlap_end,
          ${wallClockSql(sql`n.created_at`)} as created_at, ${wallClockSql(sql`n.sent_at`)} as sent_at,
          ${wallClockSql(sql`d.delivered_at`)} as delivered_at,
          ${wallClockSql(sql`n.acknowledged_at`)} as acknowledged_at, ab.email as acknowledged_by
        from calendar_notices n
        join communities k on k.id = n.community_id
        join calendar_entries e on e.id = n.entry_id
        join companies f on f.id = n.from_company_id
        join companies t on t.id = n.to_company_id
        left join users ab on ab.id = n.acknowledged_by_user_id
        left join lateral (
          select case when count(*) > 0 and count(*) = count(o.sent_at) then max(o.sent_at) end as delivered_at
          from calendar_notice_mails m join mail_outbox o on o.id = m.outbox_id
          where m.notice_id = n.id) d on true
        where ${where}
        order by n.overlap_start, n.id`,
    noticeColumns,
  );
  return rows.map(toNotice);
}

function toNotice(r: RowOf<typeof noticeColumns>): NoticeRow {
  return {
    id: r.id,
    id_finca: r.id_finca,
    finca_name: r.finca_name,
    kind: r.kind,
    id_entry: r.id_entry,
    from_provider: { id: r.from_id, name: r.from_name },
    to_provider: { id: r.to_id, name: r.to_name },
    startdate: r.startdate,
    enddate: r.enddate,
    overlap_start: r.overlap_start,
    overlap_end: r.overlap_end,
    created_at: r.created_at,
    sent_at: r.sent_at,
    delivered_at: r.delivered_at,
    acknowledged_at: r.acknowledged_at,
    acknowledged_by: r.acknowledged_by,
  };
}

export async function noticeById(db: DbOrTx, id: number): Promise<NoticeRow | undefined> {
  const [row] = await readNotices(db, sql`n.id = ${id}`);
  return row;
}

/**
 * The community's notices whose overlap starts in the Madrid month, by overlap start; with `companyId`,
 * only those that company made or received (a notice reaches its receiver when it is sent).
 */
export function noticesOfMonth(
  db: DbOrTx,
  q: { communityId: number; year: number; month: number; companyId?: number | undefined },
) {
  return readNotices(
    db,
    sql`n.community_id = ${q.communityId}
        and n.overlap_start >= ${monthStartSql(q.year, q.month)} and n.overlap_start < ${monthStartSql(q.year, q.month, 1)}
        ${
          q.companyId === undefined
            ? sql``
            : sql`and (n.from_company_id = ${q.companyId} or (n.to_company_id = ${q.companyId} and n.sent_at is not null))`
        }`,
  );
}

/** The notice whose 'Enterado' link's token has that hash. */
export async function noticeByToken(db: DbOrTx, tokenHash: string): Promise<NoticeRow | undefined> {
  const [row] = await readNotices(db, sql`n.ack_token_hash = ${tokenHash}`);
  return row;
}
