#!/usr/bin/env node
// `npm run dev`: the API with reload on change (port 3000, development mode) and Vite's dev server for
// the web app on http://localhost:5173/webapp/ (it forwards API calls to port 3000).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn("npx", ["tsx", "watch", "src/main.ts"], {
    cwd: path.join(root, "apps/server"),
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? "data") },
  }),
  spawn("npx", ["vite"], { cwd: path.join(root, "apps/web"), stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
