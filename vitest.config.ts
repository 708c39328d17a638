import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One test file per core: Vitest's default leaves one core idle (cores − 1: a single worker on the 2-core
    // CI machine). Every server file has its own database (a PGlite, or its own on PostgreSQL) and nothing
    // listens on a fixed port, so files run side by side.
    maxWorkers: "100%",
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each test gets its file's world (test/fresh-world.ts), so the tests of a file may run in any
          // order. Vitest 4.1 still takes `sequence` from the root config only (vitest#9645, fixed upstream
          // by vitest#10659): until then .ci/run shuffles with --sequence.shuffle.tests, and a run prints the
          // seed that --sequence.seed=<seed> replays.
          sequence: { shuffle: { tests: true } },
        },
      },
      { test: { name: "web", include: ["apps/web/src/**/*.test.ts"], environment: "node" } },
      {
        // React components as a user meets them: a DOM (jsdom), Mantine and the Spanish texts.
        test: {
          name: "web-dom",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/web/test/setup.ts"],
          // Typing into Mantine forms is CPU-bound: room for a CI machine busy with the server suite.
          testTimeout: 20_000,
        },
      },
      { test: { name: "tools", include: ["scripts/**/*.test.mjs"], environment: "node", testTimeout: 60_000 } },
    ],
  },
});
