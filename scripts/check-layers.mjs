#!/usr/bin/env node
// The layers of DESIGN.md §7, checked instead of trusted:
// - server: SQL is built only in repositories (`*.repository.ts`, `*.sql.ts`) and the data infrastructure
//   (`db/`, `lib/`); services, routes, policies and plugins call repositories; routes do not reach past
//   their services into repositories;
// - web: a feature never imports another feature; `shared/` and `ui/` never import a feature.
// Import cycles are Biome's `noImportCycles` (biome.json). Usage: node scripts/check-layers.mjs [root]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SQL_HOMES = /(?:\.repository|\.sql)\.ts$/;
/** What building or running SQL looks like in TypeScript with Drizzle. */
const SQL_SIGNS = [
  { re: /from\s+["']drizzle-orm(?:\/[^"']*)?["']/, what: "imports drizzle-orm" },
  { re: /from\s+["'][./]*(?:\.\.\/)*db\/schema(?:\/[^"']*)?(?:\.js)?["']/, what: "imports the table schema" },
  { re: /from\s+["'][./]*(?:\.\.\/)*db\/rows\.js["']/, what: "imports the raw-row readers" },
  { re: /\b(?:queryRows|queryRowsPrepared|queryTyped|queryTypedPrepared|fetchPage|sortSql)\b/, what: "runs raw SQL" },
  { re: /\bsql\s*`|\bsql\.(?:raw|join|placeholder|identifier)\s*\(/, what: "builds SQL" },
  {
    re: /\b(?:db|tx|database|trx)\s*(?:\(\))?\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\b/,
    what: "queries the database",
  },
];

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(?:ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The code without comments, line breaks kept so that line numbers still match. */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, (_m, lead) => lead);
}

function lineOf(text, index) {
  return text.slice(0, index).split("\n").length;
}

function importsOf(text) {
  const found = [];
  const re = /(?:import|export)\s[^"'`;]*?from\s+["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) found.push({ spec: m[1] ?? m[2], index: m.index });
  return found;
}

function checkServer(root, problems) {
  const src = path.join(root, "apps/server/src");
  for (const file of walk(src)) {
    const rel = path.relative(src, file).split(path.sep).join("/");
    if (!/^(?:modules|plugins)\//.test(rel) && !/^(?:app|main)\.ts$/.test(rel)) continue;
    const text = withoutComments(fs.readFileSync(file, "utf8"));
    if (!SQL_HOMES.test(rel)) {
      for (const { re, what } of SQL_SIGNS) {
        const m = re.exec(text);
        if (m) problems.push(`apps/server/src/${rel}:${lineOf(text, m.index)}: ${what} outside a repository`);
      }
    }
    if (rel.endsWith(".routes.ts")) {
      for (const { spec, index } of importsOf(text)) {
        if (/\.repository(?:\.js)?$/.test(spec)) {
          problems.push(
            `apps/server/src/${rel}:${lineOf(text, index)}: a route imports a repository (${spec}); call a service`,
          );
        }
      }
    }
  }
}

function checkWeb(root, problems) {
  const src = path.join(root, "apps/web/src");
  for (const file of walk(src)) {
    const rel = path.relative(src, file).split(path.sep).join("/");
    const [top, feature] = rel.split("/");
    if (top !== "features" && top !== "shared" && top !== "ui") continue;
    const text = withoutComments(fs.readFileSync(file, "utf8"));
    for (const { spec, index } of importsOf(text)) {
      if (!spec.startsWith(".")) continue;
      const target = path
        .relative(src, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join("/");
      const [targetTop, targetFeature] = target.split("/");
      if (targetTop !== "features") continue;
      if (top === "features" && targetFeature === feature) continue;
      const who = top === "features" ? `feature ${feature}` : `${top}/`;
      problems.push(
        `apps/web/src/${rel}:${lineOf(text, index)}: ${who} imports feature ${targetFeature} (${spec}); move what both need to shared/`,
      );
    }
  }
}

export function findLayerProblems(root) {
  const problems = [];
  checkServer(root, problems);
  checkWeb(root, problems);
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const problems = findLayerProblems(root);
  if (problems.length > 0) {
    console.error(`Capas: ${problems.length} problema(s)\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log("Capas: correctas.");
}
