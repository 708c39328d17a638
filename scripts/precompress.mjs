#!/usr/bin/env node
// Brotli and gzip copies of the built web app's text files, made once at build time (`npm run build`):
// the server sends the copy the browser accepts (@fastify/static's preCompressed) instead of the plain file.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Files worth compressing: text, larger than a few hundred bytes (below, headers cost what compression saves). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 256;

/** The brotli ("br") or gzip ("gz") copy of a file's bytes, or null when it is too small to be worth one. */
export function precompressedCopy(data, encoding) {
  if (data.length < MIN_BYTES) return null;
  if (encoding === "gz") return gzipSync(data, { level: 9 });
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`; answers how many files. */
export function precompress(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    for (const encoding of ["br", "gz"]) fs.writeFileSync(`${file}.${encoding}`, precompressedCopy(data, encoding));
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? "apps/web/dist");
  console.log(`Comprimidos (brotli y gzip): ${precompress(dir)} ficheros de ${dir}`);
}
