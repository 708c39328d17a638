// Fixture for lock.test.ts, run as `node --import tsx test/lock-holder.ts DATA_DIR`. Reads commands
// from stdin, one a line: "try" calls lockDataDir, "release" releases; each answers one JSON line. It
// keeps a lock it won until told to release it or stdin closes.
import readline from "node:readline";
import { DataDirLockedError, lockDataDir } from "../src/db/lock.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: lock-holder.ts DATA_DIR");

const say = (message: object) => process.stdout.write(`${JSON.stringify({ pid: process.pid, ...message })}\n`);

let release: (() => void) | undefined;
const commands = readline.createInterface({ input: process.stdin });
commands.on("line", (command) => {
  if (command === "try") {
    try {
      release = lockDataDir(dataDir);
      say({ held: true });
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      say({ held: false, message: err.message });
    }
  } else if (command === "release") {
    release?.();
    release = undefined;
    say({ released: true });
  }
});
commands.on("close", () => {
  release?.();
  process.exit(0);
});
say({ ready: true });
