import type { CompanyFigures } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type Db, queryRowsPrepared } from "../../db/client.js";
import { companyFigures } from "./compliance.sql.js";

/**
 * The figures of some companies in a colegio on `today` (companyFigures), from company_figures_cache
 * where a row of that day holds the company's current version, computed and stored otherwise. One
 * statement, so the versions it stores and the figures it computes come from the same snapshot: a write
 * committed after it raised the version, and the row it stores is never used.
 */
export async function companyFiguresOf(
  db: Db,
  colegioId: number,
  companyIds: number[],
  today: string,
): Promise<Map<number, CompanyFigures>> {
  if (companyIds.length === 0) return new Map();
  const ids = sql`${`{${companyIds.join(",")}}`}::int[]`;
  const rows = await queryRowsPrepared<Record<string, number | string>>(
    db,
    sql`with want as (
          select x.id, coalesce(v.version, 0) as version
          from unnest(${ids}) x(id) left join compliance_versions v on v.company_id = x.id),
        hit as (
          select k.company_id, k.upload_must, k.all_uploaded, k.read_must, k.read_all, k.pending_validation
          from company_figures_cache k join want on want.id = k.company_id and want.version = k.version
          where k.colegio_id = ${colegioId} and k.day = ${today}::date),
        fresh as (
          insert into company_figures_cache (colegio_id, company_id, day, version, upload_must, all_uploaded,
                                             read_must, read_all, pending_validation)
          select ${colegioId}, want.id, ${today}::date, want.version, d.upload_must, d.all_uploaded, d.read_must,
                 d.read_all, d.pending_validation
          from want cross join lateral ${companyFigures(colegioId, sql`want.id`, today)} d
          where not exists (select 1 from hit where hit.company_id = want.id)
          order by want.id
          on conflict (colegio_id, company_id) do update set day = excluded.day, version = excluded.version,
            upload_must = excluded.upload_must, all_uploaded = excluded.all_uploaded, read_must = excluded.read_must,
            read_all = excluded.read_all, pending_validation = excluded.pending_validation
          returning company_id, upload_must, all_uploaded, read_must, read_all, pending_validation)
        select * from hit union all select * from fresh`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.company_id),
      {
        upload_must: Number(r.upload_must),
        all_uploaded: Number(r.all_uploaded),
        read_must: Number(r.read_must),
        read_all: Number(r.read_all),
        pending_validation: Number(r.pending_validation),
      },
    ]),
  );
}
