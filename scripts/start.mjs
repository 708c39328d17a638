#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the last build, then runs the server
// (PORT, DATA_DIR and the rest of the README's configuration come from the environment).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "packages/domain/src",
  // the app version the web shows
  "package.json",
];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
// WEB_DIST points the server at another build: that build is the caller's business.
if (!process.env.WEB_DIST && changed > built) {
  console.log("Construyendo la aplicación web…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
  cwd: path.join(root, "apps/server"),
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? "data") },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
