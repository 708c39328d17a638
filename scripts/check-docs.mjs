#!/usr/bin/env node
// docs/FEATURES.md names, for every row, where a feature lives and which test proves it. Files move;
// this check fails when a file the table names (a path, or a bare file name) is not in the repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const FILE = /\.(?:tsx?|mjs|sql)$/;

/** The repository's files (git's list when it is a checkout, else a walk). */
function filesOf(root) {
  try {
    return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
  } catch {
    const out = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        if (e.name === "node_modules" || e.name === ".git") continue;
        const rel = dir ? `${dir}/${e.name}` : e.name;
        if (e.isDirectory()) walk(rel);
        else out.push(rel);
      }
    };
    walk("");
    return out;
  }
}

export function findStaleReferences(root, doc = "docs/FEATURES.md") {
  const files = filesOf(root).filter((f) => fs.existsSync(path.join(root, f)));
  const names = new Set(files.map((f) => path.posix.basename(f)));
  const text = fs.readFileSync(path.join(root, doc), "utf8");
  const stale = new Set();
  for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
    const ref = quoted.replace(/:\d+(?:-\d+)?$/, "");
    if (!FILE.test(ref) || /[<*]/.test(ref)) continue; // a pattern, not a file
    const found = ref.includes("/") ? files.some((f) => f === ref || f.endsWith(`/${ref}`)) : names.has(ref);
    if (!found) stale.add(ref);
  }
  return [...stale].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const stale = findStaleReferences(root);
  if (stale.length > 0) {
    console.error(`docs/FEATURES.md nombra ficheros que no existen:\n${stale.join("\n")}`);
    process.exit(1);
  }
  console.log("docs/FEATURES.md: todos los ficheros citados existen.");
}
