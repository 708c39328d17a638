#!/usr/bin/env node
// Gzip size of the JavaScript a route needs on first load: the entry chunk, the route's chunk and
// every chunk they import statically, read from Vite's manifest.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(process.argv[2] ?? "apps/web/dist");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

export function routeJsGzip(routeSource) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const route = Object.keys(manifest).find((k) => k.endsWith(routeSource));
  if (!entry || !route) throw new Error(`chunk not found for ${routeSource}`);
  let total = 0;
  const files = [];
  for (const key of closure([entry, route])) {
    const file = manifest[key].file;
    if (!file.endsWith(".js")) continue;
    const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    files.push([file, size]);
    total += size;
  }
  return { total, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const route = process.argv[3] ?? "src/features/auth/LoginPage.tsx";
  const { total, files } = routeJsGzip(route);
  for (const [file, size] of files.sort((a, b) => b[1] - a[1]))
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JavaScript for ${route}`);
}
