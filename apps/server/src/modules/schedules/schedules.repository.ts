import type { Schedule } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";

/** A schedule row as the API sends it (spec 02 §3 'Calendar schedule'): weekdays '1,3,5', times 'HH:mm'. */
const scheduleColumns = sql`s.id, s.title, array_to_string(s.weekdays, ',') as weekday,
  to_char(s.start_time, 'HH24:MI') as starttime, to_char(s.end_time, 'HH24:MI') as endtime,
  s.obsolete::text as obsolete, s.company_id as id_company`;
const scheduleRow = {
  id: col.int,
  title: col.text,
  weekday: col.text,
  starttime: col.text,
  endtime: col.text,
  obsolete: col.dayOrNull,
  id_company: col.int,
};

/** A company's live (not deleted) schedules, by their first weekday, then start time. */
export function liveSchedulesOf(db: DbOrTx, companyId: number): Promise<Schedule[]> {
  return queryTyped(
    db,
    sql`select ${scheduleColumns} from calendar_schedules s
        where s.company_id = ${companyId} and s.erased_at is null
        order by s.weekdays[1], s.start_time, s.id`,
    scheduleRow,
  );
}

export interface NewSchedule {
  companyId: number;
  title: string;
  /** sorted, no repeats, each 1–7 */
  weekdays: number[];
  /** 'HH:mm' */
  startTime: string;
  endTime: string;
  obsolete: string | null;
}

export async function insertSchedule(db: DbOrTx, s: NewSchedule): Promise<Schedule> {
  const weekdays = sql.join(
    s.weekdays.map((d) => sql`${d}`),
    sql`, `,
  );
  const [row] = await queryTyped(
    db,
    sql`with s as (
          insert into calendar_schedules (company_id, title, weekdays, start_time, end_time, obsolete)
          values (${s.companyId}, ${s.title}, array[${weekdays}]::smallint[], ${s.startTime}::time,
                  ${s.endTime}::time, ${s.obsolete}::date)
          returning *)
        select ${scheduleColumns} from s`,
    scheduleRow,
  );
  return row!;
}

/** Whose a schedule is and whether it was deleted; undefined when there is none with that id. */
export async function findScheduleOwner(db: DbOrTx, id: number) {
  const [row] = await queryTyped(
    db,
    sql`select company_id, erased_at is not null as erased from calendar_schedules where id = ${id}`,
    { company_id: col.int, erased: col.bool },
  );
  return row && { companyId: row.company_id, erased: row.erased };
}

/** Deletes a live schedule (sets `erased_at`); false when it was already deleted. */
export async function eraseSchedule(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryTyped(
    db,
    sql`update calendar_schedules set erased_at = now() where id = ${id} and erased_at is null returning id`,
    { id: col.int },
  );
  return rows.length > 0;
}
