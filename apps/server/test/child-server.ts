import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Where a real server keeps its data for one test: a temporary DATA_DIR and, when DATABASE_URL is set, a
 * fresh PostgreSQL database on that server (otherwise PGlite in DATA_DIR/db), dropped by `remove`.
 */
export async function serverData() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-child-"));
  const server = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (server) {
    name = `coordina_child_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async remove() {
      if (server && name) {
        const admin = new pg.Client({ connectionString: server });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server as `npm start` runs it (`node --import tsx src/main.ts`), in demo mode on 127.0.0.1
 * unless `env` says otherwise (a value of undefined removes the variable), on a port the kernel picks:
 * resolves once its log says where it listens, fails as soon as the process exits instead.
 */
export async function startServer(
  data: { dataDir: string; databaseUrl: string | undefined },
  env: Record<string, string | undefined> = {},
) {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: data.dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    DEMO: "1",
    NODE_ENV: "production",
    DATABASE_URL: data.databaseUrl,
    ...env,
  };
  const childEnv = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const logs: { msg?: string; level?: number }[] = [];
  const listening = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      let entry: { msg?: string; level?: number };
      try {
        entry = JSON.parse(line) as { msg?: string; level?: number };
      } catch {
        return;
      }
      logs.push(entry);
      // main.ts says so once it listens on every address (Fastify names each just before).
      if (entry.msg?.startsWith("Coordina escuchando")) resolve(addressesIn(logs)[0]!);
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr}`)),
    );
  });
  let base: string;
  try {
    base = await listening;
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const port = Number(new URL(base).port);
  return {
    child,
    port,
    base,
    logs,
    stderr: () => stderr,
    /** Every address the server said it listens at. */
    addresses: () => addressesIn(logs),
    /** SIGTERM, resolved once the process is gone. */
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

function addressesIn(logs: { msg?: string }[]): string[] {
  return logs.flatMap((l) => /^Server listening at (\S+)$/.exec(l.msg ?? "")?.[1] ?? []);
}

/** SIGKILL, resolved once the process is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
