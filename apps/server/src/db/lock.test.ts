import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.js";

const serverDir = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(serverDir, "test/lock-holder.ts");
const refusal =
  /^El directorio de datos .+ está en uso por otro proceso( \(pid \d+\))?\. Detén ese proceso o usa otro DATA_DIR\.$/;

type Reply = { pid: number; ready?: true; held?: boolean; message?: string; released?: true };

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-lock-"));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** A separate Node process that locks `dir` on command (see test/lock-holder.ts). */
async function startHolder(dir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture, dir], { cwd: serverDir });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = exited(child);
  cleanup.push(() => {
    child.kill("SIGKILL");
    return done;
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const holder = {
    child,
    pid: child.pid!,
    done,
    async next(): Promise<Reply> {
      const line = await lines.next();
      if (line.done) throw new Error(`lock-holder ${child.pid} ended without answering: ${stderr}`);
      return JSON.parse(line.value) as Reply;
    },
    async command(command: "try" | "release"): Promise<Reply> {
      child.stdin.write(`${command}\n`);
      return holder.next();
    },
  };
  expect(await holder.next()).toEqual({ pid: holder.pid, ready: true });
  return holder;
}

/** A live process that has nothing to do with Coordina, to stand for a pid reused after a crash. */
function startUnrelated() {
  const child = spawn(process.execPath, ["-e", "process.stdin.resume()"]);
  const done = exited(child);
  cleanup.push(() => {
    child.kill("SIGKILL");
    return done;
  });
  return child.pid!;
}

async function deadPid() {
  const child = spawn(process.execPath, ["-e", ""]);
  await exited(child);
  return child.pid!;
}

const lockFile = (dir: string) => path.join(dir, "coordina.lock");

describe("data-dir lock", () => {
  it("refuses a data dir that another process holds, naming that process in Spanish", async () => {
    const dir = tempDir();
    const holder = await startHolder(dir);
    expect(await holder.command("try")).toEqual({ pid: holder.pid, held: true });

    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrowError(
      `El directorio de datos ${dir} está en uso por otro proceso (pid ${holder.pid}). ` +
        "Detén ese proceso o usa otro DATA_DIR.",
    );

    expect(await holder.command("release")).toEqual({ pid: holder.pid, released: true });
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
    release();
  });

  it("is free again at once when the holder is killed with SIGKILL", async () => {
    const dir = tempDir();
    const holder = await startHolder(dir);
    expect(await holder.command("try")).toEqual({ pid: holder.pid, held: true });
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);

    holder.child.kill("SIGKILL");
    await holder.done;
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(holder.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
    release();
  });

  it("is not stopped by a lock file naming a dead process or a live unrelated one", async () => {
    const dir = tempDir();
    for (const pid of [await deadPid(), startUnrelated()]) {
      fs.writeFileSync(lockFile(dir), String(pid));
      const release = lockDataDir(dir);
      expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
      release();
    }
  });

  it("is held once: a second lock in the same process is refused until the first is released", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrowError(`(pid ${process.pid})`);
    release();
    release();
    lockDataDir(dir)();
  });

  it("goes to exactly one of many processes racing for it, whatever lock file was left behind", async () => {
    const processes = 32;
    const rounds = 48;
    // "killed": the previous round's winner was killed with SIGKILL while holding the lock.
    const kinds = ["no file", "dead pid", "live unrelated pid", "killed"] as const;
    const dir = tempDir();
    const unrelated = startUnrelated();
    const dead = await deadPid();
    const holders = await Promise.all(Array.from({ length: processes }, () => startHolder(dir)));
    let killedPid: number | undefined;

    for (let round = 0; round < rounds; round++) {
      const kind = kinds[round % kinds.length];
      if (kind === "no file") fs.rmSync(lockFile(dir), { force: true });
      if (kind === "dead pid") fs.writeFileSync(lockFile(dir), String(dead));
      if (kind === "live unrelated pid") fs.writeFileSync(lockFile(dir), String(unrelated));
      if (kind === "killed") expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(killedPid));

      // Every contender answers before any winner lets go, so two grants in a round would both be seen.
      const replies = await Promise.all(holders.map((holder) => holder.command("try")));
      expect(replies).toHaveLength(holders.length);
      const winners = replies.filter((reply) => reply.held);
      expect(winners, `round ${round} (${kind})`).toHaveLength(1);
      for (const reply of replies.filter((r) => !r.held)) expect(reply.message).toMatch(refusal);
      const winner = holders.find((holder) => holder.pid === winners[0]!.pid)!;
      expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(winner.pid));

      if (kinds[(round + 1) % kinds.length] === "killed") {
        winner.child.kill("SIGKILL");
        await winner.done;
        killedPid = winner.pid;
        holders.splice(holders.indexOf(winner), 1);
      } else {
        expect(await winner.command("release")).toEqual({ pid: winner.pid, released: true });
      }
    }
    expect(holders.length).toBe(processes - rounds / kinds.length);
  }, 120_000);
});
