#!/usr/bin/env node
// Finds wrk, the load generator in C the bench measures the API with beside pgbench's bare SQL: WRK_PATH,
// else Debian's /usr/bin/wrk. When it is missing and we run as root, installs Debian's `wrk` package;
// otherwise stops with a clear message. Prints its path last.
import { ensureDebianPackage } from "./debian-package.mjs";

try {
  console.log(
    ensureDebianPackage({
      program: "wrk",
      path: "/usr/bin/wrk",
      pkg: "wrk",
      envVar: "WRK_PATH",
      missing: "La comparación con el SQL desnudo mide la API con wrk y no está instalado.",
    }),
  );
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
