/**
 * `npm run bench`: starts the real server (as `npm start` does) on PGlite and, when reachable, on
 * PostgreSQL, and measures in one run, side by side: start-up on a fresh and on an existing data dir,
 * `/health`, login, the accounts lists (invitations, users) and the colegio's company lists with p50/p99
 * latency (autocannon, 20 connections, loopback).
 *
 * The lists with compliance figures (docs/compliance.md) run over 600,000 documents and 1,500,000 read
 * marks (generate-documents.ts; PGlite: the bench's smaller scale, a colegio of 1/10 the size with all its
 * documents, BENCH_PGLITE_SCALE, as the smallest of scales.ts), and show
 * their throughput as a share of the same run's `/health` and whether p99 is under 100 ms. The
 * 'Ver solo docs pendientes' filter computes every provider's figures: it is timed as single requests,
 * cut at BENCH_SLOW_LIMIT seconds (300 by default).
 *
 * On PostgreSQL, two lists (the colegio's providers and the administrator's communities, page 1) are also
 * timed as their bare SQL replayed with pgbench (bare-sql.ts), beside the API's rate for the same page.
 *
 * The dashboards (dashboard.ts): the colegio's figures under 300 ms at p99 once the day's first read has
 * filled the figure caches, the administrator's under 100 ms.
 *
 * Last, the colegio imports 10,000 providers from a spreadsheet (imports.ts): the time to the end, and
 * the server's memory growth meanwhile. On PostgreSQL, then, the caches' statements at three scales, with
 * and without a fresh ANALYZE (scales.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openPglite, openPostgres } from "../apps/server/src/db/client.js";
import { bareLists, cpuSeconds, findWrk, pgbenchRate, postgresCpu, wrkLoad } from "./bare-sql.js";
import { measureCalendar } from "./calendar.js";
import { measureDashboard } from "./dashboard.js";
import { BENCH_LOGINS, type Generated, generate } from "./generate.js";
import { measureImport } from "./imports.js";
import { measureScales } from "./scales.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const PG_SERVER = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432/test";
/**
 * PGlite's world: the bench colegio divided by this (its companies, and so its communities, links, documents
 * and marks): one thread serves the server and the database, as on a small office's machine.
 */
const PGLITE_SCALE = Number(process.env.BENCH_PGLITE_SCALE ?? 10);
/** Seconds after which a single request of a list too slow for autocannon is given up. */
const SLOW_LIMIT = Number(process.env.BENCH_SLOW_LIMIT ?? 300);
/** The compliance lists' p99 target (ms). */
const P99_TARGET = 100;

interface Row {
  backend: string;
  what: string;
  value: string;
}
const rows: Row[] = [];

function startServer(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(root, "apps/server"),
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return resolve({ child, ms: performance.now() - started });
      } catch {
        /* not up yet */
      }
      setTimeout(poll, 25);
    };
    void poll();
  });
}

/** Waits until the server's readiness check says the day's figures are warm; answers how long it took. */
async function figuresWarm(base: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${base}/health?deep=1`);
    const body = (await res.json()) as { data: { figures?: string | null } };
    if (body.data.figures) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM, then SIGKILL after `graceMs` (a server busy in a long PGlite query cannot answer SIGTERM). */
function stop(child: ChildProcess, graceMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** requests answered within the run (autocannon's percentiles are theirs) */
  completed: number;
  failed: number;
}

/**
 * autocannon at CONNECTIONS connections for DURATION seconds. When it stops, the requests still in flight
 * go on in the server (a slow list leaves up to CONNECTIONS of them queued for the database); one more
 * request of the same kind, awaited, lets that queue drain so the next measurement starts clean.
 */
async function measureLoad(url: string, opts: Partial<autocannon.Options> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts });
  await fetch(url, {
    method: opts.method ?? "GET",
    headers: opts.headers as Record<string, string> | undefined,
    body: opts.body as string | undefined,
  })
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function formatLoad(l: Load) {
  if (l.completed === 0) return `ninguna respuesta en ${DURATION} s`;
  return `${Math.round(l.rps)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.failed ? ` (${l.failed} fallidas)` : ""}`;
}

async function load(url: string, opts: Partial<autocannon.Options> = {}) {
  return formatLoad(await measureLoad(url, opts));
}

/** Throughput of `/health` in each backend's run, for the compliance lists' ratio. */
const healthRps = new Map<string, number>();

/** A compliance list: the load, its share of the same run's `/health`, and the p99 target. */
async function loadVsHealth(backend: string, url: string, opts: Partial<autocannon.Options>, target = P99_TARGET) {
  const l = await measureLoad(url, opts);
  const health = healthRps.get(backend) ?? Number.NaN;
  const met = l.completed > 0 && l.failed === 0 && l.p99 < target;
  const share = (100 * l.rps) / health;
  return `${formatLoad(l)}; ${share >= 1 ? share.toFixed(1) : share.toPrecision(2)} % de /health; p99 ${met ? "<" : "≥"} ${target} ms ${met ? "✓" : "✗"}`;
}

/**
 * A list too slow for autocannon: one request after another until DURATION has passed (at least one),
 * each cut at `limitS` seconds (the cut request goes on in the server).
 */
async function timeSlow(url: string, request: { method: string; headers: object; body?: string }, limitS: number) {
  const times: number[] = [];
  const started = performance.now();
  do {
    const t = performance.now();
    try {
      const res = await fetch(url, {
        ...request,
        headers: request.headers as Record<string, string>,
        signal: AbortSignal.timeout(limitS * 1000),
      });
      await res.arrayBuffer();
      if (!res.ok) return `respuesta ${res.status}`;
    } catch {
      return `${times.length ? `${times.map((x) => `${(x / 1000).toFixed(1)} s`).join(", ")}, y ` : ""}sin respuesta en ${limitS} s (cortada; sigue en el servidor y frena lo que viene detrás)`;
    }
    times.push(performance.now() - t);
  } while (performance.now() - started < DURATION * 1000);
  return `${times.length} petición(es) seguidas, 1 conexión: ${times.map((x) => `${(x / 1000).toFixed(1)} s`).join(", ")}`;
}

async function measure(backend: string, env: Record<string, string>, port: number, prepare: () => Promise<Generated>) {
  const first = await startServer(env, port);
  rows.push({ backend, what: "arranque (datos nuevos: migraciones + demo)", value: `${Math.round(first.ms)} ms` });
  await stop(first.child);
  const seeded = await prepare();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const n = (x: number) => x.toLocaleString("es-ES");
  rows.push({ backend, what: "siembra: empresas, comunidades, enlaces, invitaciones", value: s(seeded.baseMs) });
  rows.push({
    backend,
    what: "siembra: definiciones, documentos + files, marcas de lectura",
    value: `${s(seeded.documentsMs)} (${seeded.documents.definitions} definiciones vivas, ${n(seeded.documents.documents)} documentos, ${n(seeded.documents.marks)} marcas)`,
  });
  rows.push({ backend, what: "siembra: VACUUM ANALYZE", value: s(seeded.analyzeMs) });
  rows.push({
    backend,
    what: "siembra: total",
    value: s(seeded.baseMs + seeded.documentsMs + seeded.analyzeMs),
  });
  const again = await startServer(env, port);
  rows.push({ backend, what: "arranque (datos existentes)", value: `${Math.round(again.ms)} ms` });
  const base = `http://127.0.0.1:${port}`;
  // The server fills the day's figures caches as it starts (figures-warmup.ts): what follows is measured once
  // that is over, as a day's users find it.
  rows.push({
    backend,
    what: "calentamiento de las cifras del día tras arrancar (todos los colegios)",
    value: `${((await figuresWarm(base)) / 1000).toFixed(1)} s`,
  });
  const health = await measureLoad(`${base}/health`);
  healthRps.set(backend, health.rps);
  rows.push({ backend, what: "GET /health", value: formatLoad(health) });
  // Each connection signs in from an address of its own (the server trusts loopback's X-Forwarded-For), as
  // 20 people do: 20 simultaneous sign-ins of one account from one address are a burst that the throttle
  // lets check only 5 passwords at a time (docs/operations.md, "Sessions and sign-in").
  let client = 0;
  const loginHeaders = { "content-type": "application/json" };
  rows.push({
    backend,
    what: "POST /companies/users/login",
    value: await load(`${base}/companies/users/login`, {
      method: "POST",
      headers: loginHeaders,
      body: JSON.stringify({ email: "admin@coordina.test", password: "Coordina2026!" }),
      setupClient: (c) => c.setHeaders({ ...loginHeaders, "x-forwarded-for": `10.50.0.${++client}` }),
    }),
  });
  const colegio = await caller(base, "colegio@coordina.test");
  const asColegio = colegio.request;
  if (env.DATABASE_URL) await measureBareSql(backend, base, env.DATABASE_URL, colegio.colg!, again.child.pid!);
  rows.push({
    backend,
    what: "POST /companies/invitations/index (5.000, pág. 1)",
    value: await load(`${base}/companies/invitations/index`, asColegio({ page: 1, limit: 10 })),
  });
  rows.push({
    backend,
    what: "POST /companies/invitations/index (búsqueda)",
    value: await load(`${base}/companies/invitations/index`, asColegio({ page: 1, limit: 10, filter: "invitado42" })),
  });
  rows.push({
    backend,
    what: "POST /companies/users/index",
    value: await load(`${base}/companies/users/index`, asColegio({ page: 1, limit: 10 })),
  });
  // The colegio's company lists (5.000 providers, 1.000 administrators, 20.000 communities, 200.000 links).
  rows.push({
    backend,
    what: "POST /companies/companies/index (proveedores, pág. 1 por nombre) [cumplimiento]",
    value: await loadVsHealth(
      backend,
      `${base}/companies/companies/index`,
      asColegio({ type: 20, page: 1, limit: 10 }),
    ),
  });
  const lists: [string, object][] = [
    [
      "proveedores, buscando 'Empresa 421' (11), ordenado por gestor",
      { type: 20, page: 1, limit: 10, filter: "Empresa 421", sortBy: "owner_user", sortDesc: "DESC" },
    ],
    [
      "proveedores, buscando 'Empresa 1' (1.111), ordenado por gestor, pág. 3",
      { type: 20, page: 3, limit: 10, filter: "Empresa 1", sortBy: "owner_user", sortDesc: "DESC" },
    ],
    ["proveedores, ordenado por En Fincas", { type: 20, page: 2, limit: 10, sortBy: "fincas", sortDesc: "DESC" }],
    // Issue 24: every order the list offers (by a figure or by status, the walk of walkedPage).
    [
      "proveedores, ordenado por Docs pend validar",
      { type: 20, page: 1, limit: 10, sortBy: "pending", sortDesc: "DESC" },
    ],
    ["proveedores, ordenado por NIF/CIF", { type: 20, page: 1, limit: 10, sortBy: "cif", sortDesc: "ASC" }],
    ["proveedores, ordenado por Estado", { type: 20, page: 1, limit: 10, sortBy: "status", sortDesc: "DESC" }],
    ["proveedores, ordenado por gestor", { type: 20, page: 1, limit: 10, sortBy: "owner_user", sortDesc: "ASC" }],
    ["administradores, pág. 1 por nombre", { type: 15, page: 1, limit: 10 }],
    ["administradores, ordenado por Fincas", { type: 15, page: 1, limit: 10, sortBy: "fincas", sortDesc: "DESC" }],
  ];
  for (const [what, body] of lists) {
    rows.push({
      backend,
      what: `POST /companies/companies/index (${what})`,
      value: await loadVsHealth(backend, `${base}/companies/companies/index`, asColegio(body)),
    });
  }
  rows.push({
    backend,
    what: "POST /companies/providers/summary (ordenado por comunidades)",
    value: await loadVsHealth(
      backend,
      `${base}/companies/providers/summary`,
      asColegio({ page: 1, limit: 10, sortBy: "fincas", sortDesc: "DESC" }),
    ),
  });
  // JSON answers are compressed for clients that accept it (plugins/compression.ts): the first page above,
  // plain and as a browser asks it, one after the other twice (runs apart in time differ more than that).
  const plainPage = asColegio({ type: 20, page: 1, limit: 10 });
  const browserPage = { ...plainPage, headers: { ...plainPage.headers, "accept-encoding": "gzip, deflate, br" } };
  const rates = { plain: [] as number[], compressed: [] as number[] };
  let compressedP99 = 0;
  for (let round = 0; round < 2; round++) {
    rates.plain.push((await measureLoad(`${base}/companies/companies/index`, plainPage)).rps);
    const compressed = await measureLoad(`${base}/companies/companies/index`, browserPage);
    rates.compressed.push(compressed.rps);
    compressedP99 = Math.max(compressedP99, compressed.p99);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const cost = 100 * (1 - mean(rates.compressed) / mean(rates.plain));
  rows.push({
    backend,
    what: "POST /companies/companies/index (proveedores, pág. 1: sin comprimir y con Accept-Encoding de navegador, alternados)",
    value: `${Math.round(mean(rates.plain))} y ${Math.round(mean(rates.compressed))} req/s (p99 comprimido ${compressedP99} ms): ${cost >= 0 ? "−" : "+"}${Math.abs(cost).toFixed(1)} %; ≤ 5 % ${cost <= 5 ? "✓" : "✗"}`,
  });
  rows.push({
    backend,
    what: "POST /companies/admin-fincas/providersActivities (actividad)",
    value: await load(`${base}/companies/admin-fincas/providersActivities`, asColegio({ page: 1, filteract: 12 })),
  });
  await measureCommunities(backend, base);
  const asProvider = (await caller(base, BENCH_LOGINS.gremio)).request;
  for (const [what, value] of await measureCalendar(base, seeded.calendarCommunity, asProvider, (url, opts, target) =>
    loadVsHealth(backend, url, opts, target),
  ))
    rows.push({ backend, what, value });
  // Before measureFiles, which adds a mandatory definition that every provider then owes. A request cut
  // at SLOW_LIMIT goes on in the server and would slow down what follows; the row says so.
  rows.push({
    backend,
    what: "POST /companies/companies/index (proveedores, 'Ver solo docs pendientes') [cumplimiento]",
    value: await timeSlow(
      `${base}/companies/companies/index`,
      asColegio({ type: 20, page: 1, limit: 10, filterNotRead: 1 }),
      SLOW_LIMIT,
    ),
  });
  rows.push({
    backend,
    what: "POST /companies/companies/index (proveedores, 'Ver solo docs pendientes', 20 conexiones)",
    value: await loadVsHealth(
      backend,
      `${base}/companies/companies/index`,
      asColegio({ type: 20, page: 1, limit: 10, filterNotRead: 1 }),
    ),
  });
  // The filter with each order the list offers besides the name's, tax id's and manager's (walked like the page above).
  for (const [what, sortBy] of [
    ["Docs pend validar", "pending"],
    ["En Fincas", "fincas"],
    ["Estado", "status"],
  ] as const)
    rows.push({
      backend,
      what: `POST /companies/companies/index (proveedores, 'Ver solo docs pendientes', ordenado por ${what}, 20 conexiones)`,
      value: await loadVsHealth(
        backend,
        `${base}/companies/companies/index`,
        asColegio({ type: 20, page: 1, limit: 10, filterNotRead: 1, sortBy, sortDesc: "DESC" }),
      ),
    });
  // Before measureFiles too: a new mandatory definition changes every provider's figures (a new version).
  const asAdmin = (await caller(base, BENCH_LOGINS.administrador)).request;
  const upload = await providerUploads(base);
  for (const [what, value] of await measureDashboard(base, asColegio, asAdmin, upload, (url, opts, target) =>
    loadVsHealth(backend, url, opts, target),
  ))
    rows.push({ backend, what, value });
  await measureFiles(backend, base, again.child);
  rows.push(...(await measureImport(backend, base, again.child)));
  await stop(again.child);
}

/**
 * Issue 24, item 2: two lists' API rate, loaded with wrk, beside their bare SQL replayed with pgbench
 * (bare-sql.ts), one after the other in the same run; the API should reach 70 % of it. Beside the rates, the CPU each request costs
 * the server and PostgreSQL, and each bare replay PostgreSQL: on a machine where the load generator, the
 * server and PostgreSQL share the cores, what the server spends around the query is the fair comparison.
 */
async function measureBareSql(backend: string, base: string, url: string, colegioId: number, serverPid: number) {
  const admin = await caller(base, BENCH_LOGINS.administrador);
  const requests = [
    { path: "/companies/companies/index", request: (await caller(base, "colegio@coordina.test")).request },
    { path: "/companies/fincas/index", request: admin.request },
  ];
  const bodies = [{ type: 20, page: 1, limit: 10 }, { page: 1 }];
  const lists = await bareLists(url, colegioId, BENCH_LOGINS.administrador);
  const serverCpu = () => cpuSeconds((pid) => pid === serverPid);
  const ms = (seconds: number, count: number) => `${((1000 * seconds) / count).toFixed(2)} ms`;
  // The API under wrk, a load generator in C as pgbench is (autocannon where wrk cannot be had).
  const wrk = findWrk();
  const generator = "path" in wrk ? "wrk" : `autocannon; wrk no disponible: ${wrk.why}`;
  for (const [i, list] of lists.entries()) {
    const { path: listPath, request } = requests[i]!;
    const [server0, postgres0] = [serverCpu(), postgresCpu()];
    const options = request(bodies[i]!);
    const api =
      "path" in wrk
        ? wrkLoad(wrk.path, `${base}${listPath}`, options, CONNECTIONS, DURATION)
        : await measureLoad(`${base}${listPath}`, options);
    const [server1, postgres1] = [serverCpu(), postgresCpu()];
    const apiCpu = `servidor ${ms(server1 - server0, api.completed)} + PostgreSQL ${ms(postgres1 - postgres0, api.completed)}`;
    let value: string;
    try {
      const bare = pgbenchRate(url, list, CONNECTIONS, DURATION);
      const bareCpu = ms(postgresCpu() - postgres1, bare * DURATION);
      const share = (100 * api.rps) / bare;
      value = `SQL ${Math.round(bare)} peticiones/s (${list.statements.length} sentencias); API (${generator}) ${Math.round(api.rps)} req/s, p99 ${api.p99.toFixed(0)} ms${api.failed ? ` (${api.failed} fallidas)` : ""} = ${share.toFixed(0)} %; ≥ 70 % ${share >= 70 ? "✓" : "✗"}; CPU por petición: API ${apiCpu}, SQL desnudo PostgreSQL ${bareCpu}`;
    } catch (error) {
      value = `pgbench no disponible: ${(error as Error).message.split("\n")[0]}; CPU por petición de la API: ${apiCpu}`;
    }
    rows.push({ backend, what: `SQL desnudo (pgbench) frente a la API: ${list.what}`, value });
  }
}

/** A logged-in caller's request options for autocannon; `colg_id` is the caller's (first) colegio. */
async function caller(base: string, email: string) {
  const login = await fetch(`${base}/companies/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Coordina2026!" }),
  });
  const data = ((await login.json()) as { data: { token: string; colegios: { id: number }[] } }).data;
  const colg = data.colegios[0]?.id;
  const request = (body: object, method: "POST" | "GET" = "POST") => ({
    method,
    headers: { "content-type": "application/json", Authentication: `Bearer ${data.token}` },
    ...(method === "POST" ? { body: JSON.stringify({ ...body, colg_id: colg }) } : {}),
  });
  return { request, colg };
}

/**
 * Issue 5's lists: an administrator's communities (20) and one community's providers (10), the
 * provider's communities (~40), one community's panel, and the colegio's 20,000 communities; issue 23's
 * compliance overview of the administrator's providers and one provider's communities in it.
 */
async function measureCommunities(backend: string, base: string) {
  const admin = await caller(base, BENCH_LOGINS.administrador);
  const asAdmin = admin.request;
  const asProvider = (await caller(base, BENCH_LOGINS.gremio)).request;
  const asColegio = (await caller(base, "colegio@coordina.test")).request;
  const first = await fetch(`${base}/companies/fincas/index`, asAdmin({ page: 1 }));
  const community = ((await first.json()) as { data: { id: number }[] }).data[0]?.id;
  const overview = (await (await fetch(`${base}/companies/admin-fincas/providers`, asAdmin({ page: 1 }))).json()) as {
    count: number;
    data: { provider_id: number }[];
  };
  // The compliance lists: figures joined per row (communityFigures, providerInCommunityFigures).
  const compliance: [string, string, ReturnType<typeof asAdmin>][] = [
    [
      "POST /companies/fincas/index (administrador, 20 comunidades, pág. 1) [cumplimiento]",
      "/companies/fincas/index",
      asAdmin({ page: 1 }),
    ],
    [
      "POST /companies-providers/index (10 proveedores de una comunidad) [cumplimiento]",
      "/companies-providers/index",
      asAdmin({ idFinca: community }),
    ],
    [
      "POST /porteros/fincas/index (porteros de una comunidad) [cumplimiento]",
      "/porteros/fincas/index",
      asAdmin({ id_finca: community }),
    ],
    [
      "POST /porteros/portero/admin_summary (administrador, 20 porteros, pág. 1) [cumplimiento]",
      "/porteros/portero/admin_summary",
      asAdmin({ page: 1 }),
    ],
    [
      `POST /companies/admin-fincas/providers (administrador, ${overview.count} proveedores, pág. 1) [cumplimiento]`,
      "/companies/admin-fincas/providers",
      asAdmin({ page: 1 }),
    ],
    [
      "POST /companies/admin-fincas/providers (ordenado por Docs. Subir, descendente) [cumplimiento]",
      "/companies/admin-fincas/providers",
      asAdmin({ page: 1, sortBy: "uploaded", sortDesc: "DESC" }),
    ],
    [
      "POST /companies/admin-fincas/provider_fincas/{id} (sus comunidades del administrador) [cumplimiento]",
      `/companies/admin-fincas/provider_fincas/${overview.data[0]?.provider_id}`,
      asAdmin({ page: 1 }),
    ],
  ];
  for (const [what, path, request] of compliance) {
    rows.push({ backend, what, value: await loadVsHealth(backend, `${base}${path}`, request) });
  }
  const measures: [string, string, ReturnType<typeof asAdmin>][] = [
    [
      "POST /companies/fincas/index (administrador, buscando '-1')",
      "/companies/fincas/index",
      asAdmin({ page: 1, filter: "-1" }),
    ],
    [
      "GET /companies/fincas/view/{id} (panel de la comunidad)",
      `/companies/fincas/view/${community}?colg_id=${admin.colg}`,
      asAdmin({}, "GET"),
    ],
    [
      "POST /companies/fincas/provider (proveedor, ~40 comunidades)",
      "/companies/fincas/provider",
      asProvider({ page: 1 }),
    ],
    ["POST /companies/fincas/index (colegio, 20.000 comunidades)", "/companies/fincas/index", asColegio({ page: 1 })],
  ];
  for (const [what, path, request] of measures) {
    rows.push({ backend, what, value: await load(`${base}${path}`, request) });
  }
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A PDF of `bytes` bytes: a real header and trailer around padding (the server checks the signature). */
function pdfOf(bytes: number): Blob {
  const head = "%PDF-1.4\n%bench\n";
  const tail = "\n%%EOF\n";
  return new Blob([head, "0".repeat(bytes - head.length - tail.length), tail], { type: "application/pdf" });
}

/**
 * The bench provider uploading a 10 KB PDF to the first general definition it may upload to (with a date a
 * year on when the definition asks for one): a new current document, counted in each of its communities.
 */
async function providerUploads(base: string) {
  const provider = await caller(base, BENCH_LOGINS.gremio);
  const defined = await fetch(`${base}/companies/documents/getcompanydefined`, provider.request({}));
  const rows = ((await defined.json()) as { data: { definition: DefinitionRow; can_upload: boolean }[] }).data;
  const definition = rows.find((row) => row.can_upload && !row.definition.assocfinca)?.definition;
  if (!definition) throw new Error("el proveedor del bench no tiene definiciones generales que subir");
  const token = (provider.request({}).headers as Record<string, string>).Authentication!;
  const nextYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return async () => {
    const form = new FormData();
    form.set("id_definition", String(definition.id));
    if (definition.obsoletable) form.set("obsolete", nextYear);
    form.set("file", pdfOf(10 * 1024), "panel.pdf");
    const res = await fetch(`${base}/companies/documents/upload-defined-file?colg_id=${provider.colg}`, {
      method: "POST",
      headers: { Authentication: token },
      body: form,
    });
    if (!res.ok) throw new Error(`subida del bench: ${res.status} ${await res.text()}`);
  };
}
interface DefinitionRow {
  id: number;
  assocfinca: boolean;
  obsoletable: boolean;
}

/**
 * Issue 6: 20 simultaneous 10 MB uploads (server memory growth, MB/s), then viewing a stored PDF (100 KB
 * and 10 KB) through its link at 20 connections, to compare with /health of the same run.
 */
async function measureFiles(backend: string, base: string, server: ChildProcess) {
  const colegio = await caller(base, "colegio@coordina.test");
  const provider = await caller(base, BENCH_LOGINS.gremio);
  const created = await fetch(
    `${base}/document-require-definitions/add`,
    colegio.request({ name: "Bench: evaluación de riesgos", requirement_origin: 5, requirement_dest: 0 }),
  );
  const definition = ((await created.json()) as { data: { id: number } }).data.id;
  const token = (provider.request({}).headers as Record<string, string>).Authentication!;
  const send = (blob: Blob, name: string) => {
    const form = new FormData();
    form.set("id_definition", String(definition));
    form.set("file", blob, name);
    return fetch(`${base}/companies/documents/upload-defined-file?colg_id=${provider.colg}`, {
      method: "POST",
      headers: { Authentication: token },
      body: form,
    });
  };
  const size = 10 * 1024 * 1024;
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(pdfOf(size), `grande-${i}.pdf`)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  const ok = answers.filter((a) => a.ok).length;
  rows.push({
    backend,
    what: "20 subidas simultáneas de 10 MB",
    value: `${ok}/20 bien, ${((20 * size) / 1024 / 1024 / seconds).toFixed(0)} MB/s, memoria del servidor +${(peak - before).toFixed(0)} MB`,
  });

  // Viewing: a typical scanned certificate (100 KB) and a one-page text PDF (10 KB), then /health again,
  // so the ratio can be read against the /health of the same moment.
  for (const kb of [100, 10]) {
    const stored = await send(pdfOf(kb * 1024), `documento-${kb}.pdf`);
    const fileId = ((await stored.json()) as { data: { fileupload_id: number } }).data.fileupload_id;
    const retrieved = await fetch(
      `${base}/file-manager/fileload/retrieve/${fileId}?colg_id=${provider.colg}`,
      provider.request({}, "GET"),
    );
    const cookie = (retrieved.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const links = ((await retrieved.json()) as { data: { view: string } }).data;
    rows.push({
      backend,
      what: `GET /s/{token} (ver un PDF de ${kb} KB)`,
      value: await load(`${base}${links.view}`, { headers: { cookie } }),
    });
  }
  rows.push({ backend, what: "GET /health (otra vez, tras los PDF)", value: await load(`${base}/health`) });
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-bench-"));
await measure(`PGlite, escala 1/${PGLITE_SCALE}`, { DATA_DIR: dataDir }, 3301, async () => {
  const database = await openPglite(path.join(dataDir, "db"));
  const seeded = await generate(database.db, Math.round(5000 / PGLITE_SCALE), Math.round(1000 / PGLITE_SCALE));
  await database.close();
  return seeded;
});
fs.rmSync(dataDir, { recursive: true, force: true });

if (await reachable(5432)) {
  const name = `coordina_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  try {
    await measure("PostgreSQL", { DATABASE_URL: url.toString(), DEMO: "1" }, 3302, async () => {
      const database = await openPostgres(url.toString(), 2);
      const seeded = await generate(database.db);
      await database.close();
      return seeded;
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  for (const { what, value } of await measureScales(PG_SERVER)) rows.push({ backend: "PostgreSQL", what, value });
} else {
  console.log("PostgreSQL no responde en 127.0.0.1:5432: solo PGlite.");
}

console.log(`\nCoordina bench — ${CONNECTIONS} conexiones, ${DURATION} s por prueba, ${os.cpus().length} núcleos`);
console.log(
  `Cumplimiento: PostgreSQL con 5.000 proveedores, 1.000 administradores, 20.000 comunidades, 600.000 documentos y 1.500.000 marcas (los recuentos de las filas son los suyos); PGlite con un colegio ${PGLITE_SCALE} veces menor (el de la escala 1/${PGLITE_SCALE} de las cachés), con todos sus documentos y marcas, sin el tope de 600.000 y 1.500.000 que aclara el grande.\n`,
);
const backends = [...new Set(rows.map((r) => r.backend))];
const measures = [...new Set(rows.map((r) => r.what))];
const cell = (backend: string, what: string) =>
  rows.find((r) => r.backend === backend && r.what === what)?.value ?? "—";
const widths = [
  Math.max(...measures.map((m) => m.length)),
  ...backends.map((b) => Math.max(b.length, ...measures.map((m) => cell(b, m).length))),
];
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(line(["", ...backends]));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const what of measures) console.log(line([what, ...backends.map((b) => cell(b, what))]));
