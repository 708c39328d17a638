import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { killHard, serverData, startServer } from "../../../test/child-server.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, makePdf, multipartBody } from "../../../test/helpers.js";
import { postRaw, type RawAnswer } from "../../../test/http-client.js";
import { type Database, openPglite, openPostgres } from "../../db/client.js";
import { files } from "../../db/schema/index.js";
import { LocalFileStore } from "./file-store.js";
import { SWEEP_DEFAULTS, sweepFiles } from "./sweep.js";

/**
 * kill -9 during uploads: the real server (as `npm start` runs it, demo mode; PostgreSQL when
 * DATABASE_URL is set, else PGlite in its data dir) takes many uploads at once, loose files and
 * documents, small and large, and is killed while they are in flight. Afterwards a sweep with no grace
 * runs against its data, and then every file record has its blob, byte for byte, no blob is left
 * without a record, staging is empty, and every upload the server acknowledged is recorded.
 */
let data: Awaited<ReturnType<typeof serverData>>;
beforeAll(async () => {
  data = await serverData();
});
afterAll(async () => data?.remove());

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** A PDF of about `size` bytes, distinct per `seed`. */
function bigPdf(size: number, seed: string) {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write(`%PDF-1.7\n%${seed}\n`, 0, "latin1");
  return bytes;
}

it("after kill -9 during uploads, a sweep leaves every record with its blob and no blob without a record", async () => {
  const server = await startServer(data);
  let killed = false;
  try {
    const login = await fetch(`${server.base}/companies/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.gremio, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const session = ((await login.json()) as { data: { token: string; colegios: { id: number }[] } }).data;
    const colegio = session.colegios[0]!.id;
    const defined = await fetch(`${server.base}/companies/documents/getcompanydefined`, {
      method: "POST",
      headers: { "content-type": "application/json", authentication: `Bearer ${session.token}` },
      body: JSON.stringify({ colg_id: colegio }),
    });
    const definitions = ((await defined.json()) as { data: { definition: { id: number }; can_upload: boolean }[] }).data
      .filter((d) => d.can_upload)
      .map((d) => d.definition.id);
    expect(definitions.length).toBeGreaterThan(1);

    // 36 uploads at once: a third loose files, the rest documents of the demo's definitions; a third of
    // them large; some with the same bytes (one blob, several records); half with idempotency keys.
    const shared = await makePdf("el mismo modelo para todos");
    const uploads = await Promise.all(
      Array.from({ length: 36 }, async (_, i) => {
        const large = i % 3 === 0;
        const bytes =
          i % 7 === 3 ? shared : large ? bigPdf(2_000_000 + i * 150_000, `grande ${i}`) : await makePdf(`pequeño ${i}`);
        const loose = i % 3 === 1;
        const fields: Record<string, string | number> = loose
          ? {}
          : { id_definition: definitions[i % definitions.length]! };
        if (i % 2 === 0) fields.idempotencyKey = `caida-${i}-${Date.now()}`;
        const url = loose
          ? "/file-manager/fileupload/upload"
          : `/companies/documents/upload-defined-file?colg_id=${colegio}`;
        return { url, body: multipartBody(fields, { name: `subida-${i}.pdf`, data: bytes }), bytes };
      }),
    );
    let acknowledged = 0;
    let finished = 0;
    const killAfter = 10;
    let inFlightAtKill = 0;
    const answers: RawAnswer[] = await Promise.all(
      uploads.map(({ url, body }) =>
        postRaw({
          port: server.port,
          path: url,
          headers: {
            authentication: `Bearer ${session.token}`,
            "content-type": body.contentType,
            "content-length": body.payload.length,
          },
          body: body.payload,
          timeoutMs: 120_000,
        }).then((answer) => {
          finished++;
          if (answer.status === 200) acknowledged++;
          // The moment the tenth upload is acknowledged, the others are still on their way.
          if (acknowledged === killAfter && !killed) {
            killed = true;
            inFlightAtKill = uploads.length - finished;
            void killHard(server.child);
          }
          return answer;
        }),
      ),
    );
    expect(killed).toBe(true);
    await killHard(server.child);
    expect(inFlightAtKill).toBeGreaterThan(0);
    const ok = answers.filter((a) => a.status === 200).map((a) => JSON.parse(a.body) as Record<string, unknown>);
    const acknowledgedIds = ok.map((body) =>
      Number((body.file as { id?: number } | undefined)?.id ?? (body.data as { fileupload_id: number }).fileupload_id),
    );

    // The dead server's data, opened as the next start would (PGlite's lock file may remain).
    const database: Database = data.databaseUrl
      ? await openPostgres(data.databaseUrl, 2)
      : await openPglite(path.join(data.dataDir, "db"));
    try {
      const root = path.join(data.dataDir, "files");
      const recordsBefore = (await database.db.select().from(files)).length;
      const store = new LocalFileStore(root);
      await store.init();
      await sweepFiles(database.db, store, {
        ...SWEEP_DEFAULTS,
        orphanGraceMs: 0,
        stagingGraceMs: 0,
        asideGraceMs: 0,
      });

      const rows = await database.db.select().from(files);
      const blobs = filesUnder(path.join(root, "blobs"));
      expect(rows.length).toBeGreaterThan(0);
      // The sweep removed no record: the loose files are younger than a day, and the rest are evidence.
      expect(rows).toHaveLength(recordsBefore);
      // Every record has its blob, byte for byte.
      for (const row of rows) {
        const blob = path.join(root, "blobs", row.sha256.slice(0, 2), row.sha256.slice(2, 4), row.sha256);
        const bytes = fs.readFileSync(blob);
        expect(sha256(bytes), `file ${row.id}`).toBe(row.sha256);
        expect(bytes.length).toBe(row.size);
      }
      // No blob without a record, nothing set aside, nothing staged.
      const referenced = new Set(rows.map((r) => r.sha256));
      expect(blobs.map((b) => path.basename(b)).filter((name) => !referenced.has(name))).toEqual([]);
      expect(filesUnder(path.join(root, "staging"))).toEqual([]);
      // What the server acknowledged, it kept.
      const ids = new Set(rows.map((r) => r.id));
      for (const id of acknowledgedIds) expect(ids.has(id), `acknowledged file ${id}`).toBe(true);
    } finally {
      await database.close();
    }
  } finally {
    if (!killed) await killHard(server.child);
  }
}, 180_000);
