import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.js";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "coordina-lock-"));

describe("data-dir lock", () => {
  it("refuses a data dir held by another live process, with a clear message", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    try {
      fs.writeFileSync(path.join(dir, "coordina.lock"), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrowError(/está en uso por otro proceso/);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that no longer exists, and releases it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "coordina.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "coordina.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "coordina.lock"))).toBe(false);
  });
});
