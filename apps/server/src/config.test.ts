import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has embedded defaults: port 3000, ./data, demo data on", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("loads the demo on PostgreSQL only with DEMO=1", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/x" }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/x", DEMO: "1" }).demo).toBe(true);
    expect(loadConfig({ DEMO: "0" }).demo).toBe(false);
  });

  it("honours PORT, DATA_DIR and PUBLIC_URL", () => {
    const config = loadConfig({ PORT: "4100", DATA_DIR: "/tmp/coordina-x", PUBLIC_URL: "https://cae.example.es/" });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe("/tmp/coordina-x");
    expect(config.publicUrl).toBe("https://cae.example.es");
  });

  it("writes imports 250 rows per transaction unless IMPORT_BATCH_ROWS says otherwise, between 1 and 5000", () => {
    expect(loadConfig({}).importBatchRows).toBe(250);
    expect(loadConfig({ IMPORT_BATCH_ROWS: "" }).importBatchRows).toBe(250);
    expect(loadConfig({ IMPORT_BATCH_ROWS: "20" }).importBatchRows).toBe(20);
    expect(loadConfig({ IMPORT_BATCH_ROWS: "1" }).importBatchRows).toBe(1);
    expect(loadConfig({ IMPORT_BATCH_ROWS: "5000" }).importBatchRows).toBe(5000);
    for (const wrong of ["0", "5001", "12.5", "muchas", "-3"])
      expect(() => loadConfig({ IMPORT_BATCH_ROWS: wrong }), wrong).toThrowError("IMPORT_BATCH_ROWS");
  });

  it("opens PostgreSQL pools of twice the machine's cores, from 4 to 10, unless DATABASE_POOL_SIZE says otherwise", () => {
    const byCores = Math.min(10, Math.max(4, 2 * os.availableParallelism()));
    expect(loadConfig({}).databasePoolSize).toBe(byCores);
    expect(loadConfig({ DATABASE_POOL_SIZE: "" }).databasePoolSize).toBe(byCores);
    expect(loadConfig({ DATABASE_POOL_SIZE: "12" }).databasePoolSize).toBe(12);
    for (const wrong of ["0", "101", "2.5", "muchas"])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: wrong }), wrong).toThrowError("DATABASE_POOL_SIZE");
  });

  it("stops with a clear Spanish message naming each wrong variable", () => {
    expect(() => loadConfig({ PORT: "muchos", DATABASE_URL: "mysql://x", LOG_LEVEL: "verbose" })).toThrowError(
      ConfigError,
    );
    const wrong = () => loadConfig({ PORT: "muchos", DATABASE_URL: "mysql://x" });
    expect(wrong).toThrowError("Configuración no válida");
    expect(wrong).toThrowError("PORT");
    expect(wrong).toThrowError("DATABASE_URL: debe empezar por postgres://");
  });
});
