import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3107);
// The journeys' mail goes to a real SMTP server (mail-catcher.mjs) whose messages the tests read.
const MAIL_SMTP_PORT = port + 18;
const MAIL_HTTP_PORT = port + 19;
// A fresh embedded data dir per run: the demo seed runs on it as on a new machine.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-e2e-"));

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  outputDir: "../.tmp/test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}/webapp/`,
    locale: "es-ES",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      command: "node mail-catcher.mjs",
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      // Started exactly as the README says, with mail going out over SMTP.
      command: "npm start",
      cwd: "..",
      url: `http://127.0.0.1:${port}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
      },
    },
  ],
});
