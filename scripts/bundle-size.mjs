#!/usr/bin/env node
// Bytes of JavaScript a route sends on first load, gzip and brotli: the entry chunk, the route's chunk and
// every chunk they import statically, read from Vite's manifest. What is sent is the build's precompressed
// copy (scripts/precompress.mjs); a dist built without them (a bare `vite build`) is measured as if it had
// them.
import fs from "node:fs";
import path from "node:path";
import { precompressedCopy } from "./precompress.mjs";

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
  let brotli = 0;
  const files = [];
  for (const key of closure([entry, route])) {
    const file = manifest[key].file;
    if (!file.endsWith(".js")) continue;
    const size = sentBytes(path.join(dist, file), "gz");
    files.push([file, size]);
    total += size;
    brotli += sentBytes(path.join(dist, file), "br");
  }
  return { total, brotli, files };
}

/** What a browser accepting `encoding` receives for `file`: its copy, or the file when too small for one. */
function sentBytes(file, encoding) {
  const copy = `${file}.${encoding}`;
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  const data = fs.readFileSync(file);
  const made = precompressedCopy(data, encoding);
  return made ? made.length : data.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const route = process.argv[3] ?? "src/features/auth/LoginPage.tsx";
  const { total, brotli, files } = routeJsGzip(route);
  for (const [file, size] of files.sort((a, b) => b[1] - a[1]))
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JavaScript for ${route}`);
  console.log(`${(brotli / 1024).toFixed(1).padStart(7)} KB  total brotli JavaScript for ${route}`);
}
