import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { communitiesIndexSchema, companiesIndexSchema, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, queryRows } from "../apps/server/src/db/client.js";
import { pageCommunities } from "../apps/server/src/modules/communities/communities.repository.js";
import { pageColegioCompanies } from "../apps/server/src/modules/companies/companies.repository.js";

/**
 * Issue 24: the bare SQL of two lists, replayed with pgbench beside the API's rate for the same page. The
 * statements are the ones the list's repository sends for one request (recorded from node-postgres as it
 * runs them, without the session, the policy, the validation or the JSON around them), each a prepared
 * statement per connection as the server's are, at the bench's connections for its seconds.
 */
export interface BareList {
  what: string;
  statements: string[];
}

/** A value of a recorded statement as an SQL literal (pgbench replays text). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return literal(`{${value.join(",")}}`);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** The statements `run` sends, with their values written in (each on one line, for pgbench). */
async function recorded(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof first === "string" ? first : first.text;
    const values = (typeof first === "string" ? second : first.values) ?? [];
    // One line each (pgbench): comments dropped and the layout's whitespace folded before the values are
    // written in (the texts hold no string literals of their own).
    statements.push(
      `${text
        .replace(/--[^\n]*/g, "")
        .replace(/\s+/g, " ")
        .replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1]))};`,
    );
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return statements;
}

/** The colegio's providers page 1 and the bench administrator's communities page 1, as their repositories run them. */
export async function bareLists(url: string, colegioId: number, adminEmail: string): Promise<BareList[]> {
  const database = await openPostgres(url, 1);
  try {
    const [admin] = await queryRows<{ company_id: number }>(
      database.db,
      sql`select company_id from users where email = ${adminEmail}`,
    );
    const adminCompanyId = admin!.company_id;
    const providers = await recorded(() =>
      pageColegioCompanies(database.db, colegioId, {
        ...companiesIndexSchema.parse({ page: 1, limit: 10 }),
        type: Role.gremio,
      }),
    );
    const communities = await recorded(() =>
      pageCommunities(database.db, { colegioId, adminCompanyId }, communitiesIndexSchema.parse({ page: 1 })),
    );
    return [
      { what: "proveedores del colegio, pág. 1", statements: providers },
      { what: "comunidades del administrador, pág. 1", statements: communities },
    ];
  } finally {
    await database.close();
  }
}

/** Transactions (one list request's statements) per second of pgbench at `connections` for `seconds`. */
export function pgbenchRate(url: string, list: BareList, connections: number, seconds: number): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-pgbench-"));
  try {
    const script = path.join(dir, "list.sql");
    fs.writeFileSync(script, `${list.statements.join("\n")}\n`);
    const run = spawnSync(
      "pgbench",
      ["-n", "-M", "prepared", "-c", String(connections), "-j", "2", "-T", String(seconds), "-f", script, url],
      { encoding: "utf8" },
    );
    const tps = /tps = ([\d.]+)/.exec(run.stdout ?? "");
    if (run.status !== 0 || !tps) throw new Error(`pgbench: ${run.stderr || run.stdout}`);
    return Number(tps[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * wrk (a load generator in C, as pgbench is, so the load costs the shared cores next to nothing, where
 * autocannon's JavaScript costs about as much per request as the server): its path, installed from Debian's
 * packages by scripts/wrk.mjs when missing, or why it is not there.
 */
export function findWrk(): { path: string } | { why: string } {
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../scripts/wrk.mjs");
  const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
  const last = run.stdout?.trim().split("\n").at(-1);
  // apt-get's progress comes on stderr (shown); the path is the last line of stdout, the reason the last of stderr.
  process.stderr.write(run.stderr ?? "");
  return run.status === 0 && last ? { path: last } : { why: (run.stderr ?? "").trim().split("\n").at(-1) ?? "" };
}

export interface WrkLoad {
  rps: number;
  /** milliseconds */
  p50: number;
  p99: number;
  completed: number;
  failed: number;
}

/** A request's load with wrk at `connections` (on 2 threads) for `seconds`. */
export function wrkLoad(
  wrk: string,
  url: string,
  request: { method?: string; headers?: Record<string, string>; body?: string },
  connections: number,
  seconds: number,
): WrkLoad {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-wrk-"));
  try {
    const script = path.join(dir, "request.lua");
    // A long string whose closing bracket the text does not hold (a newline first: Lua drops the first one).
    const lua = (text: string) => {
      let level = "";
      while (text.includes(`]${level}]`)) level += "=";
      return `[${level}[\n${text}]${level}]`;
    };
    fs.writeFileSync(
      script,
      [
        `wrk.method = ${lua(request.method ?? "GET")}`,
        ...(request.body === undefined ? [] : [`wrk.body = ${lua(request.body)}`]),
        ...Object.entries(request.headers ?? {}).map(([k, v]) => `wrk.headers[ ${lua(k)} ] = ${lua(v)}`),
      ].join("\n"),
    );
    const run = spawnSync(
      wrk,
      ["-t", "2", "-c", String(connections), "-d", `${seconds}s`, "--latency", "-s", script, url],
      { encoding: "utf8" },
    );
    const out = run.stdout ?? "";
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
    const completed = /(\d+) requests in/.exec(out);
    if (run.status !== 0 || !rps || !completed) throw new Error(`wrk: ${run.stderr || out}`);
    const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
    const percentile = (p: number) => {
      const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
      return m ? Number(m[1]) * (unit[m[2]!] ?? Number.NaN) : Number.NaN;
    };
    const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      rps: Number(rps[1]),
      p50: percentile(50),
      p99: percentile(99),
      completed: Number(completed[1]),
      failed: Number(errors?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/**
 * CPU seconds (user and system, their own and their ended children's) spent so far by the processes of this machine that `pick` accepts (by pid
 * and command name), read from /proc: the server's own, or PostgreSQL's backends. Zero where /proc is not.
 */
export function cpuSeconds(pick: (pid: number, command: string) => boolean): number {
  if (!fs.existsSync("/proc/self/stat")) return 0;
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (command) state ppid …": the command may hold spaces, so the fields are counted after its ')'.
    const close = stat.lastIndexOf(")");
    const command = stat.slice(stat.indexOf("(") + 1, close);
    if (!pick(pid, command)) continue;
    // utime, stime, and cutime, cstime: the children waited for (PostgreSQL's postmaster keeps the time of
    // the backends that ended, pgbench's among them).
    const fields = stat.slice(close + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / clockTicks;
}

/** PostgreSQL's processes on this machine (the server's backends and pgbench's). */
export const postgresCpu = () => cpuSeconds((_pid, command) => command === "postgres");
