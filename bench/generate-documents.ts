import { todayInSpain } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../apps/server/src/db/client.js";

/**
 * The compliance engine's data for the big colegio of generate.ts (docs/compliance.md): 40 document
 * definitions (the demo's 6 and 34 more), 600,000 company documents with their file records, and
 * 1,500,000 read marks. Everything is made in SQL, set by set (INSERT … SELECT over the companies,
 * communities and links already there), so the same code seeds PostgreSQL and PGlite.
 *
 * What is in it:
 * - Definitions: provider uploads, general (insurance, tax and social security certificates, several
 *   obsoletable with an expiry, some validated by the colegio) and per community (`assocfinca`);
 *   provider → administrator documents with `dest_read_required`, provider → provider ones that other
 *   providers must read, administrator → provider notices (per community and general) that providers
 *   must read, administrator records nobody reads, porter definitions (the porters of generate.ts upload
 *   nothing), and one deleted definition whose documents are deleted with it.
 * - Documents: every provider's general documents (most of the mandatory ones, some optional ones),
 *   the administrators' general documents, per-community documents of the administrators (most of each
 *   community's notices) and of the providers (fewer: many communities are behind), earlier expired
 *   versions of obsoletable documents, ~15% of current obsoletable documents expired and a few
 *   incomplete (no date) or valid through today, 3% deleted, 1% of the file records deleted, a quarter
 *   of the documents needing the colegio's validation still waiting for it. One provider in 8 is
 *   diligent: every mandatory document uploaded wherever it serves, current and validated. File records
 *   share a few SHA-256 values (the same PDF uploaded many times); no blobs are stored.
 * - Read marks: only valid read duties (rule 2): the reader serves the community, the document counts
 *   there (its own community, or a general document of a party), its definition requires reading by
 *   providers, and its uploader is the community's administrator or another provider of it. Diligent
 *   providers have read all of theirs; of the others, 60% of (community, provider) pairs read a share of
 *   their duties, so that the total is exact. So 'Ver solo docs pendientes' leaves out about 1 in 8.
 *
 * `share` (1 on PostgreSQL) thins the per-community part for a smaller database: with 10, only the
 * communities of every 10th administrator (the first, who logs in, among them) get per-community
 * documents and read marks (1/10 of each), while every provider and administrator keeps its general
 * documents, so the administrator's and the community's rows the benchmark measures have the same
 * documents as at full scale. A provider's figures over its ~40 communities then miss the documents and
 * marks of the other 9/10, and no provider is up to date there.
 */
export interface DocumentCounts {
  definitions: number;
  documents: number;
  marks: number;
  /** milliseconds per step */
  steps: Record<string, number>;
}

const DOCUMENTS = 600_000;
const READ_MARKS = 1_500_000;

type Flag = "mandatory" | "assocfinca" | "obsoletable" | "validate" | "read" | "erased" | "LOPD" | "PORTERO";
/** [name, origin, dest, flags]: the 34 definitions added to the demo's 6 (apps/server/src/db/seed/demo.ts). */
const DEFINITIONS: [string, number, number, Flag[]][] = [
  // Provider uploads, general (uploaded once, count in every community served).
  ["Recibo del seguro de responsabilidad civil", 5, 0, ["mandatory", "obsoletable"]],
  ["Certificado de estar al corriente con la AEAT", 5, 0, ["mandatory", "obsoletable", "validate"]],
  ["Certificado de estar al corriente con la Seguridad Social", 5, 0, ["mandatory", "obsoletable"]],
  ["RNT / TC2 del último mes", 5, 0, ["mandatory", "obsoletable"]],
  ["Planificación de la actividad preventiva", 5, 0, ["mandatory", "read"]],
  ["Concierto con el servicio de prevención ajeno", 5, 0, ["mandatory", "obsoletable", "validate"]],
  ["Formación en prevención de los trabajadores", 5, 0, ["mandatory"]],
  ["Información de riesgos a los trabajadores", 5, 0, ["mandatory"]],
  ["Registro de entrega de EPI", 5, 0, ["mandatory"]],
  ["Aptitud médica de los trabajadores", 5, 0, ["mandatory", "obsoletable"]],
  ["Certificado ISO 9001", 5, 0, ["obsoletable"]],
  ["Memoria de la empresa", 5, 0, []],
  ["Plan de prevención de la empresa", 5, 5, ["mandatory", "read"]],
  ["Procedimientos de trabajo seguro", 5, 26, ["mandatory", "read"]],
  ["Registro de actividades de tratamiento", 27, 27, ["mandatory", "validate", "LOPD"]],
  // Provider uploads per community (assocfinca).
  ["Evaluación de riesgos específica de la finca", 5, 0, ["mandatory", "assocfinca", "read"]],
  ["Plan de trabajo en la finca", 5, 5, ["mandatory", "assocfinca", "read"]],
  ["Acta de coordinación de actividades", 5, 0, ["mandatory", "assocfinca"]],
  ["Autorización de trabajos en altura", 5, 0, ["mandatory", "assocfinca", "obsoletable"]],
  ["Coordinación con otros proveedores de la finca", 5, 26, ["assocfinca", "read"]],
  ["Parte de trabajo", 5, 0, ["assocfinca"]],
  ["Presupuesto aceptado", 5, 0, ["assocfinca", "erased"]],
  // Administrator uploads per community: notices to providers, and records.
  ["Medidas de emergencia de la finca", 0, 5, ["mandatory", "assocfinca", "read"]],
  ["Instrucciones de acceso a la finca", 0, 26, ["mandatory", "assocfinca", "read"]],
  ["Normas internas de la comunidad", 0, 5, ["assocfinca", "read"]],
  ["Revisión de extintores", 0, 5, ["mandatory", "assocfinca", "obsoletable", "read"]],
  ["Revisión del ascensor", 0, 5, ["assocfinca", "obsoletable", "read"]],
  ["Boletín de la instalación eléctrica", 0, -1, ["assocfinca", "obsoletable"]],
  ["Acta de la junta", 0, -1, ["assocfinca"]],
  ["Plano de la finca", 0, 27, ["assocfinca", "read"]],
  // Administrator uploads, general.
  ["Protocolo de coordinación del administrador", 0, 5, ["mandatory", "read"]],
  ["Teléfonos de emergencia del administrador", 0, 26, ["mandatory", "read"]],
  ["Certificado de colegiado", 0, -1, ["mandatory", "obsoletable", "validate"]],
  // Porters: generate.ts gives every community one, who uploads nothing (their duties stay open).
  ["Cuadrante del portero", 25, 5, ["PORTERO"]],
];

const PROVIDER = sql.raw("(5, 26, 27)");
const ADMINISTRATOR = sql.raw("(0, 27)");

/** A pseudo-random non-negative int from integers: deterministic, so every run seeds the same world. */
function hash(salt: number, ...parts: SQL[]): SQL {
  const mixed = parts.reduce<SQL>(
    (acc, p) => sql`hashint8(${acc}::bigint * 1000003 + ${p})`,
    sql`hashint8(${salt}::bigint)`,
  );
  return sql`(${mixed} & 2147483647)`;
}

/** The same, in 0..999. */
function permille(salt: number, ...parts: SQL[]): SQL {
  return sql`(${hash(salt, ...parts)} % 1000)`;
}

/** One provider in 8 is diligent: everything uploaded, current and validated, everything read. */
function diligent(company: SQL): SQL {
  return sql`(${permille(16, company)} < 125)`;
}

async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await queryRows<T>(db, query))[0]!;
}

export async function generateDocuments(db: Db, providers: number, share = 1): Promise<DocumentCounts> {
  const today = todayInSpain();
  const steps: Record<string, number> = {};
  let last = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    steps[step] = Math.round(now - last);
    last = now;
  };
  const { colegio, colegio_user } = await one<{ colegio: number; colegio_user: number }>(
    db,
    sql`select id as colegio, owner_user_id as colegio_user from companies where type = 10 order by id limit 1`,
  );
  const values = DEFINITIONS.map(([name, origin, dest, flags]) => {
    const has = (f: Flag) => flags.includes(f);
    return sql`(${colegio}::int, ${name}::text, ${origin}::int, ${dest}::int, ${has("read")}::boolean,
      ${has("assocfinca")}::boolean, ${has("mandatory")}::boolean, ${has("obsoletable")}::boolean,
      ${has("validate")}::boolean, ${has("erased")}::boolean,
      ${has("LOPD") ? "LOPD" : has("PORTERO") ? "PORTERO" : null}::text)`;
  });
  await db.execute(sql`
    insert into document_definitions (colegio_id, name, requirement_origin, requirement_dest, dest_read_required,
      assocfinca, mandatory, obsoletable, validate_colegio_required, erased, "group")
    select * from (values ${sql.join(values, sql`, `)}) v
    where not exists (select 1 from document_definitions d where d.colegio_id = ${colegio} and d.name = v.column2)`);

  lap("definiciones");

  // The communities that get per-community documents and marks (all of them when share = 1).
  const inShare = (f: SQL) =>
    share === 1
      ? sql`${f}.cif_norm like 'HB%'`
      : sql`${f}.cif_norm like 'HB%' and ${f}.admin_company_id in (
          select id from companies where cif_norm like 'BENCH%' and type = 15
            and (substr(cif_norm, 6)::int - ${providers + 1}) % ${share} = 0)`;

  // 1. The plan: which (definition, company, community) has a document, and which an earlier version.
  await db.execute(sql`drop table if exists bench_doc_plan`);
  await db.execute(sql`
    create unlogged table bench_doc_plan (definition_id int not null, company_id int not null, community_id int,
      version int not null, general boolean not null, diligent boolean not null, k int not null)`);
  const owners: [SQL, SQL, SQL, number, number][] = [
    // [owners (company_id, community_id), definitions' origin, assocfinca, ‰ mandatory, ‰ optional]
    // A diligent provider has a current document for every mandatory definition, wherever it serves.
    [
      sql`select id as company_id, null::int as community_id from companies where cif_norm like 'BENCH%' and type = 20`,
      PROVIDER,
      sql`false`,
      800,
      300,
    ],
    [
      sql`select id as company_id, null::int as community_id from companies where cif_norm like 'BENCH%' and type = 15`,
      ADMINISTRATOR,
      sql`false`,
      800,
      300,
    ],
    [
      sql`select cp.provider_company_id as company_id, f.id as community_id
          from communities f join community_providers cp on cp.community_id = f.id and cp.erased = false
          where ${inShare(sql`f`)}`,
      PROVIDER,
      sql`true`,
      400,
      150,
    ],
    [
      sql`select f.admin_company_id as company_id, f.id as community_id from communities f where ${inShare(sql`f`)}`,
      ADMINISTRATOR,
      sql`true`,
      800,
      300,
    ],
  ];
  for (const [who, origins, assocfinca, mandatory, optional] of owners) {
    const cell = [sql`d.id`, sql`o.company_id`, sql`coalesce(o.community_id, 0)`];
    await db.execute(sql`
      insert into bench_doc_plan (definition_id, company_id, community_id, version, general, diligent, k)
      select d.id, o.company_id, o.community_id, v.version, o.community_id is null, o.diligent,
             ${hash(7, ...cell, sql`v.version`)}
      from (select w.*, ${origins === PROVIDER ? diligent(sql`w.company_id`) : sql`false`} as diligent
            from (${who}) w) o
      join document_definitions d on d.colegio_id = ${colegio} and d.requirement_origin in ${origins}
        and d.assocfinca = ${assocfinca}
      cross join (values (0), (1)) v(version)
      where (${permille(1, ...cell)} < case when d.mandatory then ${mandatory}::int else ${optional}::int end
             or (o.diligent and d.mandatory and d.erased = false))
        and (v.version = 0 or (d.obsoletable and ${permille(2, ...cell)} < 400))`);
  }
  // Exactly DOCUMENTS / share documents: every general one and every diligent provider's, and a uniform
  // sample of the other per-community ones.
  const { general, kept, local } = await one<{ general: string; kept: string; local: string }>(
    db,
    sql`select count(*) filter (where general) as general, count(*) filter (where not general and diligent) as kept,
               count(*) filter (where not general and not diligent) as local
        from bench_doc_plan`,
  );
  const keepLocal = Math.max(0, Math.round((DOCUMENTS - Number(general)) / share) - Number(kept));
  if (Number(local) > keepLocal) {
    await db.execute(sql`
      delete from bench_doc_plan p using (
        select ctid, row_number() over (order by k, definition_id, company_id, community_id, version) as rn
        from bench_doc_plan where not general and not diligent) s
      where p.ctid = s.ctid and s.rn > ${keepLocal}`);
  }

  lap("plan");

  // 2. Rows numbered by upload time, with their dates and states, then files and documents with ids
  // taken after the existing ones (the sequences are moved past them).
  await db.execute(sql`drop table if exists bench_doc_rows`);
  const n = sql`r.n`;
  await db.execute(sql`
    create unlogged table bench_doc_rows as
    select row_number() over (order by x.created_at, x.definition_id, x.company_id, x.community_id)::int as n, x.*
    from (select p.*, c.owner_user_id as user_id, d.obsoletable, d.validate_colegio_required, d.erased as def_erased,
                 case
                   when p.diligent and p.version = 0 then case
                     when d.obsoletable or ${permille(4, sql`p.k`)} < 70
                     then ${today}::date + (30 + ${permille(5, sql`p.k`)} % 500) end
                   when p.version = 1 then ${today}::date - (30 + ${permille(3, sql`p.k`)} % 700)
                   when d.obsoletable then case
                     when ${permille(4, sql`p.k`)} < 150 then ${today}::date - (1 + ${permille(5, sql`p.k`)} % 365)
                     when ${permille(4, sql`p.k`)} < 170 then null
                     when ${permille(4, sql`p.k`)} < 190 then ${today}::date
                     else ${today}::date + (1 + ${permille(5, sql`p.k`)} % 540) end
                   when ${permille(4, sql`p.k`)} < 70 then ${today}::date + (1 + ${permille(5, sql`p.k`)} % 540)
                   when ${permille(4, sql`p.k`)} < 100 then ${today}::date - (1 + ${permille(5, sql`p.k`)} % 365)
                 end as obsolete,
                 now() - (p.version * 365 + ${permille(6, sql`p.k`)} % 700) * interval '1 day'
                       - ${permille(8, sql`p.k`)} * interval '86 seconds' as created_at
          from bench_doc_plan p
          join document_definitions d on d.id = p.definition_id
          join companies c on c.id = p.company_id) x`);
  await db.execute(sql`drop table bench_doc_plan`);
  lap("filas");
  const { files_base, docs_base } = await one<{ files_base: number; docs_base: number }>(
    db,
    sql`select (select coalesce(max(id), 0) from files)::int as files_base,
               (select coalesce(max(id), 0) from company_documents)::int as docs_base`,
  );
  await db.execute(sql`
    insert into files (id, sha256, size, name, ftype, obsolete, owner_user_id, owner_company_id, deleted, created_at)
    select ${files_base}::int + ${n},
           -- one upload in 40 is one of 25 common PDFs (a model form everybody sends)
           lpad(to_hex(case when ${n} % 40 = 0 then 1000000000 + ${n} % 25 else ${n} end), 64, '0'),
           20000 + ${permille(9, n)} * 900, 'documento-' || ${n} || '.pdf', 'application/pdf', r.obsolete,
           r.user_id, r.company_id, not r.diligent and ${permille(10, n)} < 10, r.created_at
    from bench_doc_rows r`);
  lap("files");
  await db.execute(sql`
    insert into company_documents (id, definition_id, company_id, community_id, file_id, user_id, validated,
                                   validated_at, validated_by, erased, erased_at, created_at)
    select ${docs_base}::int + ${n}, r.definition_id, r.company_id, r.community_id, ${files_base}::int + ${n}, r.user_id,
           v.validated, case when v.validated then r.created_at + interval '2 days' end,
           case when v.validated then ${colegio_user}::int end,
           e.erased, case when e.erased then r.created_at + interval '30 days' end, r.created_at
    from bench_doc_rows r
    cross join lateral (select r.validate_colegio_required and (r.diligent or ${permille(11, n)} < 750) as validated) v
    cross join lateral (select r.def_erased or (not r.diligent and ${permille(12, n)} < 30) as erased) e`);
  await db.execute(sql`drop table bench_doc_rows`);
  lap("company_documents");
  for (const table of ["files", "company_documents"]) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }

  // 3. Read marks: only valid read duties. The parties of each community (its administrator, its live
  // providers), their documents that count there (per-community ones for it, general ones) of
  // definitions providers must read, and the other live providers of the community as readers. A
  // diligent reader has read all of them; of the others, 60% of (community, reader) pairs read a share of
  // their duties, counted first so that the total is exactly READ_MARKS / share.
  await db.execute(sql`analyze communities, community_providers, document_definitions, files, company_documents`);
  const party = sql`(select f.id as community_id, f.admin_company_id as company_id
      from communities f where ${inShare(sql`f`)} and f.erased = false
    union all
    select f.id, cp.provider_company_id
      from communities f join community_providers cp on cp.community_id = f.id and cp.erased = false
      where ${inShare(sql`f`)} and f.erased = false)`;
  const readable = sql`(select d.id, d.company_id, d.community_id, d.created_at
      from company_documents d
      join document_definitions def on def.id = d.definition_id and def.colegio_id = ${colegio}
        and def.dest_read_required and def.requirement_dest in ${PROVIDER}
        and def.assocfinca = (d.community_id is not null)
      where d.erased = false)`;
  const duties = (readers: SQL) => sql`
    select d.id as document_id, p.community_id, r.provider_company_id as reader, d.created_at
    from ${party} p
    join ${readable} d on d.company_id = p.company_id and d.community_id = p.community_id
    join community_providers r on r.community_id = p.community_id and r.erased = false
      and r.provider_company_id <> p.company_id
    where ${readers}
    union all
    select d.id as document_id, p.community_id, r.provider_company_id as reader, d.created_at
    from ${party} p
    join ${readable} d on d.company_id = p.company_id and d.community_id is null
    join community_providers r on r.community_id = p.community_id and r.erased = false
      and r.provider_company_id <> p.company_id
    where ${readers}`;
  const mark = (from: SQL, where: SQL, limit?: number) => sql`
    insert into read_marks (document_id, community_id, reader_company_id, user_id, created_at)
    select x.document_id, x.community_id, x.reader, c.owner_user_id,
           least(now(), x.created_at
                        + ${permille(14, sql`x.document_id`, sql`x.community_id`, sql`x.reader`)} % 90 * interval '1 day')
    from (${from}) x
    join companies c on c.id = x.reader
    where ${where}
    ${limit === undefined ? sql`` : sql`limit ${limit}`}
    on conflict do nothing`;
  const wanted = Math.round(READ_MARKS / share);
  await db.execute(mark(duties(diligent(sql`r.provider_company_id`)), sql`true`));
  const { done } = await one<{ done: string }>(db, sql`select count(*) as done from read_marks`);
  const others = duties(
    sql`not ${diligent(sql`r.provider_company_id`)}
        and ${permille(13, sql`p.community_id`, sql`r.provider_company_id`)} < 600`,
  );
  const { total } = await one<{ total: string }>(db, sql`select count(*) as total from (${others}) x`);
  lap("deberes de lectura");
  const rest = Math.max(0, wanted - Number(done));
  // The share of each reading pair's duties that is read, with a margin: the sample stops at `rest`.
  const threshold = Math.min(1000, Math.ceil((rest / Math.max(1, Number(total))) * 1000 * 1.03));
  await db.execute(
    mark(others, sql`${permille(15, sql`x.document_id`, sql`x.community_id`, sql`x.reader`)} < ${threshold}`, rest),
  );
  lap("read_marks");

  const counts = await one<Omit<DocumentCounts, "steps">>(
    db,
    sql`select (select count(*) from document_definitions where colegio_id = ${colegio} and erased = false)::int
                 as definitions,
               (select count(*) from company_documents)::int as documents,
               (select count(*) from read_marks)::int as marks`,
  );
  return { ...counts, steps };
}
