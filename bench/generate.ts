import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.js";
import { seedCalendar } from "./calendar.js";
import { type DocumentCounts, generateDocuments } from "./generate-documents.js";

/**
 * Realistic scale for one large colegio: 5,000 provider and 1,000 administrator companies with their
 * managers, 20 communities per administrator (20,000) with 10 providers each (200,000 links) and one
 * porter each (20,000 porters, half of whom have read what their administrator gives them), 40
 * activities (two per provider), and the colegio's invitation history. Rows are made in SQL
 * (generate_series), so the generator is fast and identical on PGlite and PostgreSQL. Passwords are not
 * hashed for these rows: they never log in. Then the compliance data (generate-documents.ts): 40 document
 * definitions, 600,000 documents and 1,500,000 read marks, the per-community part thinned by
 * `documentShare` for a smaller database.
 */
/** Generated users that log in with the demo password: an administrator of 20 communities, a provider of ~40. */
export const BENCH_LOGINS = {
  administrador: "administrador@bench.test",
  gremio: "proveedor@bench.test",
} as const;

export interface Generated {
  /** milliseconds: companies, communities, links, activities, invitations */
  baseMs: number;
  /** milliseconds: definitions, documents, files and read marks */
  documentsMs: number;
  /** milliseconds: the final VACUUM ANALYZE */
  analyzeMs: number;
  documents: DocumentCounts;
  /** the community whose next month holds the calendar's visits (calendar.ts) */
  calendarCommunity: number;
}

/** The triggers that raise compliance versions (migrations 0007, 0021, 0025), those of the tables the bench fills. */
const VERSION_TRIGGERS = [
  ["colegio_members", "compliance_bump_members"],
  ["colegio_members", "compliance_bump_members_changed"],
  ["companies", "compliance_bump_companies"],
  ["company_documents", "compliance_bump_documents"],
  ["read_marks", "compliance_bump_marks"],
  ["community_providers", "compliance_bump_links"],
  ["communities", "compliance_bump_communities"],
  ["document_definitions", "compliance_bump_definitions"],
] as const;

/**
 * A bulk load of a new world: raising versions row by row would cost hours and means nothing while no
 * figure is cached yet, so those triggers are off during the load and the cache is emptied after it.
 */
async function versionTriggers(db: Db, on: boolean) {
  for (const [table, trigger] of VERSION_TRIGGERS)
    await db.execute(sql.raw(`alter table ${table} ${on ? "enable" : "disable"} trigger ${trigger}`));
  if (on) {
    await db.execute(sql`delete from company_figures_cache`);
    await db.execute(sql`delete from provider_figures_checkpoint`);
    await db.execute(sql`delete from provider_figures_cache`);
    await db.execute(sql`delete from community_figures_cache`);
    await db.execute(sql`delete from pending_work_cache`);
    await db.execute(sql`delete from colegio_dashboard_cache`);
  }
}

export async function generate(db: Db, providers = 5000, administrators = 1000, documentShare = 1): Promise<Generated> {
  await versionTriggers(db, false);
  try {
    return await generateWorld(db, providers, administrators, documentShare);
  } finally {
    await versionTriggers(db, true);
  }
}

async function generateWorld(
  db: Db,
  providers: number,
  administrators: number,
  documentShare: number,
): Promise<Generated> {
  const started = performance.now();
  const colegio = sql`(select id from companies where type = 10 order by id limit 1)`;
  await db.execute(sql`
    insert into companies (type, name, cif, cif_norm, owner_company_id, phone)
    select case when g <= ${providers} then 20 else 15 end, 'Empresa ' || g, 'BENCH' || g, 'BENCH' || g,
           ${colegio}, '91' || lpad(g::text, 7, '0')
    from generate_series(1, ${providers + administrators}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (email, user_role, company_id)
    select 'usuario' || c.id || '@bench.test', c.type, c.id from companies c where c.cif like 'BENCH%'
    on conflict do nothing`);
  await db.execute(sql`
    update companies c set owner_user_id = u.id from users u
    where u.company_id = c.id and c.cif like 'BENCH%' and c.owner_user_id is null`);
  await db.execute(sql`
    insert into colegio_members (colegio_id, company_id)
    select c.owner_company_id, c.id from companies c where c.cif like 'BENCH%'
    on conflict do nothing`);
  // 20 communities per administrator, each served by 10 providers.
  await db.execute(sql`
    insert into communities (colegio_id, admin_company_id, name, cif, cif_norm)
    select a.owner_company_id, a.id, 'Comunidad ' || a.id || '-' || g, 'HB' || a.id || 'X' || g, 'HB' || a.id || 'X' || g
    from companies a, generate_series(1, 20) g
    where a.cif like 'BENCH%' and a.type = 15
    on conflict do nothing`);
  await db.execute(sql`
    insert into community_providers (community_id, provider_company_id)
    select f.id, p.id
    from communities f
    cross join generate_series(0, 9) k
    join lateral (select id from companies
                  where cif_norm = 'BENCH' || (1 + ((f.id * 7 + k * 499) % ${providers}))) p on true
    where f.cif_norm like 'HB%'
    on conflict do nothing`);
  // One porter per community (issue 19): its own company (type 25) and user, linked to the community.
  await db.execute(sql`
    insert into companies (type, name, cif, cif_norm, owner_company_id)
    select 25, 'Portero ' || f.id, 'PORT' || f.id, 'PORT' || f.id, f.admin_company_id
    from communities f where f.cif_norm like 'HB%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (email, user_role, company_id)
    select 'portero' || c.id || '@bench.test', 25, c.id from companies c where c.cif like 'PORT%'
    on conflict do nothing`);
  await db.execute(sql`
    update companies c set owner_user_id = u.id from users u
    where u.company_id = c.id and c.cif like 'PORT%' and c.owner_user_id is null`);
  await db.execute(sql`
    insert into community_porters (community_id, porter_user_id)
    select f.id, u.id from communities f
    join companies c on c.cif_norm = 'PORT' || f.id
    join users u on u.company_id = c.id
    where f.cif_norm like 'HB%'
    on conflict do nothing`);
  // 40 activities; each provider offers two of them.
  await db.execute(sql`
    insert into activities (colegio_id, name)
    select ${colegio}, 'Actividad de banco ' || g from generate_series(1, 40) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into company_activities (company_id, activity_id)
    select c.id, a.id
    from companies c
    join lateral (select id from activities where name like 'Actividad de banco %' order by id
                  offset (c.id % 39) limit 2) a on true
    where c.cif like 'BENCH%' and c.type = 20
    on conflict do nothing`);
  // The colegio's invitation history: a few thousand sent over the years, most accepted.
  await db.execute(sql`
    insert into invitations (email, action, company_type, company_name, colegio_id, inviter_user_id,
                             inviter_company_id, status, created_at, expires_at)
    select 'invitado' || g || '@bench.test', 'create-company', case when g % 3 = 0 then 15 else 20 end,
           'Invitada ' || g, c.id, c.owner_user_id, c.id,
           case when g % 10 = 0 then 'pending' when g % 10 = 1 then 'cancelled' else 'accepted' end,
           now() - (g || ' minutes')::interval, now() + interval '7 days'
    from generate_series(1, ${providers}) g, (select id, owner_user_id from companies where type = 10 order by id limit 1) c
    on conflict do nothing`);
  // One generated administrator (the first) and one provider (the first) log in as the demo users do:
  // the same password and the terms accepted.
  for (const [email, cif] of [
    [BENCH_LOGINS.administrador, `BENCH${providers + 1}`],
    [BENCH_LOGINS.gremio, "BENCH1"],
  ] as const) {
    await db.execute(sql`
      update users set email = ${email},
             password_hash = (select password_hash from users where email = 'admin@coordina.test')
      where id = (select owner_user_id from companies where cif_norm = ${cif})`);
    await db.execute(sql`
      insert into assigned_settings (user_id, name, valuetype, value)
      select id, 'accepted-legal', 'boolean', 'true' from users where email = ${email}
      on conflict do nothing`);
  }
  const based = performance.now();
  const documents = await generateDocuments(db, providers, documentShare);
  // The porters of every other community have read what their administrator gives porters there.
  await db.execute(sql`
    insert into read_marks (document_id, community_id, reader_company_id, user_id)
    select cd.id, f.id, u.company_id, u.id
    from community_porters cp
    join users u on u.id = cp.porter_user_id
    join communities f on f.id = cp.community_id
    join company_documents cd on cd.company_id = f.admin_company_id and cd.erased = false
      and (cd.community_id = f.id or cd.community_id is null)
    join document_definitions d on d.id = cd.definition_id and d.dest_read_required
      and d.requirement_dest in (25, 26, 27) and d.assocfinca = (cd.community_id is not null)
    where f.cif_norm like 'HB%' and f.id % 2 = 0
    on conflict do nothing`);
  const documented = performance.now();
  const calendarCommunity = await seedCalendar(db, BENCH_LOGINS.gremio);
  // As autovacuum would after a bulk load: statistics, and the GIN indexes' pending lists merged.
  await db.execute(sql`vacuum analyze`);
  return {
    baseMs: based - started,
    documentsMs: documented - based,
    analyzeMs: performance.now() - documented,
    documents,
    calendarCommunity,
  };
}
