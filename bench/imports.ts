/**
 * Issue 20's import target, measured by `npm run bench` (run.ts calls measureImport on each backend after
 * the other measures): the colegio imports a 10,000-row providers file with activities, in under 10 s on
 * PostgreSQL and under 30 s on PGlite, the server's memory growing by less than 100 MB.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { IMPORT_HEADERS, type ImportRun } from "@coordina/domain";
import { writeSheet } from "../apps/server/src/lib/sheets/write-sheet.js";

export interface BenchRow {
  backend: string;
  what: string;
  value: string;
}

const ROWS = 10_000;
const TARGET_SECONDS: Record<string, number> = { PostgreSQL: 10, PGlite: 30 };
const MEMORY_TARGET_MB = 100;
const COLEGIO = "colegio@coordina.test";
const PASSWORD = "Coordina2026!";
/** Separators of a cell of several activities, as people type them (spec 01 §3). */
const SEPARATORS = [", ", ";", " | ", "*", ","];
/** Give up on a run that has not finished in this long (it goes on in the server). */
const LIMIT_MS = 300_000;

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/companies/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: COLEGIO, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${COLEGIO}: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The colegio's activities to name in the file: the bench world's 40 (generate.ts), else all it has. */
async function activityNames(base: string, token: string): Promise<string[]> {
  const res = await fetch(`${base}/companies/activities/all`, { headers: { authentication: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`activities: ${res.status}`);
  const names = ((await res.json()) as { data: { name: string }[] }).data.map((a) => a.name);
  const bench = names.filter((n) => n.startsWith("Actividad de banco "));
  const chosen = bench.length > 0 ? bench : names;
  if (chosen.length === 0) throw new Error("the colegio has no activities");
  return chosen;
}

/**
 * 10,000 providers no one has registered yet (tax ids and e-mails of their own, unique to this run), each
 * with one to three of the colegio's activities in one cell, separated in the ways people type them.
 */
function providersFile(activities: readonly string[]): Buffer {
  const stamp = Date.now().toString(36).toUpperCase().slice(-5);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const count = 1 + (i % 3);
    const names = Array.from({ length: count }, (_, k) => activities[(i * 7 + k * 13) % activities.length]!);
    return [
      `Proveedor importado ${i + 1} S.L.`,
      `IMP${stamp}${String(i).padStart(5, "0")}`,
      `importado${i + 1}.${stamp.toLowerCase()}@bench-importa.test`,
      `6${String(i).padStart(8, "0")}`,
      [...new Set(names)].join(SEPARATORS[i % SEPARATORS.length]!),
    ];
  });
  return writeSheet(IMPORT_HEADERS.providers, rows);
}

/**
 * Imports the 10,000 providers as the colegio and answers the rows of the bench table: the time from the
 * upload to `endCorrect` (and rows per second), the run's counts, the server's memory growth (peak minus
 * before, sampled every 20 ms), and whether each target is met.
 */
export async function measureImport(backend: string, base: string, server: ChildProcess): Promise<BenchRow[]> {
  const token = await signIn(base);
  const file = providersFile(await activityNames(base, token));
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)], { type: "application/octet-stream" }), "proveedores-10000.xlsx");

  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const started = performance.now();
  let answeredMs = 0;
  let run: ImportRun;
  try {
    const res = await fetch(`${base}/imports/providers`, {
      method: "POST",
      headers: { authentication: `Bearer ${token}` },
      body: form,
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`POST /imports/providers: ${res.status} ${body.slice(0, 200)}`);
    answeredMs = performance.now() - started;
    run = (JSON.parse(body) as { data: ImportRun }).data;
    // the page's polling, once a second would do; 100 ms so that the end is seen within 0.1 s
    while (run.status === "importing" && performance.now() - started < LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await fetch(`${base}/imports/runs/${run.id}`, { headers: { authentication: `Bearer ${token}` } });
      if (!polled.ok) throw new Error(`GET /imports/runs/${run.id}: ${polled.status}`);
      run = ((await polled.json()) as { data: ImportRun }).data;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(server.pid));
  const growth = peak - before;

  const target = TARGET_SECONDS[backend] ?? 10;
  const n = (x: number) => x.toLocaleString("es-ES");
  const ended = run.status === "endCorrect" && run.done === ROWS;
  const fast = ended && seconds < target;
  const c = run.counts;
  const what = `importación de ${n(ROWS)} proveedores con actividades (.xlsx de ${(file.length / 1024).toFixed(0)} KB)`;
  return [
    {
      backend,
      what,
      value: `${seconds.toFixed(1)} s (${n(Math.round(run.done / seconds))} filas/s; respuesta a la subida en ${(answeredMs / 1000).toFixed(1)} s); ${ended ? "endCorrect" : `${run.status}, ${n(run.done)}/${n(run.total)} filas`}; < ${target} s ${fast ? "✓" : "✗"}`,
    },
    {
      backend,
      what: `${what}: recuentos`,
      value: `creadas ${n(c.created)}, incluidas ${n(c.included)}, ya estaban ${n(c.already)}, erróneas ${n(c.invalid)}, fallidas ${n(c.failed)}`,
    },
    {
      backend,
      what: `${what}: memoria del servidor`,
      value: `+${growth.toFixed(0)} MB (pico ${peak.toFixed(0)} MB, antes ${before.toFixed(0)} MB); < ${MEMORY_TARGET_MB} MB ${growth < MEMORY_TARGET_MB ? "✓" : "✗"}`,
    },
  ];
}
