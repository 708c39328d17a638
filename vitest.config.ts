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
    ],
  },
});
