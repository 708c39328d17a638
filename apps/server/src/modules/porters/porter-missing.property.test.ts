import {
  complianceModel,
  type ModelDefinition,
  type ModelDocument,
  type ModelReadMark,
  type PorterMissingDuty,
  Role,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inRolledBackTransaction, insertWorld, openSession, type StoredWorld } from "../../../test/compliance-world.js";
import { createTestDatabase } from "../../../test/helpers.js";
import { type Database, type Db, queryRows } from "../../db/client.js";
import { porterFiguresOver, porterInCommunityFigures } from "../compliance/porter-figures.sql.js";
import { type PorterUnmetDuty, porterUnmetDutiesIn, porterUnmetDutiesOver } from "./porter-missing.repository.js";

/*
 * The words of the porters' lights name exactly what their figures count as missing (docs/compliance.md
 * rules 8–10; issue 21). On random small worlds (administrators, providers, porters and their links, live
 * or removed; definitions of every origin and destination; documents current, expired, undated, deleted;
 * the porters' read marks), each asked on three days (today, and one and two days later, so documents
 * expire between them): for every community and every porter, porterUnmetDutiesIn lists exactly the
 * unmet upload duties (rule 8) and read duties (rule 9) of the reference model (complianceModel's
 * porterUploadDuties and porterReadDuties), each upload with its reason, as many as (required − done) of
 * both the model's figures and the SQL figures the lists show (porterInCommunityFigures); and over sets of
 * communities (the doormen summary), porterUnmetDutiesOver lists each upload once and the reads summed, as many
 * as porterFiguresOver leaves unmet (rule 10).
 *
 * The generators are this file's own: compliance.property.test.ts keeps its generators to itself (they
 * are not exported, and importing a test file would run its tests here). These worlds lean towards
 * porters: most definitions are uploaded or read by porters.
 */

const TODAY = "2026-11-23";
const DAYS = [0, 1, 2];
const RUNS = Number(process.env.FC_RUNS ?? 0) || 300;
const TIMEOUT = Math.max(240_000, RUNS * 400);

const sometimes = (percent: number) => fc.integer({ min: 0, max: 99 }).map((n) => n >= 100 - percent);
const pick = fc.nat({ max: 63 });
const at = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const rawWorld = fc.record({
  colegios: fc.integer({ min: 1, max: 2 }),
  admins: fc.integer({ min: 1, max: 2 }),
  providers: fc.integer({ min: 1, max: 3 }),
  communities: fc.array(fc.record({ colegio: pick, admin: pick, erased: sometimes(15) }), {
    minLength: 1,
    maxLength: 4,
    size: "max",
  }),
  links: fc.array(fc.record({ community: pick, provider: pick, erased: sometimes(25) }), {
    maxLength: 8,
    size: "max",
  }),
  /** porters: each a user of its own company, deleted or not */
  porters: fc.array(sometimes(15), { minLength: 1, maxLength: 3, size: "max" }),
  porterLinks: fc.array(fc.record({ community: pick, porter: pick, erased: sometimes(20) }), {
    minLength: 1,
    maxLength: 8,
    size: "max",
  }),
  definitions: fc.array(
    fc.record({
      colegio: pick,
      // mostly uploaded by porters (portero; provider and porter; all), some by the others
      origin: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(25, 26, 27) },
        { weight: 1, arbitrary: fc.constantFrom(0, 5) },
      ),
      // mostly read by porters
      dest: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(25, 26, 27) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 0, 5) },
      ),
      destReadRequired: sometimes(60),
      assocfinca: sometimes(45),
      mandatory: sometimes(85),
      obsoletable: sometimes(55),
      erased: sometimes(8),
    }),
    { minLength: 1, maxLength: 7, size: "max" },
  ),
  documents: fc.array(
    fc.record({
      definition: pick,
      who: fc.oneof(
        { weight: 2, arbitrary: fc.constant("porter" as const) },
        { weight: 1, arbitrary: fc.constantFrom("admin" as const, "provider" as const) },
      ),
      whom: pick,
      community: pick,
      /** uploaded for a community when its definition is general, or the other way round */
      oddPlace: sometimes(8),
      /** days from today, or none */
      obsolete: fc.constantFrom(null, null, -1, 0, 1, 2),
      /** another upload of the document before it (same definition, uploader and place): which is newest matters */
      again: sometimes(40),
      erased: sometimes(10),
      fileDeleted: sometimes(8),
    }),
    { maxLength: 20, size: "max" },
  ),
  /** the porters' marks */
  reads: fc.array(fc.record({ document: pick, community: pick, elsewhere: sometimes(15), reader: pick }), {
    maxLength: 14,
    size: "max",
  }),
  /** for each porter, a set of communities (bits by the communities' order) to ask over */
  masks: fc.array(fc.nat({ max: 15 }), { minLength: 3, maxLength: 3 }),
});
type RawWorld = typeof rawWorld extends fc.Arbitrary<infer T> ? T : never;

interface PorterUser {
  id: number;
  companyId: number;
  erased: boolean;
}
interface PorterLinkRow {
  communityId: number;
  userId: number;
  erased: boolean;
}
interface World extends StoredWorld {
  porterUsers: PorterUser[];
  porterLinkRows: PorterLinkRow[];
  masks: number[];
}

function resolveWorld(raw: RawWorld): World {
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  const colegios = range(1, raw.colegios);
  const admins = range(11, raw.admins);
  const providers = range(21, raw.providers);
  const communities = raw.communities.map((c, i) => ({
    id: 101 + i,
    colegioId: at(colegios, c.colegio),
    adminCompanyId: at(admins, c.admin),
    erased: c.erased,
  }));
  const porterUsers = raw.porters.map((erased, i) => ({ id: 41 + i, companyId: 31 + i, erased }));
  const links = [
    ...new Map(
      raw.links.map((l) => {
        const link = {
          communityId: at(communities, l.community).id,
          providerId: at(providers, l.provider),
          erased: l.erased,
        };
        return [`${link.communityId}:${link.providerId}`, link] as const;
      }),
    ).values(),
  ];
  const porterLinkRows = [
    ...new Map(
      raw.porterLinks.map((l) => {
        const link = {
          communityId: at(communities, l.community).id,
          userId: at(porterUsers, l.porter).id,
          erased: l.erased,
        };
        return [`${link.communityId}:${link.userId}`, link] as const;
      }),
    ).values(),
  ];
  const definitions: ModelDefinition[] = raw.definitions.map(({ colegio, ...d }, i) => ({
    id: 201 + i,
    colegioId: at(colegios, colegio),
    ...d,
    validateColegioRequired: false,
    name: `Definición ${201 + i}`,
  }));
  const documents: ModelDocument[] = [];
  for (const [i, d] of raw.documents.entries()) {
    const id = 301 + i;
    const previous = documents[documents.length - 1];
    const obsolete = d.obsolete === null ? null : addDays(TODAY, d.obsolete);
    const flags = {
      obsolete,
      fileDeleted: d.fileDeleted,
      erased: d.erased,
      validated: false,
      fileName: `doc-${id}.pdf`,
    };
    if (d.again && previous) {
      documents.push({ ...previous, id, ...flags });
      continue;
    }
    const def = at(definitions, d.definition);
    const ofColegio = communities.filter((c) => c.colegioId === def.colegioId);
    const home = at(ofColegio.length ? ofColegio : communities, d.community);
    const companyId =
      d.who === "admin"
        ? home.adminCompanyId
        : d.who === "provider"
          ? at(providers, d.whom)
          : at(porterUsers, d.whom).companyId;
    documents.push({
      id,
      definitionId: def.id,
      companyId,
      communityId: def.assocfinca !== d.oddPlace ? home.id : null,
      ...flags,
    });
  }
  const reads = new Map<string, ModelReadMark>();
  for (const r of documents.length ? raw.reads : []) {
    const doc = at(documents, r.document);
    const communityId = r.elsewhere || doc.communityId === null ? at(communities, r.community).id : doc.communityId;
    const readerCompanyId = at(porterUsers, r.reader).companyId;
    reads.set(`${doc.id}:${communityId}:${readerCompanyId}`, { documentId: doc.id, communityId, readerCompanyId });
  }
  return {
    today: TODAY,
    colegios,
    admins,
    providers,
    communities,
    links,
    porterLinks: porterLinkRows.map((l) => {
      const user = porterUsers.find((u) => u.id === l.userId) as PorterUser;
      return { communityId: l.communityId, porterCompanyId: user.companyId, erased: l.erased || user.erased };
    }),
    definitions,
    documents,
    reads: [...reads.values()],
    porterUsers,
    porterLinkRows,
    masks: raw.masks,
  };
}

/** Writes the world: the porters' companies and users, then the rest (test/compliance-world.ts), links last. */
async function storeWorld(db: Db, world: World): Promise<void> {
  const companies = sql.join(
    world.porterUsers.map((u) => sql`(${u.companyId}, ${Role.portero}, ${`Portero ${u.companyId}`})`),
    sql`, `,
  );
  const users = sql.join(
    world.porterUsers.map(
      (u) => sql`(${u.id}, ${`portero${u.id}@coordina.test`}, ${Role.portero}, ${u.companyId}, ${u.erased})`,
    ),
    sql`, `,
  );
  await db.execute(sql`with porter_companies as (insert into companies (id, type, name) values ${companies})
    insert into users (id, email, user_role, company_id, erased) values ${users}`);
  await insertWorld(db, world);
  if (world.porterLinkRows.length === 0) return;
  const links = sql.join(
    world.porterLinkRows.map((l) => sql`(${l.communityId}, ${l.userId}, ${l.erased})`),
    sql`, `,
  );
  await db.execute(sql`insert into community_porters (community_id, porter_user_id, erased) values ${links}`);
}

// ---- what the model says is missing ---------------------------------------------------------------------

/** An unmet duty as a comparable line: `upload:definition:community-or-general:reason:date`, `read:document:community`. */
type Line = string;
const uploadLine = (definitionId: number, where: number | null, reason: string, on: string | null) =>
  `upload:${definitionId}:${where ?? "general"}:${reason}:${on ?? "-"}`;
const readLine = (documentId: number, communityId: number) => `read:${documentId}:${communityId}`;

function lineOf(duty: PorterMissingDuty): Line {
  return duty.kind === "upload"
    ? uploadLine(duty.definition_id, duty.finca_id, duty.reason, duty.expired_on)
    : readLine(duty.document_id, duty.finca_id);
}

/** Why an upload is unmet, by the newest live document (highest id) the porter has for it there (rule 11's words). */
function reasonOf(world: World, porter: number, def: ModelDefinition, where: number | null) {
  const held = world.documents.filter(
    (d) =>
      d.definitionId === def.id && d.companyId === porter && d.communityId === where && !d.erased && !d.fileDeleted,
  );
  const newest = held.reduce<ModelDocument | undefined>((n, d) => (n && n.id > d.id ? n : d), undefined);
  // Both an undated and a dated live document: only the newest decides between incomplete and expired.
  if (held.some((d) => d.obsolete === null) && held.some((d) => d.obsolete !== null)) newestDecides++;
  if (!newest) return { reason: "missing", on: null };
  if (newest.obsolete === null) return { reason: "incomplete", on: null };
  const dates = held.flatMap((d) => d.obsolete ?? []).sort();
  return { reason: "expired", on: dates[dates.length - 1] ?? null };
}

/** The model's unmet duties of a porter in one community, as lines. */
function modelLinesIn(world: World, model: ReturnType<typeof complianceModel>, c: number, porter: number): Line[] {
  const defs = new Map(world.definitions.map((d) => [d.id, d]));
  const uploads = model
    .porterUploadDuties(c, porter)
    .filter((d) => !d.met)
    .map((d) => {
      const { reason, on } = reasonOf(world, porter, defs.get(d.definitionId) as ModelDefinition, d.communityId);
      return uploadLine(d.definitionId, d.communityId, reason, on);
    });
  const reads = model
    .porterReadDuties(c, porter)
    .filter((d) => !d.met)
    .map((d) => readLine(d.documentId, d.communityId));
  return [...uploads, ...reads];
}

const sorted = (lines: Line[]) => [...lines].sort();
const communitiesOfMask = (world: World, mask: number) =>
  world.communities.filter((_, i) => (mask >> i) & 1).map((c) => c.id);
const idList = (ids: number[]): SQL => sql`select unnest(${`{${ids.join(",")}}`}::int[])`;

interface FigureRow {
  kind: "in" | "over";
  a: number;
  b: number;
  must_upload: number;
  uploaded: number;
  must_read: number;
  readed: number;
}

/** The SQL figures the lists show: every (community, porter) and every (porter, mask), in one query. */
async function sqlFigures(db: Db, world: World, today: string): Promise<Map<string, FigureRow>> {
  const pairs = world.communities.flatMap((c) => world.porterUsers.map((u) => [c.id, u.companyId] as const));
  const overs = world.porterUsers.flatMap((u, i) => [
    [u.companyId, (1 << world.communities.length) - 1] as const,
    [u.companyId, world.masks[i] ?? 0] as const,
  ]);
  const array = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
  const communityIds = array(world.communities.map((c) => c.id));
  const rows = await queryRows<FigureRow>(
    db,
    sql`select 'in' as kind, x.c as a, x.p as b, f.upload_must as must_upload, f.uploaded_count as uploaded,
          f.read_must as must_read, f.read_count as readed
        from unnest(${array(pairs.map(([c]) => c))}, ${array(pairs.map(([, p]) => p))}) x(c, p)
        cross join lateral ${porterInCommunityFigures(sql`x.c`, sql`x.p`, today)} f
        union all
        select 'over', x.p, x.m, f.must_upload, f.uploaded, f.must_read, f.readed
        from unnest(${array(overs.map(([p]) => p))}, ${array(overs.map(([, m]) => m))}) x(p, m)
        cross join lateral ${porterFiguresOver(
          sql`x.p`,
          sql`select wc.id from unnest(${communityIds}) with ordinality wc(id, n) where (x.m >> (wc.n::int - 1)) & 1 = 1`,
          today,
        )} f`,
  );
  return new Map(rows.map((r) => [`${r.kind}:${Number(r.a)}:${Number(r.b)}`, r]));
}

/** What a world reached, for the check that the worlds exercise every kind of line. */
const reach: Record<string, number> = {};
/** Unmet uploads with both undated and dated live documents (reasonOf). */
let newestDecides = 0;
let worldsChecked = 0;

/** Every difference between the SQL lists and what the model and the figures say, on one day. */
async function differences(db: Db, world: World, today: string): Promise<string[]> {
  const day = { ...world, today };
  const model = complianceModel(day);
  const figures = await sqlFigures(db, world, today);
  const diffs: string[] = [];
  const seen = new Set<string>();
  const all = world.communities.map((c) => c.id);
  for (const [i, porter] of world.porterUsers.entries()) {
    const p = porter.companyId;
    // One statement for all the communities, then by community.
    const found = await porterUnmetDutiesIn(db, idList(all), p, today);
    const byCommunity = new Map<number, PorterUnmetDuty[]>();
    for (const duty of found) byCommunity.set(duty.community_id, [...(byCommunity.get(duty.community_id) ?? []), duty]);
    for (const c of all) {
      const got = (byCommunity.get(c) ?? []).map(lineOf);
      const want = modelLinesIn(day, model, c, p);
      if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(want)))
        diffs.push(`in:${c}:${p}: model ${JSON.stringify(sorted(want))}, SQL ${JSON.stringify(sorted(got))}`);
      const f = figures.get(`in:${c}:${p}`);
      const m = model.porterInCommunity(c, p);
      const uploads = got.filter((l) => l.startsWith("upload")).length;
      const reads = got.length - uploads;
      if (
        !f ||
        uploads !== f.must_upload - f.uploaded ||
        reads !== f.must_read - f.readed ||
        uploads !== m.upload_must - m.uploaded_count ||
        reads !== m.read_must - m.read_count
      )
        diffs.push(`in:${c}:${p}: ${uploads} uploads and ${reads} reads listed; SQL figures ${JSON.stringify(f)}`);
      for (const line of got) seen.add(line.split(":")[0] === "read" ? "read" : `upload.${line.split(":")[3]}`);
    }
    for (const mask of [(1 << all.length) - 1, world.masks[i] ?? 0]) {
      const set = communitiesOfMask(world, mask);
      const listed = await porterUnmetDutiesOver(db, idList(set), p, today);
      const got = listed.map(lineOf);
      const wantSet = new Set(
        set.filter((c) => model.portersOf(c).includes(p)).flatMap((c) => modelLinesIn(day, model, c, p)),
      );
      const want = [...wantSet];
      if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(want)))
        diffs.push(`over:${p}:${mask}: model ${JSON.stringify(sorted(want))}, SQL ${JSON.stringify(sorted(got))}`);
      const f = figures.get(`over:${p}:${mask}`);
      const m = model.porterOver(p, set);
      const uploads = got.filter((l) => l.startsWith("upload")).length;
      const reads = got.length - uploads;
      if (
        !f ||
        uploads !== f.must_upload - f.uploaded ||
        reads !== f.must_read - f.readed ||
        uploads !== m.must_upload - m.uploaded ||
        reads !== m.must_read - m.readed
      )
        diffs.push(`over:${p}:${mask}: ${uploads} uploads and ${reads} reads listed; SQL figures ${JSON.stringify(f)}`);
      // A general upload owed in several communities, listed once.
      const general = got.filter((l) => l.includes(":general:")).length;
      if (general > 0 && set.filter((c) => model.portersOf(c).includes(p)).length > 1) seen.add("over.general-once");
    }
  }
  for (const name of seen) reach[name] = (reach[name] ?? 0) + 1;
  return diffs;
}

describe("what porters lack equals what their figures leave unmet", () => {
  let database: Database;
  let session: Awaited<ReturnType<typeof openSession>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    session = await openSession(database);
    db = session.db;
  });
  afterAll(async () => {
    session?.release();
    await database?.close();
  });

  it(
    `on ${RUNS} random worlds, each on three days: every porter in every community and over sets of them`,
    async () => {
      const out = await fc.check(
        fc.asyncProperty(rawWorld, async (raw) => {
          const world = resolveWorld(raw);
          await inRolledBackTransaction(db, async (tx) => {
            await storeWorld(tx, world);
            for (const days of DAYS) {
              const today = addDays(TODAY, days);
              const diffs = await differences(tx, world, today);
              if (diffs.length) throw new Error(`on ${today}:\n${diffs.join("\n")}\nworld: ${JSON.stringify(world)}`);
            }
          });
          worldsChecked++;
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: TIMEOUT - 30_000 },
      );
      if (out.failed) {
        const error = out.errorInstance;
        throw new Error(
          `${await fc.asyncDefaultReportMessage(out)}\n\n${error instanceof Error ? error.message : String(error)}`,
        );
      }
      expect(out.interrupted, `time limit reached after ${out.numRuns} of ${RUNS} runs`).toBe(false);
      expect(out.numRuns).toBe(RUNS);
      expect(worldsChecked).toBeGreaterThanOrEqual(RUNS);
      // The worlds reach every kind of line: uploads missing, expired and incomplete, reads, and a general
      // upload listed once over several communities.
      for (const name of ["upload.missing", "upload.expired", "read", "over.general-once"])
        expect(reach[name] ?? 0, `${name} in ${JSON.stringify(reach)}`).toBeGreaterThan(RUNS / 10);
      expect(newestDecides, "unmet uploads where the newest document decides the reason").toBeGreaterThan(RUNS / 40);
      expect(reach["upload.incomplete"] ?? 0, `upload.incomplete in ${JSON.stringify(reach)}`).toBeGreaterThan(
        RUNS / 40,
      );
    },
    TIMEOUT,
  );
});
