import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.js";

/**
 * Realistic scale for the login path: a colegio of a large region has a few thousand administrator and
 * provider companies and their users. Rows are made in SQL (generate_series), so the generator is fast
 * and identical on PGlite and PostgreSQL. Passwords are not hashed for these rows: they never log in.
 */
export async function generate(db: Db, companies = 5000) {
  await db.execute(sql`
    insert into companies (type, name, cif, cif_norm, owner_company_id)
    select case when g % 3 = 0 then 15 else 20 end, 'Empresa ' || g, 'BENCH' || g, 'BENCH' || g,
           (select id from companies where type = 10 order by id limit 1)
    from generate_series(1, ${companies}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (email, user_role, company_id)
    select 'usuario' || c.id || '@bench.test', c.type, c.id from companies c where c.cif like 'BENCH%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into colegio_members (colegio_id, company_id)
    select c.owner_company_id, c.id from companies c where c.cif like 'BENCH%'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
