import os from "node:os";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres:// o postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "debe empezar por smtp:// o smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DEMO: booleanFlag.optional(),
  TRUST_PROXY: z.string().trim().min(1).max(500).default("loopback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  WEB_DIST: z.string().optional(),
  // empty as unset, as the other settings take it
  DATABASE_POOL_SIZE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(100).optional(),
  ),
  IMPORT_BATCH_ROWS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(5000).default(250),
  ),
});

export interface AppConfig {
  port: number;
  /** the interface to listen on: by default every one, but only loopback in demo mode */
  host: string;
  /** HOST was not set: the default above was taken */
  hostDefaulted: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Connections of each PostgreSQL pool (the main one and the generic-plan one: twice this in all). By
   * default twice this machine's cores, from 4 to 10 (10 was the size before): PostgreSQL runs fastest with
   * about that many busy backends, and more only queue for the same cores (docs/operations.md, "Database
   * connections").
   */
  databasePoolSize: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** sender of every e-mail */
  mailFrom: string;
  /** load the demo seed: by default on the embedded database, only with DEMO=1 on PostgreSQL */
  demo: boolean;
  /**
   * Which peers may set X-Forwarded-For (proxy-addr names, addresses or CIDRs, comma separated): the
   * client address behind them is what the rate limits count.
   */
  trustProxy: string;
  logLevel: string;
  /** development mode shows development-only aids (Id columns, mail viewer) */
  development: boolean;
  webDist: string;
  /**
   * Rows of a spreadsheet import written per transaction (issue 20): a server that dies mid-import leaves
   * whole batches; smaller batches lose less work and touch the run's heartbeat more often.
   */
  importBatchRows: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const demo = e.DEMO ?? e.DATABASE_URL === undefined;
  return {
    port: e.PORT,
    // The demo's accounts share one published password: a demo answers only this machine unless asked.
    host: e.HOST ?? (demo ? "127.0.0.1" : "0.0.0.0"),
    hostDefaulted: e.HOST === undefined,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.min(10, Math.max(4, 2 * os.availableParallelism())),
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Coordina <no-reply@${new URL(publicUrl).hostname}>`,
    demo,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    development: e.NODE_ENV === "development",
    webDist: path.resolve(e.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    importBatchRows: e.IMPORT_BATCH_ROWS,
  };
}
