#!/usr/bin/env node
// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. When it is
// missing and we run as root, installs Debian's `chromium` package; otherwise stops with a clear message.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} no existe.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Las pruebas de navegador necesitan Chromium y no está instalado.\n" +
        "Instálalo con `sudo apt-get install chromium` o indica su ruta en CHROMIUM_PATH.",
    );
  }
  console.log("Instalando Chromium de Debian (apt-get install chromium)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", "chromium"],
  ]) {
    const run = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(" ")} ha fallado (código ${run.status}).`);
  }
  const installed = findChromium();
  if (!installed) throw new Error("apt-get terminó pero /usr/bin/chromium no aparece.");
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
