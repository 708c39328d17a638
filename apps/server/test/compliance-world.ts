import { type ComplianceWorld, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database, Db } from "../src/db/client.js";
import * as schema from "../src/db/schema/index.js";

/*
 * A compliance world (packages/domain/src/compliance.ts) stored as database rows, fast: each table is
 * written by one multi-row INSERT, the whole world in two statements. The rows keep the world's ids
 * (explicit values in the serial columns), so the model and the database speak of the same ids; a
 * world is meant to live inside a transaction that is rolled back (inRolledBackTransaction), on a fresh
 * database (createTestDatabase) where those ids are free.
 */

/** A ComplianceWorld with its companies: colegios (type 10), administrators (15) and providers (20). */
export interface StoredWorld extends ComplianceWorld {
  colegios: number[];
  admins: number[];
  providers: number[];
}

/** The user every owner/uploader/reader foreign key points to; it works for the first colegio. */
const WORLD_USER_ID = 1;

type Literal = number | boolean | string | null;

/** A SQL literal of a value the tests generate (numbers, booleans, dates, plain names). */
function literal(value: Literal): string {
  if (value === null) return "null";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return String(value);
}

function valuesList(rows: Literal[][]): string {
  return rows.map((row) => `(${row.map(literal).join(", ")})`).join(", ");
}

/** One data-modifying CTE per non-empty table, all in one statement (foreign keys are checked at its end). */
async function insertAll(db: Db, inserts: [table: string, columns: string, rows: Literal[][], tail?: string][]) {
  const ctes = inserts
    .filter(([, , rows]) => rows.length > 0)
    .map(
      ([table, columns, rows, tail], i) =>
        `w${i} as (insert into ${table} (${columns}) values ${valuesList(rows)}${tail ? ` ${tail}` : ""})`,
    );
  if (ctes.length === 0) return;
  await db.execute(sql.raw(`with ${ctes.join(", ")} select 1`));
}

/**
 * Writes (part of) a world: companies and the world's user when `companies` is set, then communities,
 * links (an existing link takes the given `erased`: removing and adding a provider again), definitions,
 * documents with their files (the expiry and the file's deletion live on the file), read marks (marking
 * twice keeps the first mark).
 */
export async function insertWorldRows(
  db: Db,
  rows: Partial<Omit<StoredWorld, "today">> & { withCompanies?: boolean },
): Promise<void> {
  const colegios = rows.colegios ?? [];
  const admins = rows.admins ?? [];
  const providers = rows.providers ?? [];
  if (rows.withCompanies) {
    const firstColegio = colegios[0];
    if (firstColegio === undefined) throw new Error("a world needs a colegio");
    await insertAll(db, [
      [
        "companies",
        "id, type, name",
        [
          ...colegios.map((id) => [id, Role.colegio, `Colegio ${id}`]),
          ...admins.map((id) => [id, Role.administrador, `Administrador ${id}`]),
          ...providers.map((id) => [id, Role.gremio, `Proveedor ${id}`]),
        ],
      ],
      [
        "users",
        "id, email, user_role, company_id",
        [[WORLD_USER_ID, "mundo@coordina.test", Role.colegio, firstColegio]],
      ],
    ]);
  }
  // Memberships come in the second statement: their trigger reads the member's type from companies.
  const members = rows.withCompanies ? colegios.flatMap((g) => [...admins, ...providers].map((c) => [g, c])) : [];
  const documents = rows.documents ?? [];
  const inserts: Parameters<typeof insertAll>[1] = [
    ["colegio_members", "colegio_id, company_id", members],
    [
      "communities",
      "id, colegio_id, admin_company_id, name, cif, cif_norm, erased",
      (rows.communities ?? []).map((c) => [
        c.id,
        c.colegioId,
        c.adminCompanyId,
        `Finca ${c.id}`,
        `H${c.id}`,
        `H${c.id}`,
        c.erased,
      ]),
    ],
    [
      "community_providers",
      "community_id, provider_company_id, erased",
      (rows.links ?? []).map((l) => [l.communityId, l.providerId, l.erased]),
      "on conflict (community_id, provider_company_id) do update set erased = excluded.erased",
    ],
    [
      "document_definitions",
      "id, colegio_id, name, requirement_origin, requirement_dest, dest_read_required, assocfinca, mandatory, obsoletable, validate_colegio_required, erased",
      (rows.definitions ?? []).map((d) => [
        d.id,
        d.colegioId,
        `Definición ${d.id}`,
        d.origin,
        d.dest,
        d.destReadRequired,
        d.assocfinca,
        d.mandatory,
        d.obsoletable,
        d.validateColegioRequired,
        d.erased,
      ]),
    ],
    [
      "files",
      "id, sha256, size, name, ftype, obsolete, owner_user_id, owner_company_id, deleted",
      documents.map((d) => [
        d.id,
        "0".repeat(64),
        1000,
        `doc-${d.id}.pdf`,
        "application/pdf",
        d.obsolete,
        WORLD_USER_ID,
        d.companyId,
        d.fileDeleted,
      ]),
    ],
    [
      "company_documents",
      "id, definition_id, company_id, community_id, file_id, user_id, validated, erased",
      documents.map((d) => [
        d.id,
        d.definitionId,
        d.companyId,
        d.communityId,
        d.id,
        WORLD_USER_ID,
        d.validated,
        d.erased,
      ]),
    ],
    [
      "read_marks",
      "document_id, community_id, reader_company_id, user_id",
      (rows.reads ?? []).map((r) => [r.documentId, r.communityId, r.readerCompanyId, WORLD_USER_ID]),
      "on conflict (document_id, community_id, reader_company_id) do nothing",
    ],
  ];
  // Documents go in a statement after their files': a trigger copies the file's expiry and deletion onto
  // the document, and cannot see rows written by the same statement.
  await insertAll(db, inserts.slice(0, 5));
  await insertAll(db, inserts.slice(5));
}

/** Writes a whole world (companies included) into an empty database. */
export function insertWorld(db: Db, world: StoredWorld): Promise<void> {
  return insertWorldRows(db, { ...world, withCompanies: true });
}

/**
 * One database session for a whole test file, so that session state (prepared statements, settings)
 * stays: PGlite is one session already; on PostgreSQL, one client taken from the pool until `release`.
 */
export async function openSession(database: Database): Promise<{ db: Db; release(): void }> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { db: database.db, release() {} };
  const session = await client.connect();
  return { db: drizzle(session, { schema }) as unknown as Db, release: () => session.release() };
}

const WORLD_TABLES = [
  "companies",
  "colegio_members",
  "users",
  "communities",
  "community_providers",
  "document_definitions",
  "files",
  "company_documents",
  "read_marks",
];
/** Worlds rolled back since the last VACUUM, per session. */
const sinceVacuum = new WeakMap<Db, number>();

/**
 * Runs `fn` inside a transaction of the session `db` (openSession) that is always rolled back; returns
 * what `fn` returned, rethrows what it threw. A rolled-back world stays behind as dead rows in the
 * tables and their indexes, and the next worlds, with the same ids, would wade through all of them
 * (the thousandth world twice as slow as the first): every 100 worlds the tables are vacuumed.
 */
export async function inRolledBackTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const count = (sinceVacuum.get(db) ?? 0) + 1;
  sinceVacuum.set(db, count % 100);
  if (count === 100) await db.execute(sql.raw(`vacuum ${WORLD_TABLES.join(", ")}`));
  await db.execute(sql`begin`);
  try {
    return await fn(db);
  } finally {
    await db.execute(sql`rollback`);
  }
}
