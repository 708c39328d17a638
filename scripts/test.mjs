#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest: lint, typecheck, unit and server tests
// (PGlite; also PostgreSQL when DATABASE_URL is set), the web build with its size budget, then the
// browser journeys in Chromium against the app started as the README says.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const onlyE2e = process.argv.includes("--only-e2e");
const reports = path.join(root, ".tmp");
const vitestReport = path.join(reports, "vitest.json");
const e2eReport = path.join(reports, "e2e.json");
fs.mkdirSync(reports, { recursive: true });
for (const file of [vitestReport, e2eReport]) fs.rmSync(file, { force: true });

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (run.status !== 0) {
    console.error(`\n✗ ${title} ha fallado.`);
    process.exit(run.status ?? 1);
  }
}

let chromium;
try {
  chromium = ensureChromium();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

if (!onlyE2e) {
  step("Lint y formato (Biome)", "npx", ["biome", "check", "--error-on-warnings", "."]);
  step("Capas: SQL solo en repositorios, funcionalidades web independientes", "node", ["scripts/check-layers.mjs"]);
  step("docs/FEATURES.md cita ficheros que existen", "node", ["scripts/check-docs.mjs"]);
  step("Tipos (TypeScript estricto)", "npm", ["run", "typecheck", "--silent"]);
  step("Pruebas de dominio, servidor y web (Vitest)", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]);
}
step("Construcción de la aplicación web", "npm", ["run", "build", "--silent"]);
step("Presupuesto de tamaño de la ruta de login", "node", ["scripts/check-budget.mjs"]);
step(
  "Recorridos en el navegador (Playwright + Chromium)",
  "npx",
  ["playwright", "test", "-c", "e2e/playwright.config.ts"],
  { CHROMIUM_PATH: chromium, E2E_JSON_REPORT: e2eReport },
);

// One closing line for the whole run: Vitest and Playwright counts added up.
let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(vitestReport)) {
  const v = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (fs.existsSync(e2eReport)) {
  const e = JSON.parse(fs.readFileSync(e2eReport, "utf8")).stats;
  passed += (e.expected ?? 0) + (e.flaky ?? 0);
  failed += e.unexpected ?? 0;
  skipped += e.skipped ?? 0;
}
console.log("\n✓ Todas las pruebas han pasado.");
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
