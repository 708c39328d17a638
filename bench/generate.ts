import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.js";

/**
 * Realistic scale: a colegio of a large region has a few thousand administrator and provider companies,
 * their users and the invitations it sent them. Rows are made in SQL (generate_series), so the generator is fast
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
  // The colegio's invitation history: a few thousand sent over the years, most accepted.
  await db.execute(sql`
    insert into invitations (email, action, company_type, company_name, colegio_id, inviter_user_id,
                             inviter_company_id, status, created_at, expires_at)
    select 'invitado' || g || '@bench.test', 'create-company', case when g % 3 = 0 then 15 else 20 end,
           'Invitada ' || g, c.id, c.owner_user_id, c.id,
           case when g % 10 = 0 then 'pending' when g % 10 = 1 then 'cancelled' else 'accepted' end,
           now() - (g || ' minutes')::interval, now() + interval '7 days'
    from generate_series(1, ${companies}) g, (select id, owner_user_id from companies where type = 10 order by id limit 1) c
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
