import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// fs-native-extensions ships N-API prebuilds (no install script) and has no type declarations.
const { tryLock } = createRequire(import.meta.url)("fs-native-extensions") as {
  tryLock(fd: number): boolean;
};

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it. Hold an
 * exclusive kernel lock on `coordina.lock` (an open-file-description lock on Linux, flock on macOS,
 * LockFileEx on Windows) for the life of the process: the kernel drops it when the process exits or is
 * killed, so a lock file left behind never blocks and there is no stale-lock check to race on. The file
 * is never deleted, since a process could still be locking the unlinked copy. The pid written into it
 * only names the holder in the error message.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "coordina.lock");
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  if (!locked) {
    const holder = Number.parseInt(fs.readFileSync(fd, "utf8").trim(), 10);
    fs.closeSync(fd);
    const who = Number.isInteger(holder) && holder > 0 ? ` (pid ${holder})` : "";
    throw new DataDirLockedError(
      `El directorio de datos ${dataDir} está en uso por otro proceso${who}. Detén ese proceso o usa otro DATA_DIR.`,
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      fs.ftruncateSync(fd, 0);
    } finally {
      fs.closeSync(fd);
    }
  };
}
