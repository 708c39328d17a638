import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { findStaleReferences } from "./check-docs.mjs";

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it("names the files docs/FEATURES.md cites that do not exist, by path or by bare name", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-docs-"));
  made.push(dir);
  fs.mkdirSync(path.join(dir, "docs"));
  fs.mkdirSync(path.join(dir, "apps/web/src"), { recursive: true });
  fs.writeFileSync(path.join(dir, "apps/web/src/Page.tsx"), "");
  fs.writeFileSync(
    path.join(dir, "docs/FEATURES.md"),
    "| a | `apps/web/src/Page.tsx` | `Page.tsx`, `src/Page.tsx:3` | `apps/web/src/Gone.tsx`, `gone.test.ts` | `features/<f>/es.json`, `apps/**/*.test.ts` | `x.json` |\n",
  );
  expect(findStaleReferences(dir)).toEqual(["apps/web/src/Gone.tsx", "gone.test.ts"]);
});
