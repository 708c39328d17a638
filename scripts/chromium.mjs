#!/usr/bin/env node
// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. When it is
// missing and we run as root, installs Debian's `chromium` package; otherwise stops with a clear message.
import { ensureDebianPackage } from "./debian-package.mjs";

export function ensureChromium() {
  return ensureDebianPackage({
    program: "Chromium",
    path: "/usr/bin/chromium",
    pkg: "chromium",
    envVar: "CHROMIUM_PATH",
    missing: "Las pruebas de navegador necesitan Chromium y no está instalado.",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
