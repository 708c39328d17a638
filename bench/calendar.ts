/**
 * Issue 22's calendar target, measured by `npm run bench`: one community whose next month holds 1,000 visits
 * of its 10 providers (seedCalendar, in SQL before the server starts), read as the provider's screen first
 * asks for it (companies/calendar-fincas/provider: the days the month's entries cover and the first page of the
 * other providers' entries) and written to with the coincidence check of each new visit
 * (companies/calendar-fincas/add), p99 under 50 ms at 20 connections, beside `/health` of the same run.
 */
import type autocannon from "autocannon";
import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.js";

export const CALENDAR_ENTRIES = 1000;
export const CALENDAR_P99_TARGET = 50;

/** The month after today's in Madrid: year, month (1–12) and 'YYYY-MM'. */
export function nextMonth(now = new Date()) {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  return { year, month, prefix: `${year}-${String(month).padStart(2, "0")}` };
}

/**
 * The first community that the bench provider serves, filled with CALENDAR_ENTRIES visits of 1 to 4 hours in
 * next month, on working hours, by its live providers in turn (created by each provider's manager); two of
 * them also keep a weekly schedule, so each check reads entries and schedules.
 */
export async function seedCalendar(db: Db, providerEmail: string): Promise<number> {
  const { prefix } = nextMonth();
  const found = (await db.execute(sql`
    select cp.community_id as id from community_providers cp
    join companies c on c.id = cp.provider_company_id
    join users u on u.id = c.owner_user_id
    where u.email = ${providerEmail} and not cp.erased
    order by cp.community_id limit 1`)) as unknown as { rows: { id: number }[] };
  const community = found.rows[0]?.id;
  if (community === undefined) throw new Error("the bench provider serves no community");
  await db.execute(sql`
    with providers as (
      select cp.provider_company_id as id, c.owner_user_id as user_id,
             row_number() over (order by cp.provider_company_id) - 1 as n, count(*) over () as total
      from community_providers cp join companies c on c.id = cp.provider_company_id
      where cp.community_id = ${community} and not cp.erased and c.owner_user_id is not null)
    insert into calendar_entries (community_id, provider_company_id, created_by_user_id, starts_at, ends_at, comment)
    select ${community}, p.id, p.user_id, s.starts_at, s.starts_at + ((1 + g % 4) || ' hours')::interval,
           'Visita de mantenimiento ' || g
    from generate_series(0, ${CALENDAR_ENTRIES - 1}) g
    cross join lateral (
      select ((${prefix} || '-01')::date + (g % 28) + make_interval(hours => 8 + g % 10))::timestamp
             at time zone 'Europe/Madrid' as starts_at) s
    join providers p on p.n = g % p.total`);
  await db.execute(sql`
    insert into calendar_schedules (company_id, title, weekdays, start_time, end_time)
    select cp.provider_company_id, 'Limpieza semanal', '{1,3,5}', '08:00', '10:00'
    from community_providers cp where cp.community_id = ${community} and not cp.erased
    order by cp.provider_company_id limit 2`);
  return community;
}

type Request = { method: "POST" | "GET"; headers: Record<string, string>; body?: string };
/** A request, or one whose body each request made anew (autocannon's `setupRequest`). */
type Load = Request & { requests?: { setupRequest: (req: autocannon.Request) => autocannon.Request }[] };

/**
 * The n-th visit the bench adds: two hours on a working day and hour of next month, each slot in turn, as a
 * provider plans its rounds (the same two hours added thousands of times would each coincide with all of them).
 */
function nthVisit(prefix: string, n: number) {
  const day = String(1 + (n % 28)).padStart(2, "0");
  const hour = 8 + (Math.floor(n / 28) % 9);
  const at = (h: number) => `${prefix}-${day} ${String(h).padStart(2, "0")}:00`;
  return { startdate: at(hour), enddate: at(hour + 2), comment: "" };
}

/**
 * The month read and the add with its coincidence check, as the bench provider. `vsHealth` is run.ts's load
 * next to `/health` with a p99 target; `request` builds a logged-in request body.
 */
export async function measureCalendar(
  base: string,
  community: number,
  request: (body: object) => Request,
  vsHealth: (url: string, opts: Load, targetMs: number) => Promise<string>,
): Promise<[string, string][]> {
  const { year, month, prefix } = nextMonth();
  const month1000 = `POST /companies/calendar-fincas/provider (mes de una comunidad, ${CALENDAR_ENTRIES.toLocaleString("es-ES")} entradas: sus días y la pág. 1 de 'Otros Proveedores')`;
  const add =
    "POST /companies/calendar-fincas/add (con la comprobación de coincidencias; cada una en otra franja del mes)";
  let added = 0;
  return [
    [
      month1000,
      await vsHealth(
        `${base}/companies/calendar-fincas/provider`,
        request({ year, month, id_finca: community, side: "others" }),
        CALENDAR_P99_TARGET,
      ),
    ],
    [
      add,
      await vsHealth(
        `${base}/companies/calendar-fincas/add`,
        {
          ...request({ id_finca: community, ...nthVisit(prefix, 0) }),
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                body: request({ id_finca: community, ...nthVisit(prefix, added++) }).body,
              }),
            },
          ],
        },
        CALENDAR_P99_TARGET,
      ),
    ],
  ];
}
