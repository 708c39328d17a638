import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
