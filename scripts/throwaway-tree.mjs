// For the scripts' tests: directories with the given files, removed after each test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

/**
 * A maker of throwaway trees named `coordina-<prefix>-…` under the system's temp directory, each holding
 * `files` (path → text or bytes), all removed after each test. Call it at the top of a test file.
 */
export function throwawayTrees(prefix) {
  const made = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (files = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `coordina-${prefix}-`));
    made.push(dir);
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return dir;
  };
}
