// Finds a program the project's tests or bench run from Debian's packages: the path an environment variable
// names, else the package's own. When it is missing and we run as root, installs the package; otherwise
// stops with a clear message.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * @param {{ program: string, path: string, pkg: string, envVar: string, missing: string }} tool
 *   `program` names it in messages; `missing` says in Spanish what needs it and that it is not installed.
 * @returns {string} the program's path
 */
export function ensureDebianPackage({ program, path, pkg, envVar, missing }) {
  const found = () => [process.env[envVar], path].filter(Boolean).find((p) => fs.existsSync(p));
  const existing = found();
  if (existing) return existing;
  if (process.env[envVar]) throw new Error(`${envVar}=${process.env[envVar]} no existe.`);
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing}\nInstálalo con \`sudo apt-get install ${pkg}\` o indica su ruta en ${envVar}.`);
  }
  // Progress to stderr: stdout is left for the path the command line prints.
  console.error(`Instalando ${program} de Debian (apt-get install ${pkg})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", pkg],
  ]) {
    const run = spawnSync("apt-get", args, { stdio: ["ignore", 2, 2], env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(" ")} ha fallado (código ${run.status}).`);
  }
  const installed = found();
  if (!installed) throw new Error(`apt-get terminó pero ${path} no aparece.`);
  return installed;
}
