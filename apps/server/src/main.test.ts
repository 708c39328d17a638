import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverDir = path.resolve(import.meta.dirname, "..");

function runMain(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...rest, LOG_LEVEL: "silent", PORT: "0", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("main", () => {
  it("refuses an embedded data dir that another process holds, with a clear message", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-main-"));
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      fs.writeFileSync(path.join(dataDir, "coordina.lock"), String(holder.pid));
      const run = runMain({ DATA_DIR: dataDir });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `El directorio de datos ${dataDir} está en uso por otro proceso (pid ${holder.pid})`,
      );
      expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it("stops at start with a clear message when the configuration is wrong", () => {
    const run = runMain({ PORT: "puerto", DATA_DIR: os.tmpdir() });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Configuración no válida");
    expect(run.stderr).toContain("PORT");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
