import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findLayerProblems } from "./check-layers.mjs";
import { throwawayTrees } from "./throwaway-tree.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** A throwaway tree with the given files. */
const tree = throwawayTrees("layers");

describe("layer check (scripts/check-layers.mjs)", () => {
  it("fails a service that builds SQL, a route that reads a repository, and passes the repository", () => {
    const dir = tree({
      "apps/server/src/modules/things/things.service.ts": `import { sql } from "drizzle-orm";
// sql\`in a comment\` is no SQL
export const one = (db) => db.execute(sql\`select 1\`);`,
      "apps/server/src/modules/things/things.routes.ts": `import { findThing } from "./things.repository.js";`,
      "apps/server/src/modules/things/things.repository.ts": `import { sql } from "drizzle-orm";
export const findThing = (db) => db.execute(sql\`select 1\`);`,
      "apps/server/src/modules/things/things.test.ts": `import { sql } from "drizzle-orm";`,
    });
    const problems = findLayerProblems(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^apps\/server\/src\/modules\/things\/things\.service\.ts:1: imports drizzle-orm/),
        expect.stringMatching(/^apps\/server\/src\/modules\/things\/things\.service\.ts:3: builds SQL/),
        expect.stringMatching(/^apps\/server\/src\/modules\/things\/things\.service\.ts:3: queries the database/),
        expect.stringMatching(
          /^apps\/server\/src\/modules\/things\/things\.routes\.ts:1: a route imports a repository/,
        ),
      ]),
    );
    expect(problems.filter((p) => /repository\.ts|test\.ts/.test(p.split(":")[0]))).toEqual([]);
  });

  it("fails a web feature that imports another, and shared code that imports a feature", () => {
    const dir = tree({
      "apps/web/src/features/a/Page.tsx": `import { B } from "../b/B";\nimport { X } from "./X";\nimport { S } from "../../shared/s/S";`,
      "apps/web/src/features/a/X.tsx": "export const X = 1;",
      "apps/web/src/features/b/B.tsx": "export const B = 1;",
      "apps/web/src/shared/s/S.tsx": `export { B } from "../../features/b/B";`,
      "apps/web/src/app/router.tsx": `const A = () => import("../features/a/Page");`,
    });
    expect(findLayerProblems(dir)).toEqual([
      expect.stringMatching(/^apps\/web\/src\/features\/a\/Page\.tsx:1: feature a imports feature b/),
      expect.stringMatching(/^apps\/web\/src\/shared\/s\/S\.tsx:1: shared\/ imports feature b/),
    ]);
  });

  it("Biome's noImportCycles, as biome.json sets it, fails a cycle made only of type imports", () => {
    const config = JSON.parse(fs.readFileSync(path.join(root, "biome.json"), "utf8"));
    const dir = tree({
      "biome.json": JSON.stringify({
        linter: { enabled: true, rules: { recommended: false, suspicious: config.linter.rules.suspicious } },
      }),
      "a.ts": `import type { B } from "./b.ts";\nexport type A = { b?: B };\n`,
      "b.ts": `import type { A } from "./a.ts";\nexport type B = { a?: A };\n`,
    });
    const run = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", "."], { cwd: dir, encoding: "utf8" });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("noImportCycles");
  });
});
