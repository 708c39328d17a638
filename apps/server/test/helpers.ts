import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, vi } from "vitest";
import { type BuildAppOptions, buildApp, loggerOptions } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { type Database, type DbOrTx, openPglite, openPostgres, queryRows } from "../src/db/client.js";
import {
  type CompanyInput,
  ensureCompany,
  ensureLegalAccepted,
  ensureMembership,
  ensureUser,
} from "../src/db/seed/builders.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../src/db/seed/demo.js";
import { outboxTexts } from "../src/modules/mail/templates.js";

/**
 * Whether the tests run on a PostgreSQL server (DATABASE_URL) rather than PGlite. The PG-only tests (real
 * row locks, cut connections) run only then, as `it.runIf(onPostgres)`; CI's PostgreSQL run fails if
 * it skipped any test (.ci/run), so they always run there.
 */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when DATABASE_URL is
 * set, a new PostgreSQL database on that server (dropped at the end), so reruns start clean.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const name = `coordina_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}) {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-web-"));
  return loadConfig({ DATA_DIR: path.join(webDist, "data"), WEB_DIST: webDist, LOG_LEVEL: "silent", ...overrides });
}

/** Collects every log line the app writes, to prove secrets never reach them. */
export class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.lines.push(chunk.toString());
    done();
  }
  get text() {
    return this.lines.join("");
  }
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  seed: Awaited<ReturnType<typeof seedDemo>>;
  logs: LogCapture;
  close(): Promise<void>;
}

/** The whole app on a fresh database with the demo world, logging at info level into `logs`. */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, "database">> & {
    /** Registers test-only routes before the app is made ready. */
    extend?: (app: Awaited<ReturnType<typeof buildApp>>) => void;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const seed = await seedDemo(database.db);
  const logs = new LogCapture();
  const app = await buildApp({
    config: options.config ?? testConfig(),
    database,
    logger: options.logger ?? { ...(loggerOptions("info") as object), stream: logs },
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.figuresWarmup ? { figuresWarmup: true } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    seed,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export async function login(
  app: TestContext["app"],
  email: string,
  password = DEMO_PASSWORD,
  extra: { remember?: boolean; ip?: string } = {},
) {
  return app.inject({
    method: "POST",
    url: "/companies/users/login",
    payload: { email, password, remember: extra.remember ?? false },
    remoteAddress: extra.ip ?? "127.0.0.1",
  });
}

/** Logs a demo account in and returns its bearer token. */
export async function tokenFor(app: TestContext["app"], email: string): Promise<string> {
  const response = await login(app, email);
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.body}`);
  return response.json().data.token as string;
}

/** A JSON call as a client makes it: POST with a body, GET with a query; optional bearer token. */
export async function call(
  app: TestContext["app"],
  method: "GET" | "POST",
  url: string,
  options: { token?: string; body?: object; ip?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: options.token ? { authentication: `Bearer ${options.token}` } : {},
    ...(method === "POST" ? { payload: options.body ?? {} } : {}),
    remoteAddress: options.ip ?? "127.0.0.1",
  });
}

/**
 * A company of a test world: member of `colegios` and, with `managerEmail`, its manager (demo password,
 * terms accepted, so it can log in and use the API). `managerId` is the manager's user id.
 */
export async function ensureMemberCompany(
  db: Database["db"],
  colegios: number[],
  input: CompanyInput,
  managerEmail?: string,
) {
  const row = await ensureCompany(db, input);
  for (const id of colegios) await ensureMembership(db, id, row.id);
  if (!managerEmail) return { ...row, managerId: undefined };
  const user = await ensureUser(db, {
    email: managerEmail,
    password: DEMO_PASSWORD,
    companyId: row.id,
    role: input.type,
  });
  await ensureLegalAccepted(db, user.id);
  return { ...row, managerId: user.id };
}

/**
 * The subjects of the messages the outbox holds for `to` (sent or still to send), oldest first, read once
 * the work requests left running in the background is done: a message is written there in the same
 * transaction as its cause, so this shows what was mailed, and that nothing was, without waiting.
 */
export async function outboxTo(ctx: Pick<TestContext, "app" | "database">, to: string): Promise<string[]> {
  await ctx.app.background.idle();
  const rows = await queryRows<{ subject: string }>(
    ctx.database.db,
    sql`select subject from mail_outbox where lower(to_address) = lower(${to}) order by id`,
  );
  return rows.map((r) => r.subject);
}

/**
 * The messages of the outbox to `to`, oldest first, as they read: their texts rendered from their template
 * and values while they wait to be sent.
 */
export async function outboxMessagesTo(
  db: DbOrTx,
  to: string,
): Promise<{ kind: string; subject: string; text: string; html: string }[]> {
  const rows = await queryRows<{
    kind: string;
    subject: string;
    template: string | null;
    template_values: unknown;
    text: string | null;
    html: string | null;
  }>(
    db,
    sql`select kind, subject, template, template_values, text, html from mail_outbox
        where lower(to_address) = lower(${to}) order by id`,
  );
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, ...outboxTexts(row) }));
}

/** The error envelope with that status and key, and nothing else: no data leaks with a refusal. */
export function expectError(res: { statusCode: number; body: string; json(): unknown }, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ result: false, error });
}

/** A real PDF of one page with `text` on it (pdf-lib), as bytes. */
export async function makePdf(text = "Documento de prueba", pages = 1): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`${text} ${i + 1}`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A multipart/form-data body as a browser sends it: the fields first, then the file. */
export function multipartBody(
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const boundary = `----coordina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? "application/pdf"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file to a multipart endpoint as a logged-in client. */
export async function upload(
  app: TestContext["app"],
  url: string,
  token: string,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const body = multipartBody(fields, file);
  return app.inject({
    method: "POST",
    url,
    headers: { authentication: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

/**
 * Waits until some backend of this database waits for a lock (PostgreSQL only): the point where a request
 * is known to be blocked behind a transaction a test holds.
 */
export async function waitForLockWait(db: Database["db"]) {
  await vi.waitFor(
    async () => {
      const [waiting] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting!.n === 0) throw new Error("nothing waited for a lock");
    },
    { timeout: 20_000, interval: 1 },
  );
}
