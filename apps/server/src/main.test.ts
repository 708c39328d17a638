import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { describe, expect, it } from "vitest";
import { startServer } from "../test/child-server.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/demo.js";

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
  it("refuses an embedded data dir that another process holds, with a clear message", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-main-"));
    const holder = spawn(process.execPath, ["--import", "tsx", "test/lock-holder.ts", dataDir], { cwd: serverDir });
    try {
      const lines = readline.createInterface({ input: holder.stdout })[Symbol.asyncIterator]();
      await lines.next(); // ready
      holder.stdin.write("try\n");
      expect(JSON.parse((await lines.next()).value)).toEqual({ pid: holder.pid, held: true });
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

  // Each of the next tests starts the real server on a new embedded database (migrations, demo data), two of
  // them in one test: a guard against a hang, not a limit on speed. Under the whole suite on a slow machine
  // the first took over 30 s (the suite's default) while taking 18 s alone.
  const SERVER_STARTS = 180_000;

  const loginAs = (base: string, email: string) =>
    fetch(`${base}/companies/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });

  it(
    "in demo mode listens only on this machine, says so, and keeps the mail viewer there",
    async () => {
      const data = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "coordina-demo-")), databaseUrl: undefined };
      const server = await startServer(data, { HOST: undefined });
      try {
        expect(server.addresses()).toHaveLength(1);
        expect(server.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(server.logs.some((l) => l.msg?.startsWith("Modo demostración: solo se admiten conexiones"))).toBe(true);
        expect((await loginAs(server.base, DEMO_ACCOUNTS.colegio)).status).toBe(200);
        expect((await fetch(`${server.base}/dev/mail/messages`)).status).toBe(200);
      } finally {
        await server.stop();
      }

      // The same data dir outside demo mode: no viewer, and the demo accounts no longer open with the
      // published password.
      const production = await startServer(data, { DEMO: "0" });
      try {
        expect(production.logs.some((l) => l.msg?.startsWith("Modo demostración"))).toBe(false);
        const viewer = await fetch(`${production.base}/dev/mail/messages`);
        expect(viewer.status).toBe(404);
        const config = (await (await fetch(`${production.base}/app/config`)).json()) as {
          data: { mailViewer: boolean };
        };
        expect(config.data.mailViewer).toBe(false);
        for (const email of Object.values(DEMO_ACCOUNTS)) {
          expect((await loginAs(production.base, email)).status).toBe(401);
        }
      } finally {
        await production.stop();
      }
    },
    SERVER_STARTS,
  );

  it(
    "an embedded install with DEMO=0 starts with no demo accounts and no mail viewer",
    async () => {
      const data = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "coordina-nodemo-")), databaseUrl: undefined };
      const server = await startServer(data, { DEMO: "0" });
      try {
        expect((await fetch(`${server.base}/dev/mail/messages`)).status).toBe(404);
        expect((await loginAs(server.base, DEMO_ACCOUNTS.master)).status).toBe(401);
      } finally {
        await server.stop();
      }
    },
    SERVER_STARTS,
  );
});
